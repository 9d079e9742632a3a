/// The service thread's state for one open WebSocket connection: its outgoing latest
/// slot and ordered queue, its message reassembly, and any close in progress.
///
/// Owned by ``ServerLoop`` (and retained through the connection's libwebsockets
/// per-session pointer) from ESTABLISHED to CLOSED; touched only on the service thread.
final class Connection {
    /// A close the server has decided on, performed from the next writeable callback.
    struct PendingClose {
        var code: CloseCode
        var reason: String
        var cause: CloseReason
        /// Whether queued ordered messages are written before the close frame.
        var flushQueueFirst: Bool
    }

    /// What the next writeable callback should do.
    enum NextWrite: Equatable {
        case nothing
        case queued
        case latest
        case close
    }

    /// Ordered messages written in a row while a latest value waits, at most.
    static let maxQueueStreak = 4

    // Layout: what every write reads comes first, in declaration order (the order Swift lays a
    // class's stored properties out in), so writing a frame touches two or three cache lines of
    // the object rather than four: with 1,000 connections an object is out of the cache by the
    // next frame (docs/benchmarks.md, "Third round, fewer cache lines per frame").

    /// The libwebsockets connection (`struct lws *`).
    let wsi: OpaquePointer
    /// Its socket's descriptor (watched by ``ReadySockets`` while open).
    let socket: Int32
    /// Whether a write was asked for and has not happened yet: the connection waits in
    /// ``ServerLoop/flushWrites()``'s list (and, unless it is written directly, for
    /// libwebsockets' writeable callback).
    var writeRequested = false
    /// Whether libwebsockets holds part of a message the socket did not take, and the socket is
    /// watched for output until it is sent (``ServerLoop/followPartialWrite(_:)``).
    var awaitsWritable = false
    /// Set when libwebsockets reports the connection closed: its `wsi` is gone.
    var isClosed = false
    /// Whether the client offered an extension, so permessage-deflate may be in use.
    let mayDeflate: Bool
    /// Whether the transport writes the connection's messages itself, outside libwebsockets'
    /// writeable callback (``ServerLoop/flushWrites()``): when permessage-deflate is not in
    /// use, so that libwebsockets has nothing to add to them.
    var writesDirectly: Bool { !mayDeflate }
    /// Ordered messages written since the last latest value (those queued after it).
    var queueStreak = 0
    /// How many of the queued messages were queued before the latest value: they are written
    /// before it, whatever the streak (a frame never overtakes the events and acks that came
    /// before it; the streak only keeps newer ones from starving it).
    var queuedBeforeLatest = 0
    /// The repeat key of the last keyed message written (see ``OutgoingMessage/repeatKey``).
    var lastWrittenRepeatKey: UInt64?
    /// The version of the last versioned message written (see ``OutgoingMessage/version``).
    var lastWrittenVersion: UInt64?
    var latest = LatestSlot()
    var queue: OrderedMessageQueue
    var pendingClose: PendingClose?
    /// The last message handed to `lws_write`, on a connection that may use
    /// permessage-deflate: libwebsockets may then go on compressing straight from this buffer
    /// in later service rounds (before the next writeable callback reaches us), so it must stay
    /// alive and unchanged until the next write replaces it. Without it, `lws_write` is done
    /// with the buffer when it returns (a part the socket did not take is copied into
    /// libwebsockets' own list), so the message is let go at once: a sender that updates its
    /// prepared message in place then finds it unshared again.
    private(set) var inFlight = OutgoingMessage(bytes: [], kind: .text)
    let id: ConnectionID
    var assembler: MessageAssembler
    /// The code of a close frame the peer sent (`.some(nil)`: a close without a code).
    var peerClose: CloseCode??

    init(
        id: ConnectionID, wsi: OpaquePointer, socket: Int32, configuration: WebSocketServer.Configuration,
        mayDeflate: Bool
    ) {
        self.id = id
        self.mayDeflate = mayDeflate
        self.wsi = wsi
        self.socket = socket
        queue = OrderedMessageQueue(maxBytes: configuration.maxQueuedBytes, maxCount: configuration.maxQueuedMessages)
        assembler = MessageAssembler(limit: configuration.maxMessageSize)
    }

    /// Ordered messages go first, but after ``maxQueueStreak`` of those queued after it a
    /// waiting latest value gets its turn, so a busy queue never starves it; those queued
    /// before it are all written first (``queuedBeforeLatest``). A pending close waits for
    /// the queue only when it asked to flush it; a latest value is never sent once
    /// closing.
    var nextWrite: NextWrite {
        if let pendingClose {
            return pendingClose.flushQueueFirst && !queue.isEmpty ? .queued : .close
        }
        let hasQueued = !queue.isEmpty
        if latest.hasValue, queuedBeforeLatest == 0, !hasQueued || queueStreak >= Self.maxQueueStreak {
            return .latest
        }
        return hasQueued ? .queued : .nothing
    }

    /// Puts a value in the latest slot with `store` (true when it replaced one never written):
    /// everything queued so far came before it, and goes out before it.
    func storeLatest(_ store: (inout LatestSlot) -> Bool) -> Bool {
        queuedBeforeLatest = queue.count
        return store(&latest)
    }

    /// Takes the first queued message for writing, keeping ``queuedBeforeLatest`` and the
    /// streak: a message queued before the waiting latest value is not part of the streak.
    func popQueued() -> OutgoingMessage? {
        guard let message = queue.popFirst() else { return nil }
        if queuedBeforeLatest > 0 {
            queuedBeforeLatest -= 1
        } else {
            // Only ordered writes made while a latest value waits count: the streak is there to
            // keep a busy queue from starving frames, not to let a frame overtake an ack that was
            // queued before it on an otherwise quiet connection.
            queueStreak = latest.hasValue ? queueStreak + 1 : 0
        }
        return message
    }

    /// Keeps `message` (just written) alive as ``inFlight`` when permessage-deflate may read it
    /// later, recycling the previous one; otherwise recycles (or, shared, lets go of) it now.
    func retire(_ message: OutgoingMessage) {
        guard mayDeflate else {
            latest.recycle(message)
            return
        }
        let previous = inFlight
        inFlight = message
        latest.recycle(previous)
    }

    /// Why the connection ended, from what the server decided and what the peer sent.
    var closeReason: CloseReason {
        if let pendingClose { return pendingClose.cause }
        if let peerClose { return .peerClosed(peerClose) }
        return .connectionLost
    }
}
