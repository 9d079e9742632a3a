import Geometry
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

/// Frames assembled from kept segment encodings are byte for byte the plain encoders' frames of
/// the flattened list, in both encodings, however the shapes are split into segments and
/// whichever segments are kept (docs/architecture.md, "Incremental rendering").
@Suite struct IncrementalFrameEncoderTests {
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func assembledFramesAreThePlainEncodersFrames(encoding: IncrementalFrameEncoder.Encoding) {
        var random = TestRandom(seed: 2026)
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var plain = PlainFrames()
        var slots = Slots()
        for round in 0..<300 {
            slots.resize(to: Int(random.next() % 6))
            for index in slots.indices where random.next() % 3 == 0 || round == 0 {
                let shapes = RandomDisplayList.make(&random, depth: 0).shapes
                slots.redraw(index, Array(shapes.prefix(Int(random.next() % 4))))
            }
            slots.draw(into: &list)
            let seq = round + 1
            let time = Double(round) / 60
            let frame = encoder.withEncodedFrame(list, seq: seq, time: time) { bytes, _ in Array(bytes) }
            #expect(frame == plain.frame(list, seq: seq, time: time, encoding), "round \(round)")
        }
        #expect(encoder.reused > 0 && encoder.encoded > 0)
        // A server keeps an encoder of each kind per session: the binary one holds no JSON room.
        switch encoding {
        case .json: #expect(encoder.jsonWriterCapacity >= 8192)
        case .binary: #expect(encoder.jsonWriterCapacity <= 16)
        }
    }

    /// A caller that keeps showing the frame before (its display list was the same) reverts the
    /// frame just made: ``frame`` is the old frame again, byte for byte, headroom included, and
    /// later frames are still assembled right from it, whether or not reverts keep segments.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func revertedFramesLeaveTheFrameBeforeAndLaterFramesRight(encoding: IncrementalFrameEncoder.Encoding) {
        var random = TestRandom(seed: 77)
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var plain = PlainFrames()
        let headroom = 16
        var slots = Slots()
        var shown: [UInt8] = []
        var reverts = 0
        for round in 0..<400 {
            slots.resize(to: Int(random.next() % 5))
            for index in slots.indices where random.next() % 4 == 0 || round == 0 {
                // Redrawn: the same shapes (same bytes), a rectangle whose one digit changes (same
                // length, other bytes), or random shapes.
                let shapes: [Shape]
                switch random.next() % 3 {
                case 0: shapes = slots.shapes(index)
                case 1:
                    let x = Double(1 + random.next() % 9)
                    shapes = [.rect(RectShape(frame: Rect(x: x, y: 2, width: 3, height: 4), fill: .white))]
                default: shapes = Array(RandomDisplayList.make(&random, depth: 0).shapes.prefix(3))
                }
                slots.redraw(index, shapes)
            }
            slots.draw(into: &list)
            let seq = round + 1
            let time = Double(round) / 60
            encoder.encodeFrame(list, seq: seq, time: time, headroom: headroom)
            let expected = plain.frame(list, seq: seq, time: time, encoding)
            #expect(Array(encoder.frame.prefix(headroom)) == Array(repeating: 0, count: headroom), "round \(round)")
            #expect(Array(encoder.frame.dropFirst(headroom)) == expected, "round \(round)")
            if round > 0, random.next() % 3 == 0 {
                encoder.revert()
                reverts += 1
                #expect(encoder.frame == shown, "revert, round \(round)")
            } else {
                shown = encoder.frame
            }
        }
        #expect(reverts > 50 && encoder.reused > 0)
    }

    /// Reverting a frame whose body equals the one before keeps the segments it encoded again:
    /// the next frame encodes nothing.
    @Test func revertingAnUnchangedBodyKeepsItsSegments() {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(.json)
        let rect = Shape.rect(RectShape(frame: Rect(x: 1, y: 2, width: 3, height: 4), fill: .white))
        func draw(key: Int) {
            list.begin(size: Size(width: 10, height: 10))
            list.segment(key: { $0.add(key) }) { $0.append(rect) }
            list.end()
        }
        draw(key: 1)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0)
        draw(key: 2)
        encoder.encodeFrame(list, seq: 2, time: 0.5, headroom: 0)
        #expect(encoder.bodyIsUnchanged)
        encoder.revert()
        let encodedBefore = encoder.encoded
        encoder.encodeFrame(list, seq: 2, time: 1, headroom: 0)
        #expect(encoder.encoded == encodedBefore)
        #expect(encoder.bodyIsUnchanged)
    }

    /// `revertIfUnchanged()` keeps a changed frame and reverts an unchanged one.
    @Test func revertIfUnchangedRevertsOnlyUnchangedFrames() {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(.binary)
        func draw(x: Double, key: Int) {
            list.begin(size: Size(width: 10, height: 10))
            list.segment(key: { $0.add(key) }) {
                $0.append(.rect(RectShape(frame: Rect(x: x, y: 2, width: 3, height: 4), fill: .white)))
            }
            list.end()
        }
        draw(x: 1, key: 1)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0)
        let first = encoder.frame
        draw(x: 2, key: 2)
        encoder.encodeFrame(list, seq: 2, time: 0.5, headroom: 0)
        let second = encoder.frame
        let revertedChanged = encoder.revertIfUnchanged()
        #expect(!revertedChanged)
        #expect(encoder.frame == second && second != first)
        draw(x: 2, key: 3)
        encoder.encodeFrame(list, seq: 3, time: 1, headroom: 0)
        let revertedSame = encoder.revertIfUnchanged()
        #expect(revertedSame)
        #expect(encoder.frame == second)
    }
}

/// Segment contents by slot: a slot keeps its shapes (and key) unless it is redrawn, which
/// gives it a new key.
private struct Slots {
    private var slots: [(key: Int, shapes: [Shape])] = []
    private var lastKey = 0

    var indices: Range<Int> { slots.indices }

    func shapes(_ index: Int) -> [Shape] { slots[index].shapes }

    mutating func resize(to count: Int) {
        while slots.count < count {
            lastKey += 1
            slots.append((key: lastKey, shapes: []))
        }
        slots.removeLast(slots.count - count)
    }

    mutating func redraw(_ index: Int, _ shapes: [Shape]) {
        lastKey += 1
        slots[index] = (key: lastKey, shapes: shapes)
    }

    func draw(into list: inout IncrementalDisplayList) {
        list.begin(size: Size(width: 375, height: 667))
        for slot in slots { list.segment(key: { $0.add(slot.key) }) { $0.append(contentsOf: slot.shapes) } }
        list.end()
    }
}

/// The plain encoders' frame of a list's flattened display list, in either encoding.
private struct PlainFrames {
    private var json = FrameEncoder(capacity: 64)
    private var binary = BinaryFrameEncoder(capacity: 64)

    mutating func frame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, _ encoding: IncrementalFrameEncoder.Encoding
    ) -> [UInt8] {
        switch encoding {
        case .json: json.encodeFrame(list.displayList, seq: seq, time: time)
        case .binary: binary.encodeFrame(list.displayList, seq: seq, time: time)
        }
    }
}
