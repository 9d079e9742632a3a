import Foundation
import Geometry
import Shapes
import Testing

@testable import FrameCodecs

/// SVG export of each shape kind against golden files in Goldens/. Set
/// PROGRESSCAST_UPDATE_GOLDENS=1 to rewrite them (then look at them: `rsvg-convert x.svg > x.png`).
@Suite struct SVGExportTests {
    static let canvas = Size(width: 120, height: 80)
    static let ink = Color(white: 0, alpha: 0.7)

    static let cases: [(String, [Shape])] = [
        (
            "rect",
            [
                .rect(
                    RectShape(
                        id: "bezel", frame: Rect(x: 10, y: 10, width: 100, height: 60), cornerRadius: 5,
                        fill: Color(white: 0.8, alpha: 0.6), stroke: .black, lineWidth: 1)),
                .rect(
                    RectShape(
                        frame: Rect(x: 30, y: 50, width: -20, height: 12), cornerRadius: 40,
                        fill: Color(red: 0, green: 0.5, blue: 1))),
                .rect(
                    RectShape(
                        frame: Rect(x: 60, y: 20, width: 40, height: 20), stroke: Color(red: 1, green: 0, blue: 0),
                        lineWidth: 2)),
            ]
        ),
        (
            "arc",
            [
                .arc(
                    ArcShape(
                        center: Point(x: 30, y: 40), radius: 17.5, startAngle: 0, endAngle: 2 * Double.pi, lineWidth: 2,
                        stroke: ink.withAlpha(0.1))),
                .arc(
                    ArcShape(
                        id: "progress", center: Point(x: 30, y: 40), radius: 17.5, startAngle: -Double.pi / 2,
                        endAngle: -Double.pi / 2 + 2 * Double.pi * 0.7, lineWidth: 2, stroke: ink, cap: .square)),
                .arc(
                    ArcShape(
                        center: Point(x: 90, y: 40), radius: 20, startAngle: 0, endAngle: -Double.pi / 2, lineWidth: 6,
                        stroke: Color(red: 0, green: 0.6, blue: 0.2), cap: .round)),
            ]
        ),
        (
            "pie",
            [
                .arc(
                    ArcShape(
                        center: Point(x: 30, y: 40), radius: 17.5, startAngle: 0, endAngle: 7, lineWidth: 2, stroke: ink
                    )),
                .pie(
                    PieShape(
                        center: Point(x: 30, y: 40), radius: 14.5, startAngle: -Double.pi / 2,
                        endAngle: -Double.pi / 2 + Double.pi * 1.5, fill: ink)),
                .pie(
                    PieShape(
                        center: Point(x: 90, y: 40), radius: 20, startAngle: 1, endAngle: 1 + 2 * Double.pi,
                        fill: Color(red: 1, green: 0.6, blue: 0))),
            ]
        ),
        (
            "line",
            [
                .line(LineShape(start: Point(x: 10, y: 20), end: Point(x: 110, y: 20), lineWidth: 2, stroke: .black)),
                .line(
                    LineShape(
                        id: "round", start: Point(x: 10, y: 40), end: Point(x: 110, y: 40), lineWidth: 8,
                        stroke: Color(red: 0, green: 0.5, blue: 1), cap: .round)),
                .line(
                    LineShape(
                        start: Point(x: 10, y: 60), end: Point(x: 110, y: 70), lineWidth: 6, stroke: ink, cap: .square)),
            ]
        ),
        (
            "path",
            [
                .path(
                    PathShape(
                        id: "checkmark", data: Self.checkmark, stroke: .black, lineWidth: 3, cap: .round, join: .round)),
                .path(
                    PathShape(
                        data: "M70 10L110 10L90 45Z", fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5),
                        stroke: .black, lineWidth: 1, join: .bevel)),
                .path(PathShape(data: "M60 70Q90 40 115 70", stroke: Color(red: 0, green: 0, blue: 1), lineWidth: 2)),
            ]
        ),
        (
            "text",
            [
                .line(
                    LineShape(
                        start: Point(x: 60, y: 0), end: Point(x: 60, y: 80), lineWidth: 0.5,
                        stroke: Color(red: 1, green: 0, blue: 0))),
                .line(
                    LineShape(
                        start: Point(x: 0, y: 20), end: Point(x: 120, y: 20), lineWidth: 0.5,
                        stroke: Color(red: 1, green: 0, blue: 0))),
                .text(
                    TextShape(
                        id: "label", position: Point(x: 60, y: 20), text: "Loading", size: 16, weight: .bold, fill: ink,
                        align: .center)),
                .text(
                    TextShape(
                        position: Point(x: 60, y: 45), text: "加载中... <&>", size: 12, fill: .black, align: .right,
                        baseline: .middle)),
                .text(
                    TextShape(
                        position: Point(x: 60, y: 60), text: "top  left", size: 12, weight: .bold,
                        fill: Color(red: 0, green: 0, blue: 1), baseline: .top)),
                .text(
                    TextShape(
                        position: Point(x: 10, y: 75), text: "\u{5E9}\u{5DC}\u{5D5}\u{5DD} abc", size: 12, fill: .black,
                        isRightToLeft: true)),
            ]
        ),
        (
            "radial",
            [
                .radial(
                    RadialShape(
                        id: "dim", area: Rect(x: 0, y: 0, width: 120, height: 80), center: Point(x: 60, y: 40),
                        radius: 80,
                        stops: [.init(offset: 1, color: Color(white: 0, alpha: 0.75)), .init(offset: 0, color: .clear)])
                ),
                .radial(
                    RadialShape(
                        area: Rect(x: 10, y: 10, width: 30, height: 30), center: Point(x: 25, y: 25), radius: 15,
                        stops: [
                            .init(offset: 0, color: .white),
                            .init(offset: 0.5, color: Color(red: 1, green: 0, blue: 0)),
                            .init(offset: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
                        ])),
            ]
        ),
        (
            "group",
            [
                .group(
                    GroupShape(
                        id: "hud", alpha: 0.5,
                        matrix: Transform(scale: Size(width: 1.5, height: 1.5), rotation: Double.pi / 12)
                            .matrix(about: Point(x: 60, y: 40)),
                        items: [
                            .rect(
                                RectShape(
                                    frame: Rect(x: 35, y: 20, width: 50, height: 40), cornerRadius: 5, fill: .black)),
                            .rect(RectShape(frame: Rect(x: 45, y: 30, width: 30, height: 20), fill: .white)),
                            .group(
                                GroupShape(
                                    matrix: [1, 0, 0, 1, 5, 5],
                                    items: [
                                        .pie(
                                            PieShape(
                                                center: Point(x: 55, y: 35), radius: 5, startAngle: 0, endAngle: 7,
                                                fill: Color(red: 1, green: 0, blue: 0)))
                                    ])),
                        ]))
            ]
        ),
    ]

    static var checkmark: String {
        var path = PathBuilder()
        path.move(to: Point(x: 1.5 + 10, y: 18 + 20))
        path.line(to: Point(x: 11 + 10, y: 28 + 20))
        path.line(to: Point(x: 31.5 + 10, y: 5.5 + 20))
        return path.data
    }

    static var goldensDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    @Test(arguments: cases.map(\.0))
    func matchesGolden(name: String) throws {
        let shapes = try #require(Self.cases.first { $0.0 == name }?.1)
        let svg = SVGExporter(background: .white).svg(DisplayList(size: Self.canvas, shapes: shapes))
        let url = Self.goldensDirectory.appendingPathComponent(name + ".svg")
        if ProcessInfo.processInfo.environment["PROGRESSCAST_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldensDirectory, withIntermediateDirectories: true)
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(svg == golden)
    }

    @Test func arcsUseCanvasSweepRules() {
        #expect(ArcSweep(start: 0, end: 2 * Double.pi) == .fullCircle)
        #expect(ArcSweep(start: 1, end: 10) == .fullCircle)
        #expect(ArcSweep(start: 0, end: 0) == .empty)
        #expect(ArcSweep(start: 0, end: -Double.pi / 2) == .partial(1.5 * Double.pi))
        #expect(ArcSweep(start: 0, end: .nan) == .empty)
        #expect(ArcSweep(start: 3, end: 1) == .partial(2 * Double.pi - 2))
    }

    @Test func fullCircleArcIsTwoHalfArcs() {
        let svg = SVGExporter().svg(
            DisplayList(
                size: Size(width: 10, height: 10),
                shapes: [
                    .arc(
                        ArcShape(
                            center: Point(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: 2 * Double.pi, lineWidth: 1,
                            stroke: .black))
                ]))
        #expect(svg.contains(#"d="M7 5A2 2 0 0 1 3 5A2 2 0 0 1 7 5""#))
    }

    @Test func gradientIdsAreUniqueAndInOrder() {
        let radial = Shape.radial(
            RadialShape(
                area: Rect(x: 0, y: 0, width: 1, height: 1), center: .zero, radius: 1,
                stops: [.init(offset: 0, color: .black)]))
        let svg = SVGExporter().svg(
            DisplayList(
                size: Size(width: 10, height: 10),
                shapes: [
                    radial, .group(GroupShape(items: [radial])), radial,
                ]))
        #expect(svg.components(separatedBy: "<radialGradient id=\"g").count == 4)
        for index in 1...3 {
            #expect(svg.contains("<radialGradient id=\"g\(index)\""))
            #expect(svg.contains("fill=\"url(#g\(index))\""))
        }
    }

    @Test func exportIsDeterministicAndEscapesText() {
        let list = DisplayList(
            size: Size(width: 10, height: 10),
            shapes: [
                .text(TextShape(id: "a\"b", position: .zero, text: "x<y & \"z\"\u{1}\n", size: 10, fill: .black))
            ])
        let svg = SVGExporter().svg(list)
        #expect(svg == SVGExporter().svg(list))
        #expect(svg.contains(#"data-id="a&quot;b""#))
        #expect(svg.contains(">x&lt;y &amp; &quot;z&quot; </text>"))
    }
}
