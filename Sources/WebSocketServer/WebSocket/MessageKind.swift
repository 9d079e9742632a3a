/// Whether a message goes out as a WebSocket text or binary message.
public enum MessageKind: Sendable, Hashable {
    /// A text message: the payload must be UTF-8.
    case text
    /// A binary message: any bytes.
    case binary
}
