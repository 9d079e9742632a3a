import Foundation
import Geometry
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

/// Deltas (docs/protocol.md section 10): applied to the frame before, a delta gives the frame,
/// in both encodings, whatever segments were added, removed, drawn again or drawn again into the
/// same bytes; none is made against a base it cannot be applied to.
@Suite struct FrameDeltaTests {
    private func decode(
        _ bytes: some Collection<UInt8>, _ encoding: IncrementalFrameEncoder.Encoding
    ) throws
        -> DecodedFrame
    {
        switch encoding {
        case .json: try JSONFrameDecoder.decode(Array(bytes))
        case .binary: try BinaryFrameDecoder.decode(Array(bytes))
        }
    }

    private func decodeDelta(_ bytes: [UInt8], _ encoding: IncrementalFrameEncoder.Encoding) throws -> FrameDelta {
        switch encoding {
        case .json: try JSONFrameDecoder.decodeDelta(bytes)
        case .binary: try BinaryFrameDecoder.decodeDelta(bytes)
        }
    }

    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func aDeltaAppliedToTheFrameBeforeIsTheFrame(encoding: IncrementalFrameEncoder.Encoding) throws {
        var random = TestRandom(seed: 77)
        var list = IncrementalDisplayList(keepsShapes: false)
        var encoder = IncrementalFrameEncoder(encoding)
        var deltas = IncrementalFrameEncoder.DeltaState()
        var scratch = IncrementalFrameEncoder.Scratch()
        var buffer: [Shape] = []
        var slots = Slots()
        var shown: DecodedFrame?
        var (made, sameBytes) = (0, 0)
        for round in 0..<400 {
            slots.change(&random, redrawingAll: round == 0)
            if round % 7 == 3, !slots.indices.isEmpty {
                // Drawn again into the same bytes (a new key): no edit for it.
                slots.redraw(0, slots.shapes(0))
            }
            let seq = round + 1
            do {
                list.swapFrameShapes(&buffer)
                defer { list.swapFrameShapes(&buffer) }
                slots.draw(into: &list)
                encoder.encodeFrame(
                    list, seq: seq, time: Double(round) / 60, headroom: 14, deltaBase: shown?.seq, deltas: &deltas,
                    scratch: &scratch)
            }
            let frame = try decode(encoder.frame, encoding)
            if let shown {
                let (bytes, base) = try #require(deltas.delta(leadingTo: seq), "round \(round)")
                #expect(base == shown.seq)
                #expect(bytes.count > 14)
                let delta = try decodeDelta(Array(bytes[14...]), encoding)
                #expect(delta.base == shown.seq && delta.seq == seq)
                #expect(try delta.apply(to: shown) == frame, "round \(round)")
                if delta.edits.isEmpty { sameBytes += 1 }
                made += 1
            } else {
                #expect(deltas.delta(leadingTo: seq) == nil)
            }
            shown = frame
        }
        #expect(made == 399 && sameBytes > 10)
    }

    /// No delta against a frame made whole (``IncrementalFrameEncoder/encodeFlat(_:seq:time:headroom:scratch:)``)
    /// or made without the delta state, a frame of another size, or without a base; the next
    /// frame after such a frame has one again.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func noDeltaWhereNoBaseHolds(encoding: IncrementalFrameEncoder.Encoding) throws {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var deltas = IncrementalFrameEncoder.DeltaState()
        var scratch = IncrementalFrameEncoder.Scratch()
        let box = Shape.rect(RectShape(frame: Rect(x: 1, y: 2, width: 3, height: 4), fill: .black))
        func draw(_ count: Int, width: Double = 100) {
            list.begin(size: Size(width: width, height: 50))
            list.segment(key: { $0.add(count) }) { $0.append(contentsOf: Array(repeating: box, count: count)) }
            list.end()
        }
        draw(1)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0, deltaBase: nil, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 1) == nil)
        draw(2)
        encoder.encodeFrame(list, seq: 2, time: 0, headroom: 0, deltaBase: 1, deltas: &deltas, scratch: &scratch)
        let delta = try decodeDelta(try #require(deltas.delta(leadingTo: 2)).bytes, encoding)
        #expect(deltas.delta(leadingTo: 1) == nil && deltas.delta(leadingTo: 2)?.base == 1)
        #expect(delta.edits == [FrameDelta.Edit(at: 0, removed: 1, shapes: [box, box])] && delta.shapeCount == 2)
        encoder.encodeFlat(
            DisplayList(size: Size(width: 100, height: 50), shapes: [box]), seq: 3, time: 0, headroom: 0,
            scratch: &scratch)
        #expect(deltas.delta(leadingTo: 3) == nil)
        draw(3)
        encoder.encodeFrame(list, seq: 4, time: 0, headroom: 0, deltaBase: 3, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 4) == nil, "against a frame made whole")
        draw(4)
        encoder.encodeFrame(list, seq: 5, time: 0, headroom: 0, deltaBase: 4, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 5) != nil)
        draw(5, width: 120)
        encoder.encodeFrame(list, seq: 6, time: 0, headroom: 0, deltaBase: 5, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 6) == nil, "another size")
        draw(6, width: 120)
        encoder.encodeFrame(list, seq: 7, time: 0, headroom: 0, deltaBase: nil, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 7) == nil, "no base asked for")
        draw(7, width: 120)
        encoder.encodeFrame(list, seq: 8, time: 0, headroom: 0, scratch: &scratch)
        draw(8, width: 120)
        encoder.encodeFrame(list, seq: 9, time: 0, headroom: 0, deltaBase: 8, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 9) == nil, "against a frame made without the state")
        draw(9, width: 120)
        encoder.encodeFrame(list, seq: 10, time: 0, headroom: 0, deltaBase: 9, deltas: &deltas, scratch: &scratch)
        #expect(deltas.delta(leadingTo: 10) != nil)
    }

    /// A frame dropped as unchanged (``IncrementalFrameEncoder/revertIfUnchanged()``) has no
    /// delta, and the next delta, against the frame shown, applies to it.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func aDeltaAfterARevertAppliesToTheFrameShown(encoding: IncrementalFrameEncoder.Encoding) throws {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var deltas = IncrementalFrameEncoder.DeltaState()
        var scratch = IncrementalFrameEncoder.Scratch()
        func draw(_ keys: [Int]) {
            list.begin(size: Size(width: 100, height: 50))
            for key in keys {
                list.segment(key: { $0.add(key) }) {
                    $0.append(
                        .rect(RectShape(frame: Rect(x: Double(key % 10), y: 0, width: 1, height: 1), fill: .black)))
                }
            }
            list.end()
        }
        draw([1, 2, 3])
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0, deltaBase: nil, deltas: &deltas, scratch: &scratch)
        let shown = try decode(encoder.frame, encoding)
        draw([11, 2, 3])  // the same bytes under another key
        encoder.encodeFrame(list, seq: 2, time: 0, headroom: 0, deltaBase: 1, deltas: &deltas, scratch: &scratch)
        #expect(encoder.revertIfUnchanged() && deltas.delta(leadingTo: 1) == nil)
        draw([11, 2, 4])
        encoder.encodeFrame(list, seq: 2, time: 0.5, headroom: 0, deltaBase: 1, deltas: &deltas, scratch: &scratch)
        let delta = try decodeDelta(try #require(deltas.delta(leadingTo: 2)).bytes, encoding)
        #expect(delta.edits.count == 1 && delta.edits[0].at == 2 && delta.edits[0].removed == 1)
        #expect(try delta.apply(to: shown) == (try decode(encoder.frame, encoding)))
    }

    /// Applying refuses what does not fit: another base, edits out of order or past the end, a
    /// result of another count.
    @Test func applyingRefusesWhatDoesNotFit() {
        let box = Shape.rect(RectShape(frame: Rect(x: 0, y: 0, width: 1, height: 1), fill: .black))
        let frame = DecodedFrame(
            seq: 4, time: 0, list: DisplayList(size: Size(width: 1, height: 1), shapes: [box, box]))
        func delta(base: Int = 4, count: Int = 2, _ edits: [FrameDelta.Edit]) -> FrameDelta {
            FrameDelta(seq: 5, base: base, time: 0, shapeCount: count, edits: edits)
        }
        #expect(throws: FrameDeltaError.self) { try delta(base: 3, []).apply(to: frame) }
        #expect(throws: FrameDeltaError.self) { try delta(count: 3, []).apply(to: frame) }
        #expect(throws: FrameDeltaError.self) { try delta([.init(at: 1, removed: 2, shapes: [])]).apply(to: frame) }
        #expect(throws: FrameDeltaError.self) {
            try delta([.init(at: 1, removed: 0, shapes: []), .init(at: 0, removed: 0, shapes: [])]).apply(to: frame)
        }
        #expect(
            (try? delta(count: 3, [.init(at: 2, removed: 0, shapes: [box])]).apply(to: frame))?.list.shapes.count == 3)
    }

    /// Malformed deltas are refused, not guessed.
    @Test func malformedDeltasAreRefused() {
        #expect(throws: BinaryFrameError.self) {
            try BinaryFrameDecoder.decodeDelta(Array("PCF1".utf8) + [1, 0, 0, 0, 0])
        }
        #expect(throws: BinaryFrameError.self) {
            try BinaryFrameDecoder.decodeDelta(Array("PCD1".utf8) + [1, 0, 0, 0, 5])
        }
        #expect(throws: BinaryFrameError.self) {
            try BinaryFrameDecoder.decodeDelta(Array("PCD1".utf8) + [1, 0, 0, 0, 0, 9])
        }
        #expect(throws: JSONFrameError.self) {
            try JSONFrameDecoder.decodeDelta(Array(#"{"type":"frame","seq":1,"base":0,"t":0,"n":0,"edits":[]}"#.utf8))
        }
        #expect(throws: JSONFrameError.self) {
            try JSONFrameDecoder.decodeDelta(
                Array(#"{"type":"delta","seq":1,"base":0,"t":0,"n":0,"edits":[[0,-1,[]]]}"#.utf8))
        }
        #expect(
            (try? JSONFrameDecoder.decodeDelta(Array(#"{"type":"delta","seq":1,"base":0,"t":0,"n":0,"edits":[]}"#.utf8)))
                == FrameDelta(seq: 1, base: 0, time: 0, shapeCount: 0, edits: []))
    }
}
