import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks every plain HTTP request before libwebsockets serves it (static mounts and
/// dynamic routes alike): the access token, and that a static file does not resolve
/// (through a symbolic link) outside its mount's directory.
extension ServerLoop {
    /// FILTER_HTTP_CONNECTION: returns 0 to let the request proceed, or answers it
    /// (401, 404) and returns 1, which closes the connection.
    func filterHTTPRequest(_ wsi: OpaquePointer, uri: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        let path = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: max(0, length)), as: UTF8.self) }
        if let token = configuration.accessToken, !permits(wsi, token: token) {
            control.counters.httpRequests.bump()
            if let path, configuration.dynamicRoutePrefixes.contains(where: { Self.path(path, isUnder: $0) }) {
                // A script calling a route expects JSON, as every other refusal of a route is.
                return refuseJSON(
                    wsi, status: 401, body: #"{"error":"unauthorized","message":"access token required"}"#)
            }
            return refuse(wsi, status: 401, body: "access token required")
        }
        if let path, length > 0 {
            if !staticPathIsConfined(path) {
                control.counters.httpRequests.bump()
                return refuse(wsi, status: 404, body: "not found")
            }
        }
        return 0
    }

    /// Whether an upgrade or request carries the access token (query, bearer or cookie).
    func permits(_ wsi: OpaquePointer, token: AccessToken) -> Bool {
        token.permits(
            queryItems: RequestReader.queryItems(wsi),
            authorization: RequestReader.header(wsi, WSI_TOKEN_HTTP_AUTHORIZATION),
            cookie: RequestReader.header(wsi, WSI_TOKEN_HTTP_COOKIE))
    }

    /// ADD_HEADERS (static files): sets the access cookie on the response to a request
    /// that presented the token as a query argument, so the page's later requests
    /// (scripts, fonts, the WebSocket) carry it.
    func addHeaders(_ wsi: OpaquePointer, arguments: UnsafeMutableRawPointer?) -> Int32 {
        guard let token = configuration.accessToken, let arguments,
            token.grantedByQuery(RequestReader.queryItems(wsi))
        else { return 0 }
        let args = arguments.assumingMemoryBound(to: lws_process_html_args.self)
        guard let start = args.pointee.p, args.pointee.max_len > 0 else { return 0 }
        let begin = UnsafeMutableRawPointer(start).assumingMemoryBound(to: UInt8.self)
        var cursor: UnsafeMutablePointer<UInt8>? = begin
        guard
            Self.addHeader(
                wsi, name: "set-cookie", value: token.setCookieValue, cursor: &cursor,
                end: begin + Int(args.pointee.max_len)),
            let moved = cursor
        else { return 0 }
        args.pointee.p = UnsafeMutableRawPointer(moved).assumingMemoryBound(to: CChar.self)
        args.pointee.len += Int32(moved - begin)
        return 0
    }

    /// Whether the file a static mount would serve for `path` (already URL-decoded,
    /// with `..` resolved by libwebsockets) lies inside the mount's directory once
    /// symbolic links are resolved. Paths of dynamic routes, paths no static mount
    /// serves and files that do not exist count as confined (libwebsockets answers them).
    func staticPathIsConfined(_ path: String) -> Bool {
        guard let mount = Self.mount(for: path, in: configuration) else { return true }
        var rest = String(path.utf8.dropFirst(mount.urlPrefix == "/" ? 1 : mount.urlPrefix.utf8.count)) ?? ""
        while rest.hasPrefix("/") { rest.removeFirst() }
        if rest.isEmpty { rest = mount.defaultFile ?? "index.html" }
        guard let root = Self.resolved(mount.directory) else { return true }
        guard let file = Self.resolved(mount.directory + "/" + rest) else { return true }
        return file == root || file.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The static mount libwebsockets would pick for `path` (the longest matching
    /// prefix), or nil when a dynamic route prefix matches better or nothing matches.
    static func mount(for path: String, in configuration: WebSocketServer.Configuration) -> StaticMount? {
        func matches(_ prefix: String) -> Bool { Self.path(path, isUnder: prefix) }
        var best: StaticMount?
        var bestLength = 0
        for mount in configuration.staticMounts
        where matches(mount.urlPrefix) && mount.urlPrefix.utf8.count > bestLength {
            best = mount
            bestLength = mount.urlPrefix.utf8.count
        }
        for prefix in configuration.dynamicRoutePrefixes where matches(prefix) && prefix.utf8.count > bestLength {
            return nil
        }
        return best
    }

    /// Whether `path` is `prefix` or lies under it (`/api` holds `/api/stats`, not `/apix`).
    static func path(_ path: String, isUnder prefix: String) -> Bool {
        guard path.hasPrefix(prefix) else { return false }
        if prefix == "/" { return true }
        let next = path.utf8.dropFirst(prefix.utf8.count).first
        return next == nil || next == UInt8(ascii: "/")
    }

    /// The absolute path with every symbolic link resolved, or nil if it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Writes a short status response and returns 1 (close the connection).
    private func refuse(_ wsi: OpaquePointer, status: UInt32, body: String) -> Int32 {
        _ = lws_return_http_status(wsi, status, body)
        return 1
    }

    /// As ``refuse(_:status:body:)``, with a JSON body (`application/json`): the headers and
    /// the body in one write, as libwebsockets' own status answer is written on HTTP/1.
    private func refuseJSON(_ wsi: OpaquePointer, status: UInt32, body: String) -> Int32 {
        let bodyBytes = Array(body.utf8)
        var buffer = [UInt8](repeating: 0, count: frameHeadroom + 1024 + bodyBytes.count)
        buffer.withUnsafeMutableBufferPointer { storage in
            guard let base = storage.baseAddress else { return }
            let start = base + frameHeadroom
            let end = base + storage.count - bodyBytes.count - 1
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let written =
                "application/json".withCString {
                    lws_add_http_common_headers(wsi, status, $0, lws_filepos_t(bodyBytes.count), &cursor, end)
                } == 0 && lws_finalize_http_header(wsi, &cursor, end) == 0
            guard written, let headerEnd = cursor else { return }
            bodyBytes.withUnsafeBufferPointer { body in
                if let from = body.baseAddress { headerEnd.update(from: from, count: body.count) }
            }
            let total = headerEnd - start + bodyBytes.count
            _ = lws_write(wsi, start, total, LWS_WRITE_HTTP)
        }
        return 1
    }
}
