/// A WebSocket close status code (RFC 6455 section 7.4).
public struct CloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code sent in the close frame.
    public let rawValue: UInt16

    /// Creates a close code from its numeric value.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection has been fulfilled.
    public static let normal = CloseCode(rawValue: 1000)
    /// 1001: the server is going away (shutting down).
    public static let goingAway = CloseCode(rawValue: 1001)
    /// 1002: a protocol error.
    public static let protocolError = CloseCode(rawValue: 1002)
    /// 1003: data of a type the endpoint cannot accept (binary where text is expected).
    public static let unsupportedData = CloseCode(rawValue: 1003)
    /// 1007: the message was inconsistent with its type (for example invalid UTF-8).
    public static let invalidPayload = CloseCode(rawValue: 1007)
    /// 1008: a policy violation (for example an overflowing send queue).
    public static let policyViolation = CloseCode(rawValue: 1008)
    /// 1009: a message too big to process.
    public static let messageTooBig = CloseCode(rawValue: 1009)
    /// 1011: an unexpected condition on the server.
    public static let internalError = CloseCode(rawValue: 1011)

    /// The numeric code, for logs.
    public var description: String { String(rawValue) }
}
