import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Dynamic-route HTTP callbacks: read the request (and body), ask the handler, write
/// the headers, then the body in chunks from HTTP_WRITEABLE.
extension ServerLoop {
    /// The largest body chunk written per HTTP_WRITEABLE callback.
    private static let httpChunkSize = 16 * 1024
    private static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// HTTP: a request's headers are complete. Answers now, or waits for its body.
    func httpRequestArrived(_ wsi: OpaquePointer) -> Int32 {
        guard let (method, path) = RequestReader.methodAndPath(wsi) else {
            return respond(
                wsi, to: HTTPExchange(request: HTTPRequest(method: "GET", path: "/")),
                with: .text("bad request\n", status: 400))
        }
        let request = HTTPRequest(
            method: method,
            path: path,
            queryItems: RequestReader.queryItems(wsi),
            headers: RequestReader.headers(wsi),
            remoteAddress: RequestReader.peerAddress(wsi))
        let exchange = HTTPExchange(request: request)
        let declaredLength = request.headers["content-length"].flatMap { Int($0.trimmingSpaces()) } ?? 0
        if Self.methodsWithBody.contains(method), declaredLength > 0 {
            exchange.bodyTooLarge = declaredLength > configuration.maxRequestBodySize
            exchange.awaitingBody = true
            httpExchanges[wsi] = exchange
            return 0
        }
        return answer(wsi, exchange)
    }

    /// HTTP_BODY: a piece of the request body; kept up to the limit, then discarded.
    func httpBodyReceived(_ wsi: OpaquePointer, bytes: UnsafeMutableRawPointer?, count: Int) -> Int32 {
        guard let exchange = httpExchanges[wsi], let bytes, !exchange.bodyTooLarge else { return 0 }
        guard exchange.request.body.count + count <= configuration.maxRequestBodySize else {
            exchange.bodyTooLarge = true
            exchange.request.body = []
            return 0
        }
        exchange.request.body.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
        return 0
    }

    /// HTTP_BODY_COMPLETION: the body is complete; answer.
    func httpBodyCompleted(_ wsi: OpaquePointer) -> Int32 {
        guard let exchange = httpExchanges[wsi], exchange.awaitingBody else { return 0 }
        exchange.awaitingBody = false
        return answer(wsi, exchange)
    }

    /// HTTP_WRITEABLE: writes the next body chunk; returns -1 to close. Returns nil
    /// when this connection has no dynamic response in progress.
    func httpWritable(_ wsi: OpaquePointer) -> Int32? {
        if let exchange = httpExchanges[wsi], let response = exchange.pendingResponse {
            exchange.pendingResponse = nil
            return respond(wsi, to: exchange, with: response)
        }
        guard let exchange = httpExchanges[wsi], exchange.offset < exchange.responseBody.count else { return nil }
        let remaining = exchange.responseBody.count - exchange.offset
        let chunkSize = min(remaining, Self.httpChunkSize)
        let isLast = chunkSize == remaining
        exchange.responseBody.withUnsafeBytes { body in
            httpChunk.replaceWithHeadroom(
                then: UnsafeRawBufferPointer(rebasing: body[exchange.offset..<(exchange.offset + chunkSize)]))
        }
        let written = httpChunk.withUnsafeMutableBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return lws_write(
                wsi, base.assumingMemoryBound(to: UInt8.self) + frameHeadroom, chunkSize,
                isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        guard written >= 0 else { return -1 }
        exchange.offset += chunkSize
        guard isLast else {
            lws_callback_on_writable(wsi)
            return 0
        }
        httpExchanges[wsi] = nil
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// CLOSED_HTTP / HTTP_DROP_PROTOCOL: forgets any exchange of this connection.
    func httpExchangeEnded(_ wsi: OpaquePointer) {
        if let ticket = httpExchanges[wsi]?.ticket, deferredHTTP.removeValue(forKey: ticket) != nil {
            handler.httpRequestAbandoned(ticket, loop: self)
        }
        httpExchanges[wsi] = nil
    }

    /// Called by the handler inside ``WebSocketServerHandler/httpRequest(_:loop:)``: the
    /// answer will come later through ``completeHTTP(_:with:)`` (the handler then returns
    /// any response; it is ignored). The connection waits without a timeout, so the handler
    /// must answer every ticket (or hear ``WebSocketServerHandler/httpRequestAbandoned(_:loop:)``).
    /// Returns nil outside `httpRequest`.
    public func deferHTTPResponse() -> HTTPTicket? {
        guard let wsi = answeringHTTP, let exchange = pendingExchange else { return nil }
        lastHTTPTicket += 1
        let ticket = HTTPTicket(value: lastHTTPTicket)
        exchange.ticket = ticket
        httpExchanges[wsi] = exchange
        deferredHTTP[ticket] = wsi
        watchDeferredHTTP()
        return ticket
    }

    /// How often a deferred request's socket is looked at for its client having gone away.
    static let deferredHTTPWatchMicroseconds: Int64 = 250_000

    /// While requests are deferred, looks at their sockets every
    /// ``deferredHTTPWatchMicroseconds``: libwebsockets does not read an HTTP/1 connection while
    /// its answer is pending (a pipelined request must wait), so a client that closes meanwhile
    /// would be noticed only when the answer is written, and the work for it (an export of up to
    /// two minutes) would run on for nobody. A socket whose peer has closed (a read would return
    /// end of file, or fail) is abandoned: the handler hears ``WebSocketServerHandler/httpRequestAbandoned(_:loop:)``
    /// and the connection is closed. Bytes waiting to be read (a pipelined request) are not a close.
    func watchDeferredHTTP() {
        guard deferredHTTPWatch == nil, !deferredHTTP.isEmpty else { return }
        deferredHTTPWatch = schedule(afterMicroseconds: Self.deferredHTTPWatchMicroseconds) { loop in
            loop.deferredHTTPWatch = nil
            for (ticket, wsi) in loop.deferredHTTP where Self.peerClosed(lws_get_socket_fd(wsi)) {
                loop.deferredHTTP[ticket] = nil
                loop.handler.httpRequestAbandoned(ticket, loop: loop)
                lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC)
            }
            loop.watchDeferredHTTP()
        }
    }

    /// Whether the peer of socket `fd` closed its side (or the socket failed): a peek reads end
    /// of file or an error other than "nothing yet".
    static func peerClosed(_ fd: Int32) -> Bool {
        guard fd >= 0 else { return true }
        var byte: UInt8 = 0
        let got = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if got > 0 { return false }
        if got == 0 { return true }
        return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    /// Answers a deferred request; false when its connection is gone (or it was answered).
    @discardableResult
    public func completeHTTP(_ ticket: HTTPTicket, with response: HTTPResponse) -> Bool {
        guard !isTearingDown, let wsi = deferredHTTP.removeValue(forKey: ticket), let exchange = httpExchanges[wsi]
        else { return false }
        exchange.pendingResponse = response
        lws_callback_on_writable(wsi)
        return true
    }

    private func answer(_ wsi: OpaquePointer, _ exchange: HTTPExchange) -> Int32 {
        guard !exchange.bodyTooLarge else {
            control.counters.httpRequests.bump()
            return respond(
                wsi, to: exchange,
                with: .text("request body too large\n", status: Int(pc_http_status_payload_too_large)))
        }
        answeringHTTP = wsi
        pendingExchange = exchange
        let response = handler.httpRequest(exchange.request, loop: self)
        answeringHTTP = nil
        pendingExchange = nil
        control.counters.httpRequests.bump()
        if exchange.ticket != nil {
            // Deferred: no timeout while the handler works; HTTP_WRITEABLE writes the answer.
            lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0)
            return 0
        }
        return respond(wsi, to: exchange, with: response)
    }

    /// Writes the status line and headers, then either completes the transaction or
    /// queues the body for HTTP_WRITEABLE.
    private func respond(_ wsi: OpaquePointer, to exchange: HTTPExchange, with response: HTTPResponse) -> Int32 {
        let isHead = exchange.request.method == "HEAD"
        let fields = response.headers.filter { field in
            !field.name.isEmpty
                && !(field.name + field.value).contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
        }
        let contentType =
            response.contentType.contains(where: { $0 == "\r" || $0 == "\n" })
            ? "application/octet-stream" : response.contentType
        let extraBytes = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        var header = [UInt8](repeating: 0, count: frameHeadroom + 2048 + contentType.utf8.count + extraBytes)
        let status = UInt32((100...599).contains(response.status) ? response.status : 500)
        let headerWritten = header.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            let start = base + frameHeadroom
            let end = base + buffer.count - 1
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let common = contentType.withCString {
                lws_add_http_common_headers(wsi, status, $0, lws_filepos_t(response.body.count), &cursor, end)
            }
            guard common == 0 else { return false }
            for field in fields {
                guard Self.addHeader(wsi, name: field.name.lowercased(), value: field.value, cursor: &cursor, end: end)
                else { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
        guard headerWritten else {
            httpExchanges[wsi] = nil
            return -1
        }
        guard !isHead, !response.body.isEmpty else {
            httpExchanges[wsi] = nil
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        exchange.responseBody = response.body
        exchange.offset = 0
        httpExchanges[wsi] = exchange
        lws_callback_on_writable(wsi)
        return 0
    }

    /// Writes the response header `name: value` (`name` in lowercase) at `cursor`, which
    /// moves past it; false when it does not fit before `end`.
    static func addHeader(
        _ wsi: OpaquePointer, name: String, value: String,
        cursor: inout UnsafeMutablePointer<UInt8>?, end: UnsafeMutablePointer<UInt8>?
    ) -> Bool {
        let name = Array((name + ":").utf8CString)
        let value = Array(value.utf8)
        let failed = name.withUnsafeBytes { nameBytes in
            value.withUnsafeBufferPointer { valueBytes in
                lws_add_http_header_by_name(
                    wsi, nameBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), valueBytes.baseAddress,
                    Int32(valueBytes.count), &cursor, end)
            }
        }
        return failed == 0
    }
}
