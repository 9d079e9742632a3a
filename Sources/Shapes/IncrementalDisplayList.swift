public import Geometry

/// A display list drawn in segments (one component's shapes each, in drawing order) that keeps a
/// segment's shapes from one frame to the next while the key they were drawn from stays the same
/// (docs/architecture.md, "Incremental rendering").
///
/// A component that draws into a segment gives a ``DrawKey``: everything its drawing reads that
/// can change (which component it is, the revision of its model state, the presentation values
/// it samples at the frame's time). Equal keys promise equal shapes, so the segment is not drawn
/// again and keeps its ``Segment/version``; an encoder that kept the segment's bytes for that
/// version reuses them too. A segment without a key is drawn every frame.
///
/// The flattened shapes (``displayList``) are always exactly what drawing every segment afresh
/// gives. Debug builds check that on every reuse in a list that keeps shapes: the segment is
/// drawn again and compared, so a key that misses an input fails the first test that reaches
/// it. A list that keeps none (``keepsShapes``, the server's) has nothing to compare with: the
/// server's debug builds compare each whole frame's bytes with the display list drawn afresh.
public struct IncrementalDisplayList: Sendable {
    /// One segment: the version its shapes were drawn at, how many there are, and what decides
    /// whether it is drawn again. Its shapes are read with ``withShapes(ofSegment:_:)``.
    ///
    /// 48 bytes: the server reads every segment of a session's list every frame, and under
    /// load each cache line of them is a miss (docs/architecture.md, "Cache lines per frame").
    public struct Segment: Sendable {
        /// Changes (to a value this list never gave before) every time the shapes are drawn.
        public fileprivate(set) var version: UInt64 = 0
        /// The key the shapes were drawn from (empty: none, drawn every frame).
        fileprivate var key: [UInt64] = []
        /// A media time before which the key is known to stay the same while the stack's
        /// revision does (``DrawKey/holds(until:)``); minus infinity when nothing was promised.
        fileprivate var steadyUntil = -Double.infinity
        /// The stack revision and component index the promise was made under (the key's first
        /// two values, kept beside the promise: checking a steady segment reads this struct
        /// only, not the key's storage, which under load is a cache miss of its own).
        fileprivate var steadyRevision: UInt64 = 0
        fileprivate var steadyIndex: Int32 = -1
        /// The number of shapes, kept beside the version: counting a frame's shapes
        /// (``IncrementalDisplayList/shapeCount``, every binary frame) reads no shapes.
        fileprivate var count: Int32 = 0
        /// Without kept shapes (``keepsShapes`` false): the frame the segment was last drawn in
        /// (``IncrementalDisplayList/frameNumber``, wrapping), and where its shapes start in
        /// that frame's shapes.
        fileprivate var drawnInFrame: UInt32 = 0
        fileprivate var frameStart: Int32 = 0

        /// How many shapes the segment has.
        public var shapeCount: Int { Int(count) }
    }

    /// Whether segments with equal keys are kept (false: every segment is drawn every frame and
    /// no key is computed, for one-off display lists).
    public let caching: Bool
    /// Whether segments keep their shapes from frame to frame. Without (false), a frame's
    /// segments are drawn one after the other into one buffer, which the next frame draws over:
    /// only the segments drawn in the current frame have shapes (``withShapes(ofSegment:_:)``),
    /// and a kept segment is known by its version alone, for an encoder that kept its bytes.
    /// That is how the server draws: a segment's kept shapes were its largest part, read and
    /// destroyed when it was drawn again, a cold line per shape and frame under load
    /// (docs/architecture.md, "Incremental rendering"); the frame's buffer, lent by the drawing
    /// thread (``swapFrameShapes(_:)``), is in that thread's caches.
    public let keepsShapes: Bool
    /// Without kept shapes: the shapes drawn in the current frame, segment after segment.
    private var frameShapes: [Shape] = []
    /// With kept shapes: each segment's, by index (beside the segments, which stay small).
    private var keptShapes: [[Shape]] = []
    /// Frames begun since the list was made, wrapping (segments drawn in the current one have
    /// this number).
    private var frameNumber: UInt32 = 0
    /// The canvas size of the current frame.
    public private(set) var size: Size
    /// The segments kept (``segmentCount`` of them belong to the current frame).
    private var kept: [Segment] = []
    /// Segments drawn or kept in the current frame.
    public private(set) var segmentCount = 0
    /// The last version given.
    private var lastVersion: UInt64 = 0
    /// Reused for each new key, so computing one allocates nothing.
    private var scratch = DrawKey()
    /// Segments kept (not drawn) and drawn since the list was made.
    public private(set) var reused = 0
    public private(set) var drawn = 0
    /// Segments kept without their key being written, because it was known steady (see
    /// ``segments(count:revision:at:key:draw:)``), since the list was made.
    public private(set) var keptSteady = 0

    /// An empty list. With `caching` false, ``segment(key:draw:)`` always draws.
    /// With `keepsShapes` false, segments keep no shapes from one frame to the next (see
    /// ``keepsShapes``).
    public init(size: Size = Size(width: 0, height: 0), caching: Bool = true, keepsShapes: Bool = true) {
        self.size = size
        self.caching = caching
        self.keepsShapes = keepsShapes
    }

    /// Swaps the buffer a frame's segments are drawn into with `buffer`: a thread drawing many
    /// lists in turn lends each its own buffer for the frame (swapped in before ``begin(size:)``,
    /// back after the frame is encoded), so the shapes are written where the last list's were,
    /// in the thread's caches. Only lists that do not keep shapes use it, and their shapes
    /// (``withShapes(ofSegment:_:)``, ``displayList``) are read while the buffer is lent.
    public mutating func swapFrameShapes(_ buffer: inout [Shape]) {
        swap(&frameShapes, &buffer)
    }

    /// Whether segment `index` of the current frame has its shapes here: always when the list
    /// keeps shapes, otherwise when it was drawn in the current frame (not kept by its key).
    public func hasShapes(ofSegment index: Int) -> Bool {
        keepsShapes || kept[index].drawnInFrame == frameNumber
    }

    /// Passes segment `index`'s shapes to `body`, as `shapes[range]` (borrowed: valid only
    /// during the call).
    ///
    /// - Precondition: ``hasShapes(ofSegment:)``: an encoder asking for the shapes of a segment
    ///   kept without them has lost step with the list (see ``redrawAll()``).
    public func withShapes<Result>(ofSegment index: Int, _ body: ([Shape], Range<Int>) -> Result) -> Result {
        if keepsShapes { return body(keptShapes[index], keptShapes[index].indices) }
        precondition(hasShapes(ofSegment: index), "segment \(index) was kept without its shapes")
        let start = Int(kept[index].frameStart)
        return body(frameShapes, start..<(start + kept[index].shapeCount))
    }

    /// Makes every segment of the next frame draw again, whatever its key: for a list that keeps
    /// no shapes, when an encoder that did not encode the last frame must encode the next (it
    /// kept no bytes for the segments' versions, and nothing here has their shapes).
    public mutating func redrawAll() {
        for index in kept.indices {
            kept[index].key.removeAll(keepingCapacity: true)
            kept[index].steadyUntil = -.infinity
        }
    }

    /// The current frame's segments, in drawing order.
    public var segments: ArraySlice<Segment> { kept[0..<segmentCount] }

    /// Starts a frame of `size` points: segments are then given in drawing order.
    public mutating func begin(size: Size) {
        self.size = size
        segmentCount = 0
        frameNumber &+= 1
        if !keepsShapes { frameShapes.removeAll(keepingCapacity: true) }
    }

    /// The next segment: kept as it is when `key` writes the same key as the segment in this
    /// position had, otherwise drawn by `draw` (which appends to an empty array). Without a key
    /// (or when the list does not cache) it is always drawn.
    public mutating func segment(key: ((inout DrawKey) -> Void)?, draw: (inout [Shape]) -> Void) {
        if caching, let key {
            keyedSegment(key: key, draw: draw)
        } else {
            unkeyedSegment(draw: draw)
        }
    }

    /// The next segment, kept while the component stack's model `revision` and the segment's
    /// `position` among the stack's segments stay the same: for shapes that read nothing else
    /// that changes (no presentation value). Such a key holds for good, so a kept segment is
    /// checked without writing it (as a steady key, see
    /// ``segments(count:revision:at:key:draw:)``). A stack uses one of the two forms for its
    /// keyed segments: a steady segment is recognized by its revision and position alone.
    public mutating func segment(revision: UInt64, position: Int, draw: (inout [Shape]) -> Void) {
        guard caching else {
            unkeyedSegment(draw: draw)
            return
        }
        // No frame time is needed: the promise is for good, so any time is before it.
        stackSegment(
            revision: revision, index: position, at: -.infinity, key: { $0.holds(until: .infinity) }, draw: draw)
    }

    /// A segment for each of a component stack's `count` components in the frame at media time
    /// `time`, in order: component `index`'s key is the stack's model `revision`, its position,
    /// then what `key` writes for it (the presentation its drawing samples); `draw` draws it.
    ///
    /// A key need not be written again while the stack's `revision` is the same and `time` is
    /// before the time the last key promised to hold until (``DrawKey/holds(until:)``): the
    /// segment is kept as it is. Debug builds write the key anyway and check that it is the same.
    public mutating func segments(
        count: Int, revision: UInt64, at time: Double, key: (Int, inout DrawKey) -> Void,
        draw: (Int, inout [Shape]) -> Void
    ) {
        guard caching else {
            for index in 0..<count { unkeyedSegment { draw(index, &$0) } }
            return
        }
        for index in 0..<count {
            stackSegment(
                revision: revision, index: index, at: time, key: { key(index, &$0) }, draw: { draw(index, &$0) })
        }
    }

    /// The next segment, component `index` of a stack at model `revision`: kept without writing
    /// its key while the key it was drawn from promised to hold past `time` under that revision
    /// and index (debug builds write it anyway and check it, and the shapes); otherwise keyed by
    /// the revision, the index, then what `key` writes.
    ///
    /// Non-escaping closures all the way down: their contexts live on the stack (an optional,
    /// hence escaping, key closure allocated two contexts per segment).
    private mutating func stackSegment(
        revision: UInt64, index: Int, at time: Double, key: (inout DrawKey) -> Void, draw: (inout [Shape]) -> Void
    ) {
        let position = nextSegment()
        func stackKey(_ k: inout DrawKey) {
            k.add(revision)
            k.add(index)
            key(&k)
        }
        // Fields read one by one: binding `kept[position]` would copy the segment, retaining its arrays.
        if time < kept[position].steadyUntil && kept[position].steadyRevision == revision
            && kept[position].steadyIndex == Int32(truncatingIfNeeded: index)
        {
            reused += 1
            keptSteady += 1
            assert(
                Self.writes(kept[position].key, stackKey), "segment \(position) was promised steady but its key changed"
            )
            assert(
                !keepsShapes || Self.drawsSame(keptShapes[position], draw),
                "segment \(position) kept as steady draws differently")
            return
        }
        keyedSegment(at: position, promiseFor: (revision, index), key: stackKey, draw: draw)
    }

    /// Takes the next segment's position, making room for it.
    private mutating func nextSegment() -> Int {
        let index = segmentCount
        segmentCount += 1
        if index == kept.count {
            kept.append(Segment())
            if keepsShapes { keptShapes.append([]) }
        }
        return index
    }

    /// The next segment, kept when `key` writes the key it was drawn from, else drawn. The key's
    /// promise (``DrawKey/holds(until:)``) is kept only for a stack's component, `promiseFor`
    /// (its stack's revision and its index), which is what ``stackSegment`` checks it against.
    private mutating func keyedSegment(
        at index: Int? = nil, promiseFor component: (revision: UInt64, index: Int)? = nil,
        key: (inout DrawKey) -> Void, draw: (inout [Shape]) -> Void
    ) {
        let index = index ?? nextSegment()
        scratch.values.removeAll(keepingCapacity: true)
        scratch.steadyUntil = nil
        key(&scratch)
        if let component, let until = scratch.steadyUntil {
            kept[index].steadyUntil = until
            kept[index].steadyRevision = component.revision
            kept[index].steadyIndex = Int32(truncatingIfNeeded: component.index)
        } else {
            kept[index].steadyUntil = -.infinity
        }
        if !kept[index].key.isEmpty && kept[index].key == scratch.values {
            reused += 1
            // Without kept shapes, the frame's encoder checks its bytes against a fresh drawing instead.
            assert(
                !keepsShapes || Self.drawsSame(keptShapes[index], draw),
                "segment \(index) kept for an unchanged key draws differently: its key misses an input")
            return
        }
        // Keep the new key and hand the old array back as the next scratch buffer.
        swap(&kept[index].key, &scratch.values)
        redraw(index, draw: draw)
    }

    /// The next segment, drawn without a key (so never kept).
    private mutating func unkeyedSegment(draw: (inout [Shape]) -> Void) {
        let index = nextSegment()
        kept[index].key.removeAll(keepingCapacity: true)
        kept[index].steadyUntil = -.infinity
        redraw(index, draw: draw)
    }

    /// Draws segment `index` afresh under a new version.
    private mutating func redraw(_ index: Int, draw: (inout [Shape]) -> Void) {
        drawn += 1
        lastVersion &+= 1
        kept[index].version = lastVersion
        guard keepsShapes else {
            let start = frameShapes.count
            draw(&frameShapes)
            kept[index].drawnInFrame = frameNumber
            kept[index].frameStart = Int32(start)
            kept[index].count = Int32(frameShapes.count - start)
            return
        }
        keptShapes[index].removeAll(keepingCapacity: true)
        draw(&keptShapes[index])
        kept[index].count = Int32(keptShapes[index].count)
    }

    /// Ends the frame: segments of earlier frames past the last one given are dropped.
    public mutating func end() {
        if kept.count > segmentCount { kept.removeSubrange(segmentCount...) }
        if keptShapes.count > segmentCount { keptShapes.removeSubrange(segmentCount...) }
    }

    /// Shapes in the current frame's segments, all together.
    public var shapeCount: Int {
        var total = 0
        for index in 0..<segmentCount { total += kept[index].shapeCount }
        return total
    }

    /// The current frame as one display list.
    ///
    /// - Precondition: every segment has its shapes (``hasShapes(ofSegment:)``).
    public var displayList: DisplayList {
        var shapes: [Shape] = []
        shapes.reserveCapacity(shapeCount)
        for index in 0..<segmentCount {
            withShapes(ofSegment: index) { shapes.append(contentsOf: $0[$1]) }
        }
        return DisplayList(size: size, shapes: shapes)
    }

    /// Whether `key` writes exactly `values`.
    private static func writes(_ values: [UInt64], _ key: (inout DrawKey) -> Void) -> Bool {
        var again = DrawKey()
        key(&again)
        return again.values == values
    }

    private static func drawsSame(_ shapes: [Shape], _ draw: (inout [Shape]) -> Void) -> Bool {
        var again: [Shape] = []
        draw(&again)
        // NaN is unequal to itself: shapes holding one are compared by their description.
        return again == shapes || String(describing: again) == String(describing: shapes)
    }
}

/// What a segment of an ``IncrementalDisplayList`` is drawn from, written value by value: equal
/// keys must give equal shapes. Write which component draws (its kind and position), the
/// revision of its model state, and every value its drawing samples at the frame's time, in
/// the form the drawing uses (a spinner's highlighted spoke rather than its raw rotation, so
/// frames between two steps share a key). Writing more than needed only costs reuse; missing an
/// input shows stale shapes (debug builds catch that, see ``IncrementalDisplayList``).
public struct DrawKey: Sendable {
    fileprivate var values: [UInt64] = []
    /// The earliest time promised by ``holds(until:)`` (nil: no promise).
    fileprivate var steadyUntil: Double?

    /// Promises that, while the component stack's revision stays the same, the key written is
    /// the same at every frame time before `time` (so a list that knows the frame's time may
    /// keep the segment without writing its key: ``IncrementalDisplayList/segments(count:revision:at:key:draw:)``).
    /// Several promises keep the earliest. A promise that breaks shows stale shapes (debug builds
    /// check it), so give a time no later than the first change could come.
    public mutating func holds(until time: Double) {
        steadyUntil = min(steadyUntil ?? time, time)
    }

    /// Appends an integer.
    public mutating func add(_ value: Int) { values.append(UInt64(bitPattern: Int64(value))) }
    /// Appends an unsigned integer (revisions).
    public mutating func add(_ value: UInt64) { values.append(value) }
    /// Appends a number, bit for bit (0 and -0 differ, which at most costs a redraw).
    public mutating func add(_ value: Double) { values.append(value.bitPattern) }
    /// Appends a flag.
    public mutating func add(_ value: Bool) { values.append(value ? 1 : 0) }
    /// Appends a point.
    public mutating func add(_ point: Point) {
        add(point.x)
        add(point.y)
    }
}
