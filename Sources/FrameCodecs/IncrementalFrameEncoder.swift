import Foundation
import Geometry
import JSON
public import Shapes

/// Encodes the frames of an ``IncrementalDisplayList`` in one encoding, keeping each segment's
/// encoded shapes while the segment keeps its version: only segments drawn again are encoded
/// again, and a frame is its header followed by each segment's bytes, the kept ones copied from
/// the frame before (docs/architecture.md, "Incremental rendering").
///
/// Every shape encodes to the same bytes wherever it stands (JSON items are separated by
/// commas, binary shapes follow each other after one count), so the frame is byte for byte
/// what ``FrameEncoder`` or ``BinaryFrameEncoder`` write for the flattened display list: the
/// canonical JSON, its checksum and the binary frame are unchanged.
///
/// The encoder holds two frame buffers and makes each frame in the one not holding the last
/// frame, so kept segments are copied once, straight from the last frame: there is no separate
/// store of encoded segments to copy from (and keep warm). ``revert()`` drops the frame just
/// made, for a caller that keeps showing the one before.
///
/// Keep one per session and encoding, with the list it encodes: versions are the list's own.
public struct IncrementalFrameEncoder: Sendable {
    /// The two frame encodings (docs/protocol.md sections 4 and 9).
    public enum Encoding: Sendable {
        case json, binary
    }

    /// Where one segment's encoded shapes stand in a frame buffer: for JSON, the items
    /// separated by commas (without the commas between segments); for binary, the shapes one
    /// after the other.
    private struct Run {
        /// The segment version the bytes encode.
        var version: UInt64
        var start: Int
        var count: Int
    }

    /// A frame buffer and where its segments' bytes stand.
    private struct Frame {
        var bytes: [UInt8] = []
        var runs: [Run] = []
        /// Where the display list's part starts, counted from the frame's first byte.
        var bodyStart = 0
        /// Bytes in front of the frame.
        var headroom = 0

        /// Appends each segment's bytes, from `written` at its `fresh` range when it was
        /// encoded again, else from the same run of `last` (the frame before), with `separator`
        /// between non-empty runs; notes where each run stands.
        mutating func appendRuns(
            _ segments: ArraySlice<IncrementalDisplayList.Segment>, fresh: [Range<Int>?],
            written: UnsafeRawBufferPointer,
            last: Frame, separator: UInt8?
        ) {
            runs.removeAll(keepingCapacity: true)
            runs.reserveCapacity(segments.count)
            var first = true
            last.bytes.withUnsafeBytes { before in
                for (index, segment) in segments.enumerated() {
                    let source: UnsafeRawBufferPointer
                    if let range = fresh[index] {
                        source = UnsafeRawBufferPointer(rebasing: written[range])
                    } else {
                        let run = last.runs[index]
                        source = UnsafeRawBufferPointer(rebasing: before[run.start..<(run.start + run.count)])
                    }
                    if !source.isEmpty, let separator {
                        if !first { bytes.append(separator) }
                        first = false
                    }
                    runs.append(Run(version: segment.version, start: bytes.count, count: source.count))
                    bytes.append(contentsOf: source)
                }
            }
        }
    }

    /// The encoding written.
    public let encoding: Encoding
    /// The last frame made (see ``frame``).
    private var current = Frame()
    /// The frame before it: the buffer the next frame is made in, and what ``revert()`` goes
    /// back to.
    private var previous = Frame()
    /// JSON: the writer the header and the segments encoded again are written in, one after
    /// the other, before the frame is assembled.
    private var writer: JSONWriter
    /// Binary: the same, as `storage[0..<storageCount]`.
    private var storage: [UInt8] = []
    private var storageCount = 0
    /// Where each segment encoded again stands in the writer or storage (by segment index; nil
    /// for segments kept from the last frame).
    private var fresh: [Range<Int>?] = []
    /// Bytes of room the JSON writer holds (tests: a binary encoder keeps none).
    var jsonWriterCapacity: Int { writer.capacity }
    /// Runs encoded and runs reused since the encoder was made.
    public private(set) var encoded = 0
    public private(set) var reused = 0

    /// An encoder of `encoding` frames.
    public init(_ encoding: Encoding) {
        self.encoding = encoding
        // A binary encoder never writes JSON: no room reserved for it (a server keeps an encoder
        // of each kind per session, and the room was 8 KB of every session's memory).
        writer = JSONWriter(capacity: encoding == .json ? 8192 : 0)
    }

    /// The last frame made (``encodeFrame(_:seq:time:headroom:)``): its headroom bytes (zero),
    /// then the frame. Empty before the first frame.
    public var frame: [UInt8] { current.bytes }

    /// Where the last frame's display-list part starts, counted from the frame's first byte
    /// (after the headroom).
    public var bodyStart: Int { current.bodyStart }

    /// Whether the last frame's display-list part is byte for byte the one of the frame before
    /// it (false when there was none).
    public var bodyIsUnchanged: Bool {
        guard !previous.bytes.isEmpty else { return false }
        let start = current.headroom + current.bodyStart
        let previousStart = previous.headroom + previous.bodyStart
        guard current.bytes.count - start == previous.bytes.count - previousStart else { return false }
        return current.bytes.withUnsafeBytes { now in
            previous.bytes.withUnsafeBytes { before in
                guard let nowBase = now.baseAddress, let beforeBase = before.baseAddress else { return false }
                return memcmp(nowBase + start, beforeBase + previousStart, now.count - start) == 0
            }
        }
    }

    /// Encodes `list`'s current frame as message `seq` at media time `time` and passes its bytes
    /// to `body` without copying them (valid only during the call), with the offset where the
    /// display list's part starts (as `FrameEncoder` and `BinaryFrameEncoder` do).
    public mutating func withEncodedFrame<Result>(
        _ list: IncrementalDisplayList, seq: Int, time: Double,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        let bodyStart = encodeFrame(list, seq: seq, time: time, headroom: 0)
        return try current.bytes.withUnsafeBytes { try body($0, bodyStart) }
    }

    /// Encodes `list`'s current frame as message `seq` at media time `time` and makes it
    /// ``frame``: `headroom` zero bytes (room a transport writes a header into), then the frame.
    /// Returns where the display list's part starts, counted from the frame's first byte.
    ///
    /// The frame is made in the buffer of the frame before last, which keeps its capacity, so a
    /// steady stream of frames does not allocate (unless someone still holds that buffer: it is
    /// then copied, as any shared array is).
    @discardableResult
    public mutating func encodeFrame(_ list: IncrementalDisplayList, seq: Int, time: Double, headroom: Int) -> Int {
        // The header and the segments drawn again, in the writer or storage.
        writer.reset()
        storageCount = 0
        let header: Range<Int>
        let bodyStart: Int
        switch encoding {
        case .json:
            bodyStart = FrameEncoder.appendHeader(seq: seq, time: time, size: list.size, to: &writer)
            writer.appendByte(UInt8(ascii: "["))
            header = 0..<writer.count
        case .binary:
            let shapeCount = list.shapeCount
            var start = 0
            header = appendBinary { cursor in
                BinaryFrameEncoder.appendHeader(seq: seq, time: time, size: list.size, into: &cursor, bodyStart: &start)
                cursor.appendUVarint(UInt64(shapeCount))
            }
            bodyStart = start
        }
        encodeChangedSegments(list)
        // The new frame goes in the buffer of the frame before last (taken out, so that it is
        // not shared while it is written); the last frame becomes the one before.
        var building = previous
        previous = current
        current = Frame()
        building.headroom = headroom
        building.bodyStart = bodyStart
        building.bytes.removeAll(keepingCapacity: true)
        building.bytes.append(contentsOf: repeatElement(0, count: headroom))
        let segments = list.segments
        switch encoding {
        case .json:
            writer.withUnsafeBytes { written in
                building.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: written[header]))
                building.appendRuns(
                    segments, fresh: fresh, written: written, last: previous, separator: UInt8(ascii: ","))
            }
            building.bytes.append(UInt8(ascii: "]"))
            building.bytes.append(UInt8(ascii: "}"))
        case .binary:
            storage.withUnsafeBytes { written in
                building.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: written[header]))
                building.appendRuns(segments, fresh: fresh, written: written, last: previous, separator: nil)
            }
        }
        current = building
        return bodyStart
    }

    /// Goes back to the frame before the last one made (``frame`` is that frame again): for a
    /// caller that keeps showing the old frame. Segments encoded for the dropped frame are kept
    /// when their bytes are provably the same (every segment the same length in a body found
    /// equal), so they are not encoded again.
    public mutating func revert() {
        revert(bodyIsUnchanged: bodyIsUnchanged)
    }

    /// Reverts (``revert()``) when the last frame's display-list part is the one of the frame
    /// before it (``bodyIsUnchanged``); returns whether it did. Compares the bodies once.
    public mutating func revertIfUnchanged() -> Bool {
        guard bodyIsUnchanged else { return false }
        revert(bodyIsUnchanged: true)
        return true
    }

    private mutating func revert(bodyIsUnchanged: Bool) {
        if bodyIsUnchanged, current.runs.count == previous.runs.count,
            zip(current.runs, previous.runs).allSatisfy({ $0.count == $1.count })
        {
            for index in previous.runs.indices { previous.runs[index].version = current.runs[index].version }
        }
        swap(&current, &previous)
    }

    /// Encodes the segments whose version changed since the last frame into the writer or
    /// storage, after the header, noting where each stands in ``fresh``.
    private mutating func encodeChangedSegments(_ list: IncrementalDisplayList) {
        let segments = list.segments
        fresh.removeAll(keepingCapacity: true)
        for (index, segment) in segments.enumerated() {
            // Versions start at 1, so a run always names a real one.
            if index < current.runs.count, current.runs[index].version == segment.version {
                reused += 1
                fresh.append(nil)
                continue
            }
            encoded += 1
            switch encoding {
            case .json:
                let start = writer.count
                writer.appendShapeRun(segment.shapes)
                fresh.append(start..<writer.count)
            case .binary:
                fresh.append(appendBinary { $0.appendShapeRun(segment.shapes) })
            }
        }
    }

    /// Binary: writes with `body` after the storage's used part (``BinaryFrameEncoder/write(into:at:_:)``);
    /// returns where the bytes written stand.
    private mutating func appendBinary(_ body: (inout BinaryByteCursor) -> Void) -> Range<Int> {
        let start = storageCount
        storageCount += BinaryFrameEncoder.write(into: &storage, at: start, body)
        return start..<storageCount
    }
}
