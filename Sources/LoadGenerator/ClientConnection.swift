/// One WebSocket connection of the load generator, with what it has sent and measured.
/// Used only on the load generator's service thread.
final class ClientConnection {
    enum Role {
        /// Creates a live session with a bench scene and times label changes.
        case live(BenchScene)
        /// Receives frames (baseline), sending what ``LoadOptions/receiverTraffic`` says for the
        /// scene the server part's session of the same index has.
        case receiver(BenchScene)
        /// Creates an unchanging session for viewers (idle mode).
        case controller
        /// Joins a session as a viewer and stays idle.
        case viewer(session: String)
    }

    enum Phase {
        case connecting, settingUp, ready, failed, closed
    }

    /// A text message waiting to be written.
    struct Outgoing {
        var bytes: [UInt8]
        /// Whether this is the timed command (its send time is taken when written).
        var timed: Bool
    }

    let index: Int
    let role: Role
    var phase = Phase.connecting
    /// The libwebsockets connection (libwebsockets transport).
    var wsi: OpaquePointer?
    /// The index of its socket in the epoll transport's table (-1: none).
    var slot = -1
    var outgoing: [Outgoing] = []
    var outgoingHead = 0
    /// Fragments of a message not yet complete.
    var assembly: [UInt8] = []
    /// Acks still expected before the connection is ready.
    var acksWanted = 0
    /// Why the transport closed the connection, if it refused something the server sent.
    var lastTransportError: String?
    /// The session a controller created.
    var sessionID: String?

    // Timed commands (live sessions).
    var commandCounter = 0
    /// Nanoseconds when the next timed command is due.
    var nextCommandAt: Int64 = 0
    /// The bytes a frame contains once it reflects the command in flight.
    var pendingMarker: [UInt8]?
    /// Nanoseconds when the command in flight was written (0: not written yet).
    var pendingSentAt: Int64 = 0

    // Frame statistics.
    var framesInWindow = 0
    var lastFrameAt: Int64 = 0

    init(index: Int, role: Role) {
        self.index = index
        self.role = role
    }

    /// Queues a text message.
    func enqueue(_ text: String, timed: Bool = false) {
        outgoing.append(Outgoing(bytes: Array(text.utf8), timed: timed))
    }

    /// Takes the next message to write, if any.
    func popOutgoing() -> Outgoing? {
        guard outgoingHead < outgoing.count else { return nil }
        let message = outgoing[outgoingHead]
        outgoing[outgoingHead].bytes = []
        outgoingHead += 1
        if outgoingHead == outgoing.count {
            outgoing.removeAll(keepingCapacity: true)
            outgoingHead = 0
        }
        return message
    }

    var hasOutgoing: Bool { outgoingHead < outgoing.count }
}
