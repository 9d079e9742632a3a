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
    /// The last frame made (a whole `frame` message).
    private(set) var lastFrameBytes: [UInt8] = []
    /// Where the display list's part (`"w":...`) starts in ``lastFrameBytes``.
    private var lastBodyStart = 0
    /// ``lastChecksum``, once computed for the current frame.
    private var cachedChecksum: String?
    var frameSeq = 0
    var frameEncoder = FrameEncoder(capacity: 8192)
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

    /// Renders the display list at the core's current time; returns the frame bytes when it
    /// differs from the last one made (frames are sent on change only), else nil.
    ///
    /// The frame is encoded once, in place, and its display-list part (everything after
    /// `"t":T,`) compared byte for byte with the last frame's: equal canonical bytes mean an
    /// equal display list, so this is exactly "never twice the same" without hashing. The
    /// checksum recordings need is computed from the same bytes only when asked
    /// (``lastChecksum``).
    func frameIfChanged() -> [UInt8]? {
        let (list, time) = withCore { ($0.displayList(), $0.time) }
        let changed = frameEncoder.withEncodedFrame(list, seq: frameSeq + 1, time: time) { frame -> Bool in
            let bodyStart = LiveSession.bodyStart(frame)
            if !lastFrameBytes.isEmpty {
                let same = lastFrameBytes.withUnsafeBytes { last -> Bool in
                    guard let lastBase = last.baseAddress, let base = frame.baseAddress,
                          last.count - lastBodyStart == frame.count - bodyStart else { return false }
                    return memcmp(lastBase + lastBodyStart, base + bodyStart, frame.count - bodyStart) == 0
                }
                if same { return false }
            }
            lastFrameBytes.removeAll(keepingCapacity: true)
            lastFrameBytes.append(contentsOf: frame)
            lastBodyStart = bodyStart
            return true
        }
        guard changed else { return nil }
        frameSeq += 1
        cachedChecksum = nil
        return lastFrameBytes
    }

    /// The checksum of the last frame's display list (``FrameEncoder/checksum(_:)``: FNV-1a over
    /// the bytes after `"t":T,` and before the closing brace), or nil before the first frame.
    var lastChecksum: String? {
        guard !lastFrameBytes.isEmpty else { return nil }
        if let cachedChecksum { return cachedChecksum }
        let checksum = lastFrameBytes.withUnsafeBytes { bytes in
            FNV1a64.hex(FNV1a64.hash(UnsafeRawBufferPointer(rebasing: bytes[lastBodyStart..<(bytes.count - 1)])))
        }
        cachedChecksum = checksum
        return checksum
    }

    /// The offset of `"w":` in a frame message: the display list's part starts there (the
    /// `{"type":"frame","seq":N,"t":T,` before it has no other `"w"`).
    private static func bodyStart(_ frame: UnsafeRawBufferPointer) -> Int {
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

    /// The current frame (for joins and frame.get), rendering once if none was made yet.
    func currentFrame() -> [UInt8] {
        if lastFrameBytes.isEmpty { _ = frameIfChanged() }
        return lastFrameBytes
    }
}
