import Geometry
import JSON
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

@Suite struct BinaryFrameTests {
    /// The layout of docs/protocol.md section 9, written out by hand for a one-line frame.
    @Test func layoutMatchesTheProtocolByteForByte() {
        let list = DisplayList(
            size: Size(width: 1, height: 0.5),
            shapes: [
                .line(
                    LineShape(
                        start: Point(x: 0, y: 0), end: Point(x: -0.0001, y: 2), lineWidth: 1,
                        stroke: Color(red: 1, green: 0, blue: 0), cap: .square))
            ])
        var encoder = BinaryFrameEncoder(capacity: 64)
        let bytes = encoder.encodeFrame(list, seq: 3, time: 0.000002)
        let expected: [UInt8] = [
            0x50, 0x43, 0x46, 0x31,  // PCF1
            0x03,  // seq 3
            0x04,  // t: 2 us, zigzag 4
            0xA0, 0x9C, 0x01,  // w: 10000, zigzag 20000
            0x90, 0x4E,  // h: 5000, zigzag 10000
            0x01,  // one shape
            0x03, 0x02,  // line, flags: cap
            0x00, 0x00,  // x1, y1
            0x01,  // x2: -1, zigzag 1
            0xC0, 0xB8, 0x02,  // y2: 20000, zigzag 40000
            0xA0, 0x9C, 0x01,  // lw: 10000
            0xFF, 0x00, 0x00, 0xFF,  // stroke
            0x02,  // cap: square
        ]
        #expect(bytes == expected)
    }

    @Test func everyKindDecodesToTheCanonicalJSONFrame() throws {
        var binary = BinaryFrameEncoder()
        var json = FrameEncoder()
        let bytes = binary.encodeFrame(Fixtures.everyKind, seq: 42, time: 1.234567)
        let decoded = try BinaryFrameDecoder.decode(bytes)
        #expect(decoded.seq == 42)
        #expect(
            json.encodeFrame(decoded.list, seq: decoded.seq, time: decoded.time)
                == json.encodeFrame(Fixtures.everyKind, seq: 42, time: 1.234567))
        #expect(json.encodeShapes(decoded.list.shapes) == Array(Fixtures.everyKindShapes.utf8))
        #expect(bytes.count * 2 < json.encodeFrame(Fixtures.everyKind, seq: 42, time: 1.234567).count)
    }

    /// 500 random lists (every kind, optional fields present or not, nesting, values past the
    /// clamp, NaN, negative zero): decoding the binary frame and writing JSON gives exactly the
    /// JSON frame, and re-encoding the decoded list gives exactly the binary frame.
    @Test func randomListsRoundTripExactly() throws {
        try RandomDisplayList.expectRoundTrips(seed: 77, from: .binary) { try BinaryFrameDecoder.decode($0) }
    }

    @Test func equalListsHaveEqualBodiesWhateverTheSeqAndTime() {
        var encoder = BinaryFrameEncoder()
        func body(_ list: DisplayList, seq: Int, time: Double) -> [UInt8] {
            encoder.withEncodedFrame(list, seq: seq, time: time) { frame, start in Array(frame[start...]) }
        }
        let first = body(Fixtures.everyKind, seq: 1, time: 0)
        #expect(body(Fixtures.everyKind, seq: 300, time: 12.5) == first)
        var moved = Fixtures.everyKind
        moved.size.width += 0.0001
        #expect(body(moved, seq: 1, time: 0) != first)
        var below = Fixtures.everyKind
        below.size.width += 0.00004  // rounds to the same four decimals, as JSON
        #expect(body(below, seq: 1, time: 0) == first)
    }

    @Test func largeFramesGrowTheBuffer() throws {
        let long = String(repeating: "进度", count: 40_000)
        let list = DisplayList(
            size: Size(width: 10, height: 10),
            shapes: [
                .text(TextShape(position: Point(x: 1, y: 2), text: long, size: 12, fill: .black))
            ])
        var encoder = BinaryFrameEncoder(capacity: 64)
        let decoded = try BinaryFrameDecoder.decode(encoder.encodeFrame(list, seq: 1, time: 0))
        #expect(decoded.list == list)
    }

    @Test func everyTruncationIsRefused() {
        var encoder = BinaryFrameEncoder()
        let bytes = encoder.encodeFrame(Fixtures.everyKind, seq: 9, time: 3)
        for length in 0..<bytes.count {
            #expect(throws: BinaryFrameError.self) { try BinaryFrameDecoder.decode(Array(bytes[0..<length])) }
        }
    }

    @Test func malformedFramesAreRefusedWithTheirReason() {
        var encoder = BinaryFrameEncoder()
        let line = DisplayList(
            size: Size(width: 1, height: 1),
            shapes: [
                .line(
                    LineShape(
                        start: Point(x: 0, y: 0), end: Point(x: 1, y: 1), lineWidth: 1, stroke: .black, cap: .round))
            ])
        let good = encoder.encodeFrame(line, seq: 1, time: 0)
        // magic(4) seq(1) t(1) w(3) h(3) count(1): the shape's kind byte is at 13, flags 14, the cap last.
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try BinaryFrameDecoder.decode(bytes)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason(good) == nil)
        #expect(reason([0x50, 0x43, 0x46, 0x32] + good.dropFirst(4))?.contains("magic") == true)
        #expect(reason(good + [0])?.contains("left over") == true)
        var kind = good
        kind[13] = 8
        #expect(reason(kind)?.contains("unknown shape kind 8") == true)
        var flags = good
        flags[14] = 0x80
        #expect(reason(flags)?.contains("unknown flag bits") == true)
        var cap = good
        cap[cap.count - 1] = 3
        #expect(reason(cap)?.contains("unknown cap 3") == true)
        let overlong = BinaryFrameFormat.magic + [UInt8](repeating: 0xFF, count: 11)
        #expect(reason(overlong)?.contains("varint") == true)
        let hugeCount = BinaryFrameFormat.magic + [1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        #expect(reason(hugeCount)?.contains("runs past the end") == true)
        var nested = Shape.rect(RectShape(frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        for _ in 0...BinaryFrameDecoder.maxDepth { nested = .group(GroupShape(items: [nested])) }
        let deep = encoder.encodeFrame(DisplayList(size: Size(width: 1, height: 1), shapes: [nested]), seq: 1, time: 0)
        #expect(reason(deep)?.contains("nested deeper") == true)
    }
}

/// Random display lists covering every shape kind and optional field.
enum RandomDisplayList {
    /// 500 random frames (``frames(seed:count:)``) encoded in `encoding` and decoded with
    /// `decode`: each keeps its seq, and both encoders write the decoded list exactly as they
    /// write the original (the decoder gives back the values the frame was encoded from).
    static func expectRoundTrips(
        seed: UInt64, from encoding: IncrementalFrameEncoder.Encoding, decode: ([UInt8]) throws -> DecodedFrame
    ) throws {
        var binary = BinaryFrameEncoder(capacity: 64)
        var json = FrameEncoder(capacity: 64)
        for (round, (list, seq, time)) in frames(seed: seed, count: 500).enumerated() {
            let encoded = (
                json: json.encodeFrame(list, seq: seq, time: time),
                binary: binary.encodeFrame(list, seq: seq, time: time)
            )
            let decoded = try decode(encoding == .json ? encoded.json : encoded.binary)
            #expect(decoded.seq == seq, "round \(round)")
            #expect(json.encodeFrame(decoded.list, seq: seq, time: decoded.time) == encoded.json, "round \(round)")
            #expect(binary.encodeFrame(decoded.list, seq: seq, time: decoded.time) == encoded.binary, "round \(round)")
        }
    }

    /// `count` random frames: a list, a seq and a media time in whole microseconds.
    static func frames(seed: UInt64, count: Int) -> [(list: DisplayList, seq: Int, time: Double)] {
        var random = TestRandom(seed: seed)
        return (0..<count).map { _ in
            let list = make(&random, depth: 0)
            return (list, Int(random.next() % 1_000_000), Double(random.next() % 10_000_000_000) / 1e6)
        }
    }

    static func make(_ random: inout TestRandom, depth: Int) -> DisplayList {
        let count = Int(random.next() % 12)
        return DisplayList(
            size: Size(width: number(&random), height: number(&random)),
            shapes: (0..<count).map { _ in shape(&random, depth: depth) })
    }

    private static func number(_ random: inout TestRandom) -> Double {
        switch random.next() % 10 {
        case 0:
            return [Double.nan, .infinity, -.infinity, -0.0, 1e12, -1e12, 0.00005, -0.00005][Int(random.next() % 8)]
        case 1: return Double(Int64(random.next() % 2_000_000_000_000) - 1_000_000_000_000) / 1000
        default: return (random.unit() - 0.3) * 1000
        }
    }

    private static func color(_ random: inout TestRandom) -> Color {
        Color(
            red: random.unit(), green: random.unit(), blue: random.unit(),
            alpha: random.next() % 2 == 0 ? 1 : random.unit())
    }

    private static func maybe<Value>(_ random: inout TestRandom, _ make: (inout TestRandom) -> Value) -> Value? {
        random.next() % 2 == 0 ? make(&random) : nil
    }

    private static func text(_ random: inout TestRandom) -> String {
        ["", "a", "加载中…", "tab\there \"q\" \\ \u{1}", "c\(random.next() % 1000)", "😀 emoji"][Int(random.next() % 6)]
    }

    private static func pick<Value: CaseIterable>(_ random: inout TestRandom, _ type: Value.Type) -> Value {
        let all = Array(type.allCases)
        return all[Int(random.next() % UInt64(all.count))]
    }

    private static func shape(_ random: inout TestRandom, depth: Int) -> Shape {
        let id = maybe(&random, text)
        func point(_ random: inout TestRandom) -> Point { Point(x: number(&random), y: number(&random)) }
        switch random.next() % (depth < 3 ? 8 : 7) {
        case 0:
            return .rect(
                RectShape(
                    id: id,
                    frame: Rect(origin: point(&random), size: Size(width: number(&random), height: number(&random))),
                    cornerRadius: maybe(&random, number), fill: maybe(&random, color),
                    stroke: maybe(&random, color), lineWidth: maybe(&random, number)))
        case 1:
            return .arc(
                ArcShape(
                    id: id, center: point(&random), radius: number(&random), startAngle: number(&random),
                    endAngle: number(&random), lineWidth: number(&random), stroke: color(&random),
                    cap: maybe(&random) { pick(&$0, LineCap.self) }))
        case 2:
            return .pie(
                PieShape(
                    id: id, center: point(&random), radius: number(&random), startAngle: number(&random),
                    endAngle: number(&random), fill: color(&random)))
        case 3:
            return .line(
                LineShape(
                    id: id, start: point(&random), end: point(&random), lineWidth: number(&random),
                    stroke: color(&random), cap: maybe(&random) { pick(&$0, LineCap.self) }))
        case 4:
            return .path(
                PathShape(
                    id: id, data: "M0 0L\(random.next() % 100) 5Z", fill: maybe(&random, color),
                    stroke: maybe(&random, color), lineWidth: maybe(&random, number),
                    cap: maybe(&random) { pick(&$0, LineCap.self) }, join: maybe(&random) { pick(&$0, LineJoin.self) }))
        case 5:
            return .text(
                TextShape(
                    id: id, position: point(&random), text: text(&random), size: number(&random),
                    weight: pick(&random, FontWeight.self), fill: color(&random),
                    align: maybe(&random) { pick(&$0, TextAlign.self) },
                    baseline: maybe(&random) { pick(&$0, TextBaseline.self) }, isRightToLeft: random.next() % 2 == 0))
        case 6:
            let stops = (0..<Int(random.next() % 4)).map { _ in
                RadialShape.Stop(offset: random.unit(), color: color(&random))
            }
            return .radial(
                RadialShape(
                    id: id,
                    area: Rect(origin: point(&random), size: Size(width: number(&random), height: number(&random))),
                    center: point(&random), radius: number(&random), stops: stops))
        default:
            let matrix: [Double]? = maybe(&random) { random in (0..<6).map { _ in number(&random) } }
            let clip: Rect? = maybe(&random) { random in
                Rect(origin: point(&random), size: Size(width: number(&random), height: number(&random)))
            }
            return .group(
                GroupShape(
                    id: id, alpha: maybe(&random, number), matrix: matrix, clip: clip,
                    items: make(&random, depth: depth + 1).shapes))
        }
    }
}
