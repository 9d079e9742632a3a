/// An HTTP request for a dynamic route, handed to
/// ``WebSocketServerHandler/httpRequest(_:loop:)``.
///
/// The server captures a fixed set of request headers
/// (``WebSocketServer/capturedRequestHeaders``); others are not available.
public struct HTTPRequest: Sendable {
    /// The method: `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `OPTIONS` or `HEAD`.
    public var method: String
    /// The full request path (for example `/api/health`), URL-decoded and with
    /// `..` segments resolved by libwebsockets; no query string.
    public var path: String
    /// The query string's decoded arguments, in order.
    public var queryItems: [QueryItem]
    /// The request headers the server captured.
    public var headers: HTTPHeaders
    /// The request body (for POST, PUT and PATCH), at most
    /// ``WebSocketServer/Configuration/maxRequestBodySize`` bytes.
    public var body: [UInt8]
    /// The peer's numeric address.
    public var remoteAddress: String

    /// The query's decoded arguments joined with `&` (for display; use
    /// ``queryItems`` to read values).
    public var query: String {
        queryItems.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// The value of the first query argument with this name, if any.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Creates a request (the server builds these; tests may too).
    public init(
        method: String,
        path: String,
        queryItems: [QueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }
}
