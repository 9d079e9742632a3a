/// The answer to an ``HTTPRequest``: status, content type, extra headers, body.
///
/// The server adds `content-length` and, with security headers on, libwebsockets'
/// best-practice headers (CSP, `x-frame-options`, ...). The body is written in
/// chunks as the socket accepts it, so it may be large.
public struct HTTPResponse: Sendable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The `content-type` value.
    public var contentType: String
    /// Extra header fields (for example `cache-control`, `www-authenticate`).
    public var headers: HTTPHeaders
    /// The body bytes (not sent for HEAD requests).
    public var body: [UInt8]

    /// Creates a response.
    public init(
        status: Int = 200,
        contentType: String = "application/octet-stream",
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A UTF-8 text response.
    public static func text(
        _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
    ) -> HTTPResponse {
        HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// A JSON response from already-encoded JSON text.
    public static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        text(json, status: status, contentType: "application/json")
    }

    /// A plain 404 Not Found.
    public static let notFound = HTTPResponse.text("not found\n", status: 404)
}
