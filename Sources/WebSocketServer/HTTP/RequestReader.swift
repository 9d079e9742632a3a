import CLibWebSockets

/// Reads request details from a libwebsockets connection while its headers are
/// still attached (HTTP, FILTER_PROTOCOL_CONNECTION and ESTABLISHED callbacks).
enum RequestReader {
    /// The headers copied into ``HTTPRequest/headers`` and ``ConnectionInfo/headers``.
    static let capturedHeaders: [(name: String, token: lws_token_indexes)] = [
        ("Host", WSI_TOKEN_HOST),
        ("Origin", WSI_TOKEN_ORIGIN),
        ("Authorization", WSI_TOKEN_HTTP_AUTHORIZATION),
        ("Cookie", WSI_TOKEN_HTTP_COOKIE),
        ("User-Agent", WSI_TOKEN_HTTP_USER_AGENT),
        ("Accept", WSI_TOKEN_HTTP_ACCEPT),
        ("Accept-Encoding", WSI_TOKEN_HTTP_ACCEPT_ENCODING),
        ("Accept-Language", WSI_TOKEN_HTTP_ACCEPT_LANGUAGE),
        ("Content-Type", WSI_TOKEN_HTTP_CONTENT_TYPE),
        ("Content-Length", WSI_TOKEN_HTTP_CONTENT_LENGTH),
        ("If-None-Match", WSI_TOKEN_HTTP_IF_NONE_MATCH),
        ("Referer", WSI_TOKEN_HTTP_REFERER),
        ("X-Forwarded-For", WSI_TOKEN_X_FORWARDED_FOR),
        ("X-Real-IP", WSI_TOKEN_HTTP_X_REAL_IP),
        ("Sec-WebSocket-Protocol", WSI_TOKEN_PROTOCOL),
        ("Sec-WebSocket-Extensions", WSI_TOKEN_EXTENSIONS),
    ]

    /// The method tokens libwebsockets records the request URI under.
    private static let methods: [(name: String, token: lws_token_indexes)] = [
        ("GET", WSI_TOKEN_GET_URI),
        ("POST", WSI_TOKEN_POST_URI),
        ("PUT", WSI_TOKEN_PUT_URI),
        ("PATCH", WSI_TOKEN_PATCH_URI),
        ("DELETE", WSI_TOKEN_DELETE_URI),
        ("OPTIONS", WSI_TOKEN_OPTIONS_URI),
        ("HEAD", WSI_TOKEN_HEAD_URI),
    ]

    /// The whole value of a header (all fragments), or nil when absent.
    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        return copyString(capacity: length + 1) { lws_hdr_copy(wsi, $0, $1, token) }
    }

    /// The request method and path (decoded, without the query), if the request has one.
    static func methodAndPath(_ wsi: OpaquePointer) -> (method: String, path: String)? {
        for method in methods {
            if let path = header(wsi, method.token) {
                return (method.name, path)
            }
        }
        return nil
    }

    /// The decoded query arguments (libwebsockets keeps one fragment per argument).
    static func queryItems(_ wsi: OpaquePointer) -> [QueryItem] {
        var items: [QueryItem] = []
        var index: Int32 = 0
        while index < 256 {
            let length = Int(lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, index))
            guard length > 0,
                let fragment = copyString(
                    capacity: length + 1, { lws_hdr_copy_fragment(wsi, $0, $1, WSI_TOKEN_HTTP_URI_ARGS, index) })
            else { break }
            items.append(QueryItem(fragment: fragment))
            index += 1
        }
        return items
    }

    /// The captured headers that are present.
    static func headers(_ wsi: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in capturedHeaders {
            if let value = header(wsi, field.token) {
                headers.append(name: field.name, value: value)
            }
        }
        return headers
    }

    /// The peer's numeric address.
    static func peerAddress(_ wsi: OpaquePointer) -> String {
        copyString(capacity: 128) { buffer, capacity in
            lws_get_peer_simple(wsi, buffer, Int(capacity)) == nil ? -1 : Int32(strlenBounded(buffer, capacity))
        } ?? ""
    }

    /// Runs a C copy function into a temporary buffer; it returns the length copied or < 0.
    private static func copyString(capacity: Int, _ copy: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let copied = Int(copy(base, Int32(capacity)))
            guard copied >= 0, copied < capacity else { return nil }
            let bytes = UnsafeRawBufferPointer(start: base, count: copied)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func strlenBounded(_ text: UnsafePointer<CChar>, _ capacity: Int32) -> Int {
        var length = 0
        while length < Int(capacity), text[length] != 0 {
            length += 1
        }
        return length
    }
}
