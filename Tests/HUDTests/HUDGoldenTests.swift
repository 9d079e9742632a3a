import Foundation
import FrameCodecs
import Geometry
import HUD
import Shapes
import Testing
import Timing

/// SVG golden files (Tests/HUDTests/Goldens) of every mode, every animation's midpoint (where the
/// spring is half way: alpha 0.5, scale half way), a Chinese
/// label and wrapped details, through Drawing's SVG exporter. Set HUD_UPDATE_GOLDENS=1 to
/// rewrite them (then render them with rsvg-convert and look at every one before committing).
@Suite struct HUDGoldenTests {
    struct Scene: Sendable, CustomStringConvertible {
        var name: String
        /// Sets the scene up on a driver and returns the time to draw at.
        var build: @Sendable (inout Driver) throws -> Double
        var description: String { name }
    }

    static let longDetails =
        "Your photos are being uploaded to the shared album. This can take a few minutes on a slow connection; you can keep using the app meanwhile."

    static func still(_ name: String, _ properties: HUDProperties, at t: Double = 0.1) -> Scene {
        Scene(name: name) { d in
            try d.show("h", properties, animated: false, at: 0)
            return t
        }
    }

    static func midpoint(_ animation: HUDAnimation, hiding: Bool) -> Scene {
        Scene(name: "animation-\(animation.rawValue)-\(hiding ? "hide" : "show")-mid") { d in
            try d.show("h", HUDProperties(label: "Loading", animation: animation), at: 0)
            if hiding {
                try d.hide("h", at: 1)
                return 1 + ClosedFormSpring.halfway
            }
            return ClosedFormSpring.halfway
        }
    }

    static let scenes: [Scene] =
        [
            still("mode-indeterminate", HUDProperties(mode: .indeterminate, label: "Loading")),
            still(
                "mode-determinate",
                HUDProperties(mode: .determinate, label: "Downloading", details: "3 of 10 files", progress: 0.3)),
            still("mode-annular", HUDProperties(mode: .annular, label: "Syncing", progress: 0.6)),
            still("mode-bar", HUDProperties(mode: .bar, label: "Uploading", button: "Cancel", progress: 0.45)),
            still("mode-bar-right-cap", HUDProperties(mode: .bar, progress: 0.9625)),
            still("mode-custom-checkmark", HUDProperties(mode: .custom, label: "Done", customView: .checkmark)),
            still("mode-custom-cross", HUDProperties(mode: .custom, label: "Failed", customView: .cross)),
            still("mode-custom-info", HUDProperties(mode: .custom, label: "Note", customView: .info)),
            still("mode-text", HUDProperties(mode: .text, label: "Message here!", details: "Some details")),
            Scene(name: "annular-to-determinate") { d in
                try d.show(
                    "h", HUDProperties(mode: .annular, label: "Now a pie", progress: 0.7), animated: false, at: 0)
                try d.stack.update(
                    target: "h", properties: HUDProperties(mode: .determinate), at: 0.05, timeline: &d.timeline)
                return 0.1
            },
        ] + HUDAnimation.allCases.flatMap { [midpoint($0, hiding: false), midpoint($0, hiding: true)] } + [
            still("label-chinese", HUDProperties(label: "加载中...")),
            still("details-wrapped", HUDProperties(mode: .text, label: "Uploading photos", details: longDetails)),
            still(
                "label-truncated",
                HUDProperties(mode: .determinate, label: "Downloading the very long file name.zip now", progress: 0.8)),
            still("background-dim", HUDProperties(label: "Dimmed", background: .dim)),
            still("background-gradient", HUDProperties(label: "Gradient", background: .gradient)),
            still(
                "style-solid-dark",
                HUDProperties(
                    label: "Dark", contentColor: .white, bezelColor: Color(white: 0, alpha: 0.8), bezelStyle: .solid)),
            still("position-bottom-square", HUDProperties(label: "Bottom", square: true, position: .bottom)),
            Scene(name: "status-success") { d in
                try d.stack.status(
                    kind: .success, text: "Saved", animated: false, at: 0, timeline: &d.timeline, events: &d.events)
                return 0.1
            },
        ]

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    @Test(arguments: HUDGoldenTests.scenes)
    func golden(_ scene: Scene) throws {
        var d = Driver()
        let t = try scene.build(&d)
        let list = DisplayList(size: Fixture.canvas, shapes: d.shapes(at: t))
        let svg = SVGExporter(background: .white).svg(list)
        let url = HUDGoldenTests.goldens.appendingPathComponent(scene.name + ".svg")
        if ProcessInfo.processInfo.environment["HUD_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: HUDGoldenTests.goldens, withIntermediateDirectories: true)
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(stored == svg, "\(scene.name) differs from its golden; HUD_UPDATE_GOLDENS=1 rewrites it")
    }
}
