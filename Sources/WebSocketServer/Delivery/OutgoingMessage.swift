/// A message waiting to be written: headroom + payload, its kind, and its repeat key.
struct OutgoingMessage {
    /// ``frameHeadroom`` bytes for libwebsockets, then the payload.
    var bytes: [UInt8]
    var kind: MessageKind
    /// Identifies the content (see ``ServerLoop/send(_:to:delivery:kind:repeatKey:)``): a
    /// latest value whose key equals that of the last keyed message written to the
    /// connection is not written again.
    var repeatKey: UInt64?
    /// The bytes are a sender's prepared message (``ServerLoop/send(prepared:to:delivery:kind:repeatKey:)``),
    /// shared with it rather than owned: never recycled for another message.
    var isShared = false
}
