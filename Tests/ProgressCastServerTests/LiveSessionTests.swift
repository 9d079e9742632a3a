import JSON
import Session
import Testing
import Timing
import Typesetting
import Wire

@testable import ProgressCastServer
@testable import WebSocketServer

private let fonts: FontCatalog? = try? FontCatalog()

private func makeSession(fonts: FontCatalog, fps: Int = 60) -> LiveSession {
    var settings = SessionSettings()
    settings.clock = .manual
    settings.fps = fps
    return LiveSession(id: "s", token: "t", core: SessionCore(settings: settings, fonts: fonts))
}

/// What the per-frame fields kept at the top of ``LiveSession`` hold: its frame rate and its
/// watchers' one format.
@Suite struct LiveSessionTests {
    /// The frame rate is kept beside the pacing fields, as the session was created with it.
    @Test(.enabled(if: fonts != nil)) func keepsTheFrameRate() throws {
        let fonts = try #require(fonts)
        for fps in [1, 24, 60, 120] {
            let session = makeSession(fonts: fonts, fps: fps)
            #expect(session.fps == fps && session.settings.fps == fps)
        }
    }

    /// A paced render takes the core's events for the hand-back: each once, in order, none left
    /// in the core; a render with no new events leaves nothing to deliver.
    @Test(.enabled(if: fonts != nil)) func pacedRenderTakesTheEvents() throws {
        let session = makeSession(fonts: try #require(fonts))
        let show = #"{"op":"hud.show","target":"h","mode":"indeterminate","label":"a"}"#
        guard case .object(let op) = try JSONParser.parse(Array(show.utf8)) else {
            Issue.record("bad op")
            return
        }
        _ = try session.core.apply(op, name: "hud.show", at: 0)
        // The show animation (0.3 s) ends within the first second: `hud.appeared`.
        session.advanceManualClock(to: session.core.now + 1_000_000)
        session.renderPacedFrame(scratch: FrameScratch())
        let taken = session.takeEvents(fromCore: false)
        #expect(taken.map(\.name).contains("hud.appeared"), "got \(taken.map(\.name))")
        #expect(session.takeEvents(fromCore: false).isEmpty, "each event is taken once")
        #expect(session.core.takeEvents().isEmpty, "none is left in the core")
        session.advanceManualClock(to: session.core.now + 1_000_000)
        session.renderPacedFrame(scratch: FrameScratch())
        #expect(session.takeEvents(fromCore: false).isEmpty, "nothing new happened")
    }

    /// A frame is sent without a per-watcher look-up only when all watchers take one format.
    @Test(.enabled(if: fonts != nil)) func soleWatcherFormat() throws {
        let session = makeSession(fonts: try #require(fonts))
        #expect(session.soleWatcherFormat == nil, "nobody watches")
        session.watchersChanged(formats: [.json, .json])
        #expect(session.soleWatcherFormat == .json)
        session.watchersChanged(formats: [.binary])
        #expect(session.soleWatcherFormat == .binary)
        session.watchersChanged(formats: [.json, .binary])
        #expect(session.soleWatcherFormat == nil, "both formats")
        session.watchersChanged(formats: [.binary, .json, .binary])
        #expect(session.soleWatcherFormat == nil, "both formats, in any order")
        session.watchersChanged(formats: [])
        #expect(session.soleWatcherFormat == nil)
    }

    /// A live session's paced frame is at the time its frame was begun (its batch's clock
    /// read), not at a clock read of its own when it is rendered; never before the core's time.
    @Test(.enabled(if: fonts != nil)) func pacedFrameIsAtItsBeginTime() throws {
        var settings = SessionSettings()
        settings.clock = .live
        let session = LiveSession(
            id: "s", token: "t", core: SessionCore(settings: settings, fonts: try #require(fonts)))
        let start = LiveClock.monotonicMicroseconds()
        // Begun "5 s from now": the frame is at about 5 s though the clock reads about 0.
        session.beginPacedFrame(at: start + 5_000_000)
        session.renderPacedFrame(scratch: FrameScratch())
        #expect(session.core.now >= 5_000_000 && session.core.now < 6_000_000, "at \(session.core.now) us")
        // A frame begun earlier than the core's time does not move it back.
        session.beginPacedFrame(at: start)
        session.renderPacedFrame(scratch: FrameScratch())
        #expect(session.core.now >= 5_000_000)
    }

    /// The one watcher kept beside the pacing fields follows every change of the watchers: it
    /// is the connection when exactly one watches, nil otherwise; the watcher helpers read it or
    /// the list and agree with the list.
    @Test(.enabled(if: fonts != nil)) func soleWatcherFollowsTheWatchers() throws {
        let session = makeSession(fonts: try #require(fonts))
        let (a, b) = (ConnectionID(rawValue: 7, slot: 3), ConnectionID(rawValue: 9, slot: 4))
        #expect(session.soleWatcher == nil, "nobody watches")
        session.connections.append(a)
        #expect(session.soleWatcher == a)
        #expect(session.hasWatchers && session.allWatchers { $0 == a } && !session.allWatchers { $0 == b })
        session.connections.append(b)
        #expect(session.soleWatcher == nil, "two watch")
        var seen: [ConnectionID] = []
        session.forEachWatcher { seen.append($0) }
        #expect(seen == [a, b], "in join order")
        #expect(!session.allWatchers { $0 == a } && session.allWatchers { $0 == a || $0 == b })
        session.connections.removeAll { $0 == a }
        #expect(session.soleWatcher == b, "the other one left")
        session.connections = [a]
        #expect(session.soleWatcher == a, "replaced")
        session.connections.removeAll()
        #expect(session.soleWatcher == nil, "everyone left")
        #expect(!session.hasWatchers && session.allWatchers { _ in false }, "none: vacuously all")
    }
}
