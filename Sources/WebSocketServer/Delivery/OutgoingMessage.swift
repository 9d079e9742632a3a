/// A message waiting to be written: headroom + payload, its kind, and its repeat key.
struct OutgoingMessage {
    /// From ``start``: ``frameHeadroom`` bytes for libwebsockets, then the payload (to the end).
    var bytes: [UInt8]
    var kind: MessageKind
    /// Identifies the content (see ``ServerLoop/send(_:to:delivery:kind:repeatKey:)``): a
    /// latest value whose key equals that of the last keyed message written to the
    /// connection is not written again.
    var repeatKey: UInt64?
    /// Identifies the content's version (``ServerLoop/send(prepared:from:to:delivery:kind:repeatKey:version:delta:)``):
    /// noted per connection as the last version written, the base a later delta may need.
    var version: UInt64?
    /// A shorter message that stands for this one to a peer whose last version written is the
    /// delta's base: written instead of the bytes then (``useDelta(after:)``).
    var delta: PreparedDelta?
    /// The bytes are a sender's prepared message (``ServerLoop/send(prepared:from:to:delivery:kind:repeatKey:)``),
    /// shared with it rather than owned: never recycled for another message.
    var isShared = false
    /// When a latest value was stored in its slot (`lws_now_usecs` microseconds), for
    /// ``ServerLoop/latestWait``; 0 for ordered messages.
    var storedAt: Int64 = 0
    /// Where the headroom starts in ``bytes`` (a prepared message may keep bytes of its own in
    /// front of it).
    var start = 0

    /// The payload's length.
    var payloadCount: Int { bytes.count - start - frameHeadroom }

    /// Makes the message its delta when `version` (the last version written to the peer) is the
    /// delta's base; returns whether it did. The delta's bytes are its sender's, as a prepared
    /// message's are.
    mutating func useDelta(after version: UInt64?) -> Bool {
        guard let delta, let version, delta.base == version else { return false }
        bytes = delta.bytes
        start = delta.start
        isShared = true
        self.delta = nil
        return true
    }
}

/// A message laid out as a prepared message is (from `start`, ``ServerLoop/messageHeadroom`` bytes,
/// then the payload to the end) that stands for a larger one to a peer holding the content of
/// version `base`: what changed since then. The transport writes it instead of the whole message
/// only to a connection whose last versioned message written was `base`; any other connection
/// (one that joined later, one whose slot held a message never written) gets the whole one.
public struct PreparedDelta {
    public var bytes: [UInt8]
    public var start: Int
    public var base: UInt64

    public init(bytes: [UInt8], start: Int, base: UInt64) {
        self.bytes = bytes
        self.start = start
        self.base = base
    }
}
