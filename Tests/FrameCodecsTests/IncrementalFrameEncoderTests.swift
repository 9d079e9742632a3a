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
        var json = FrameEncoder(capacity: 64)
        var binary = BinaryFrameEncoder(capacity: 64)
        // Segment contents by slot; a slot keeps its shapes (and key) unless it is redrawn.
        var slots: [(key: Int, shapes: [Shape])] = []
        var lastKey = 0
        for round in 0..<300 {
            let count = Int(random.next() % 6)
            while slots.count < count {
                lastKey += 1
                slots.append((key: lastKey, shapes: []))
            }
            slots.removeLast(slots.count - count)
            for index in slots.indices where random.next() % 3 == 0 || round == 0 {
                let shapes = RandomDisplayList.make(&random, depth: 0).shapes
                lastKey += 1
                slots[index] = (key: lastKey, shapes: Array(shapes.prefix(Int(random.next() % 4))))
            }
            list.begin(size: Size(width: 375, height: 667))
            for slot in slots { list.segment(key: { $0.add(slot.key) }) { $0.append(contentsOf: slot.shapes) } }
            list.end()
            let seq = round + 1
            let time = Double(round) / 60
            let frame = encoder.withEncodedFrame(list, seq: seq, time: time) { bytes, _ in Array(bytes) }
            let flat = list.displayList
            switch encoding {
            case .json: #expect(frame == json.encodeFrame(flat, seq: seq, time: time), "round \(round)")
            case .binary: #expect(frame == binary.encodeFrame(flat, seq: seq, time: time), "round \(round)")
            }
        }
        #expect(encoder.reused > 0 && encoder.encoded > 0)
        // A server keeps an encoder of each kind per session: the binary one holds no JSON room.
        switch encoding {
        case .json: #expect(encoder.jsonWriterCapacity >= 8192)
        case .binary: #expect(encoder.jsonWriterCapacity <= 16)
        }
    }
}
