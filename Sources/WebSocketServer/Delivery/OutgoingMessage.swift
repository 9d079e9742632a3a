/// A message waiting to be written: headroom + payload, its kind, and its repeat key.
struct OutgoingMessage {
    /// From ``start``: ``frameHeadroom`` bytes for libwebsockets, then the payload (to the end).
    var bytes: [UInt8]
    var kind: MessageKind
    /// Identifies the content (see ``ServerLoop/send(_:to:delivery:kind:repeatKey:)``): a
    /// latest value whose key equals that of the last keyed message written to the
    /// connection is not written again.
    var repeatKey: UInt64?
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
}
