/// One dynamic-route HTTP request in progress on the service thread: its body while
/// it arrives, then its response body while it is written in chunks.
final class HTTPExchange {
    var request: HTTPRequest
    /// The request body exceeded its limit: the rest is discarded and 413 answered.
    var bodyTooLarge = false
    /// Waiting for the request body (HTTP_BODY_COMPLETION answers then). A request answered at
    /// once is not answered again by a body completion libwebsockets still reports (a POST with
    /// `content-length: 0`).
    var awaitingBody = false
    /// The response body still to write, from `offset`.
    var responseBody: [UInt8] = []
    var offset = 0
    /// Set when the handler deferred its answer (``ServerLoop/deferHTTPResponse()``).
    var ticket: HTTPTicket?
    /// A deferred answer waiting for HTTP_WRITEABLE to write its headers.
    var pendingResponse: HTTPResponse?

    init(request: HTTPRequest) {
        self.request = request
    }
}
