import Foundation
import Geometry
import JSON
public import Shapes

/// Encodes the frames of an ``IncrementalDisplayList`` in one encoding, keeping each segment's
/// encoded shapes while the segment keeps its version: only segments drawn again are encoded
/// again, and the frame is updated in place (docs/architecture.md, "Incremental rendering").
///
/// Every shape encodes to the same bytes wherever it stands (JSON items are separated by
/// commas, binary shapes follow each other after one count), so the frame is byte for byte
/// what ``FrameEncoder`` or ``BinaryFrameEncoder`` write for the flattened display list: the
/// canonical JSON, its checksum and the binary frame are unchanged.
///
/// The encoder holds one buffer: room in front, the header (`seq`, `t`) ending where the
/// display list's part begins, then that part. A new frame writes the header and the segments
/// encoded again over the old ones and moves only the kept segments whose place changed (a
/// segment before them changed length); kept segments that stay put are not touched, so a
/// frame costs memory traffic in proportion to what changed, not to its size. A header that
/// changes length moves where the frame starts, not the display list's part: a transport sends
/// from ``messageStart``. ``revertIfUnchanged()`` goes back to the frame before when the
/// display list's part came out the same, for a caller that keeps showing that frame.
///
/// Someone still holding ``buffer`` (a transport that has not written it yet) gets it copied
/// on the next frame, as any shared array is; the frame they hold stays as it was.
///
/// Keep one per session and encoding, with the list it encodes: versions are the list's own.
public struct IncrementalFrameEncoder: Sendable {
    /// The two frame encodings (docs/protocol.md sections 4 and 9).
    public enum Encoding: Sendable {
        case json, binary
    }

    /// Where one segment's encoded shapes stand in the buffer: for JSON, the items separated by
    /// commas, after a comma of its own (`lead`) when a non-empty run comes before it; for
    /// binary, the shapes one after the other.
    ///
    /// 24 bytes: a frame reads every run of the last frame, and under load each cache line of
    /// them is a miss (docs/architecture.md, "Cache lines per frame"); a frame's offsets fit in
    /// 32 bits.
    fileprivate struct Run {
        /// The segment version the bytes encode.
        var version: UInt64
        /// ``FrameBodyHash`` of the run's bytes, taken when they were encoded.
        let hash: UInt64
        private let storedStart: UInt32
        /// The count, shifted left by one, and the lead comma in the low bit.
        private let storedCount: UInt32

        init(version: UInt64, start: Int, count: Int, lead: Bool, hash: UInt64) {
            self.version = version
            self.hash = hash
            storedStart = UInt32(start)
            // Shifted before narrowing, so a count that does not fit traps rather than losing a bit.
            storedCount = UInt32(count << 1 | (lead ? 1 : 0))
        }

        var start: Int { Int(storedStart) }
        var count: Int { Int(storedCount >> 1) }
        var lead: Bool { storedCount & 1 != 0 }
    }

    /// The size of a run's record (for the test that keeps it small).
    static var runStride: Int { MemoryLayout<Run>.stride }

    /// Room an encoder writes a frame's new parts in (the header, the prefix and the segments
    /// encoded again) before laying them out over the last frame, with where each segment
    /// stands and its hash. It holds nothing from one frame to the next, so the encoders one
    /// thread runs one after another share one (``encodeFrame(_:seq:time:headroom:scratch:)``):
    /// under load, a scratch per session was cold at every frame, and writing to it missed the
    /// caches line by line (half of a frame's cache write misses in a simulation of the
    /// `frames` part, docs/benchmarks.md), besides holding 8 KB of every JSON session's memory.
    public struct Scratch: Sendable {
        /// JSON: where the bytes are written.
        fileprivate var writer = JSONWriter(capacity: 0)
        /// Binary: the same, as `storage[0..<storageCount]`.
        fileprivate var storage: [UInt8] = []
        fileprivate var storageCount = 0
        /// Each segment encoded again, by segment index (nil for segments kept from the last
        /// frame).
        fileprivate var fresh: [FreshRun?] = []
        /// Where each segment's run goes in the new frame (``placeRuns(_:from:)``), copied into
        /// the encoder's own runs once the frame is laid out: a second array per encoder, swapped
        /// with the first every frame, was cold lines written at every frame (a write miss per
        /// line in a simulation of the `frames` part, docs/benchmarks.md).
        fileprivate var placed: [Run] = []
        /// JSON: numbers' text, copied rather than formatted again when a number recurs (a
        /// spinner's spokes, a table's rows, across frames and sessions): one per thread, as the
        /// scratch is. Made at the first JSON segment encoded with the scratch, not with it: every
        /// encoder holds an empty scratch of its own while it is not lent one, and 16 KB each
        /// would add 32 MB to a thousand sessions.
        fileprivate(set) var numbers: NumberTextCache?

        /// An empty scratch (it grows to the largest frame encoded with it).
        public init() {}

        /// The bytes written for a frame in `encoding` (the writer's, or the storage's used part).
        fileprivate func withBytes<Result>(
            of encoding: Encoding, _ body: (UnsafeRawBufferPointer) -> Result
        ) -> Result {
            switch encoding {
            case .json: writer.withUnsafeBytes(body)
            case .binary: storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<storageCount])) }
            }
        }

        /// ``FrameBodyHash`` of the bytes at `range` (written for a frame in `encoding`).
        fileprivate func hash(_ range: Range<Int>, of encoding: Encoding) -> UInt64 {
            withBytes(of: encoding) { FrameBodyHash.hash(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }

    /// One edit of a delta (docs/protocol.md section 10): from the base frame's top-level shape
    /// `at`, `removed` shapes give way to `inserted` ones, the runs encoded again of the
    /// `segments` (consecutive segments whose bytes changed, or that are gone, make one edit).
    fileprivate struct DeltaEdit {
        var at: Int
        var removed = 0
        var inserted = 0
        var segments: Range<Int>
    }

    /// A segment encoded again in the scratch: where its bytes stand, and their hash (taken
    /// while they are in cache).
    fileprivate struct FreshRun {
        var range: Range<Int>
        var hash: UInt64
    }

    /// Room the buffer keeps in front of a header when the header is placed afresh, so a header
    /// that grows by a few digits does not move the display list's part.
    private static let headerSlack = 16

    /// The encoding written.
    public let encoding: Encoding
    /// Room, then the last frame: its header in `bytes[headerStart..<bodyOffset]`, its display
    /// list's part from `bodyOffset` to the end.
    private var bytes: [UInt8] = []
    private var headerStart = 0
    private var bodyOffset = 0
    /// Bytes of the display list's part before the first run (JSON: `"w":W,"h":H,"shapes":[`;
    /// binary: the size and the shape count).
    private var prefixCount = 0
    /// Where each segment's run stands in `bytes`.
    private var runs: [Run] = []
    /// Whether a frame was made.
    private var hasFrame = false
    /// Whether the last frame's display-list part is the one of the frame before it, and that
    /// frame's header (what ``revertIfUnchanged()`` puts back).
    private var unchanged = false
    private var shownHeader: [UInt8] = []
    /// The last frame's ``bodyIdentity``, and the one of the frame before it (what
    /// ``revertIfUnchanged()`` puts back).
    private var identity: UInt64 = 0
    private var shownIdentity: UInt64 = 0
    /// Where the header, the prefix and the segments encoded again are written before they are
    /// laid out: the caller's ``Scratch``, lent for the time of ``encodeFrame(_:seq:time:headroom:scratch:)``
    /// (empty otherwise).
    private var scratch = Scratch()
    /// Runs encoded and runs reused since the encoder was made.
    public private(set) var encoded = 0
    public private(set) var reused = 0
    /// What an encoder needs to make deltas (docs/protocol.md section 10), kept by its caller and
    /// lent to ``encodeFrame(_:seq:time:headroom:deltaBase:deltas:scratch:)``: each segment's
    /// top-level shape count in the last frame and its size, and the last delta made. Kept apart
    /// from the encoder so that an encoder without deltas (most sessions) holds none of it: a
    /// session's object is read whole at every frame (docs/architecture.md, "Prefetching the
    /// next session").
    public struct DeltaState: Sendable {
        fileprivate var shapeCounts: [Int32] = []
        fileprivate var countedSize = Size(width: 0, height: 0)
        /// The encoder's ``IncrementalFrameEncoder/encoded`` plus ``IncrementalFrameEncoder/reused``
        /// after the frame the counts are of: a frame made since without this state (one made
        /// whole, for instance) leaves them stale, and the next frame makes no delta.
        fileprivate var stamp = -1
        /// The last delta made (headroom, then the message), the seq it leads to and its base.
        fileprivate var bytes: [UInt8] = []
        fileprivate var made: (seq: Int, base: Int)?

        public init() {}

        /// The delta made with the frame numbered `seq` (laid out as ``IncrementalFrameEncoder/buffer``
        /// is: the headroom asked for, then the message) and the seq of its base; nil when the
        /// last frame made with this state was another, or got none (no base asked for, or the
        /// frame before could not be one: none, another size, a frame made without this state).
        public func delta(leadingTo seq: Int) -> (bytes: [UInt8], base: Int)? {
            guard let made, made.seq == seq else { return nil }
            return (bytes, made.base)
        }
    }

    /// An encoder of `encoding` frames.
    public init(_ encoding: Encoding) {
        self.encoding = encoding
    }

    /// The buffer holding the last frame (``encodeFrame(_:seq:time:headroom:scratch:)``): the frame is
    /// `buffer[frameStart...]`, with at least the headroom asked for in front of it. Empty
    /// before the first frame.
    public var buffer: [UInt8] { bytes }

    /// Where the last frame starts in ``buffer``.
    public var frameStart: Int { headerStart }

    /// The last frame (a slice of ``buffer``). Empty before the first frame.
    public var frame: ArraySlice<UInt8> { bytes[headerStart...] }

    /// Where the last frame's display-list part starts, counted from the frame's first byte.
    public var bodyStart: Int { bodyOffset - headerStart }

    /// Whether the last frame's display-list part is byte for byte the one of the frame before
    /// it (false when there was none, and after ``revertIfUnchanged()``).
    public var bodyIsUnchanged: Bool { unchanged }

    /// A 64-bit identity of the last frame's display-list part, made without reading it: the
    /// prefix's hash and each non-empty segment's hash (taken once, when the segment was
    /// encoded), combined in order, seeded by the encoding. Two parts split alike into non-empty
    /// segments have equal identities exactly when their bytes are equal, but for a chance of
    /// about 2^-64 (empty segments do not count). The same bytes split differently (the same
    /// shapes drawn by the next segment instead, nothing else changing) may get another
    /// identity: a transport using it to skip frames a watcher already shows then sends one
    /// again, never withholds one.
    public var bodyIdentity: UInt64 { identity }

    /// Encodes `list`'s current frame as message `seq` at media time `time` and passes its bytes
    /// to `body` without copying them (valid only during the call), with the offset where the
    /// display list's part starts (as `FrameEncoder` and `BinaryFrameEncoder` do).
    public mutating func withEncodedFrame<Result>(
        _ list: IncrementalDisplayList, seq: Int, time: Double, scratch: inout Scratch,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        let bodyStart = encodeFrame(list, seq: seq, time: time, headroom: 0, scratch: &scratch)
        let start = headerStart
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start...]), bodyStart) }
    }

    /// Encodes `list`'s current frame as message `seq` at media time `time` into ``buffer``,
    /// leaving at least `headroom` bytes in front of it (room a transport writes a header into;
    /// their values are unspecified), writing the new parts in `scratch` first (see
    /// ``Scratch``). Returns where the display list's part starts, counted from the frame's
    /// first byte.
    @discardableResult
    public mutating func encodeFrame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, headroom: Int, scratch shared: inout Scratch
    ) -> Int {
        var none = DeltaState()
        return encodeFrame(
            list, seq: seq, time: time, headroom: headroom, deltaBase: nil, deltas: &none, tracking: false,
            scratch: &shared)
    }

    /// Encodes a frame as ``encodeFrame(_:seq:time:headroom:scratch:)`` does and, when
    /// `deltaBase` is given (the `seq` a client shows, whose display list is the one of the last
    /// frame this encoder made), its delta from that frame, in `deltas`
    /// (``DeltaState/delta(leadingTo:)``). Give the same state for every frame: it keeps what
    /// the next delta is made against.
    @discardableResult
    public mutating func encodeFrame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, headroom: Int, deltaBase: Int?,
        deltas: inout DeltaState, scratch shared: inout Scratch
    ) -> Int {
        encodeFrame(
            list, seq: seq, time: time, headroom: headroom, deltaBase: deltaBase, deltas: &deltas, tracking: true,
            scratch: &shared)
    }

    private mutating func encodeFrame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, headroom: Int, deltaBase: Int?,
        deltas: inout DeltaState, tracking: Bool, scratch shared: inout Scratch
    ) -> Int {
        // Lent for the frame: the scratch's buffers are swapped in and back, not copied.
        swap(&scratch, &shared)
        defer { swap(&scratch, &shared) }
        // The header, the prefix and the segments drawn again, in the writer or storage.
        scratch.writer.reset()
        scratch.storageCount = 0
        let header: Range<Int>
        let prefix: Range<Int>
        switch encoding {
        case .json:
            let bodyStart = FrameEncoder.appendHeader(seq: seq, time: time, size: list.size, to: &scratch.writer)
            scratch.writer.appendByte(UInt8(ascii: "["))
            (header, prefix) = (0..<bodyStart, bodyStart..<scratch.writer.count)
        case .binary:
            let shapeCount = list.shapeCount
            var bodyStart = 0
            let written = appendBinary { cursor in
                BinaryFrameEncoder.appendHeader(
                    seq: seq, time: time, size: list.size, into: &cursor, bodyStart: &bodyStart)
                cursor.appendUVarint(UInt64(shapeCount))
            }
            (header, prefix) = (0..<bodyStart, bodyStart..<written.upperBound)
        }
        encodeChangedSegments(list)
        if tracking {
            // Before the runs are laid out: the edits compare with the last frame's runs.
            writeDelta(list, seq: seq, time: time, base: deltaBase, headroom: headroom, into: &deltas)
        }
        // Where everything goes: the display list's part stays where it is while the header
        // and the headroom fit in front of it.
        let bodyAt =
            hasFrame && bodyOffset >= headroom + header.count
            ? bodyOffset : headroom + header.count + Self.headerSlack
        let suffix = encoding == .json ? 2 : 0
        let total = placeRuns(list.segments, from: bodyAt + prefix.count) + suffix
        shownIdentity = identity
        identity = composeIdentity(prefix: prefix)
        // Moved out of `self` while they are rewritten (so they stay uniquely referenced unless
        // someone else holds the buffer).
        var buffer = bytes
        bytes = []
        var shown = shownHeader
        shownHeader = []
        let compare = hasFrame
        let oldHeader = headerStart..<bodyOffset
        let same: Bool
        // The layout sees the runs through their buffers for the call only: holding the arrays
        // retained and released them every frame (1.3% of a loaded server's samples).
        same = runs.withUnsafeBufferPointer { oldRuns in
            scratch.placed.withUnsafeBufferPointer { newRuns in
                scratch.fresh.withUnsafeBufferPointer { fresh in
                    let layout = Layout(
                        oldRuns: oldRuns, newRuns: newRuns, fresh: fresh, header: header, prefix: prefix,
                        oldPrefix: bodyOffset..<(bodyOffset + prefixCount), bodyAt: bodyAt, total: total,
                        suffix: suffix > 0)
                    return scratch.withBytes(of: encoding) {
                        layout.apply(to: &buffer, from: $0, compare: compare, oldHeader: oldHeader, shown: &shown)
                    }
                }
            }
        }
        bytes = consume buffer
        shownHeader = consume shown
        unchanged = same
        // Over the old runs, in place (their lines were just read).
        // Through the buffer: the array passed as an argument beside `&runs` was retained and
        // released around the call.
        scratch.placed.withUnsafeBufferPointer { Self.copyRuns($0, over: &runs) }
        bodyOffset = bodyAt
        headerStart = bodyAt - header.count
        prefixCount = prefix.count
        hasFrame = true
        if tracking { countShapes(list, into: &deltas) }
        return header.count
    }

    /// Encodes `list`, a display list not drawn in segments, as message `seq` at media time
    /// `time` into ``buffer``, like ``encodeFrame(_:seq:time:headroom:scratch:)`` (the same
    /// bytes, compared with the last frame for ``bodyIsUnchanged``), as one run that names no
    /// segment's version: the next incremental frame encodes every segment again. For a frame
    /// made from another encoding's bytes (``JSONFrameDecoder``, ``BinaryFrameDecoder``) when
    /// no shapes are kept to encode it from.
    public mutating func encodeFlat(
        _ list: DisplayList, seq: Int, time: Double, headroom: Int, scratch: inout Scratch
    ) {
        // Versions are each list's own: the one-segment list below and the encoder's list both
        // begin at 1. Version 0 is never a drawn segment's, so with every run at 0 before and
        // after, the whole frame reuses no run of the list's, and no segment of the list reuses
        // the whole frame's run.
        for index in runs.indices { runs[index].version = 0 }
        var single = IncrementalDisplayList(size: list.size, caching: false)
        single.begin(size: list.size)
        single.segment(key: nil) { $0.append(contentsOf: list.shapes) }
        single.end()
        encodeFrame(single, seq: seq, time: time, headroom: headroom, scratch: &scratch)
        for index in runs.indices { runs[index].version = 0 }
    }

    /// Notes in the scratch's `placed` where each segment's run goes, the runs one after the other from
    /// `start` (JSON: a comma before each non-empty run after the first); returns where they end.
    private mutating func placeRuns(_ segments: ArraySlice<IncrementalDisplayList.Segment>, from start: Int) -> Int {
        var position = start
        var anyBefore = false
        scratch.placed.removeAll(keepingCapacity: true)
        for (index, segment) in segments.enumerated() {
            let fresh = scratch.fresh[index]
            let count = fresh?.range.count ?? runs[index].count
            let lead = encoding == .json && count > 0 && anyBefore
            if count > 0 { anyBefore = true }
            if lead { position += 1 }
            let hash = fresh?.hash ?? runs[index].hash
            scratch.placed.append(
                Run(version: segment.version, start: position, count: count, lead: lead, hash: hash))
            position += count
        }
        return position
    }

    /// Makes `runs` a copy of `source` (the scratch's `placed`), in `runs`' own storage (plain
    /// values: copied as bytes; `removeAll` then `append(contentsOf:)` took about 150 more
    /// instructions a frame).
    private static func copyRuns(_ source: UnsafeBufferPointer<Run>, over runs: inout [Run]) {
        if runs.count > source.count { runs.removeLast(runs.count - source.count) }
        let kept = runs.count
        runs.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            to.update(from: from, count: kept)
        }
        if kept < source.count { runs.append(contentsOf: source[kept...]) }
    }

    /// How one frame is laid out over the last one in the buffer.
    private struct Layout {
        /// Where each segment's run stood and goes, and where the runs encoded again stand in the
        /// scratch bytes (nil: kept).
        let oldRuns: UnsafeBufferPointer<Run>
        let newRuns: UnsafeBufferPointer<Run>
        let fresh: UnsafeBufferPointer<FreshRun?>
        /// The header and the prefix, in the scratch bytes.
        let header: Range<Int>
        let prefix: Range<Int>
        /// The old prefix, in the buffer.
        let oldPrefix: Range<Int>
        /// Where the display list's part goes, and the frame's end.
        let bodyAt: Int
        let total: Int
        /// Whether JSON's `]}` ends the frame.
        let suffix: Bool

        /// Lays the frame out in `buffer` from `scratch`; returns whether its display-list part is
        /// the old one (only when `compare`: then the old header, `buffer[oldHeader]`, is kept in
        /// `shown` first).
        func apply(
            to buffer: inout [UInt8], from scratch: UnsafeRawBufferPointer, compare: Bool, oldHeader: Range<Int>,
            shown: inout [UInt8]
        ) -> Bool {
            let same = compare && sameBody(buffer, scratch)
            if same {
                shown.removeAll(keepingCapacity: true)
                shown.append(contentsOf: buffer[oldHeader])
            }
            // The old frame's suffix is where the new one's goes when the two end alike.
            let suffixInPlace = compare && buffer.count == total
            if buffer.count < total { buffer.append(contentsOf: repeatElement(0, count: total - buffer.count)) }
            buffer.withUnsafeMutableBytes { lay(in: $0, from: scratch, suffixInPlace: suffixInPlace) }
            if buffer.count > total { buffer.removeLast(buffer.count - total) }
            return same
        }

        /// Whether the new display list's part (the prefix, the runs and the commas) is byte for
        /// byte the old one, `buffer[oldPrefix.lowerBound...]`, however it falls into segments.
        private func sameBody(_ buffer: [UInt8], _ scratch: UnsafeRawBufferPointer) -> Bool {
            var cursor = oldPrefix.lowerBound
            guard buffer.count - cursor == total - bodyAt else { return false }
            return buffer.withUnsafeBytes { old in
                guard let oldBase = old.baseAddress, let scratchBase = scratch.baseAddress else { return false }
                func matches(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
                    defer { cursor += count }
                    return start == oldBase + cursor || memcmp(start, oldBase + cursor, count) == 0
                }
                guard matches(scratchBase + prefix.lowerBound, prefix.count) else { return false }
                for (index, run) in newRuns.enumerated() {
                    if run.lead {
                        // The old frame's own comma for this run is not read (its line may be cold).
                        let known = index < oldRuns.count && oldRuns[index].lead && oldRuns[index].start - 1 == cursor
                        guard known || old[cursor] == UInt8(ascii: ",") else { return false }
                        cursor += 1
                    }
                    if let encoded = fresh[index] {
                        // A run encoded again over an old run of the same place and length: unequal
                        // hashes mean unequal bytes, decided without reading the old bytes (cold).
                        if index < oldRuns.count, oldRuns[index].start == cursor, oldRuns[index].count == run.count,
                            oldRuns[index].hash != encoded.hash
                        {
                            return false
                        }
                        guard matches(scratchBase + encoded.range.lowerBound, run.count) else { return false }
                    } else {
                        guard matches(oldBase + oldRuns[index].start, run.count) else { return false }
                    }
                }
                // The suffix is the same constant, and the lengths are equal.
                return true
            }
        }

        /// Kept runs move from their old place to their new one, then the header, the prefix, the
        /// runs encoded again, the commas and the suffix are written from `scratch`. A comma
        /// already there (the run's old place had one in front, and nothing else writes there) and
        /// a suffix already in place are not written again: a kept run's line, or the frame's
        /// last, would be a cold line written for a byte it holds (a cache miss per run and frame).
        ///
        /// Kept runs keep their length and their order, so a run moving left never lands on the
        /// old place of a kept run after it, nor one moving right on one before it: moving the
        /// first kind front to back, then the second back to front, never overwrites a kept run
        /// not yet moved.
        private func lay(
            in buffer: UnsafeMutableRawBufferPointer, from scratch: UnsafeRawBufferPointer, suffixInPlace: Bool
        ) {
            guard let base = buffer.baseAddress, let source = scratch.baseAddress else { return }
            for index in newRuns.indices where fresh[index] == nil && newRuns[index].start < oldRuns[index].start {
                memmove(base + newRuns[index].start, base + oldRuns[index].start, newRuns[index].count)
            }
            for index in newRuns.indices.reversed()
            where fresh[index] == nil && newRuns[index].start > oldRuns[index].start {
                memmove(base + newRuns[index].start, base + oldRuns[index].start, newRuns[index].count)
            }
            memcpy(base + bodyAt - header.count, source + header.lowerBound, header.count)
            memcpy(base + bodyAt, source + prefix.lowerBound, prefix.count)
            for (index, run) in newRuns.enumerated() {
                if run.lead, index >= oldRuns.count || !oldRuns[index].lead || oldRuns[index].start != run.start {
                    buffer[run.start - 1] = UInt8(ascii: ",")
                }
                guard let range = fresh[index]?.range, !range.isEmpty else { continue }
                memcpy(base + run.start, source + range.lowerBound, range.count)
            }
            if suffix, !suffixInPlace {
                buffer[total - 2] = UInt8(ascii: "]")
                buffer[total - 1] = UInt8(ascii: "}")
            }
        }
    }

    /// Goes back to the frame before the last one made when the last one's display-list part is
    /// the same (``bodyIsUnchanged``): ``frame`` is that frame again, byte for byte. Returns
    /// whether it did. Segments encoded again for the dropped frame keep their new versions
    /// (their bytes are the same), so they are not encoded again.
    public mutating func revertIfUnchanged() -> Bool {
        guard unchanged else { return false }
        unchanged = false
        // A delta made with the dropped frame leads to its seq, not the shown one's. The runs (and
        // a delta state's shape counts) stay those of the dropped frame, whose display list is
        // the one put back: the next delta is made against them.
        let start = bodyOffset - shownHeader.count
        bytes.withUnsafeMutableBytes { buffer in
            shownHeader.withUnsafeBytes { header in
                guard let base = buffer.baseAddress, let source = header.baseAddress else { return }
                memcpy(base + start, source, header.count)
            }
        }
        headerStart = start
        identity = shownIdentity
        return true
    }

    /// ``bodyIdentity`` for the runs in the scratch's `placed`, with the prefix at `prefix` in the scratch bytes.
    private func composeIdentity(prefix: Range<Int>) -> UInt64 {
        // Seeded by the encoding, so a JSON and a binary part never look alike.
        var state = FrameBodyHash.combine(
            FrameBodyHash.identitySeed(encoding), scratch.hash(prefix, of: encoding))
        for run in scratch.placed where run.count > 0 { state = FrameBodyHash.combine(state, run.hash) }
        return FrameBodyHash.finish(state)
    }

    /// Encodes the segments whose version changed since the last frame into the scratch, after
    /// the header, noting where each stands and its hash.
    private mutating func encodeChangedSegments(_ list: IncrementalDisplayList) {
        let segments = list.segments
        scratch.fresh.removeAll(keepingCapacity: true)
        for (index, segment) in segments.enumerated() {
            // Versions start at 1, so a run always names a real one.
            if hasFrame, index < runs.count, runs[index].version == segment.version {
                reused += 1
                scratch.fresh.append(nil)
                continue
            }
            encoded += 1
            let range: Range<Int>
            switch encoding {
            case .json:
                let start = scratch.writer.count
                if scratch.numbers == nil { scratch.numbers = NumberTextCache() }
                let numbers = scratch.numbers
                list.withShapes(ofSegment: index) { shapes, range in
                    scratch.writer.appendShapeRun(shapes, range, numbers: numbers)
                }
                range = start..<scratch.writer.count
            case .binary:
                range = list.withShapes(ofSegment: index) { shapes, range in
                    appendBinary { $0.appendShapeRun(shapes, range) }
                }
            }
            // Hashed while the bytes just written are in cache.
            scratch.fresh.append(FreshRun(range: range, hash: scratch.hash(range, of: encoding)))
        }
    }

    /// Binary: writes with `body` after the scratch storage's used part (``BinaryFrameEncoder/write(into:at:_:)``);
    /// returns where the bytes written stand.
    private mutating func appendBinary(_ body: (inout BinaryByteCursor) -> Void) -> Range<Int> {
        let start = scratch.storageCount
        scratch.storageCount += BinaryFrameEncoder.write(into: &scratch.storage, at: start, body)
        return start..<scratch.storageCount
    }

    // MARK: Deltas

    /// Notes each segment's shape count and the size of `list`, the frame just made, for the
    /// next delta.
    private func countShapes(_ list: IncrementalDisplayList, into deltas: inout DeltaState) {
        let segments = list.segments
        if deltas.shapeCounts.count != segments.count {
            deltas.shapeCounts = Array(repeating: 0, count: segments.count)
        }
        // In place, through one buffer (an append per segment checked the array's uniqueness each time).
        deltas.shapeCounts.withUnsafeMutableBufferPointer { counts in
            for (index, segment) in segments.enumerated() { counts[index] = Int32(segment.shapeCount) }
        }
        deltas.countedSize = list.size
        deltas.stamp = encoded &+ reused
    }

    /// Writes the delta from the last frame to `list`'s (docs/protocol.md section 10) into
    /// ``delta``, when the last frame can be its base: one edit per stretch of segments whose
    /// bytes changed, holding the runs just encoded (in the scratch, after the frame's new parts).
    /// A segment drawn again into the bytes it had is no edit.
    private mutating func writeDelta(
        _ list: IncrementalDisplayList, seq: Int, time: Double, base: Int?, headroom: Int,
        into deltas: inout DeltaState
    ) {
        deltas.made = nil
        // The segments just encoded count in `encoded` and `reused`: the stamp is of the frame before.
        let before = encoded &+ reused &- list.segments.count
        guard let base, hasFrame, deltas.stamp == before, deltas.shapeCounts.count == runs.count,
            list.size == deltas.countedSize
        else { return }
        let message: Range<Int>
        switch encoding {
        case .json: message = writeJSONDelta(list, shapeCounts: deltas.shapeCounts, seq: seq, base: base, time: time)
        case .binary:
            message = writeBinaryDelta(list, shapeCounts: deltas.shapeCounts, seq: seq, base: base, time: time)
        }
        // Moved out while it is filled (so it is not copied unless the transport still holds it).
        var out = deltaBytes(taking: &deltas)
        // The headroom's bytes are the transport's: kept as they are, or zeros in a new buffer.
        if out.count > headroom {
            out.removeLast(out.count - headroom)
        } else if out.count < headroom {
            out = [UInt8](repeating: 0, count: headroom)
        }
        scratch.withBytes(of: encoding) { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[message])) }
        deltas.bytes = out
        deltas.made = (seq, base)
    }

    /// The state's delta buffer, moved out (so it is not copied unless a transport still holds it).
    private func deltaBytes(taking deltas: inout DeltaState) -> [UInt8] {
        var bytes: [UInt8] = []
        swap(&bytes, &deltas.bytes)
        return bytes
    }

    /// Calls `body` with each edit from the last frame (`runs`, `shapeCounts`) to `segments`,
    /// whose changed runs are in the scratch's `fresh`, in order. (Found again for each use rather
    /// than kept: a list of them in the scratch would be two more arrays in every encoder.)
    private func forEachEdit(
        _ segments: ArraySlice<IncrementalDisplayList.Segment>, shapeCounts: [Int32], _ body: (DeltaEdit) -> Void
    ) {
        var open: DeltaEdit?
        var position = 0
        for index in 0..<max(segments.count, runs.count) {
            let oldCount = index < runs.count ? Int(shapeCounts[index]) : 0
            var changed = true
            var inserted = 0
            if index < segments.count {
                if let fresh = scratch.fresh[index] {
                    // The same bytes (equal hash and length) as the segment's last run: no edit.
                    changed =
                        !(index < runs.count && runs[index].hash == fresh.hash
                        && runs[index].count == fresh.range.count)
                    inserted = segments[segments.startIndex + index].shapeCount
                } else {
                    changed = false
                }
            }
            if changed {
                var edit = open ?? DeltaEdit(at: position, segments: index..<index)
                edit.removed += oldCount
                edit.inserted += inserted
                edit.segments = edit.segments.lowerBound..<(index + 1)
                open = edit
            } else if let edit = open {
                body(edit)
                open = nil
            }
            position += oldCount
        }
        if let edit = open { body(edit) }
    }

    /// Where the run encoded again of segment `index` stands in the scratch, when it is one an
    /// edit inserts (nil for a segment that is gone, or drawn empty).
    private func insertedRun(_ index: Int) -> Range<Int>? {
        guard index < scratch.fresh.count, let range = scratch.fresh[index]?.range, !range.isEmpty else { return nil }
        return range
    }

    /// JSON: `{"type":"delta","seq":S,"base":B,"t":T,"n":N,"edits":[[at,removed,[shapes]],...]}`
    /// after the scratch writer's bytes; returns where it stands.
    private mutating func writeJSONDelta(
        _ list: IncrementalDisplayList, shapeCounts: [Int32], seq: Int, base: Int, time: Double
    ) -> Range<Int> {
        let start = scratch.writer.count
        scratch.writer.appendRaw(#"{"type":"delta","seq":"#)
        scratch.writer.appendInteger(seq)
        scratch.writer.appendRaw(#","base":"#)
        scratch.writer.appendInteger(base)
        scratch.writer.appendRaw(#","t":"#)
        scratch.writer.withCursor(minimumCapacity: 64) {
            $0.appendBoundedNumber(time, decimals: FrameEncoder.timeDecimals)
        }
        scratch.writer.appendRaw(#","n":"#)
        scratch.writer.appendInteger(list.shapeCount)
        scratch.writer.appendRaw(#","edits":["#)
        var writer = JSONWriter(capacity: 0)
        swap(&writer, &scratch.writer)
        var first = true
        forEachEdit(list.segments, shapeCounts: shapeCounts) { edit in
            if !first { writer.appendByte(UInt8(ascii: ",")) }
            first = false
            writer.appendByte(UInt8(ascii: "["))
            writer.appendInteger(edit.at)
            writer.appendByte(UInt8(ascii: ","))
            writer.appendInteger(edit.removed)
            writer.appendRaw(",[")
            var firstRun = true
            for index in edit.segments {
                guard let run = insertedRun(index) else { continue }
                if !firstRun { writer.appendByte(UInt8(ascii: ",")) }
                firstRun = false
                writer.appendCopy(of: run)
            }
            writer.appendRaw("]]")
        }
        writer.appendRaw("]}")
        swap(&writer, &scratch.writer)
        return start..<scratch.writer.count
    }

    /// Binary: magic `PCD1`, then uvarints `seq`, `base`, svarint `t` (microseconds), uvarints
    /// `n` and the edit count, and each edit as uvarints `at`, removed, inserted, then the
    /// inserted shapes; after the scratch storage's bytes. Returns where it stands.
    private mutating func writeBinaryDelta(
        _ list: IncrementalDisplayList, shapeCounts: [Int32], seq: Int, base: Int, time: Double
    ) -> Range<Int> {
        // Found once: the count goes in front of them.
        var edits: [DeltaEdit] = []
        forEachEdit(list.segments, shapeCounts: shapeCounts) { edits.append($0) }
        let editCount = edits.count
        let shapeCount = list.shapeCount
        let start = appendBinary { cursor in
            cursor.appendBytes(BinaryFrameFormat.deltaMagic)
            cursor.appendUVarint(UInt64(max(0, seq)))
            cursor.appendUVarint(UInt64(max(0, base)))
            cursor.appendSVarint(JSONByteCursor.boundedScaledInteger(time, decimals: BinaryFrameFormat.timeDecimals))
            cursor.appendUVarint(UInt64(shapeCount))
            cursor.appendUVarint(UInt64(editCount))
        }.lowerBound
        for edit in edits {
            _ = appendBinary { cursor in
                cursor.appendUVarint(UInt64(edit.at))
                cursor.appendUVarint(UInt64(edit.removed))
                cursor.appendUVarint(UInt64(edit.inserted))
            }
            for index in edit.segments {
                if let run = insertedRun(index) { appendStorageCopy(of: run) }
            }
        }
        return start..<scratch.storageCount
    }

    /// Binary: appends a copy of `range` of the scratch storage's used part after it.
    private mutating func appendStorageCopy(of range: Range<Int>) {
        let end = scratch.storageCount + range.count
        if scratch.storage.count < end {
            scratch.storage.append(
                contentsOf: repeatElement(0, count: max(end - scratch.storage.count, scratch.storage.count)))
        }
        let target = scratch.storageCount
        scratch.storage.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            memmove(base + target, base + range.lowerBound, range.count)
        }
        scratch.storageCount = end
    }
}
