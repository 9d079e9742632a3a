import Logging
import Recording
import Session
import WebSocketServer

extension ProgressCastApp {
    /// After ops were applied to `session`: counts its command log's growth, and keeps the logs
    /// within their limits (docs/architecture.md, "The command log"). A log past the size a
    /// recording may reach (``ServerOptions/maxRecordingBytes``) drops its history, and while all
    /// the live sessions' logs together are past ``ServerOptions/maxLogBytes``, the largest does.
    /// Every op is logged, so without this a client sending ops within the rate limit (up to 64 KiB
    /// each) grew the server's memory until the system killed it.
    func boundCommandLogs(after session: LiveSession, loop: ServerLoop) {
        // Settled already by whoever applied the ops (a no-op then); its core is read below.
        settleRendering(session, loop: loop)
        countCommandLog(of: session)
        if counted(session) > min(options.maxRecordingBytes, options.maxLogBytes) {
            dropLogHistory(of: session, loop: loop)
        }
        while commandLogBytes > options.maxLogBytes {
            guard let largest = sessions.values.max(by: { counted($0) < counted($1) }), counted(largest) > 0
            else { break }
            guard dropLogHistory(of: largest, loop: loop) else { break }
        }
    }

    /// Takes a closed session's log out of the count.
    func forgetCommandLog(of session: LiveSession) {
        commandLogBytes -= countedLogBytes.removeValue(forKey: ObjectIdentifier(session)) ?? 0
    }

    /// The bytes of `session`'s log in ``commandLogBytes``.
    private func counted(_ session: LiveSession) -> Int {
        countedLogBytes[ObjectIdentifier(session)] ?? 0
    }

    /// Brings the count of `session`'s log up to date (replays are not counted: their logs are
    /// bounded by the recording they play).
    private func countCommandLog(of session: LiveSession) {
        guard session.replay == nil else { return }
        let bytes = session.withCore { $0.log.byteCount }
        commandLogBytes += bytes - counted(session)
        countedLogBytes[ObjectIdentifier(session)] = bytes
    }

    /// Drops the entries of `session`'s log that a running recording has written (all of them
    /// when none runs); returns whether any bytes were freed.
    @discardableResult
    private func dropLogHistory(of session: LiveSession, loop: ServerLoop) -> Bool {
        // It may be rendering on a helper thread: its core is the helper's until handed back.
        settleRendering(session, loop: loop)
        let before = counted(session)
        let keepFrom = session.recorder?.loggedCount ?? session.withCore { $0.log.count }
        session.withCore { $0.dropLog(before: keepFrom) }
        countCommandLog(of: session)
        let freed = before - counted(session)
        guard freed > 0 else { return false }
        logger.notice(
            "command log history dropped (the session can no longer be recorded from its creation)",
            metadata: [
                "session": "\(session.id.prefix(8))", "freed": "\(freed)", "kept": "\(counted(session))",
                "all logs": "\(commandLogBytes)",
            ])
        return true
    }
}
