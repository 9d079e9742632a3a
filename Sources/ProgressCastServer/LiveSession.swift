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
    /// The last frame sent (bytes without seq/t are compared through the checksum).
    var lastChecksum: String?
    var lastFrameBytes: [UInt8] = []
    var frameSeq = 0
    var frameEncoder = FrameEncoder(capacity: 8192)
    /// The pending frame timer, if any.
    var frameTimer: LoopTimer?
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
    /// differs from the last one sent (frames are sent on change only), else nil.
    func frameIfChanged() -> (bytes: [UInt8], checksum: String)? {
        let list = core.displayList()
        let checksum = frameEncoder.checksum(list)
        if checksum == lastChecksum { return nil }
        lastChecksum = checksum
        frameSeq += 1
        lastFrameBytes = frameEncoder.encodeFrame(list, seq: frameSeq, time: core.time)
        return (lastFrameBytes, checksum)
    }

    /// The current frame (for joins and frame.get), rendering once if none was made yet.
    func currentFrame() -> [UInt8] {
        if lastFrameBytes.isEmpty { _ = frameIfChanged() }
        return lastFrameBytes
    }
}
