import Foundation
import FrameCodecs
import Shapes

/// A session's current frame: its display list, drawn incrementally, and its encodings
/// (canonical JSON, binary), each made at most once per frame, and the comparison that keeps
/// frames to changes only.
///
/// The display list is an ``IncrementalDisplayList``: a component whose drawing key did not
/// change keeps its shapes, and each encoding keeps their encoded bytes, so a frame costs the
/// drawing and encoding of the components that moved only (docs/architecture.md, "Incremental
/// rendering"). The bytes are those of the flattened list (debug builds check every frame).
///
/// Both encodings carry exactly the canonical frame's values (binary numbers are the integers the
/// JSON text spells), so comparing the display-list part of either encoding byte for byte is
/// exactly "is this display list equal to the last one", without hashing. The comparison uses
/// the encoding the session's watchers need anyway (binary when any watcher takes binary: it is
/// the cheaper one to make), so a session whose watchers all take JSON never pays for binary.
struct SessionFrames {
    /// One encoding of the current frame.
    private struct Encoded {
        var bytes: [UInt8] = []
        /// Where the display list's part starts in ``bytes``.
        var bodyStart = 0
        /// Whether ``bytes`` encode the current frame.
        var isCurrent = false
    }

    /// The current frame's sequence number (0 before the first frame).
    private(set) var seq = 0
    /// The display list drawn last: the current frame's, or one that showed the same.
    private var drawing = IncrementalDisplayList()
    private var time = 0.0
    private var binary = Encoded()
    private var json = Encoded()
    /// In a class of their own so that an encoder can lend its bytes to code that updates
    /// this struct (a struct field would be borrowed for the whole call).
    private let encoders = Encoders()
    private var cachedChecksum: String?

    /// A 64-bit hash of the current display list's encoded bytes (in the encoding it was
    /// compared in): the frame's identity, the repeat key it is sent with.
    private(set) var bodyHash: UInt64 = 0

    /// Whether a frame was made yet.
    private(set) var hasFrame = false

    /// Since the session began: component segments drawn and kept (``IncrementalDisplayList``),
    /// and segment encodings made and kept (both encodings together).
    var segmentCounts: SegmentCounts {
        SegmentCounts(
            drawn: drawing.drawn, kept: drawing.reused, encoded: encoders.json.encoded + encoders.binary.encoded,
            encodingsKept: encoders.json.reused + encoders.binary.reused)
    }

    /// Draws the frame at media time `time` with `draw` and makes it the current frame unless it
    /// shows the same display list, compared in the `compareIn` encoding; when it changed, also
    /// encodes it in the other encoding if `encodeBoth`. Returns whether it changed.
    mutating func update(
        time: Double, compareIn format: FrameFormat, encodeBoth: Bool, draw: (inout IncrementalDisplayList) -> Void
    ) -> Bool {
        if hasFrame, !isCurrent(format) {
            // The watchers' encoding changed since the last frame: encode that frame in it first.
            encode(seq: seq, time: self.time, as: format)
        }
        draw(&drawing)
        let changed = Self.withEncoding(encoders, drawing, seq: seq + 1, time: time, as: format) {
            frame, bodyStart -> Bool in
            // Field by field: an accessor returning the kept ``Encoded`` would copy it (and `self`).
            let same: Bool
            switch format {
            case .json: same = json.isCurrent && Self.sameBody(json.bytes, from: json.bodyStart, frame, from: bodyStart)
            case .binary:
                same = binary.isCurrent && Self.sameBody(binary.bytes, from: binary.bodyStart, frame, from: bodyStart)
            }
            if hasFrame, same { return false }
            store(frame, bodyStart: bodyStart, as: format)
            bodyHash = FrameBodyHash.hash(UnsafeRawBufferPointer(rebasing: frame[bodyStart...]), encoding: format)
            return true
        }
        guard changed else { return false }
        seq += 1
        hasFrame = true
        self.time = time
        cachedChecksum = nil
        let other: FrameFormat = format == .json ? .binary : .json
        setCurrent(false, other)
        if encodeBoth { encode(seq: seq, time: time, as: other) }
        return true
    }

    /// The current frame in `format`, encoded now if it was not yet (empty before the first frame).
    mutating func bytes(_ format: FrameFormat) -> [UInt8] {
        guard hasFrame else { return [] }
        if !isCurrent(format) { encode(seq: seq, time: time, as: format) }
        return format == .json ? json.bytes : binary.bytes
    }

    /// The current display list's checksum (``FrameEncoder/checksum(_:)``: FNV-1a over the
    /// canonical JSON bytes after `"t":T,` and before the closing brace), or nil before the
    /// first frame.
    mutating func checksum() -> String? {
        guard hasFrame else { return nil }
        if let cachedChecksum { return cachedChecksum }
        let frame = bytes(.json)
        let start = json.bodyStart
        let checksum = frame.withUnsafeBytes { bytes in
            FNV1a64.hex(FNV1a64.hash(UnsafeRawBufferPointer(rebasing: bytes[start..<(bytes.count - 1)])))
        }
        cachedChecksum = checksum
        return checksum
    }

    // MARK: Encodings

    /// Whether the kept bytes in `format` are the current frame's. (Reads the flag alone: an
    /// accessor returning the whole ``Encoded`` would copy it, retaining its bytes, per frame.)
    private func isCurrent(_ format: FrameFormat) -> Bool {
        format == .json ? json.isCurrent : binary.isCurrent
    }

    private mutating func setCurrent(_ isCurrent: Bool, _ format: FrameFormat) {
        switch format {
        case .json: json.isCurrent = isCurrent
        case .binary: binary.isCurrent = isCurrent
        }
    }

    /// Encodes into the encoder's buffer and lends the bytes and the body's offset to `body`.
    private static func withEncoding<Result>(
        _ encoders: Encoders, _ list: IncrementalDisplayList, seq: Int, time: Double, as format: FrameFormat,
        _ body: (UnsafeRawBufferPointer, Int) -> Result
    ) -> Result {
        let checked = { (frame: UnsafeRawBufferPointer, bodyStart: Int) -> Result in
            assert(
                Array(frame) == flattened(list, seq: seq, time: time, as: format),
                "the incremental frame differs from the flattened list's")
            return body(frame, bodyStart)
        }
        switch format {
        case .binary: return encoders.binary.withEncodedFrame(list, seq: seq, time: time, checked)
        case .json: return encoders.json.withEncodedFrame(list, seq: seq, time: time, checked)
        }
    }

    /// The frame as the plain encoders write the flattened list (for debug builds' checks).
    private static func flattened(
        _ list: IncrementalDisplayList, seq: Int, time: Double, as format: FrameFormat
    )
        -> [UInt8]
    {
        switch format {
        case .binary:
            var encoder = BinaryFrameEncoder()
            return encoder.encodeFrame(list.displayList, seq: seq, time: time)
        case .json:
            var encoder = FrameEncoder()
            return encoder.encodeFrame(list.displayList, seq: seq, time: time)
        }
    }

    private mutating func encode(seq: Int, time: Double, as format: FrameFormat) {
        Self.withEncoding(encoders, drawing, seq: seq, time: time, as: format) { frame, bodyStart in
            store(frame, bodyStart: bodyStart, as: format)
        }
    }

    /// Copies an encoding into the kept buffer (no allocation once it has grown to the largest frame).
    private mutating func store(_ frame: UnsafeRawBufferPointer, bodyStart: Int, as format: FrameFormat) {
        switch format {
        case .binary: Self.copy(frame, bodyStart: bodyStart, into: &binary)
        case .json: Self.copy(frame, bodyStart: bodyStart, into: &json)
        }
    }

    private static func copy(_ frame: UnsafeRawBufferPointer, bodyStart: Int, into encoded: inout Encoded) {
        encoded.bytes.removeAll(keepingCapacity: true)
        encoded.bytes.append(contentsOf: frame)
        encoded.bodyStart = bodyStart
        encoded.isCurrent = true
    }

    private static func sameBody(
        _ last: [UInt8], from lastStart: Int, _ frame: UnsafeRawBufferPointer, from start: Int
    ) -> Bool {
        last.withUnsafeBytes { last -> Bool in
            guard let lastBase = last.baseAddress, let base = frame.baseAddress,
                last.count - lastStart == frame.count - start
            else { return false }
            return memcmp(lastBase + lastStart, base + start, frame.count - start) == 0
        }
    }
}

/// How much incremental rendering drew and encoded, and how much it kept (see
/// ``SessionFrames/segmentCounts``); summed over sessions for `GET /api/stats`.
struct SegmentCounts {
    var drawn = 0
    var kept = 0
    var encoded = 0
    var encodingsKept = 0

    static func + (a: SegmentCounts, b: SegmentCounts) -> SegmentCounts {
        SegmentCounts(
            drawn: a.drawn + b.drawn, kept: a.kept + b.kept, encoded: a.encoded + b.encoded,
            encodingsKept: a.encodingsKept + b.encodingsKept)
    }
}

/// A session's reusable frame encoders (their buffers grow to the largest frame and stay).
private final class Encoders {
    var binary = IncrementalFrameEncoder(.binary)
    var json = IncrementalFrameEncoder(.json)
}
