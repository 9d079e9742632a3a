import Geometry
import JSON
public import Shapes

/// Encodes the frames of an ``IncrementalDisplayList`` in one encoding, keeping each segment's
/// encoded shapes while the segment keeps its version: a frame is its header followed by the
/// kept runs of bytes, and only segments drawn again are encoded again (docs/architecture.md,
/// "Incremental rendering").
///
/// Every shape encodes to the same bytes wherever it stands (JSON items are separated by
/// commas, binary shapes follow each other after one count), so the frame is byte for byte
/// what ``FrameEncoder`` or ``BinaryFrameEncoder`` write for the flattened display list: the
/// canonical JSON, its checksum and the binary frame are unchanged.
///
/// Keep one per session and encoding, with the list it encodes: versions are the list's own.
public struct IncrementalFrameEncoder: Sendable {
    /// The two frame encodings (docs/protocol.md sections 4 and 9).
    public enum Encoding: Sendable {
        case json, binary
    }

    /// One segment's shapes encoded: for JSON, the items separated by commas; for binary, the
    /// shapes one after the other.
    private struct Run {
        /// The segment version the bytes encode (0: none; lists start at 1).
        var version: UInt64 = 0
        var bytes: [UInt8] = []
    }

    /// The encoding written.
    public let encoding: Encoding
    private var runs: [Run] = []
    /// JSON: the writer runs and frame headers are encoded in.
    private var writer: JSONWriter
    /// Binary: the buffer runs and frame headers are encoded in.
    private var storage: [UInt8] = []
    /// The frame ``withEncodedFrame(_:seq:time:_:)`` assembles and lends.
    private var lent: [UInt8] = []
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

    /// Encodes `list`'s current frame as message `seq` at media time `time` and passes its bytes
    /// to `body` without copying them (valid only during the call), with the offset where the
    /// display list's part starts (as `FrameEncoder` and `BinaryFrameEncoder` do).
    public mutating func withEncodedFrame<Result>(
        _ list: IncrementalDisplayList, seq: Int, time: Double,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        var frame = lent
        lent = []
        defer { lent = frame }
        let bodyStart = encodeFrame(list, seq: seq, time: time, into: &frame, headroom: 0)
        return try frame.withUnsafeBytes { try body($0, bodyStart) }
    }

    /// Encodes `list`'s current frame as message `seq` at media time `time` into `buffer`:
    /// `headroom` zero bytes (room a transport writes a header into), then the frame. Returns
    /// where the display list's part starts, counted from the frame's first byte. The buffer's
    /// capacity is kept, so a steady stream of frames into the same buffer does not allocate.
    public mutating func encodeFrame(
        _ list: IncrementalDisplayList, seq: Int, time: Double, into buffer: inout [UInt8], headroom: Int
    ) -> Int {
        updateRuns(list)
        // The header, in the scratch writer or storage.
        let header: Int
        let bodyStart: Int
        switch encoding {
        case .json:
            writer.reset()
            bodyStart = FrameEncoder.appendHeader(seq: seq, time: time, size: list.size, to: &writer)
            writer.appendByte(UInt8(ascii: "["))
            header = writer.count
        case .binary:
            let shapeCount = list.shapeCount
            var start = 0
            header = BinaryFrameEncoder.write(into: &storage) { cursor in
                BinaryFrameEncoder.appendHeader(seq: seq, time: time, size: list.size, into: &cursor, bodyStart: &start)
                cursor.appendUVarint(UInt64(shapeCount))
            }
            bodyStart = start
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: headroom))
        switch encoding {
        case .json:
            writer.withUnsafeBytes { buffer.append(contentsOf: $0) }
            // JSON items are separated by commas: between runs, skipping empty ones.
            var first = true
            for index in runs.indices where !runs[index].bytes.isEmpty {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                buffer.append(contentsOf: runs[index].bytes)
            }
            buffer.append(UInt8(ascii: "]"))
            buffer.append(UInt8(ascii: "}"))
        case .binary:
            storage.withUnsafeBytes { buffer.append(contentsOf: $0[0..<header]) }
            for index in runs.indices { buffer.append(contentsOf: runs[index].bytes) }
        }
        return bodyStart
    }

    /// Encodes the segments whose version changed since the last frame; drops runs of segments
    /// past the list's last.
    private mutating func updateRuns(_ list: IncrementalDisplayList) {
        let segments = list.segments
        if runs.count > segments.count { runs.removeSubrange(segments.count...) }
        for (index, segment) in segments.enumerated() {
            if index == runs.count { runs.append(Run()) }
            if runs[index].version != 0 && runs[index].version == segment.version {
                reused += 1
                continue
            }
            encoded += 1
            runs[index].version = segment.version
            runs[index].bytes.removeAll(keepingCapacity: true)
            switch encoding {
            case .json:
                writer.reset()
                writer.appendShapeRun(segment.shapes)
                writer.withUnsafeBytes { runs[index].bytes.append(contentsOf: $0) }
            case .binary:
                let count = BinaryFrameEncoder.write(into: &storage) { $0.appendShapeRun(segment.shapes) }
                storage.withUnsafeBytes { runs[index].bytes.append(contentsOf: $0[0..<count]) }
            }
        }
    }
}
