import ComponentSupport
import Foundation
import JSON
public import Logging
import Recording
import Scene
import Session
import Timing
public import Typesetting
public import WebSocketServer
import Wire

/// The application on the service thread: sessions, connections and the wire protocol.
/// Everything here runs on the server's single service thread (WebSocketServerHandler's contract).
public final class ProgressCastApp: WebSocketServerHandler {
    let options: ServerOptions
    let fonts: FontCatalog
    let logger: Logger
    var sessions: [String: LiveSession] = [:]
    var clients = ConnectionMap<Client>()
    /// Connections that joined during the current message and still need their first frame.
    var pendingJoinFrames: Set<ConnectionID> = []
    /// Connections that started a trace during the current message: their first sample follows the ack.
    var pendingTraceSamples: Set<ConnectionID> = []

    let scenarios: ScenarioLibrary
    /// Paces live sessions' frames with one transport timer.
    let frameScheduler = FrameScheduler()
    /// Renders each wake's due frames on the service thread and ``ServerOptions/renderThreads``
    /// helpers.
    let renderPool: FrameRenderPool
    /// The export running now, if any (one at a time per server).
    var export: RecordingExport?
    /// `GET /api/recordings`, each file read once per version.
    var recordingListing = RecordingListing()
    /// The `replay.open`s being read and simulated, by connection (``beginReplayOpen``).
    var replayOpenings: [ConnectionID: PendingReplayOpen] = [:]
    /// What the frame pacer did (`GET /api/stats`).
    var frameCounters = FrameCounters()
    /// The server's side of the command-to-frame latency (`GET /api/stats`).
    var opLatency = LatencyHistogram()
    /// Bytes of command log the live sessions keep, together and by session
    /// (``boundCommandLogs(after:loop:)``). Kept here rather than in the sessions: a field more in
    /// ``LiveSession`` grows the object the render helpers prefetch (docs/benchmarks.md, "Memory
    /// over a run: the command log").
    var commandLogBytes = 0
    var countedLogBytes: [ObjectIdentifier: Int] = [:]
    /// The session whose paced frame the current op took out of the render queue, to render
    /// once the op is applied (``withdrawForOp(from:loop:)``).
    var withdrawnForOp: LiveSession?

    public init(options: ServerOptions, fonts: FontCatalog, logger: Logger) {
        self.options = options
        self.fonts = fonts
        self.logger = logger
        renderPool = FrameRenderPool(helperThreads: options.renderThreads)
        scenarios = ScenarioLibrary(directory: options.scenariosDirectory) { logger.warning("\($0)") }
    }

    // MARK: Connections

    /// A new WebSocket. With `--token`, the transport already refused upgrades without it
    /// (query, bearer or cookie: `Configuration.accessToken`).
    public func connectionOpened(_ connection: ConnectionInfo, loop: ServerLoop) {
        clients[connection.id] = Client(id: connection.id)
    }

    public func connectionClosed(_ connection: ConnectionID, reason: CloseReason, loop: ServerLoop) {
        if let session = session(of: connection) { settleRendering(session, loop: loop) }
        switch reason {
        case .queueOverflow, .messageTooBig, .unsupportedData, .closedByServer(.policyViolation):
            // A client the server had to cut off: worth a line in the log.
            logger.notice("connection closed", metadata: ["connection": "\(connection)", "reason": "\(reason)"])
        default:
            logger.debug("connection closed", metadata: ["connection": "\(connection)", "reason": "\(reason)"])
        }
        leaveSession(connection, loop: loop)
        clients[connection] = nil
        // A replay it was opening is dropped when read (its thread runs to the end).
        replayOpenings[connection] = nil
    }

    public func serverStopping(loop: ServerLoop) {
        settleAllRendering(loop: loop)
        if let export {
            // Stopped and waited for (briefly), so no temporary file outlives the process.
            export.cancel()
            if !export.waitUntilDone(seconds: 5) { logger.warning("the export thread did not stop within 5 s") }
        }
        for session in sessions.values {
            if let recorder = session.recorder {
                recorder.finish(reason: "server stopped", at: session.core.now)
                session.recorder = nil
            }
        }
    }

    // MARK: Messages

    public func messageReceived(_ text: UnsafeRawBufferPointer, from connection: ConnectionID, loop: ServerLoop) {
        guard var client = clients[connection] else { return }
        // Rate limit: at most maxMessagesPerSecond per connection; `limit` errors, then 1008.
        let now = LiveClock.monotonicMicroseconds()
        if now - client.windowStart >= 1_000_000 {
            // A strike is forgiven after a whole window within the limit (or an idle one).
            if client.messagesInWindow <= options.maxMessagesPerSecond || now - client.windowStart >= 2_000_000 {
                client.strikes = 0
            }
            client.windowStart = now
            client.messagesInWindow = 0
        }
        client.messagesInWindow += 1
        if client.messagesInWindow > options.maxMessagesPerSecond {
            if client.messagesInWindow == options.maxMessagesPerSecond + 1 { client.strikes += 1 }
            clients[connection] = client
            if client.strikes >= 2 || client.messagesInWindow > 2 * options.maxMessagesPerSecond {
                loop.close(connection, code: .policyViolation, reason: "too many messages")
            } else {
                refuse(
                    text, CommandError(.limit, "more than \(options.maxMessagesPerSecond) messages per second"),
                    from: connection, loop: loop)
            }
            return
        }
        clients[connection] = client
        // While its replay.open is answered, a connection's messages wait, in order.
        if holdWhileOpeningReplay(text, from: connection, loop: loop) { return }
        apply(text, from: connection, loop: loop)
    }

    /// Parses and applies one message of `connection` (past the rate limit), and replies.
    func apply(_ text: UnsafeRawBufferPointer, from connection: ConnectionID, loop: ServerLoop) {
        let now = LiveClock.monotonicMicroseconds()
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            send(
                Outgoing.error(id: nil, op: nil, CommandError(.badJSON, error.description)), to: connection, loop: loop)
            return
        }
        guard case let .object(message) = value else {
            send(
                Outgoing.error(id: nil, op: nil, CommandError(.badRequest, "a message must be a JSON object")),
                to: connection, loop: loop)
            return
        }
        let id = message["id"]
        if let given = id {
            if !Self.isValidID(given) {
                send(
                    Outgoing.error(
                        id: nil, op: message["op"]?.stringValue,
                        CommandError(.badRequest, "id must be a string (at most 100 bytes) or an integer")),
                    to: connection, loop: loop)
                return
            }
        }
        guard let opValue = message["op"], !opValue.isNull else {
            send(
                Outgoing.error(id: id, op: nil, CommandError(.badRequest, "op is required")), to: connection, loop: loop
            )
            return
        }
        guard let op = opValue.stringValue else {
            send(
                Outgoing.error(
                    id: id, op: nil,
                    CommandError(.badRequest, "op must be a string, got \(FieldReader.describe(opValue))")),
                to: connection, loop: loop)
            return
        }
        if op == "replay.open" {
            // Read and simulated off the service thread: acked when done (finishReplayOpenings).
            do throws(CommandError) { try beginReplayOpen(message, id: id, from: connection, loop: loop) } catch {
                send(Outgoing.error(id: id, op: op, error), to: connection, loop: loop)
            }
            return
        }
        // Paced frames render in the background: the connection's session is settled (or its
        // queued frame withdrawn, to be rendered with the op applied) before the op touches it.
        withdrawForOp(from: connection, loop: loop)
        do {
            let (time, fields) = try dispatch(op: op, message: message, from: connection, loop: loop)
            if let id { send(Outgoing.ack(id: id, op: op, time: time, fields: fields), to: connection, loop: loop) }
            noteOpApplied(op, from: connection, readAt: now)
        } catch {
            send(Outgoing.error(id: id, op: op, error), to: connection, loop: loop)
        }
        flushAfterOp(connection: connection, loop: loop)
        renderWithdrawnFrame(loop: loop)
    }

    /// Refuses a message without applying it: its one reply, with its id and op when it has them.
    func refuse(_ text: UnsafeRawBufferPointer, _ error: CommandError, from connection: ConnectionID, loop: ServerLoop)
    {
        var id: JSONValue?, op: String?
        if case let .object(message)? = try? JSONParser.parse(text) {
            id = message["id"].flatMap { Self.isValidID($0) ? $0 : nil }
            op = message["op"]?.stringValue.map { String($0.prefix(64)) }
        }
        send(Outgoing.error(id: id, op: op, error), to: connection, loop: loop)
    }

    /// Whether a message id is usable: a string of at most 100 bytes or an integer.
    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string(let s): return s.utf8.count <= 100
        case .number(let n): return n == n.rounded() && abs(n) < 9e15
        default: return false
        }
    }

    /// Sends an ordered message (ack, error, event) to one connection.
    func send(_ bytes: [UInt8], to connection: ConnectionID, loop: ServerLoop) {
        _ = loop.send(bytes, to: connection, delivery: .ordered)
    }
}
