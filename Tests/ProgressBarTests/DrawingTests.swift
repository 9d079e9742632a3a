import ComponentSupport
import Foundation
import FrameCodecs
import Geometry
import Shapes
import Testing
import Timing
import Typesetting

@testable import ProgressBar

/// The bar's display list, checked shape by shape and against SVG goldens in Goldens/
/// (rendered with Drawing's exporter). Set PROGRESSCAST_UPDATE_GOLDENS=1 to rewrite them, then
/// look at them: `rsvg-convert -z 2 idle.svg > /tmp/idle.png`.
@Suite struct BarDrawingTests {
    static let fonts: FontCatalog? = try? FontCatalog()
    static let canvas = Size(width: 375, height: 64)
    static let frame = #"{"x":20,"y":34,"width":335,"height":20}"#

    static func shapes(_ rig: TestRig, at time: Double) throws -> [Shape] {
        _ = try #require(BarDrawingTests.fonts)
        var shapes: [Shape] = []
        rig.stack.draw(at: time, timeline: rig.timeline, into: &shapes)
        return shapes
    }

    static func rect(_ shapes: [Shape], _ id: String) -> RectShape? {
        for case let .rect(rect) in shapes where rect.id == id { return rect }
        return nil
    }

    static func rig() throws -> TestRig {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","frame":\#(frame)}"#, at: 0)
        return rig
    }

    /// The golden scenes: each a rig and the time it is sampled at.
    static func scene(_ name: String) throws -> (TestRig, Double) {
        var rig = try rig()
        switch name {
        case "idle":
            try rig.op(#"{"op":"bar.set","target":"b","value":0.3}"#, at: 0)
            return (rig, 1)
        case "mid-animation":
            try rig.op(#"{"op":"bar.set","target":"b","value":0.8,"duration":1}"#, at: 0)
            return (rig, 0.5)
        case "paused":
            try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":2}"#, at: 0)
            try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 1.3)
            return (rig, 7)
        case "dragging":
            try rig.op(#"{"op":"player.create","target":"p","bar":"b","duration":185}"#, at: 0)
            try rig.op(#"{"op":"player.play","target":"p"}"#, at: 0)
            _ = rig.pointer(.down, x: 20, y: 44, at: 1)
            _ = rig.pointer(.move, x: 20 + 335 * 0.4, y: 50, at: 1.2)
            return (rig, 1.3)
        case "buffered":
            try rig.op(#"{"op":"bar.buffer","target":"b","value":0.7}"#, at: 0)
            try rig.op(#"{"op":"bar.set","target":"b","value":0.35}"#, at: 0)
            return (rig, 1)
        default:
            throw CommandError(.notFound, name)
        }
    }

    static let goldens = ["idle", "mid-animation", "paused", "dragging", "buffered"]

    static var goldensDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    @Test(arguments: goldens)
    func matchesGolden(name: String) throws {
        let (rig, time) = try BarDrawingTests.scene(name)
        let list = DisplayList(size: BarDrawingTests.canvas, shapes: try BarDrawingTests.shapes(rig, at: time))
        let svg = SVGExporter(background: .white).svg(list)
        let url = BarDrawingTests.goldensDirectory.appendingPathComponent(name + ".svg")
        if ProcessInfo.processInfo.environment["PROGRESSCAST_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(
                at: BarDrawingTests.goldensDirectory, withIntermediateDirectories: true)
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(svg == golden)
    }

    @Test func theFillIsThePresentationValueTimesTheWidth() throws {
        let (rig, time) = try BarDrawingTests.scene("mid-animation")
        let shapes = try BarDrawingTests.shapes(rig, at: time)
        #expect(shapes.map(\.id) == ["b.track", "b.fill", "b.dot"])
        let track = try #require(BarDrawingTests.rect(shapes, "b.track"))
        #expect(track.frame == Rect(x: 20, y: 43, width: 335, height: 2))
        #expect(track.cornerRadius == 1)
        #expect(track.fill == BarStyle.defaultTrackColor)
        let fill = try #require(BarDrawingTests.rect(shapes, "b.fill"))
        #expect(fill.frame.width == 0.4 * 335)
        #expect(fill.fill == BarStyle.defaultFillColor)
        let dot = try #require(BarDrawingTests.rect(shapes, "b.dot"))
        #expect(dot.frame == Rect(x: 20 + 0.4 * 335 - 5, y: 39, width: 10, height: 10))
        #expect(dot.cornerRadius == 5)
    }

    @Test func pausedBarsDrawTheFrozenValue() throws {
        let (rig, _) = try BarDrawingTests.scene("paused")
        for time in [1.3, 2.0, 7.0] {
            let fill = try #require(BarDrawingTests.rect(try BarDrawingTests.shapes(rig, at: time), "b.fill"))
            #expect(fill.frame.width == 1.3 / 2 * 335)
        }
    }

    @Test func draggingDoublesTheBarAndShowsTheTimeOverTheDot() throws {
        let (rig, time) = try BarDrawingTests.scene("dragging")
        let shapes = try BarDrawingTests.shapes(rig, at: time)
        #expect(shapes.map(\.id) == ["b.track", "b.fill", "b.dot", "b.tooltip", "b.tooltipText"])
        let track = try #require(BarDrawingTests.rect(shapes, "b.track"))
        #expect(track.frame == Rect(x: 20, y: 42, width: 335, height: 4))
        #expect(track.cornerRadius == 2)
        let fill = try #require(BarDrawingTests.rect(shapes, "b.fill"))
        #expect(fill.fill == BarStyle.defaultDragColor)
        let dot = try #require(BarDrawingTests.rect(shapes, "b.dot"))
        #expect(dot.frame.width == 15)
        guard case let .text(text) = shapes[4] else {
            Issue.record("no tooltip text")
            return
        }
        // 0.4 of 185 s = 74 s.
        #expect(text.text == "1:14")
        #expect(text.position.x == 20 + 0.4 * 335)
        let bubble = try #require(BarDrawingTests.rect(shapes, "b.tooltip"))
        #expect(bubble.frame.maxY == 44 - 7.5 - 6)
        let fonts = try #require(BarDrawingTests.fonts)
        #expect(bubble.frame.width == fonts.font(size: 12, weight: .bold).width(of: "1:14") + 12)
    }

    @Test func aBarWithoutAPlayerShowsAPercentage() throws {
        var rig = try BarDrawingTests.rig()
        _ = rig.pointer(.down, x: 20, y: 44, at: 1)
        _ = rig.pointer(.move, x: 20 + 335 * 0.425, y: 44, at: 1.1)
        let texts = try BarDrawingTests.shapes(rig, at: 1.1).compactMap { shape -> String? in
            if case let .text(text) = shape { return text.text }
            return nil
        }
        #expect(texts == ["43%"])
    }

    @Test func hiddenDotsAndCustomCorners() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","showDot":false,"cornerRadius":0,"barHeight":4}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5}"#, at: 0)
        let shapes = try BarDrawingTests.shapes(rig, at: 0)
        #expect(shapes.map(\.id) == ["b.track", "b.fill"])
        #expect(BarDrawingTests.rect(shapes, "b.track")?.cornerRadius == nil)
        #expect(BarDrawingTests.rect(shapes, "b.track")?.frame.height == 4)
    }

    @Test func timeText() {
        #expect(TimeFormatting.minutesSeconds(0) == "0:00")
        #expect(TimeFormatting.minutesSeconds(59.999) == "0:59")
        #expect(TimeFormatting.minutesSeconds(0.1 * 30) == "0:03")
        #expect(TimeFormatting.minutesSeconds(4503) == "75:03")
        #expect(TimeFormatting.percent(0.005) == "1%")
    }
}
