import Drawing
import Foundation
import JSON
import Recording
import Session
import Timing
import WebSocketServer

/// A session being served: its deterministic core, its clock, who watches it, and what was
/// last sent. Lives on the service thread only.
final class LiveSession {
    let id: String
    let token: String
    var core: SessionCore
    /// Live sessions: seconds since creation. Manual sessions: moved by clock.advance.
    private let liveClock: LiveClock?
    private var manualMicroseconds: Int64 = 0
    /// Connections watching, in join order.
    var connections: [ConnectionID] = []
    /// The last frame made, as a binary frame (always made: it is the cheapest encoding to
    /// compare; see ``renderIfChanged()``).
    private var lastBinary: [UInt8] = []
    /// Where the display list's part starts in ``lastBinary``.
    private var lastBinaryBodyStart = 0
    /// The last frame's display list and media time, for the JSON encoding on demand.
    private var lastList: DisplayList?
    private var lastTime = 0.0
    /// The last frame as a JSON `frame` message, once some watcher, frame.get or a checksum
    /// needed it.
    private var lastJSON: [UInt8] = []
    private var lastJSONIsCurrent = false
    /// ``lastChecksum``, once computed for the current frame.
    private var cachedChecksum: String?
    var frameSeq = 0
    private var frameEncoder = FrameEncoder(capacity: 8192)
    private var binaryEncoder = BinaryFrameEncoder(capacity: 4096)
    /// Monotonic microseconds when the next paced frame is due, while one is scheduled
    /// (``FrameScheduler``); nil when none is.
    var frameDue: Int64?
    /// Identifies the scheduled frame in the ``FrameScheduler`` (0: none).
    var frameTicket: UInt64 = 0
    /// The session's phase group on the frame lattice (-1: not given yet).
    var frameGroup = -1
    /// The lattice time of a frame deferred to keep the minimum gap, while it waits.
    var deferredLatticeTime: Int64?
    /// The lattice time of the last paced frame.
    var lastFrameGrid: Int64 = 0
    /// Monotonic microseconds when the last frame was produced (live pacing).
    var lastFrameWall: Int64 = 0
    /// Pending removal after the last connection left.
    var expiryTimer: LoopTimer?
    /// The recording in progress.
    var recorder: SessionRecorder?
    /// Scenario steps still to apply, in time order (absolute session microseconds).
    var pendingSteps: [CommandScript.Step] = []
    var stepTimer: LoopTimer?
    /// A replay session's player (nil for ordinary sessions).
    var replay: ReplayPlayback?

    init(id: String, token: String, core: SessionCore) {
        self.id = id
        self.token = token
        self.core = core
        liveClock = core.settings.clock == .live ? LiveClock() : nil
    }

    var settings: SessionSettings { core.settings }

    /// The session's media time now, in whole microseconds.
    func nowMicroseconds() -> Int64 {
        if let liveClock { return max(MediaTime.microseconds(liveClock.now()), core.now) }
        return max(manualMicroseconds, core.now)
    }

    /// Moves a manual clock forward.
    func advanceManualClock(by seconds: Double) {
        manualMicroseconds = core.now + MediaTime.microseconds(seconds)
    }

    var isLive: Bool { liveClock != nil }

    /// Renders the display list at the core's current time; returns whether it differs from the
    /// last frame made (frames are sent on change only), and if so makes it the current frame.
    ///
    /// The frame is encoded once, as a binary frame, in place, and its display-list part (after
    /// `seq` and `t`) compared byte for byte with the last frame's: the binary encoding carries
    /// exactly the canonical JSON frame's values, so equal bytes mean an equal display list and
    /// this is exactly "never twice the same", without hashing. The JSON message and the checksum
    /// recordings need are made from the kept display list only when asked for
    /// (``currentFrame(_:)``, ``lastChecksum``).
    func renderIfChanged() -> Bool {
        let (list, time) = withCore { ($0.displayList(), $0.time) }
        let changed = binaryEncoder.withEncodedFrame(list, seq: frameSeq + 1, time: time) { frame, bodyStart -> Bool in
            if lastList != nil {
                let same = lastBinary.withUnsafeBytes { last -> Bool in
                    guard let lastBase = last.baseAddress, let base = frame.baseAddress,
                          last.count - lastBinaryBodyStart == frame.count - bodyStart else { return false }
                    return memcmp(lastBase + lastBinaryBodyStart, base + bodyStart, frame.count - bodyStart) == 0
                }
                if same { return false }
            }
            lastBinary.removeAll(keepingCapacity: true)
            lastBinary.append(contentsOf: frame)
            lastBinaryBodyStart = bodyStart
            return true
        }
        guard changed else { return false }
        frameSeq += 1
        lastList = list
        lastTime = time
        lastJSONIsCurrent = false
        cachedChecksum = nil
        return true
    }

    /// The checksum of the last frame's display list (``FrameEncoder/checksum(_:)``: FNV-1a over
    /// the canonical JSON bytes after `"t":T,` and before the closing brace), or nil before the
    /// first frame.
    var lastChecksum: String? {
        guard lastList != nil else { return nil }
        if let cachedChecksum { return cachedChecksum }
        let json = currentFrame(.json)
        let bodyStart = LiveSession.jsonBodyStart(json)
        let checksum = json.withUnsafeBytes { bytes in
            FNV1a64.hex(FNV1a64.hash(UnsafeRawBufferPointer(rebasing: bytes[bodyStart..<(bytes.count - 1)])))
        }
        cachedChecksum = checksum
        return checksum
    }

    /// The offset of `"w":` in a JSON frame message: the display list's part starts there (the
    /// `{"type":"frame","seq":N,"t":T,` before it has no other `"w"`).
    private static func jsonBodyStart(_ frame: [UInt8]) -> Int {
        let count = frame.count
        var index = 0
        while index + 3 < count {
            if frame[index] == UInt8(ascii: "\"") && frame[index + 1] == UInt8(ascii: "w") && frame[index + 2] == UInt8(ascii: "\"")
                && frame[index + 3] == UInt8(ascii: ":") {
                return index
            }
            index += 1
        }
        return 0
    }

    /// Runs `body` on the core in place. Calling a non-mutating method straight on `core` (a
    /// struct stored in a class) copies it first, retaining every reference it holds, on every
    /// frame; an inout access does not.
    @inline(__always)
    func withCore<Result>(_ body: (inout SessionCore) -> Result) -> Result {
        body(&core)
    }

    /// Whether frames may change after now without another op (``SessionCore/mayChange``).
    var mayChange: Bool { withCore { $0.mayChange } }

    /// The current frame in `format` (for watchers, joins and frame.get), rendering once if
    /// none was made yet. Each format is encoded at most once per frame.
    func currentFrame(_ format: FrameFormat) -> [UInt8] {
        if lastList == nil { _ = renderIfChanged() }
        switch format {
        case .binary:
            return lastBinary
        case .json:
            guard !lastJSONIsCurrent, let lastList else { return lastJSON }
            // Into the kept buffer (no allocation once it has grown to the largest frame).
            frameEncoder.withEncodedFrame(lastList, seq: frameSeq, time: lastTime) { frame in
                lastJSON.removeAll(keepingCapacity: true)
                lastJSON.append(contentsOf: frame)
            }
            lastJSONIsCurrent = true
            return lastJSON
        }
    }
}
