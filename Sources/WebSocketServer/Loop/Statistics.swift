import Synchronization

/// A snapshot of a server's counters, for health and benchmark endpoints.
public struct Statistics: Sendable, Hashable {
    /// WebSocket connections open now.
    public var connectionsOpen: Int
    /// WebSocket connections accepted since the server started.
    public var connectionsAccepted: Int
    /// WebSocket upgrades refused (wrong path, origin, or the connection limit).
    public var upgradesRefused: Int
    /// Complete messages received.
    public var messagesReceived: Int
    /// Messages written (each whole message handed to the socket or to libwebsockets once).
    public var messagesSent: Int
    /// Payload bytes of the messages written (before any compression).
    public var bytesSent: Int
    /// Messages the kernel did not take in one `send` (libwebsockets kept the rest and wrote
    /// it on a later pass): a slow peer, or messages over ``WebSocketServer/Configuration/sendPacketSize``.
    public var writesSplit: Int
    /// Messages written in one `send` together with others (every message ready for a
    /// connection without permessage-deflate goes out at once: an event and the frame after it
    /// cost one write).
    public var messagesWrittenTogether: Int
    /// Latest-slot values replaced before they were sent.
    public var framesReplaced: Int
    /// Latest-slot values not written because the peer already had the same content
    /// (their repeat key equals that of the last keyed message written).
    public var latestRepeatsSkipped: Int
    /// Latest-slot values written as their delta (``PreparedDelta``): the peer's last versioned
    /// message was the delta's base.
    public var deltasWritten: Int
    /// Connections closed because their ordered queue overflowed.
    public var queueOverflows: Int
    /// Dynamic-route HTTP requests answered.
    public var httpRequests: Int
    /// Times the service thread polled its sockets (each `lws_service`, waiting or not).
    public var socketPolls: Int
    /// Writes made right after the message was sent, without waiting for a poll to report the
    /// socket writable (``ServerLoop/flushWrites()``).
    public var writesWithoutPoll: Int
    /// Input read from a WebSocket connection as soon as epoll reported it, while the service
    /// thread was parked, rather than found by a poll over every socket.
    public var readsWithoutPoll: Int
    /// Timers the parked service thread fired itself when due, rather than in a poll over every
    /// socket (``TimerTable/takeDue(at:)``).
    public var timersWithoutPoll: Int
}

/// The live counters behind ``Statistics``: written on the service thread, read from
/// any thread (relaxed atomics; each value is exact, a snapshot is not atomic as a whole).
final class StatisticsCounters: Sendable {
    let connectionsOpen = Atomic<Int>(0)
    let connectionsAccepted = Atomic<Int>(0)
    let upgradesRefused = Atomic<Int>(0)
    let messagesReceived = Atomic<Int>(0)
    let messagesSent = Atomic<Int>(0)
    let bytesSent = Atomic<Int>(0)
    let writesSplit = Atomic<Int>(0)
    let messagesWrittenTogether = Atomic<Int>(0)
    let framesReplaced = Atomic<Int>(0)
    let latestRepeatsSkipped = Atomic<Int>(0)
    let deltasWritten = Atomic<Int>(0)
    let queueOverflows = Atomic<Int>(0)
    let httpRequests = Atomic<Int>(0)
    let socketPolls = Atomic<Int>(0)
    let writesWithoutPoll = Atomic<Int>(0)
    let readsWithoutPoll = Atomic<Int>(0)
    let timersWithoutPoll = Atomic<Int>(0)

    var snapshot: Statistics {
        Statistics(
            connectionsOpen: connectionsOpen.load(ordering: .relaxed),
            connectionsAccepted: connectionsAccepted.load(ordering: .relaxed),
            upgradesRefused: upgradesRefused.load(ordering: .relaxed),
            messagesReceived: messagesReceived.load(ordering: .relaxed),
            messagesSent: messagesSent.load(ordering: .relaxed),
            bytesSent: bytesSent.load(ordering: .relaxed),
            writesSplit: writesSplit.load(ordering: .relaxed),
            messagesWrittenTogether: messagesWrittenTogether.load(ordering: .relaxed),
            framesReplaced: framesReplaced.load(ordering: .relaxed),
            latestRepeatsSkipped: latestRepeatsSkipped.load(ordering: .relaxed),
            deltasWritten: deltasWritten.load(ordering: .relaxed),
            queueOverflows: queueOverflows.load(ordering: .relaxed),
            httpRequests: httpRequests.load(ordering: .relaxed),
            socketPolls: socketPolls.load(ordering: .relaxed),
            writesWithoutPoll: writesWithoutPoll.load(ordering: .relaxed),
            readsWithoutPoll: readsWithoutPoll.load(ordering: .relaxed),
            timersWithoutPoll: timersWithoutPoll.load(ordering: .relaxed)
        )
    }
}

extension Atomic where Value == Int {
    /// Adds on the single writer thread; readers elsewhere see each update whole.
    func bump(_ amount: Int = 1) {
        wrappingAdd(amount, ordering: .relaxed)
    }
}
