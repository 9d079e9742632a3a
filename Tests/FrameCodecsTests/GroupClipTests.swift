import Geometry
import JSON
import Shapes
import Testing

@testable import FrameCodecs

/// The optional `clip` of a group (docs/protocol.md sections 5 and 9): written only when set, in
/// JSON after `m`, in binary frames under group flag bit 8, and in SVG as a `<clipPath>`.
@Suite struct GroupClipTests {
    static let clipped = DisplayList(
        size: Size(width: 100, height: 80),
        shapes: [
            .group(
                GroupShape(
                    id: "scroll", matrix: [1, 0, 0, 1, 10, 20], clip: Rect(x: 0, y: 0, width: 50.123456, height: 30),
                    items: [.rect(RectShape(frame: Rect(x: -5, y: 0, width: 90, height: 60), fill: .black))]))
        ])

    static let clippedShapes =
        "["
        + ##"{"kind":"group","id":"scroll","m":[1,0,0,1,10,20],"clip":[0,0,50.1235,30],"##
        + ##""items":[{"kind":"rect","x":-5,"y":0,"w":90,"h":60,"fill":"#000000"}]}"##
        + "]"

    @Test func jsonWritesTheClipAfterTheMatrix() {
        var encoder = FrameEncoder()
        #expect(String(decoding: encoder.encodeShapes(Self.clipped.shapes), as: UTF8.self) == Self.clippedShapes)
    }

    @Test func groupsWithoutAClipAreWrittenAsBefore() {
        var encoder = FrameEncoder()
        let plain = Shape.group(GroupShape(alpha: 0.5, items: []))
        #expect(
            String(decoding: encoder.encodeShapes([plain]), as: UTF8.self)
                == #"[{"kind":"group","alpha":0.5,"items":[]}]"#)
        var binary = BinaryFrameEncoder()
        let bytes = binary.encodeFrame(DisplayList(size: Size(width: 1, height: 1), shapes: [plain]), seq: 1, time: 0)
        // magic(4) seq(1) t(1) w(3) h(3) count(1), then kind 7 and flags 2 (alpha only).
        #expect(Array(bytes[13...14]) == [7, 2])
    }

    @Test func binaryFlagsTheClipAndRoundTrips() throws {
        var binary = BinaryFrameEncoder()
        var json = FrameEncoder()
        let bytes = binary.encodeFrame(Self.clipped, seq: 3, time: 0)
        #expect(bytes[13] == 7)  // group
        #expect(bytes[14] == 1 | 4 | 8)  // id, m, clip
        let decoded = try BinaryFrameDecoder.decode(bytes)
        guard case .group(let group) = decoded.list.shapes.first else {
            Issue.record("not a group")
            return
        }
        #expect(group.clip == Rect(x: 0, y: 0, width: 50.1235, height: 30))
        #expect(json.encodeShapes(decoded.list.shapes) == Array(Self.clippedShapes.utf8))
        #expect(binary.encodeFrame(decoded.list, seq: 3, time: 0) == bytes)
    }

    @Test func aDecoderRefusesTheClipBitOnOtherKinds() {
        var encoder = BinaryFrameEncoder()
        let pie = DisplayList(
            size: Size(width: 1, height: 1),
            shapes: [
                .pie(PieShape(center: .zero, radius: 1, startAngle: 0, endAngle: 1, fill: .black))
            ])
        var bytes = encoder.encodeFrame(pie, seq: 1, time: 0)
        bytes[14] |= 8
        #expect(throws: BinaryFrameError.self) { try BinaryFrameDecoder.decode(bytes) }
    }

    @Test func svgClipsTheGroupWithAClipPath() {
        let svg = SVGExporter().svg(Self.clipped)
        #expect(svg.contains(#"<clipPath id="c1"><rect x="0" y="0" width="50.1235" height="30"/></clipPath>"#))
        #expect(svg.contains(#"<g data-id="scroll" transform="matrix(1 0 0 1 10 20)" clip-path="url(#c1)">"#))
        // Negative sizes extend left/up, as canvas rect() does.
        let flipped = SVGExporter().svg(
            DisplayList(
                size: Size(width: 10, height: 10),
                shapes: [
                    .group(GroupShape(clip: Rect(x: 10, y: 10, width: -4, height: -2), items: [])),
                    .group(GroupShape(clip: Rect(x: 0, y: 0, width: 1, height: 1), items: [])),
                ]))
        #expect(flipped.contains(#"<clipPath id="c1"><rect x="6" y="8" width="4" height="2"/></clipPath>"#))
        #expect(flipped.contains(#"clip-path="url(#c2)""#))
    }
}
