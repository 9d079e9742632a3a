import Foundation
import Geometry
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

/// Frames assembled from kept segment encodings are byte for byte the plain encoders' frames of
/// the flattened list, in both encodings, however the shapes are split into segments and
/// whichever segments are kept (docs/architecture.md, "Incremental rendering").
@Suite struct IncrementalFrameEncoderTests {
    /// Two encoders take turns with one scratch, as a server thread's sessions do
    /// (``IncrementalFrameEncoder/Scratch``): each one's frames are still the plain encoders'
    /// frames of its own list.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func assembledFramesAreThePlainEncodersFrames(encoding: IncrementalFrameEncoder.Encoding) {
        var random = TestRandom(seed: 2026)
        var lists = [IncrementalDisplayList(), IncrementalDisplayList()]
        var encoders = [IncrementalFrameEncoder(encoding), IncrementalFrameEncoder(encoding)]
        var scratch = IncrementalFrameEncoder.Scratch()
        var plain = PlainFrames()
        var slots = [Slots(), Slots()]
        for round in 0..<300 {
            for e in 0..<2 {
                slots[e].change(&random, redrawingAll: round == 0)
                slots[e].draw(into: &lists[e])
                let seq = round + 1
                let time = Double(round) / 60
                let frame = encoders[e].withEncodedFrame(lists[e], seq: seq, time: time, scratch: &scratch) {
                    bytes, _ in Array(bytes)
                }
                #expect(frame == plain.frame(lists[e], seq: seq, time: time, encoding).frame, "round \(round), \(e)")
            }
        }
        #expect(encoders.allSatisfy { $0.reused > 0 && $0.encoded > 0 })
    }

    /// Lists that keep no shapes (as the server draws): two take turns drawing into one lent
    /// buffer, and their frames are still the plain encoders'. A frame encoded whole between
    /// them (``IncrementalFrameEncoder/encodeFlat(_:seq:time:headroom:scratch:)``, as the server
    /// does for a frame wanted in the other encoding) is the plain encoders' frame too, and
    /// leaves no run that a segment of the list reuses: the next frame, every segment drawn
    /// again, is right.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func framesOfListsWithoutKeptShapesAndWholeFramesStayRight(encoding: IncrementalFrameEncoder.Encoding) {
        var random = TestRandom(seed: 4242)
        var lists = [IncrementalDisplayList(keepsShapes: false), IncrementalDisplayList(keepsShapes: false)]
        var encoders = [IncrementalFrameEncoder(encoding), IncrementalFrameEncoder(encoding)]
        var scratch = IncrementalFrameEncoder.Scratch()
        var buffer: [Shape] = []
        var plain = PlainFrames()
        var slots = [Slots(), Slots()]
        var whole = 0
        for round in 0..<300 {
            for e in 0..<2 {
                slots[e].change(&random, redrawingAll: round == 0)
                let (seq, time) = (round + 1, Double(round) / 60)
                let expected = plain.frame(slots[e].displayList, seq: seq, time: time, encoding).frame
                if round > 0, random.next() % 8 == 0 {
                    encoders[e].encodeFlat(slots[e].displayList, seq: seq, time: time, headroom: 16, scratch: &scratch)
                    #expect(Array(encoders[e].frame) == expected, "round \(round), \(e), whole")
                    lists[e].redrawAll()
                    whole += 1
                    continue
                }
                lists[e].swapFrameShapes(&buffer)
                slots[e].draw(into: &lists[e])
                let frame = encoders[e].withEncodedFrame(lists[e], seq: seq, time: time, scratch: &scratch) {
                    bytes, _ in Array(bytes)
                }
                lists[e].swapFrameShapes(&buffer)
                #expect(frame == expected, "round \(round), \(e)")
            }
        }
        #expect(whole > 20 && encoders.allSatisfy { $0.reused > 0 && $0.encoded > 0 })
    }

    /// A frame encoded whole names no segment version: a list's first segment (version 1),
    /// kept since, is encoded again after it rather than taken from the whole frame's one run.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func aWholeFrameLeavesNoRunToReuse(encoding: IncrementalFrameEncoder.Encoding) {
        func rect(_ x: Double) -> Shape { .rect(RectShape(frame: Rect(x: x, y: 0, width: 1, height: 1), fill: .black)) }
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var scratch = IncrementalFrameEncoder.Scratch()
        var plain = PlainFrames()
        var slots = Slots()
        slots.resize(to: 2)
        slots.redraw(0, [rect(1)])
        slots.redraw(1, [rect(2)])
        slots.draw(into: &list)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0, scratch: &scratch)
        let other = DisplayList(size: Size(width: 375, height: 667), shapes: [rect(7), rect(8), rect(9)])
        encoder.encodeFlat(other, seq: 2, time: 0.5, headroom: 0, scratch: &scratch)
        #expect(Array(encoder.frame) == plain.frame(other, seq: 2, time: 0.5, encoding).frame)
        slots.draw(into: &list)
        #expect(list.reused == 2, "both segments kept, the first at version 1")
        encoder.encodeFrame(list, seq: 3, time: 1, headroom: 0, scratch: &scratch)
        #expect(Array(encoder.frame) == plain.frame(list, seq: 3, time: 1, encoding).frame)
    }

    /// A run's record stays small (a frame reads every run of the last frame).
    @Test func aRunIsSmall() {
        #expect(IncrementalFrameEncoder.runStride == 24)
    }

    /// Frames updated in place stay the plain encoders' frames whatever moves: segments that
    /// change length or emptiness (moving the ones after them either way), headers whose `seq`
    /// and `t` grow past the room kept in front, and headroom that changes. A caller that keeps
    /// showing the frame before when the display list came out the same reverts: ``frame`` is
    /// the old frame again, byte for byte, and later frames are still right.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func framesUpdatedInPlaceAndRevertedStayRight(encoding: IncrementalFrameEncoder.Encoding) {
        var random = TestRandom(seed: 77)
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var scratch = IncrementalFrameEncoder.Scratch()
        var plain = PlainFrames()
        var slots = Slots()
        var shown: (frame: [UInt8], bodyStart: Int) = ([], 0)
        var seq = 0
        var (reverts, kept) = (0, 0)
        // Every display-list part seen and its identity, and back.
        var identities: [[UInt8]: UInt64] = [:]
        var parts: [UInt64: [UInt8]] = [:]
        var recurring = 0
        for round in 0..<600 {
            slots.resize(to: Int(random.next() % 5))
            for index in slots.indices where random.next() % 4 == 0 || round == 0 {
                // Redrawn: the same shapes (same bytes), a rectangle whose one digit changes (same
                // length, other bytes), none, or random shapes (other lengths).
                let shapes: [Shape]
                switch random.next() % 4 {
                case 0: shapes = slots.shapes(index)
                case 1:
                    let x = Double(1 + random.next() % 9)
                    shapes = [.rect(RectShape(frame: Rect(x: x, y: 2, width: 3, height: 4), fill: .white))]
                case 2: shapes = []
                default: shapes = Array(RandomDisplayList.make(&random, depth: 0).shapes.prefix(3))
                }
                slots.redraw(index, shapes)
            }
            slots.draw(into: &list)
            // Now and then `seq` and `t` jump by orders of magnitude, past the header's room.
            seq += random.next() % 50 == 0 ? Int(pow(10, Double(random.next() % 12))) : 1
            let time = random.next() % 50 == 0 ? Double(random.next() % 1_000_000_000) / 7 : Double(round) / 60
            let headroom = round < 300 ? 16 : Int(random.next() % 40)
            let bodyStart = encoder.encodeFrame(list, seq: seq, time: time, headroom: headroom, scratch: &scratch)
            let expected = plain.frame(list, seq: seq, time: time, encoding)
            #expect(encoder.frameStart >= headroom, "round \(round)")
            #expect(Array(encoder.frame) == expected.frame, "round \(round)")
            #expect(bodyStart == expected.bodyStart && encoder.bodyStart == bodyStart, "round \(round)")
            let same = round > 0 && expected.frame[expected.bodyStart...] == shown.frame[shown.bodyStart...]
            #expect(encoder.bodyIsUnchanged == same, "round \(round)")
            // The identity is composed from the segments' hashes: equal parts, equal identities;
            // different parts, different ones.
            let part = Array(expected.frame[expected.bodyStart...])
            if identities[part] != nil { recurring += 1 }
            #expect(identities[part, default: encoder.bodyIdentity] == encoder.bodyIdentity, "round \(round)")
            #expect(parts[encoder.bodyIdentity, default: part] == part, "round \(round)")
            identities[part] = encoder.bodyIdentity
            parts[encoder.bodyIdentity] = part
            if same, random.next() % 2 == 0 {
                let reverted = encoder.revertIfUnchanged()
                let again = encoder.revertIfUnchanged()
                #expect(reverted, "round \(round)")
                #expect(!encoder.bodyIsUnchanged && !again, "a second revert does nothing")
                reverts += 1
                seq -= 1
                #expect(Array(encoder.frame) == shown.frame, "revert, round \(round)")
                #expect(encoder.bodyIdentity == identities[part], "revert, round \(round)")
                #expect(encoder.bodyStart == shown.bodyStart, "revert, round \(round)")
            } else {
                if same { kept += 1 }
                shown = (Array(encoder.frame), bodyStart)
            }
        }
        #expect(reverts > 20 && kept > 20 && encoder.reused > 0)
        #expect(identities.count > 50 && recurring > 100, "\(identities.count) parts, \(recurring) seen again")
    }

    /// The frame is updated in the buffer that holds it: a steady stream of frames keeps one
    /// buffer. A buffer someone still holds (a transport that has not written it) is copied
    /// instead, and the frame they hold stays as it was.
    @Test(arguments: [IncrementalFrameEncoder.Encoding.json, .binary])
    func framesAreUpdatedInPlaceUnlessTheBufferIsHeld(encoding: IncrementalFrameEncoder.Encoding) {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(encoding)
        var scratch = IncrementalFrameEncoder.Scratch()
        var plain = PlainFrames()
        func draw(_ frame: Int) {
            list.begin(size: Size(width: 100, height: 100))
            list.segment(key: { $0.add(1) }) {
                $0.append(.rect(RectShape(frame: Rect(x: 1, y: 2, width: 30, height: 4), fill: .white)))
            }
            list.segment(key: { $0.add(frame) }) {
                $0.append(.rect(RectShape(frame: Rect(x: Double(frame % 3), y: 0, width: 5, height: 5), fill: .black)))
            }
            list.segment(key: { $0.add(2) }) {
                $0.append(.rect(RectShape(frame: Rect(x: 5, y: 6, width: 70, height: 8), fill: .black)))
            }
            list.end()
        }
        func address() -> UnsafeRawPointer? { encoder.buffer.withUnsafeBytes { $0.baseAddress } }
        draw(0)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 16, scratch: &scratch)
        let first = address()
        for frame in 1..<50 {
            draw(frame)
            encoder.encodeFrame(list, seq: frame + 1, time: Double(frame) / 60, headroom: 16, scratch: &scratch)
            #expect(address() == first, "frame \(frame)")
        }
        let held = encoder.buffer
        let heldFrame = Array(encoder.frame)
        draw(50)
        encoder.encodeFrame(list, seq: 51, time: 50.0 / 60, headroom: 16, scratch: &scratch)
        #expect(Array(encoder.frame) == plain.frame(list, seq: 51, time: 50.0 / 60, encoding).frame)
        #expect(Array(held[(held.count - heldFrame.count)...]) == heldFrame, "the held frame is intact")
        #expect(address() != held.withUnsafeBytes { $0.baseAddress })
    }

    /// Reverting a frame whose body equals the one before keeps the segments it encoded again:
    /// the next frame encodes nothing.
    @Test func revertingAnUnchangedBodyKeepsItsSegments() {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(.json)
        var scratch = IncrementalFrameEncoder.Scratch()
        let rect = Shape.rect(RectShape(frame: Rect(x: 1, y: 2, width: 3, height: 4), fill: .white))
        func draw(key: Int) {
            list.begin(size: Size(width: 10, height: 10))
            list.segment(key: { $0.add(key) }) { $0.append(rect) }
            list.end()
        }
        draw(key: 1)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0, scratch: &scratch)
        draw(key: 2)
        encoder.encodeFrame(list, seq: 2, time: 0.5, headroom: 0, scratch: &scratch)
        #expect(encoder.bodyIsUnchanged)
        let reverted = encoder.revertIfUnchanged()
        #expect(reverted)
        let encodedBefore = encoder.encoded
        encoder.encodeFrame(list, seq: 2, time: 1, headroom: 0, scratch: &scratch)
        #expect(encoder.encoded == encodedBefore)
        #expect(encoder.bodyIsUnchanged)
    }

    /// A scratch makes its number cache at its first JSON segment and keeps it; a scratch that
    /// encodes binary frames only, or none (as the empty one every encoder holds while it is
    /// not lent one), has none: 16 KB per encoder would add 32 MB to a thousand sessions.
    @Test func aScratchMakesOneNumberCacheForJSONOnly() {
        var list = IncrementalDisplayList()
        func draw(_ x: Double) {
            list.begin(size: Size(width: 10, height: 10))
            list.segment(key: { $0.add(x) }) {
                $0.append(.rect(RectShape(frame: Rect(x: x, y: 2, width: 3, height: 4), fill: .white)))
            }
            list.end()
        }
        #expect(IncrementalFrameEncoder.Scratch().numbers == nil)
        var binaryScratch = IncrementalFrameEncoder.Scratch()
        var binary = IncrementalFrameEncoder(.binary)
        var jsonScratch = IncrementalFrameEncoder.Scratch()
        var json = IncrementalFrameEncoder(.json)
        draw(1)
        binary.encodeFrame(list, seq: 1, time: 0, headroom: 0, scratch: &binaryScratch)
        json.encodeFrame(list, seq: 1, time: 0, headroom: 0, scratch: &jsonScratch)
        let cache = jsonScratch.numbers
        draw(2)
        json.encodeFrame(list, seq: 2, time: 0, headroom: 0, scratch: &jsonScratch)
        #expect(binaryScratch.numbers == nil)
        #expect(cache != nil && jsonScratch.numbers === cache)
    }

    /// `revertIfUnchanged()` keeps a changed frame and reverts an unchanged one.
    @Test func revertIfUnchangedRevertsOnlyUnchangedFrames() {
        var list = IncrementalDisplayList()
        var encoder = IncrementalFrameEncoder(.binary)
        var scratch = IncrementalFrameEncoder.Scratch()
        func draw(x: Double, key: Int) {
            list.begin(size: Size(width: 10, height: 10))
            list.segment(key: { $0.add(key) }) {
                $0.append(.rect(RectShape(frame: Rect(x: x, y: 2, width: 3, height: 4), fill: .white)))
            }
            list.end()
        }
        draw(x: 1, key: 1)
        encoder.encodeFrame(list, seq: 1, time: 0, headroom: 0, scratch: &scratch)
        let first = Array(encoder.frame)
        draw(x: 2, key: 2)
        encoder.encodeFrame(list, seq: 2, time: 0.5, headroom: 0, scratch: &scratch)
        let second = Array(encoder.frame)
        let revertedChanged = encoder.revertIfUnchanged()
        #expect(!revertedChanged)
        #expect(Array(encoder.frame) == second && second != first)
        draw(x: 2, key: 3)
        encoder.encodeFrame(list, seq: 3, time: 1, headroom: 0, scratch: &scratch)
        let revertedSame = encoder.revertIfUnchanged()
        #expect(revertedSame)
        #expect(Array(encoder.frame) == second)
    }
}

/// Segment contents by slot: a slot keeps its shapes (and key) unless it is redrawn, which
/// gives it a new key.
struct Slots {
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

    /// A random change: up to five slots, about a third of them (all, if `redrawingAll`) drawn
    /// again with up to three random shapes.
    mutating func change(_ random: inout TestRandom, redrawingAll: Bool) {
        resize(to: Int(random.next() % 6))
        for index in indices where random.next() % 3 == 0 || redrawingAll {
            let shapes = RandomDisplayList.make(&random, depth: 0).shapes
            redraw(index, Array(shapes.prefix(Int(random.next() % 4))))
        }
    }

    mutating func redraw(_ index: Int, _ shapes: [Shape]) {
        lastKey += 1
        slots[index] = (key: lastKey, shapes: shapes)
    }

    /// Every slot's shapes, in order.
    var displayList: DisplayList {
        DisplayList(size: Size(width: 375, height: 667), shapes: slots.flatMap(\.shapes))
    }

    func draw(into list: inout IncrementalDisplayList) {
        list.begin(size: Size(width: 375, height: 667))
        for slot in slots { list.segment(key: { $0.add(slot.key) }) { $0.append(contentsOf: slot.shapes) } }
        list.end()
    }
}

/// The plain encoders' frame of a list's flattened display list, in either encoding.
struct PlainFrames {
    private var json = FrameEncoder(capacity: 64)
    private var binary = BinaryFrameEncoder(capacity: 64)

    /// The frame and where its display list's part starts.
    mutating func frame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, _ encoding: IncrementalFrameEncoder.Encoding
    ) -> (frame: [UInt8], bodyStart: Int) {
        frame(list.displayList, seq: seq, time: time, encoding)
    }

    /// The frame of `list` and where its display list's part starts.
    mutating func frame(
        _ list: DisplayList, seq: Int, time: Double, _ encoding: IncrementalFrameEncoder.Encoding
    ) -> (frame: [UInt8], bodyStart: Int) {
        switch encoding {
        case .json: json.withEncodedFrame(list, seq: seq, time: time) { (Array($0), $1) }
        case .binary: binary.withEncodedFrame(list, seq: seq, time: time) { (Array($0), $1) }
        }
    }
}
