import CPrefetch
import Foundation
import JSON
import Session
import Testing
import Typesetting

@testable import ProgressCastServer

private let fonts: FontCatalog? = try? FontCatalog()

/// Manual-clock sessions with an animating HUD and a playing bar, each at its own point.
private func makeSessions(_ count: Int, fonts: FontCatalog) throws -> [LiveSession] {
    try (0..<count).map { index in
        var settings = SessionSettings()
        settings.clock = .manual
        var core = SessionCore(settings: settings, fonts: fonts)
        for op in [
            #"{"op":"hud.show","target":"h","mode":"indeterminate","label":"s\#(index)"}"#,
            #"{"op":"bar.create","target":"b","frame":{"x":20,"y":600,"width":335,"height":30}}"#,
            #"{"op":"player.create","target":"p","bar":"b","duration":60}"#,
            #"{"op":"player.play","target":"p"}"#,
        ] {
            guard case .object(let object) = try JSONParser.parse(Array(op.utf8)),
                case .string(let name)? = object["op"]
            else {
                Issue.record("bad op \(op)")
                continue
            }
            _ = try core.apply(object, name: name, at: Int64(index) * 1_000)
        }
        let session = LiveSession(id: "s\(index)", token: "t", core: core)
        session.watchersChanged(formats: index % 3 == 0 ? [.json] : index % 3 == 1 ? [.binary] : [.json, .binary])
        return session
    }
}

/// Counts the sessions a pool hands back, by id.
private final class HandBacks {
    private(set) var counts: [String: Int] = [:]

    func count(_ session: LiveSession) { counts[session.id, default: 0] += 1 }

    /// Whether no session came back more than once.
    var eachOnce: Bool { counts.values.allSatisfy { $0 == 1 } }
}

/// Moves every session's manual clock to frame `step` at 60 fps.
private func advance(_ sessions: [LiveSession], toFrame step: Int) {
    for session in sessions { session.core.advance(to: Int64(step) * 16_667) }
}

@Suite struct FrameRenderPoolTests {
    /// Rendering with helper threads gives exactly what rendering on one thread gives, frame by
    /// frame, over many batches (each session claimed by one thread per batch).
    @Test(.enabled(if: fonts != nil)) func parallelRenderingEqualsSerial() throws {
        let fonts = try #require(fonts)
        let serial = try makeSessions(40, fonts: fonts)
        let parallel = try makeSessions(40, fonts: fonts)
        let oneThread = FrameRenderPool(helperThreads: 0)
        let threeThreads = FrameRenderPool(helperThreads: 2)
        for step in 1...120 {
            advance(serial + parallel, toFrame: step)
            oneThread.render(serial)
            threeThreads.render(parallel)
            for (a, b) in zip(serial, parallel) {
                #expect(a.renderedChange == b.renderedChange)
                #expect(a.frameSeq == b.frameSeq)
                #expect(a.currentFrame(.json) == b.currentFrame(.json))
                #expect(a.currentFrame(.binary) == b.currentFrame(.binary))
            }
        }
        // The spinner and the playing bar change the display list on most frames.
        #expect(serial.allSatisfy { $0.frameSeq > 60 }, "\(serial.map(\.frameSeq))")
    }

    /// Each session is handed back exactly once per batch, and only once its frame is rendered:
    /// what the callback sees is the frame the batch ends with.
    @Test(.enabled(if: fonts != nil)) func everySessionIsHandedOnOnceAfterItIsRendered() throws {
        let fonts = try #require(fonts)
        let sessions = try makeSessions(48, fonts: fonts)
        let pool = FrameRenderPool(helperThreads: 2)
        for step in 1...40 {
            advance(sessions, toFrame: step)
            var seen: [String: (count: Int, seq: Int, frame: [UInt8])] = [:]
            pool.render(sessions) { session in
                let count = (seen[session.id]?.count ?? 0) + 1
                seen[session.id] = (count, session.frameSeq, Array(session.currentFrame(.json)))
            }
            #expect(seen.count == sessions.count)
            for session in sessions {
                let entry = try #require(seen[session.id])
                #expect(entry.count == 1)
                #expect(entry.seq == session.frameSeq)
                #expect(entry.frame == Array(session.currentFrame(.json)))
            }
        }
        #expect(sessions.allSatisfy { $0.frameSeq > 20 }, "the frames changed while the test ran")
    }

    @Test(.enabled(if: fonts != nil)) func smallBatchesAndEmptyBatchesRender() throws {
        let fonts = try #require(fonts)
        let pool = FrameRenderPool(helperThreads: 1)
        pool.render([])
        let sessions = try makeSessions(FrameRenderPool.minimumParallelBatch - 1, fonts: fonts)
        pool.render(sessions)
        #expect(sessions.allSatisfy { $0.renderedChange && $0.frameSeq == 1 })
        pool.render(sessions)
        #expect(sessions.allSatisfy { !$0.renderedChange && $0.frameSeq == 1 }, "nothing moved: no new frames")
    }

    /// In the background: the call returns with the batch in flight, and every session comes
    /// back exactly once through drain, rendered (frames equal to rendering on one thread).
    @Test(.enabled(if: fonts != nil)) func backgroundBatchesComeBackThroughDrainOnce() throws {
        let fonts = try #require(fonts)
        let serial = try makeSessions(40, fonts: fonts)
        let background = try makeSessions(40, fonts: fonts)
        let oneThread = FrameRenderPool(helperThreads: 0)
        let pool = FrameRenderPool(helperThreads: 1)
        for step in 1...30 {
            advance(serial + background, toFrame: step)
            oneThread.render(serial)
            let handedBack = HandBacks()
            pool.renderInBackground(background, waker: nil) { _ in Issue.record("a large batch rendered inline") }
            #expect(background.allSatisfy { $0.inFlight })
            let deadline = Date().addingTimeInterval(10)
            while pool.outstanding > 0, Date() < deadline { pool.drain(finished: handedBack.count) }
            #expect(pool.outstanding == 0)
            #expect(handedBack.counts.count == background.count)
            #expect(handedBack.eachOnce)
            #expect(!background.contains { $0.inFlight })
            for (a, b) in zip(serial, background) {
                #expect(a.frameSeq == b.frameSeq)
                #expect(a.currentFrame(.json) == b.currentFrame(.json))
            }
        }
    }

    /// Settling a session in flight makes it safe at once (rendered here if no helper took it,
    /// else after the helper's frame) and hands it back once; settleAll leaves nothing in
    /// flight; a drain afterwards hands back nothing twice.
    @Test(.enabled(if: fonts != nil)) func settleHandsBackOnceWhoeverRendered() throws {
        let fonts = try #require(fonts)
        let serial = try makeSessions(64, fonts: fonts)
        let sessions = try makeSessions(64, fonts: fonts)
        let oneThread = FrameRenderPool(helperThreads: 0)
        let pool = FrameRenderPool(helperThreads: 1)
        for step in 1...30 {
            advance(serial + sessions, toFrame: step)
            oneThread.render(serial)
            let handedBack = HandBacks()
            let count = handedBack.count
            pool.renderInBackground(sessions, waker: nil, finished: count)
            // The last ones are most likely not started yet, the first ones rendering or done.
            for index in [sessions.count - 1, step % 8, sessions.count / 2] {
                pool.settle(sessions[index], finished: count)
                #expect(!sessions[index].inFlight)
                #expect(handedBack.counts[sessions[index].id] == 1)
                #expect(
                    sessions[index].currentFrame(.json) == serial[index].currentFrame(.json), "settled means rendered")
            }
            pool.settleAll(finished: count)
            #expect(pool.outstanding == 0)
            pool.drain(finished: count)
            #expect(handedBack.counts.count == sessions.count)
            #expect(handedBack.eachOnce)
            for (a, b) in zip(serial, sessions) {
                #expect(!b.inFlight)
                #expect(a.frameSeq == b.frameSeq)
            }
        }
    }

    /// Withdrawing a queued session for an op takes it out of the queue unrendered (the caller
    /// renders it after the op); one a helper has started is settled instead. Either way it is
    /// no longer in flight, and nothing is handed back twice or rendered twice.
    @Test(.enabled(if: fonts != nil)) func withdrawTakesQueuedSessionsOutUnrendered() throws {
        let fonts = try #require(fonts)
        let sessions = try makeSessions(64, fonts: fonts)
        let pool = FrameRenderPool(helperThreads: 1)
        var withdrawnSome = false
        for step in 1...30 {
            advance(sessions, toFrame: step)
            let seqBefore = sessions.map(\.frameSeq)
            let handedBack = HandBacks()
            let count = handedBack.count
            pool.renderInBackground(sessions, waker: nil, finished: count)
            // The last one is the least likely to have been started.
            let last = sessions[sessions.count - 1]
            let withdrawn = pool.withdraw(last, finished: count)
            #expect(!last.inFlight)
            if withdrawn {
                withdrawnSome = true
                #expect(handedBack.counts[last.id] == nil)
            } else {
                #expect(handedBack.counts[last.id] == 1)
            }
            pool.settleAll(finished: count)
            #expect(pool.outstanding == 0)
            if withdrawn {
                #expect(last.frameSeq == seqBefore[sessions.count - 1], "a withdrawn session is not rendered")
                #expect(handedBack.counts[last.id] == nil)
            }
            #expect(handedBack.eachOnce)
            #expect(handedBack.counts.count == sessions.count - (withdrawn ? 1 : 0))
        }
        #expect(withdrawnSome, "the last of 64 queued sessions was never still queued")
    }

    /// A helper prefetches the next session's whole object and little more: its heap block fits
    /// in ``FrameRenderPool/prefetchedSessionBytes`` with less than four lines to spare, so
    /// stored fields added to `LiveSession` (or to the scene, the timeline or the encoders it
    /// holds inline) past the constant, or many removed, fail here.
    ///
    /// The smallest block of several objects: malloc may hand out a block a little larger than
    /// asked for (glibc keeps a free chunk whole when what would be left is under its minimum
    /// chunk, 32 bytes), depending on what the heap holds; CI once saw 1,544 bytes for the
    /// usual 1,536.
    @Test(.enabled(if: fonts != nil)) func prefetchCoversTheSessionObject() throws {
        let catalog = try #require(fonts)
        let sessions = try makeSessions(8, fonts: catalog)
        let block = try #require(
            sessions.map { Int(pc_allocation_size(UnsafeMutableRawPointer(mutating: $0.objectAddress))) }.min())
        #expect(block <= FrameRenderPool.prefetchedSessionBytes)
        #expect(block > FrameRenderPool.prefetchedSessionBytes - 256)
    }
}

extension LiveSession {
    /// The current frame in `format`, encoded if need be in a scratch of its own.
    fileprivate func currentFrame(_ format: FrameFormat) -> ArraySlice<UInt8> {
        currentFrame(format, scratch: FrameScratch())
    }
}
