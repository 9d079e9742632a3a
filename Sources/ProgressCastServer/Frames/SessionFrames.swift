import Foundation
import FrameCodecs
import Shapes
import Synchronization
import WebSocketServer

/// A session's current frame: its display list, drawn incrementally, and its encodings
/// (canonical JSON, binary), each made at most once per frame, and the comparison that keeps
/// frames to changes only.
///
/// The display list is an ``IncrementalDisplayList`` that keeps no shapes: a component whose
/// drawing key did not change is not drawn, each encoding keeps its encoded bytes, and the
/// components drawn again are drawn into the rendering thread's buffer (``FrameScratch``) and
/// encoded from there, so a frame costs the drawing and encoding of the components that moved
/// only, and a session holds its frames' bytes, not their shapes (docs/architecture.md,
/// "Incremental rendering"). The bytes are those of the whole display list drawn afresh (debug
/// builds check every frame).
///
/// Both encodings carry exactly the canonical frame's values (binary numbers are the integers the
/// JSON text spells), so comparing the display-list part of either encoding byte for byte is
/// exactly "is this display list equal to the last one", without hashing. The comparison uses
/// the encoding the session's watchers need anyway (binary when any watcher takes binary: it is
/// the cheaper one to make), so a session whose watchers all take JSON never pays for binary.
/// A frame wanted later in the encoding it was not made in (a watcher joining with the other
/// encoding, a recording's checksum) is decoded from the one it was made in and encoded whole.
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
        /// Whether the encoder encoded the last frame drawn, so it holds bytes for every segment
        /// the next frame may keep without drawing it.
        var inStep = false
        var encoder: IncrementalFrameEncoder

        init(_ format: FrameFormat) {
            self.format = format
            encoder = IncrementalFrameEncoder(format == .json ? .json : .binary)
        }

        /// The current frame (headroom, then the frame, from `start`).
        var message: PreparedFrame { PreparedFrame(bytes: encoder.buffer, start: encoder.frameStart - headroom) }

        /// Encodes the frame drawn last and makes it the current one, unless `unlessSame` and its
        /// display list is the current one's (compared byte for byte: the encoder then goes back
        /// to the current frame); returns whether it became current. With `deltas`, the frame
        /// gets a delta against the current one (`current`, its seq) when the encoder holds it.
        mutating func encode(
            _ list: IncrementalDisplayList, seq: Int, time: Double, unlessSame: Bool, current: Int,
            deltas: inout IncrementalFrameEncoder.DeltaState?, scratch: inout IncrementalFrameEncoder.Scratch
        ) -> Bool {
            if var state = deltas {
                deltas = nil
                let base = isCurrent && current > 0 && current != seq ? current : nil
                encoder.encodeFrame(
                    list, seq: seq, time: time, headroom: headroom, deltaBase: base, deltas: &state, scratch: &scratch)
                deltas = consume state
            } else {
                encoder.encodeFrame(list, seq: seq, time: time, headroom: headroom, scratch: &scratch)
            }
            inStep = true
            if unlessSame, isCurrent, encoder.revertIfUnchanged() { return false }
            isCurrent = true
            return true
        }

        /// Makes `list` (the current display list, decoded from the other encoding) the current
        /// frame, as message `seq` at media time `time`.
        mutating func encode(
            whole list: DisplayList, seq: Int, time: Double, scratch: inout IncrementalFrameEncoder.Scratch
        ) {
            encoder.encodeFlat(list, seq: seq, time: time, headroom: headroom, scratch: &scratch)
            isCurrent = true
            inStep = false
        }
    }

    /// What few sessions need, kept out of line (in an array, empty until needed) so that a
    /// session's object stays within the bytes prefetched for its frame
    /// (``FrameRenderPool/prefetchedSessionBytes``): the current frame's checksum once asked
    /// for (recordings, `frame.get`), and, while a watcher takes deltas, this instance's number
    /// and each encoding's delta state (nil: that encoding makes none; see
    /// ``IncrementalFrameEncoder/DeltaState``).
    private struct OutOfLine {
        var checksum: (seq: Int, value: String)?
        var serial: UInt64?
        var json: IncrementalFrameEncoder.DeltaState?
        var binary: IncrementalFrameEncoder.DeltaState?
    }

    /// Numbers each instance's frames apart from every other's (``version(of:serial:)``).
    private static let serials = Atomic<UInt64>(0)

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
    private var drawing = IncrementalDisplayList(keepsShapes: false)
    private var time = 0.0
    private var outOfLine: [OutOfLine] = []

    /// The transport's version of frame `seq` (``ServerLoop/send(prepared:from:to:delivery:kind:repeatKey:version:delta:)``)
    /// while deltas are made: unique in the process (a serial taken when deltas were turned on,
    /// and the seq), so a delta is never written on top of another session's frame, nor of one
    /// from before deltas were turned off.
    private func version(of seq: Int, serial: UInt64) -> UInt64 {
        serial << 32 | UInt64(truncatingIfNeeded: seq) & 0xFFFF_FFFF
    }

    /// Whether frames in each encoding get deltas (docs/protocol.md section 10): on while a
    /// watcher taking that encoding asked for them. The first delta of an encoding turned on
    /// comes with its second frame after.
    mutating func setDeltas(json: Bool, binary: Bool) {
        guard json || binary || !outOfLine.isEmpty else { return }
        if outOfLine.isEmpty { outOfLine = [OutOfLine()] }
        if !json && !binary {
            (outOfLine[0].serial, outOfLine[0].json, outOfLine[0].binary) = (nil, nil, nil)
            return
        }
        if outOfLine[0].serial == nil { outOfLine[0].serial = Self.serials.add(1, ordering: .relaxed).newValue }
        if json != (outOfLine[0].json != nil) {
            outOfLine[0].json = json ? IncrementalFrameEncoder.DeltaState() : nil
        }
        if binary != (outOfLine[0].binary != nil) {
            outOfLine[0].binary = binary ? IncrementalFrameEncoder.DeltaState() : nil
        }
    }

    /// Moves `format`'s delta state (nil when it makes none) out of line, for an encode; give
    /// it back with ``putDeltaState(_:_:)``. Moved, not copied, so its buffers stay uniquely held.
    private mutating func takeDeltaState(_ format: FrameFormat) -> IncrementalFrameEncoder.DeltaState? {
        guard !outOfLine.isEmpty else { return nil }
        var state: IncrementalFrameEncoder.DeltaState?
        switch format {
        case .json: swap(&state, &outOfLine[0].json)
        case .binary: swap(&state, &outOfLine[0].binary)
        }
        return state
    }

    private mutating func putDeltaState(_ state: consuming IncrementalFrameEncoder.DeltaState?, _ format: FrameFormat) {
        guard !outOfLine.isEmpty else { return }
        switch format {
        case .json: outOfLine[0].json = state
        case .binary: outOfLine[0].binary = state
        }
    }

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
    /// encoders write in `scratch` (the calling thread's, see ``FrameScratch``), and the frame's
    /// segments are drawn into its buffer. `fresh` gives the same display list drawn whole: debug
    /// builds check every encoding against it.
    mutating func update(
        time: Double, compareIn format: FrameFormat, encodeBoth: Bool, scratch: FrameScratch,
        draw: (inout IncrementalDisplayList) -> Void, fresh: () -> DisplayList
    ) -> Bool {
        let other: FrameFormat = format == .json ? .binary : .json
        if hasFrame, !isCurrent(format) {
            // The watchers' encoding changed since the last frame: that frame in it first, to
            // compare with.
            makeCurrent(format, scratch: scratch)
        }
        // An encoding that did not encode the last frame drawn has no bytes for the segments the
        // list would keep, and nothing has their shapes: every segment is drawn again.
        if !inStep(format) || (encodeBoth && !inStep(other)) { drawing.redrawAll() }
        drawing.swapFrameShapes(&scratch.shapes)
        defer { drawing.swapFrameShapes(&scratch.shapes) }
        draw(&drawing)
        let (seq, hasFrame) = (self.seq, self.hasFrame)
        var state = takeDeltaState(format)
        let changed = withEncoded(format) { encoded, drawing in
            encoded.encode(
                drawing, seq: seq + 1, time: time, unlessSame: hasFrame, current: seq, deltas: &state,
                scratch: &scratch.encoder)
        }
        putDeltaState(state, format)
        if changed {
            identity = withEncoded(format) { encoded, _ in encoded.encoder.bodyIdentity }
            self.seq += 1
            self.hasFrame = true
            self.time = time
        }
        if encodeBoth {
            // Also when the frame is dropped: the other encoding stays in step with the list,
            // made again for the current frame (its seq and time; the same display list).
            let (seq, time) = (self.seq, self.time)
            let current = changed ? seq - 1 : seq
            var state = takeDeltaState(other)
            _ = withEncoded(other) { encoded, drawing in
                encoded.encode(
                    drawing, seq: seq, time: time, unlessSame: false, current: current, deltas: &state,
                    scratch: &scratch.encoder)
            }
            putDeltaState(state, other)
        } else {
            withEncoded(other) { encoded, _ in
                encoded.inStep = false
                if changed { encoded.isCurrent = false }
            }
        }
        assert(encodingsAreOfTheDisplayList(fresh()), "an incremental frame differs from the whole display list's")
        return changed
    }

    /// The current frame in `format` as the transport sends it (from its `start`, ``headroom``
    /// bytes, then the frame), made now from the other encoding (in `scratch`) if it was not
    /// made yet (empty before the first frame).
    mutating func message(_ format: FrameFormat, scratch: FrameScratch) -> PreparedFrame {
        guard hasFrame else { return PreparedFrame(bytes: [], start: 0) }
        if !isCurrent(format) { makeCurrent(format, scratch: scratch) }
        var message = format == .json ? json.message : binary.message
        // Read in place: `first`, or the element bound to a name, would copy it, retaining all it holds.
        guard !outOfLine.isEmpty, let serial = outOfLine[0].serial else { return message }
        message.version = version(of: seq, serial: serial)
        let delta =
            format == .json ? outOfLine[0].json?.delta(leadingTo: seq) : outOfLine[0].binary?.delta(leadingTo: seq)
        if let (bytes, base) = delta {
            message.delta = PreparedDelta(bytes: bytes, start: 0, base: version(of: base, serial: serial))
        }
        return message
    }

    /// The current display list's checksum (``FrameEncoder/checksum(_:)``: FNV-1a over the
    /// canonical JSON bytes after `"t":T,` and before the closing brace), or nil before the
    /// first frame.
    mutating func checksum(scratch: FrameScratch) -> String? {
        guard hasFrame else { return nil }
        if !outOfLine.isEmpty, let cached = outOfLine[0].checksum, cached.seq == seq { return cached.value }
        let frame = message(.json, scratch: scratch).bytes
        let start = json.encoder.frameStart + json.encoder.bodyStart
        let checksum = frame.withUnsafeBytes { bytes in
            FNV1a64.hex(FNV1a64.hash(UnsafeRawBufferPointer(rebasing: bytes[start..<(bytes.count - 1)])))
        }
        if outOfLine.isEmpty { outOfLine = [OutOfLine()] }
        outOfLine[0].checksum = (seq, checksum)
        return checksum
    }

    // MARK: Encodings

    /// Whether the kept bytes in `format` are the current frame's. (Reads the flag alone: an
    /// accessor returning the whole ``Encoded`` would copy it, retaining its bytes, per frame.)
    private func isCurrent(_ format: FrameFormat) -> Bool {
        format == .json ? json.isCurrent : binary.isCurrent
    }

    /// Whether the encoder of `format` encoded the last frame drawn (see ``Encoded/inStep``).
    private func inStep(_ format: FrameFormat) -> Bool {
        format == .json ? json.inStep : binary.inStep
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

    /// Makes the current frame in `format`, which was not made, from the other encoding (made:
    /// the last update made it, and making one never unmakes the other): decoded, then encoded
    /// whole. Both decoders give back exactly the values the frame was encoded from.
    private mutating func makeCurrent(_ format: FrameFormat, scratch: FrameScratch) {
        let source = format == .json ? binary : json
        precondition(source.isCurrent, "a frame exists in neither encoding")
        let frame: DecodedFrame
        do {
            switch source.format {
            case .binary: frame = try BinaryFrameDecoder.decode(Array(source.encoder.frame))
            case .json: frame = try JSONFrameDecoder.decode(source.encoder.frame)
            }
        } catch {
            // The encoder's own output: a decoder refusing it is a bug in one of the two.
            preconditionFailure("the server's own \(source.format) frame does not decode: \(error)")
        }
        let (seq, time) = (self.seq, self.time)
        withEncoded(format) { encoded, _ in
            encoded.encode(whole: frame.list, seq: seq, time: time, scratch: &scratch.encoder)
        }
    }

    /// Whether every encoding made for the current frame is byte for byte what the plain
    /// encoders write for `list` (for debug builds' checks).
    private func encodingsAreOfTheDisplayList(_ list: DisplayList) -> Bool {
        for encoded in [json, binary] where encoded.isCurrent {
            let expected: [UInt8]
            switch encoded.format {
            case .binary:
                var encoder = BinaryFrameEncoder()
                expected = encoder.encodeFrame(list, seq: seq, time: time)
            case .json:
                var encoder = FrameEncoder()
                expected = encoder.encodeFrame(list, seq: seq, time: time)
            }
            if Array(encoded.encoder.frame) != expected { return false }
        }
        return true
    }
}

/// Where one thread's frame encoders write a frame's new parts before laying them out
/// (``IncrementalFrameEncoder/Scratch``): one per rendering thread, shared by every session that
/// thread renders, so it stays in the thread's caches. Never shared between threads: the
/// service thread keeps one (``FrameRenderPool/serviceScratch``), each render helper its own.
final class FrameScratch {
    var encoder = IncrementalFrameEncoder.Scratch()
    /// The buffer the sessions' segments are drawn into, a frame at a time
    /// (``IncrementalDisplayList/swapFrameShapes(_:)``).
    var shapes: [Shape] = []
}

/// A session's current frame as the transport sends it: from `start` in `bytes`, the transport's
/// headroom (``SessionFrames/headroom`` bytes), then the frame to the end.
struct PreparedFrame {
    var bytes: [UInt8]
    var start: Int
    /// The transport's version of the frame, and its delta from the frame before (laid out the
    /// same way), when one was made (docs/protocol.md section 10).
    var version: UInt64?
    var delta: PreparedDelta?

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
