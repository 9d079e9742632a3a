/// A message waiting to be written: headroom + payload, its kind, and its repeat key.
struct OutgoingMessage {
    /// ``frameHeadroom`` bytes for libwebsockets, then the payload.
    var bytes: [UInt8]
    var kind: MessageKind
    /// Identifies the content (see ``ServerLoop/send(_:to:delivery:kind:repeatKey:)``): a
    /// latest value whose key equals that of the last keyed message written to the
    /// connection is not written again.
    var repeatKey: UInt64?
}
