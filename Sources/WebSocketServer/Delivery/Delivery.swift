/// How ``ServerLoop/send(_:to:delivery:)`` delivers a message.
public enum Delivery: Sendable, Hashable {
    /// The connection's single "latest" slot: a send replaces any value still unsent,
    /// so a slow connection gets the newest message, never a backlog (display frames).
    case latest
    /// The connection's ordered queue: every message arrives, in order (acks, events).
    /// The queue is bounded; overflowing it closes the connection with 1008.
    case ordered
}

/// What ``ServerLoop/send(_:to:delivery:)`` did with a message.
public enum SendResult: Sendable, Hashable {
    /// The message will be written when the socket can take it.
    case accepted
    /// The message took the latest slot, replacing a value that was never sent.
    case replacedUnsent
    /// The ordered queue overflowed: the message was dropped and the connection is
    /// being closed with 1008 (policy violation).
    case overflowed
    /// The connection is closing or closed (or never existed); nothing was sent.
    case notConnected
}
