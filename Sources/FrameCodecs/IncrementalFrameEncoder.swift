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
    /// JSON: the writer runs are encoded in and frames are assembled in.
    private var writer = JSONWriter(capacity: 8192)
    /// Binary: the buffer runs are encoded in and frames are assembled in.
    private var storage: [UInt8] = []
    /// Runs encoded and runs reused since the encoder was made.
    public private(set) var encoded = 0
    public private(set) var reused = 0

    /// An encoder of `encoding` frames.
    public init(_ encoding: Encoding) {
        self.encoding = encoding
    }

    /// Encodes `list`'s current frame as message `seq` at media time `time` and passes its bytes
    /// to `body` without copying them (valid only during the call), with the offset where the
    /// display list's part starts (as `FrameEncoder` and `BinaryFrameEncoder` do).
    public mutating func withEncodedFrame<Result>(
        _ list: IncrementalDisplayList, seq: Int, time: Double,
        _ body: (_ frame: UnsafeRawBufferPointer, _ bodyStart: Int) throws -> Result
    ) rethrows -> Result {
        updateRuns(list)
        switch encoding {
        case .json:
            let bodyStart = assembleJSON(list, seq: seq, time: time)
            return try writer.withUnsafeBytes { try body($0, bodyStart) }
        case .binary:
            var bodyStart = 0
            let count = assembleBinary(list, seq: seq, time: time, bodyStart: &bodyStart)
            return try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count]), bodyStart) }
        }
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

    /// `{"type":"frame","seq":N,"t":T,"w":W,"h":H,"shapes":[` runs `]}` in the writer; returns
    /// where `"w"` starts.
    private mutating func assembleJSON(_ list: IncrementalDisplayList, seq: Int, time: Double) -> Int {
        writer.reset()
        let bodyStart = FrameEncoder.appendHeader(seq: seq, time: time, size: list.size, to: &writer)
        writer.appendByte(UInt8(ascii: "["))
        var first = true
        for run in runs where !run.bytes.isEmpty {
            if !first { writer.appendByte(UInt8(ascii: ",")) }
            first = false
            run.bytes.withUnsafeBytes { writer.appendRaw($0) }
        }
        writer.appendRaw("]}")
        return bodyStart
    }

    /// The binary header, the shape count, then the runs, in ``storage``; returns the length.
    private mutating func assembleBinary(
        _ list: IncrementalDisplayList, seq: Int, time: Double, bodyStart: inout Int
    )
        -> Int
    {
        let shapeCount = list.shapeCount
        var header = 0
        let written = BinaryFrameEncoder.write(into: &storage) { cursor in
            BinaryFrameEncoder.appendHeader(seq: seq, time: time, size: list.size, into: &cursor, bodyStart: &header)
            cursor.appendUVarint(UInt64(shapeCount))
        }
        bodyStart = header
        let total = written + runs.reduce(0) { $0 + $1.bytes.count }
        if storage.count < total { storage.append(contentsOf: repeatElement(0, count: total - storage.count)) }
        storage.withUnsafeMutableBytes { buffer in
            var offset = written
            for run in runs {
                run.bytes.withUnsafeBytes { bytes in
                    guard let source = bytes.baseAddress, let destination = buffer.baseAddress else { return }
                    (destination + offset).copyMemory(from: source, byteCount: bytes.count)
                }
                offset += run.bytes.count
            }
        }
        return total
    }
}
