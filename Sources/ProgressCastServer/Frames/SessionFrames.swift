import Foundation
import FrameCodecs
import Shapes
import WebSocketServer

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
    /// One encoding of the frames: its encoder, which keeps the current frame laid out as the
    /// transport sends it (the transport's headroom, ``ServerLoop/messageHeadroom``, then the
    /// frame) and updates it in place. The transport keeps a reference to it rather than a copy
    /// per connection (``ServerLoop/send(prepared:from:to:delivery:kind:repeatKey:)``) and lets
    /// go of it once written, so the next frame is made in the same buffer.
    private struct Encoded {
        let format: FrameFormat
        /// Whether the encoder's frame is the current frame.
        var isCurrent = false
        var encoder: IncrementalFrameEncoder

        init(_ format: FrameFormat) {
            self.format = format
            encoder = IncrementalFrameEncoder(format == .json ? .json : .binary)
        }

        /// The current frame (headroom, then the frame, from `start`).
        var message: PreparedFrame { PreparedFrame(bytes: encoder.buffer, start: encoder.frameStart - headroom) }

        /// Encodes the frame and makes it the current one, unless `unlessSame` and its display
        /// list is the current one's (compared byte for byte: the encoder then goes back to the
        /// current frame); returns whether it became current.
        mutating func encode(
            _ list: IncrementalDisplayList, seq: Int, time: Double, unlessSame: Bool,
            scratch: inout IncrementalFrameEncoder.Scratch
        ) -> Bool {
            encoder.encodeFrame(list, seq: seq, time: time, headroom: headroom, scratch: &scratch)
            assert(
                Array(encoder.frame) == SessionFrames.flattened(list, seq: seq, time: time, as: format),
                "the incremental frame differs from the flattened list's")
            if unlessSame, isCurrent, encoder.revertIfUnchanged() { return false }
            isCurrent = true
            return true
        }
    }

    /// Bytes in front of every encoded frame, for the transport's frame header.
    static let headroom = ServerLoop.messageHeadroom

    // Layout: what the service thread reads to send a frame (whether there is one, its identity,
    // the JSON encoding's flag, buffer and start) comes first, so that it is one cache line
    // (stored properties are laid out in declaration order; see LiveSession).

    /// Whether a frame was made yet.
    private(set) var hasFrame = false
    /// A 64-bit identity of the current display list's encoded bytes (in the encoding it was
    /// compared in; ``IncrementalFrameEncoder/bodyIdentity``): the repeat key the frame is sent
    /// with, so no connection gets a display list twice in a row.
    private(set) var identity: UInt64 = 0
    /// The current frame's sequence number (0 before the first frame).
    private(set) var seq = 0
    private var json = Encoded(.json)
    private var binary = Encoded(.binary)
    /// The display list drawn last: the current frame's, or one that showed the same.
    private var drawing = IncrementalDisplayList()
    private var time = 0.0
    private var cachedChecksum: String?

    /// Since the session began: component segments drawn and kept (``IncrementalDisplayList``),
    /// and segment encodings made and kept (both encodings together).
    var segmentCounts: SegmentCounts {
        SegmentCounts(
            drawn: drawing.drawn, kept: drawing.reused, encoded: json.encoder.encoded + binary.encoder.encoded,
            encodingsKept: json.encoder.reused + binary.encoder.reused)
    }

    /// Draws the frame at media time `time` with `draw` and makes it the current frame unless it
    /// shows the same display list, compared in the `compareIn` encoding; when it changed, also
    /// encodes it in the other encoding if `encodeBoth`. Returns whether it changed. The
    /// encoders write in `scratch` (the calling thread's, see ``FrameScratch``).
    mutating func update(
        time: Double, compareIn format: FrameFormat, encodeBoth: Bool, scratch: FrameScratch,
        draw: (inout IncrementalDisplayList) -> Void
    ) -> Bool {
        if hasFrame, !isCurrent(format) {
            // The watchers' encoding changed since the last frame: encode that frame in it first.
            encodeCurrent(as: format, scratch: scratch)
        }
        draw(&drawing)
        let (seq, hasFrame) = (self.seq, self.hasFrame)
        let changed = withEncoded(format) { encoded, drawing in
            encoded.encode(drawing, seq: seq + 1, time: time, unlessSame: hasFrame, scratch: &scratch.encoder)
        }
        guard changed else { return false }
        identity = withEncoded(format) { encoded, _ in encoded.encoder.bodyIdentity }
        self.seq += 1
        self.hasFrame = true
        self.time = time
        cachedChecksum = nil
        let other: FrameFormat = format == .json ? .binary : .json
        withEncoded(other) { encoded, _ in encoded.isCurrent = false }
        if encodeBoth { encodeCurrent(as: other, scratch: scratch) }
        return true
    }

    /// The current frame in `format` as the transport sends it (from its `start`, ``headroom``
    /// bytes, then the frame), encoded now (in `scratch`) if it was not yet (empty before the
    /// first frame).
    mutating func message(_ format: FrameFormat, scratch: FrameScratch) -> PreparedFrame {
        guard hasFrame else { return PreparedFrame(bytes: [], start: 0) }
        if !isCurrent(format) { encodeCurrent(as: format, scratch: scratch) }
        return format == .json ? json.message : binary.message
    }

    /// The current display list's checksum (``FrameEncoder/checksum(_:)``: FNV-1a over the
    /// canonical JSON bytes after `"t":T,` and before the closing brace), or nil before the
    /// first frame.
    mutating func checksum(scratch: FrameScratch) -> String? {
        guard hasFrame else { return nil }
        if let cachedChecksum { return cachedChecksum }
        let frame = message(.json, scratch: scratch).bytes
        let start = json.encoder.frameStart + json.encoder.bodyStart
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

    /// Lends the encoding `format` (in place) and the display list drawn last to `body`.
    private mutating func withEncoded<Result>(
        _ format: FrameFormat, _ body: (inout Encoded, IncrementalDisplayList) -> Result
    ) -> Result {
        switch format {
        case .json: body(&json, drawing)
        case .binary: body(&binary, drawing)
        }
    }

    /// Encodes the current frame in `format` (an encoding wanted now that was not made).
    private mutating func encodeCurrent(as format: FrameFormat, scratch: FrameScratch) {
        let (seq, time) = (self.seq, self.time)
        _ = withEncoded(format) { encoded, drawing in
            encoded.encode(drawing, seq: seq, time: time, unlessSame: false, scratch: &scratch.encoder)
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
}

/// Where one thread's frame encoders write a frame's new parts before laying them out
/// (``IncrementalFrameEncoder/Scratch``): one per rendering thread, shared by every session that
/// thread renders, so it stays in the thread's caches. Never shared between threads: the
/// service thread keeps one (``FrameRenderPool/serviceScratch``), each render helper its own.
final class FrameScratch {
    var encoder = IncrementalFrameEncoder.Scratch()
}

/// A session's current frame as the transport sends it: from `start` in `bytes`, the transport's
/// headroom (``SessionFrames/headroom`` bytes), then the frame to the end.
struct PreparedFrame {
    var bytes: [UInt8]
    var start: Int

    /// The frame alone.
    var frame: ArraySlice<UInt8> { bytes[min(start + SessionFrames.headroom, bytes.count)...] }
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
