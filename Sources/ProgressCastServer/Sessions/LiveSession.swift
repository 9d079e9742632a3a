import Foundation
import FrameCodecs
import JSON
import Recording
import Session
import Synchronization
import Timing
import WebSocketServer
import Wire

import struct WebSocketServer.TimerID

/// A session being served: its deterministic core, its clock, who watches it, and what was
/// last sent. Lives on the service thread only.
final class LiveSession {
    // Layout: the fields read for every paced frame come first, in declaration order (which is
    // the order Swift lays a class's stored properties out in), so a frame's pacing checks,
    // hand-back and scheduling touch the object's first two or three cache lines only; with
    // 1,000 sessions a session's object is out of the cache by its next frame, and these fields,
    // spread over its 1.3 KB (the core is stored inline), were a cache miss each. The frame
    // state (``SessionFrames``, laid out the same way) follows them
    // (docs/benchmarks.md, "Third round, fewer cache lines per frame").

    /// Queued for the render helpers and not yet handed back (``FrameRenderPool``; service
    /// thread): nothing but the pool may touch the session meanwhile.
    var inFlight = false
    /// Which thread renders the queued frame (``RenderClaim``; ``FrameRenderPool``).
    let renderClaim = Atomic<UInt8>(RenderClaim.idle)
    /// Whether an op came since the last paced frame (its frame goes first in its wake).
    var opSinceFrame = false
    /// Whether the session was closed (taken out of the app's sessions): frames and script steps
    /// scheduled for it before are dropped. (A flag rather than looking its ID up, a string
    /// hash, per frame.)
    var isClosed = false
    /// Whether paced frames stopped because nobody watched and nothing recorded.
    var dormant = false
    /// What the last batch render found: whether the frame changed, and whether frames may
    /// change after it without another op (``SessionCore/mayChange``).
    var renderedChange = false
    var mayChangeAfterRender = false
    /// Which encodings the watchers take (kept by ``watchersChanged(formats:deltas:)``).
    private var watcherFormats: (json: Bool, binary: Bool) = (false, false)
    /// Whether every watcher takes deltas (true), none does (false), or some do (nil): a frame
    /// sent to watchers who agree needs no look-up of each one's choice.
    private(set) var soleWatcherDeltas: Bool? = false
    /// Events the last paced render took from the core (``renderPacedFrame(scratch:)``), until
    /// they are delivered (``takeEvents(fromCore:)``). Kept among the per-frame fields, so that a
    /// frame without events (the usual case: then this is the shared empty array) costs the
    /// service thread no read of the core's event list, which is cold by the hand-back.
    private var renderedEvents: [SceneEvent] = []
    /// Identifies the scheduled frame in the ``FrameScheduler`` (0: none).
    var frameTicket: UInt64 = 0
    /// Monotonic microseconds when the next paced frame is due, while one is scheduled
    /// (``FrameScheduler``); nil when none is.
    var frameDue: Int64?
    /// Monotonic microseconds when the last frame was produced (live pacing).
    var lastFrameWall: Int64 = 0
    /// Connections watching, in join order.
    var connections: [ConnectionID] = [] {
        didSet { soleWatcher = connections.count == 1 ? connections[0] : nil }
    }
    /// The one connection watching, when exactly one does (the usual case), kept beside the
    /// pacing fields: a paced frame's checks and its hand-back then read no element of
    /// ``connections``, whose storage is a cache line of its own, cold by the session's next
    /// frame under load (a miss in each of the two, most of `renderBatch`'s samples in a profile
    /// at 1,000 sessions; docs/benchmarks.md).
    private(set) var soleWatcher: ConnectionID?

    /// Whether any connection watches (read without ``connections``' storage when one does).
    var hasWatchers: Bool { soleWatcher != nil || !connections.isEmpty }

    /// Whether `predicate` holds for every watcher (true when none watches), the one watcher
    /// read inline (``soleWatcher``).
    @inline(__always)
    func allWatchers(_ predicate: (ConnectionID) -> Bool) -> Bool {
        if let soleWatcher { return predicate(soleWatcher) }
        return connections.allSatisfy(predicate)
    }

    /// Calls `body` for each watcher in join order, the one watcher read inline (``soleWatcher``).
    @inline(__always)
    func forEachWatcher(_ body: (ConnectionID) -> Void) {
        if let soleWatcher { return body(soleWatcher) }
        for connection in connections { body(connection) }
    }
    /// The session's frame rate (``SessionSettings/fps``, fixed at creation: a replay's core
    /// is replaced by states of the same recording), kept here beside the pacing fields.
    let fps: Int
    /// The lattice time of the last paced frame.
    var lastFrameGrid: Int64 = 0
    /// The lattice time of a frame deferred to keep the minimum gap, while it waits.
    var deferredLatticeTime: Int64?
    /// The session's phase group on the frame lattice (-1: not given yet).
    var frameGroup = -1
    /// The recording in progress.
    var recorder: SessionRecorder?
    /// A replay session's player (nil for ordinary sessions).
    var replay: ReplayPlayback?
    /// Connections of this session with a timing trace (`trace.start`), so a frame of a session
    /// nobody traces costs no lookups (see ``ProgressCastApp/setTrace(_:for:in:)``).
    var tracers: Set<ConnectionID> = []
    /// When the service thread read the earliest op on this live session that no frame has shown
    /// yet (monotonic microseconds), for the server-side op-to-frame latency
    /// (``ProgressCastApp/opLatency``); nil when every op is shown.
    var opReadAt: Int64?
    /// The current frame and its encodings.
    private var frames = SessionFrames()
    let id: String
    let token: String
    var core: SessionCore
    /// Live sessions: seconds since creation. Manual sessions: moved by clock.advance.
    private let liveClock: LiveClock?
    private var manualMicroseconds: Int64 = 0
    /// Where the session's object is in memory (its fields, with the scene and the frame
    /// encoders inline), for a render helper to prefetch (``FrameRenderPool/prefetchedSessionBytes``).
    /// Reads nothing of the session.
    var objectAddress: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
    /// The current frame's identity (``SessionFrames/identity``).
    var frameIdentity: UInt64 { frames.identity }
    /// The current frame's sequence number.
    var frameSeq: Int { frames.seq }
    /// What incremental rendering drew and kept for this session (``SessionFrames/segmentCounts``).
    var segmentCounts: SegmentCounts { frames.segmentCounts }
    /// Pending removal after the last connection left.
    var expiryTimer: LoopTimer?
    /// Scenario steps still to apply, in time order (absolute session microseconds).
    var pendingSteps: [CommandScript.Step] = []
    var stepTimer: LoopTimer?
    /// The looping scenario running (see ``ScenarioLibrary``) and the turns of it queued so far
    /// (at most ``ProgressCastApp/maxLoopTurns``); nil when no scenario loops.
    var scenarioLoop: (loop: ScenarioLibrary.Scenario.Loop, turns: Int)?

    init(id: String, token: String, core: SessionCore) {
        self.id = id
        self.token = token
        self.core = core
        fps = core.settings.fps
        liveClock = core.settings.clock == .live ? LiveClock() : nil
    }

    var settings: SessionSettings { core.settings }

    /// The session's media time now, in whole microseconds.
    func nowMicroseconds() -> Int64 {
        mediaMicroseconds(atMonotonic: LiveClock.monotonicMicroseconds())
    }

    /// The session's media time, in whole microseconds, when the monotonic clock read
    /// `monotonic` (never before the core's time); a manual clock's time is its own.
    func mediaMicroseconds(atMonotonic monotonic: Int64) -> Int64 {
        if let liveClock { return max(liveClock.microseconds(atMonotonic: monotonic), core.now) }
        return max(manualMicroseconds, core.now)
    }

    /// Moves a manual clock forward.
    /// Moves a manual clock to `microseconds` (at or after the core's time).
    func advanceManualClock(to microseconds: Int64) {
        manualMicroseconds = max(core.now, microseconds)
    }

    var isLive: Bool { liveClock != nil }

    /// The one frame encoding every watcher takes, or nil when they take both (or none watch):
    /// sending a frame then needs no look-up of each watcher's format.
    var soleWatcherFormat: FrameFormat? {
        switch watcherFormats {
        case (true, false): .json
        case (false, true): .binary
        default: nil
        }
    }

    /// Notes which frame encodings the session's watchers take, and which of them take deltas
    /// (`deltas`, in the same order), when they change.
    func watchersChanged(formats: [FrameFormat], deltas: [Bool] = []) {
        watcherFormats = (formats.contains(.json), formats.contains(.binary))
        let flags = formats.indices.map { $0 < deltas.count && deltas[$0] }
        let takers = zip(formats, flags).filter(\.1).map(\.0)
        frames.setDeltas(json: takers.contains(.json), binary: takers.contains(.binary))
        soleWatcherDeltas = !flags.contains(true) ? false : flags.allSatisfy { $0 } ? true : nil
    }

    /// Renders the display list at the core's current time; returns whether it differs from the
    /// last frame made (frames are sent on change only), and if so makes it the current frame,
    /// encoded in every format a watcher takes (see ``SessionFrames``), in the calling thread's
    /// `scratch`.
    func renderIfChanged(scratch: FrameScratch) -> Bool {
        let (json, binary) = watcherFormats
        return frames.update(
            time: withCore { $0.time }, compareIn: binary ? .binary : .json, encodeBoth: json && binary,
            scratch: scratch
        ) { list in
            withCore { $0.draw(into: &list) }
        } fresh: {
            withCore { $0.displayList() }
        }
    }

    /// Notes that the session's paced frame is made now, `now` monotonic microseconds (the
    /// pacing's last frame, no op pending for it), just before it is rendered.
    func beginPacedFrame(at now: Int64 = LiveClock.monotonicMicroseconds()) {
        lastFrameWall = now
        opSinceFrame = false
    }

    /// A paced frame's work, done by whichever ``FrameRenderPool`` thread claims the session
    /// (it touches nothing outside the session): advance to the time the frame was begun at
    /// (``beginPacedFrame(at:)``; a replay's player moved it already), render, and note whether
    /// frames may change after it.
    func renderPacedFrame(scratch: FrameScratch) {
        if replay == nil {
            // At the time the frame was begun (``beginPacedFrame(at:)``: its batch's one clock
            // read, at most a batch's rendering earlier): frames of a batch share a time, and
            // the render reads no clock of its own (a call per frame, docs/benchmarks.md).
            let now = mediaMicroseconds(atMonotonic: lastFrameWall)
            withCore { $0.advance(to: now) }
        }
        renderedChange = renderIfChanged(scratch: scratch)
        mayChangeAfterRender = mayChange
        // Taken here, where the core is in the cache, for the hand-back to deliver.
        let events = withCore { $0.takeEvents() }
        if !events.isEmpty { renderedEvents += events }
    }

    /// The session's events not delivered yet, oldest first, none kept after: those the paced
    /// renders took, then, unless `fromCore` is false, those still in the core (ops' events).
    /// The hand-back of a paced frame passes false: its render took every event there was, and
    /// reading the core's list would be a cold line per frame.
    func takeEvents(fromCore: Bool = true) -> [SceneEvent] {
        var events: [SceneEvent] = []
        if !renderedEvents.isEmpty {
            swap(&events, &renderedEvents)
        }
        if fromCore {
            let later = withCore { $0.takeEvents() }
            if !later.isEmpty { events += later }
        }
        return events
    }

    /// The checksum of the last frame's display list (see ``SessionFrames/checksum(scratch:)``), or nil
    /// before the first frame.
    func lastChecksum(scratch: FrameScratch) -> String? { frames.checksum(scratch: scratch) }

    /// Runs `body` on the core in place. Calling a non-mutating method straight on `core` (a
    /// struct stored in a class) copies it first, retaining every reference it holds, on every
    /// frame; an inout access does not.
    @inline(__always)
    func withCore<Result>(_ body: (inout SessionCore) -> Result) -> Result {
        body(&core)
    }

    /// Whether frames may change after now without another op (``SessionCore/mayChange``).
    var mayChange: Bool { withCore { $0.mayChange } }

    /// The current frame in `format` as the transport sends it to watchers and joiners (from its
    /// `start`, ``SessionFrames/headroom`` bytes, then the frame), rendering once if none was
    /// made yet.
    /// Each format is encoded at most once per frame.
    func currentMessage(_ format: FrameFormat, scratch: FrameScratch) -> PreparedFrame {
        if !frames.hasFrame { _ = renderIfChanged(scratch: scratch) }
        return frames.message(format, scratch: scratch)
    }

    /// The current frame in `format` alone (for frame.get).
    func currentFrame(_ format: FrameFormat, scratch: FrameScratch) -> ArraySlice<UInt8> {
        currentMessage(format, scratch: scratch).frame
    }
}

/// The transport's timer id (named apart from Timing's component timers). This file imports
/// both modules; the scoped import of the transport's TimerID takes precedence here.
typealias LoopTimer = TimerID
