import Geometry
import Testing

@testable import Shapes

@Suite struct IncrementalDisplayListTests {
    private static let size = Size(width: 100, height: 50)

    private static func rect(_ x: Double) -> Shape {
        .rect(RectShape(frame: Rect(x: x, y: 0, width: 10, height: 10), fill: .black))
    }

    /// One frame: a keyed segment drawn from `x` (its key), then an unkeyed one.
    private static func frame(_ list: inout IncrementalDisplayList, x: Double, draws: inout Int) {
        list.begin(size: size)
        list.segment(key: { $0.add(x) }) {
            draws += 1
            $0.append(rect(x))
        }
        list.segment(key: nil) { $0.append(rect(-1)) }
        list.end()
    }

    /// Without kept shapes, the segments drawn in a frame have their shapes in the frame's
    /// buffer (lent by the caller and drawn over by the next frame), a kept segment has none,
    /// and ``IncrementalDisplayList/redrawAll()`` makes every segment draw again.
    @Test func withoutKeptShapesOnlyTheFramesDrawnSegmentsHaveShapes() {
        var list = IncrementalDisplayList(keepsShapes: false)
        var buffer: [Shape] = []
        var draws = 0
        func frame(_ x: Double) {
            list.swapFrameShapes(&buffer)
            Self.frame(&list, x: x, draws: &draws)
            list.swapFrameShapes(&buffer)
        }
        func shapes(_ index: Int) -> [Shape] {
            list.swapFrameShapes(&buffer)
            defer { list.swapFrameShapes(&buffer) }
            return list.withShapes(ofSegment: index) { Array($0[$1]) }
        }
        frame(1)
        #expect(buffer == [Self.rect(1), Self.rect(-1)], "drawn into the lent buffer, segment after segment")
        #expect(list.hasShapes(ofSegment: 0) && list.hasShapes(ofSegment: 1))
        #expect(shapes(0) == [Self.rect(1)] && shapes(1) == [Self.rect(-1)])
        let capacity = buffer.capacity
        frame(1)
        #expect(draws == 1, "kept, and never drawn again to check it: there is nothing to compare with")
        #expect(!list.hasShapes(ofSegment: 0) && list.hasShapes(ofSegment: 1))
        #expect(buffer == [Self.rect(-1)] && buffer.capacity == capacity, "the next frame draws over the buffer")
        #expect(shapes(1) == [Self.rect(-1)])
        list.redrawAll()
        frame(1)
        #expect(draws == 2, "drawn again, its key unchanged")
        list.swapFrameShapes(&buffer)
        #expect(list.displayList == DisplayList(size: Self.size, shapes: [Self.rect(1), Self.rect(-1)]))
        list.swapFrameShapes(&buffer)
        #expect(list.reused == 1 && list.drawn == 5)
    }

    /// The server reads every segment of a session every frame: they stay 48 bytes (see
    /// ``IncrementalDisplayList/Segment``).
    @Test func aSegmentIsSmall() {
        #expect(MemoryLayout<IncrementalDisplayList.Segment>.stride == 48)
    }

    @Test func aSegmentIsKeptWhileItsKeyIsTheSame() {
        var list = IncrementalDisplayList()
        var draws = 0
        Self.frame(&list, x: 1, draws: &draws)
        let first = list.segments.map(\.version)
        Self.frame(&list, x: 1, draws: &draws)
        let second = list.segments.map(\.version)
        #expect(second[0] == first[0], "kept: same version")
        #expect(second[1] != first[1], "no key: drawn every frame")
        Self.frame(&list, x: 2, draws: &draws)
        #expect(list.segments.map(\.version)[0] != first[0])
        #expect(list.displayList == DisplayList(size: Self.size, shapes: [Self.rect(2), Self.rect(-1)]))
        #expect(list.reused == 1 && list.drawn == 5)
        // A kept segment is drawn again to check it in debug builds only.
        var checks = 0
        assert(
            {
                checks = 1; return true
            }())
        #expect(draws == 2 + checks)
    }

    /// A component whose key promises to hold until a time is kept without writing its key
    /// before that time, while the stack's revision stays the same; at that time, or with a new
    /// revision, the key is written again.
    @Test func aKeyPromisedSteadyIsNotWrittenBeforeItsTime() {
        var list = IncrementalDisplayList()
        var keys = 0
        // Debug builds write a promised key anyway, to check the promise.
        var checking = 0
        assert(
            {
                checking = 1; return true
            }())
        func frame(at time: Double, revision: UInt64, value: Double = 1) {
            list.begin(size: Self.size)
            list.segments(count: 2, revision: revision, at: time) { index, key in
                keys += 1
                key.add(value)
                // The first component promises its key until t = 1, the second nothing.
                if index == 0 { key.holds(until: 1) }
            } draw: { index, shapes in
                shapes.append(Self.rect(Double(index) * value))
            }
            list.end()
        }
        frame(at: 0, revision: 7)
        #expect(keys == 2 && list.keptSteady == 0)
        frame(at: 0.5, revision: 7)
        #expect(keys == 3 + checking && list.keptSteady == 1, "the first kept without its key")
        frame(at: 0.99, revision: 7)
        #expect(keys == 4 + 2 * checking && list.keptSteady == 2)
        frame(at: 1, revision: 7)
        #expect(keys == 6 + 2 * checking && list.keptSteady == 2, "at the promised time the key is written")
        frame(at: 0.5, revision: 8, value: 2)
        #expect(keys == 8 + 2 * checking && list.keptSteady == 2, "a new revision writes every key")
        #expect(list.displayList == DisplayList(size: Self.size, shapes: [Self.rect(0), Self.rect(2)]))
        #expect(list.reused == 6 && list.drawn == 4)
    }

    /// A segment keyed by revision and position alone holds for good: kept without writing its
    /// key while the revision stays the same, drawn again under a new one. A promise belongs
    /// to the segment it was made for: when another segment took its place in between, the
    /// component coming back is drawn again rather than given the other one's shapes.
    @Test func aRevisionKeyHoldsForItsOwnSegmentOnly() {
        var list = IncrementalDisplayList()
        var draws = 0
        func frame(revision: UInt64, before: Bool, x: Double = 1) {
            list.begin(size: Self.size)
            // Another component's unkeyed segment, now and then in front, takes position 0.
            if before { list.segment(key: nil) { $0.append(Self.rect(-5)) } }
            list.segment(revision: revision, position: 0) {
                draws += 1
                $0.append(Self.rect(x))
            }
            list.end()
        }
        frame(revision: 3, before: false)
        frame(revision: 3, before: false)
        frame(revision: 3, before: false)
        #expect(list.keptSteady == 2)
        frame(revision: 4, before: false, x: 2)
        #expect(list.keptSteady == 2 && list.displayList.shapes == [Self.rect(2)])
        frame(revision: 4, before: true, x: 2)
        // Position 0 now holds the unkeyed shapes; the component is back there next frame.
        frame(revision: 4, before: false, x: 2)
        #expect(list.displayList.shapes == [Self.rect(2)])
        frame(revision: 4, before: false, x: 2)
        #expect(list.keptSteady == 3)
    }

    /// A promise counts only for a stack's component (whose key starts with the stack's
    /// revision and the component's index): a plain keyed segment's key is written every frame,
    /// promise or not.
    @Test func aPlainKeysPromiseIsIgnored() {
        var list = IncrementalDisplayList()
        var keys = 0
        for _ in 0..<3 {
            list.begin(size: Self.size)
            list.segment(key: { k in
                keys += 1
                k.add(7)
                k.holds(until: .infinity)
            }) { $0.append(Self.rect(1)) }
            list.end()
        }
        #expect(keys == 3 && list.keptSteady == 0 && list.reused == 2)
    }

    @Test func versionsNeverRepeatAndSegmentsPastTheLastAreDropped() {
        var list = IncrementalDisplayList()
        var seen: Set<UInt64> = []
        for count in [3, 1, 4, 0, 2] {
            list.begin(size: Self.size)
            for index in 0..<count {
                list.segment(key: { $0.add(index + count * 10) }) { $0.append(Self.rect(Double(index))) }
            }
            list.end()
            #expect(list.segmentCount == count)
            #expect(list.displayList.shapes == (0..<count).map { Self.rect(Double($0)) })
            for segment in list.segments { #expect(seen.insert(segment.version).inserted) }
        }
    }

    /// The shape count kept beside each segment's version is its shapes' count, and the list's
    /// total is the flattened list's, through segments kept, drawn again with more or fewer
    /// shapes, emptied, steady and dropped.
    @Test func shapeCountsFollowTheShapes() {
        var list = IncrementalDisplayList()
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            list.begin(size: Self.size)
            let segments = Int.random(in: 0...5, using: &random)
            for index in 0..<segments {
                // Keys 0...3: often the same as last round's (kept), sometimes not (drawn again).
                let key = Int.random(in: 0...3, using: &random)
                let count = (key * 3 + index) % 5
                list.segment(key: { $0.add(key) }) { shapes in
                    for n in 0..<count { shapes.append(Self.rect(Double(n))) }
                }
            }
            list.segment(revision: UInt64(round / 7), position: segments) { shapes in
                for n in 0..<(round / 7) % 4 { shapes.append(Self.rect(Double(n))) }
            }
            list.end()
            for (index, segment) in list.segments.enumerated() {
                #expect(segment.shapeCount == list.withShapes(ofSegment: index) { $1.count }, "round \(round)")
            }
            #expect(list.shapeCount == list.displayList.shapes.count, "round \(round)")
        }
    }

    @Test func withoutCachingEverySegmentIsDrawn() {
        var list = IncrementalDisplayList(caching: false)
        var keys = 0
        for _ in 0..<3 {
            list.begin(size: Self.size)
            list.segment(key: { key in
                keys += 1
                key.add(true)
            }) { $0.append(Self.rect(0)) }
            list.end()
        }
        #expect(keys == 0 && list.drawn == 3 && list.reused == 0)
    }

    @Test func keysCompareBitForBit() {
        var list = IncrementalDisplayList()
        var draws = 0
        for value in [0.0, -0.0, Double.nan, Double.nan, 1e-300] {
            list.begin(size: Self.size)
            list.segment(key: { $0.add(value) }) {
                draws += 1
                $0.append(Self.rect(0))
            }
            list.end()
        }
        // 0 and -0 differ; NaN keeps (same bits).
        #expect(list.drawn == 4)
    }
}
