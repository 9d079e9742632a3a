import Geometry
import JSON
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

/// One display list with every shape kind, shared by the encoding and checksum tests.
enum Fixtures {
    static let everyKind = DisplayList(
        size: Size(width: 375, height: 667),
        shapes: [
            .rect(
                RectShape(
                    id: "bezel", frame: Rect(x: 10.5, y: 20, width: 100, height: 50.25), cornerRadius: 5,
                    fill: Color(white: 0.8, alpha: 0.6), stroke: .black, lineWidth: 1)),
            .arc(
                ArcShape(
                    center: Point(x: 50, y: 60), radius: 16.5, startAngle: -Double.pi / 2, endAngle: Double.pi,
                    lineWidth: 4, stroke: Color(red: 1, green: 0, blue: 0), cap: .round)),
            .pie(PieShape(center: Point(x: 20, y: 30), radius: 10, startAngle: 0, endAngle: 1.23456789, fill: .white)),
            .line(
                LineShape(
                    id: "l", start: Point(x: 0, y: 0.00001), end: Point(x: -3.33333, y: 4), lineWidth: 2,
                    stroke: Color(white: 0, alpha: 0.5))),
            .path(PathShape(data: "M1.5 18L11 28L31.5 5.5", stroke: .black, lineWidth: 3, cap: .round, join: .round)),
            .text(
                TextShape(
                    position: Point(x: 187.5, y: 300), text: "加载中 \"ok\"\n", size: 16, weight: .bold,
                    fill: Color(white: 0, alpha: 0.7), align: .center, baseline: .middle)),
            .radial(
                RadialShape(
                    area: Rect(x: 0, y: 0, width: 375, height: 667), center: Point(x: 187.5, y: 333.5), radius: 375,
                    stops: [.init(offset: 0, color: .clear), .init(offset: 1, color: Color(white: 0, alpha: 0.75))])),
            .group(
                GroupShape(
                    id: "g", alpha: 0.5, matrix: Transform.scale(2).matrix(about: Point(x: 10, y: 20)),
                    items: [
                        .rect(RectShape(frame: Rect(x: 0, y: 0, width: 1, height: 1), fill: .black))
                    ])),
        ])

    /// The shapes of ``everyKind``, written by hand from docs/protocol.md section 5 and the rules in
    /// ShapeEncoding.swift (0.6 * 255 = 153 = 0x99, 0.5 * 255 = 127.5 -> 0x80, 0.7 * 255 -> 0xb3,
    /// 0.75 * 255 = 191.25 -> 0xbf; -pi/2 -> -1.5708; the scale-2 matrix about (10, 20) has e = -10, f = -20).
    static let everyKindShapes =
        "["
        + ##"{"kind":"rect","id":"bezel","x":10.5,"y":20,"w":100,"h":50.25,"r":5,"fill":"#cccccc99","stroke":"#000000","lw":1},"##
        + ##"{"kind":"arc","cx":50,"cy":60,"r":16.5,"a0":-1.5708,"a1":3.1416,"lw":4,"stroke":"#ff0000","cap":"round"},"##
        + ##"{"kind":"pie","cx":20,"cy":30,"r":10,"a0":0,"a1":1.2346,"fill":"#ffffff"},"##
        + ##"{"kind":"line","id":"l","x1":0,"y1":0,"x2":-3.3333,"y2":4,"lw":2,"stroke":"#00000080"},"##
        + ##"{"kind":"path","d":"M1.5 18L11 28L31.5 5.5","stroke":"#000000","lw":3,"cap":"round","join":"round"},"##
        + ##"{"kind":"text","x":187.5,"y":300,"text":"加载中 \"ok\"\n","size":16,"weight":700,"fill":"#000000b3","align":"center","baseline":"middle"},"##
        + ##"{"kind":"radial","x":0,"y":0,"w":375,"h":667,"cx":187.5,"cy":333.5,"r":375,"stops":[[0,"#00000000"],[1,"#000000bf"]]},"##
        + ##"{"kind":"group","id":"g","alpha":0.5,"m":[2,0,0,2,-10,-20],"items":[{"kind":"rect","x":0,"y":0,"w":1,"h":1,"fill":"#000000"}]}"##
        + "]"
}

@Suite struct FrameEncodingTests {
    @Test func encodesEveryShapeKindCanonically() {
        var encoder = FrameEncoder()
        let frame = encoder.encodeFrame(Fixtures.everyKind, seq: 42, time: 12.3456789)
        let expected =
            ##"{"type":"frame","seq":42,"t":12.345679,"w":375,"h":667,"shapes":"## + Fixtures.everyKindShapes + "}"
        #expect(String(decoding: frame, as: UTF8.self) == expected)
        #expect(
            String(decoding: encoder.encodeShapes(Fixtures.everyKind.shapes), as: UTF8.self) == Fixtures.everyKindShapes
        )
    }

    @Test func framesAreValidJSONWithTheProtocolFields() throws {
        var encoder = FrameEncoder()
        let frame = encoder.encodeFrame(Fixtures.everyKind, seq: 1, time: 0.5)
        let value = try JSONParser.parse(frame)
        #expect(value["type"] == .string("frame"))
        #expect(value["t"] == .number(0.5))
        #expect(value["shapes"]?.arrayValue?.count == 8)
        #expect(value["shapes"]?[5]?["text"] == .string("加载中 \"ok\"\n"))
    }

    /// Colours are quoted `#rrggbb` (`#rrggbbaa` unless opaque), lowercase, as `ColorBytes.hex`
    /// spells them, for every kind of channel value, fill and stroke alike, and in frames long
    /// enough to make the writer grow midway.
    @Test func coloursAreTheirHexSpelling() {
        var random = SplitMix64(seed: 31)
        var encoder = FrameEncoder(capacity: 64)
        for round in 0..<300 {
            let colours = (0..<(1 + round % 40)).map { _ in
                ColorBytes(
                    red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                    blue: UInt8.random(in: 0...255, using: &random),
                    alpha: Bool.random(using: &random) ? 255 : UInt8.random(in: 0...255, using: &random))
            }
            let shapes = colours.map { bytes in
                Shape.rect(
                    RectShape(frame: Rect(x: 1, y: 2, width: 3, height: 4), fill: bytes.color, stroke: bytes.color))
            }
            let text = String(
                decoding: encoder.encodeFrame(
                    DisplayList(size: Size(width: 9, height: 9), shapes: shapes), seq: 1, time: 0), as: UTF8.self)
            let expected = colours.map {
                #"{"kind":"rect","x":1,"y":2,"w":3,"h":4,"fill":"\#($0.hex)","stroke":"\#($0.hex)"}"#
            }
            #expect(text.hasSuffix(#""shapes":["# + expected.joined(separator: ",") + "]}"), "round \(round)")
        }
    }

    @Test func optionalFieldsAreOmitted() {
        var encoder = FrameEncoder()
        let list = DisplayList(
            size: Size(width: 10, height: 10),
            shapes: [
                .rect(RectShape(frame: Rect(x: 1, y: 2, width: 3, height: 4))),
                .group(GroupShape(items: [])),
                .text(TextShape(position: .zero, text: "", size: 12, fill: .black)),
            ])
        let text = String(decoding: encoder.encodeShapes(list.shapes), as: UTF8.self)
        #expect(
            text
                == ##"[{"kind":"rect","x":1,"y":2,"w":3,"h":4},{"kind":"group","items":[]},{"kind":"text","x":0,"y":0,"text":"","size":12,"weight":400,"fill":"#000000"}]"##
        )
    }

    @Test func rightToLeftTextCarriesDir() {
        var encoder = FrameEncoder()
        let shape = Shape.text(
            TextShape(position: .zero, text: "\u{5D0}", size: 12, fill: .black, align: .right, isRightToLeft: true))
        #expect(
            String(decoding: encoder.encodeShapes([shape]), as: UTF8.self)
                == ##"[{"kind":"text","x":0,"y":0,"text":"\##u{5D0}","size":12,"weight":400,"fill":"#000000","align":"right","dir":"rtl"}]"##
        )
    }

    @Test func equalListsGiveEqualBytesAndTheBufferIsReused() {
        var encoder = FrameEncoder(capacity: 16)
        let first = encoder.encodeFrame(Fixtures.everyKind, seq: 7, time: 1)
        _ = encoder.encodeFrame(DisplayList(size: Size(width: 1, height: 1)), seq: 8, time: 2)
        let again = encoder.encodeFrame(Fixtures.everyKind, seq: 7, time: 1)
        #expect(first == again)
        var other = FrameEncoder()
        #expect(other.encodeFrame(Fixtures.everyKind, seq: 7, time: 1) == first)
    }

    @Test func largeFramesGrowTheBufferAndLendBytesInPlace() {
        var encoder = FrameEncoder(capacity: 16)
        let long = String(repeating: "é\"\u{1}", count: 5000)
        let list = DisplayList(
            size: Size(width: 1, height: 2),
            shapes: [
                .text(TextShape(position: .zero, text: long, size: 1, fill: .black)),
                .group(
                    GroupShape(
                        items: Array(
                            repeating: .line(
                                LineShape(start: .zero, end: Point(x: 1, y: 1), lineWidth: 1, stroke: .black)),
                            count: 300))),
            ])
        let escaped = String(repeating: #"é\"\u0001"#, count: 5000)
        let line = ##"{"kind":"line","x1":0,"y1":0,"x2":1,"y2":1,"lw":1,"stroke":"#000000"}"##
        let expected =
            ##"{"type":"frame","seq":3,"t":0.25,"w":1,"h":2,"shapes":[{"kind":"text","x":0,"y":0,"text":""##
            + escaped + ##"","size":1,"weight":400,"fill":"#000000"},{"kind":"group","items":["##
            + Array(repeating: line, count: 300).joined(separator: ",") + "]}]}"
        let bytes = encoder.encodeFrame(list, seq: 3, time: 0.25)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(encoder.withEncodedFrame(list, seq: 3, time: 0.25) { Array($0) } == bytes)
    }

    @Test func coloursMatchGeometryHex() {
        var generator = TestRandom(seed: 5)
        var encoder = FrameEncoder()
        for _ in 0..<2000 {
            let color = Color(
                red: generator.unit(), green: generator.unit(), blue: generator.unit(),
                alpha: generator.next() % 3 == 0 ? 1 : generator.unit())
            let bytes = encoder.encodeShapes([
                .pie(PieShape(center: .zero, radius: 1, startAngle: 0, endAngle: 1, fill: color))
            ])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\"fill\":\"\(color.hex)\""), "\(color) -> \(text)")
        }
        // Out-of-range and NaN channels clamp instead of trapping.
        let odd = encoder.encodeShapes([
            .pie(
                PieShape(
                    center: .zero, radius: 1, startAngle: 0, endAngle: 1,
                    fill: Color(red: 2, green: -1, blue: .nan, alpha: 1)))
        ])
        #expect(String(decoding: odd, as: UTF8.self).contains(##""fill":"#ff0000""##))
    }

    @Test func nonFiniteNumbersAreWrittenAsZero() {
        var encoder = FrameEncoder()
        let list = [
            Shape.line(
                LineShape(
                    start: Point(x: .nan, y: .infinity), end: Point(x: -.infinity, y: 1), lineWidth: 1, stroke: .black))
        ]
        #expect(
            String(decoding: encoder.encodeShapes(list), as: UTF8.self)
                == ##"[{"kind":"line","x1":0,"y1":0,"x2":0,"y2":1,"lw":1,"stroke":"#000000"}]"##)
    }
}
