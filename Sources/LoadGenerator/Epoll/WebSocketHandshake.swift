import Foundation

/// The client side of the WebSocket opening handshake (RFC 6455 section 4.1): the request, and
/// the check of the server's answer.
struct WebSocketHandshake {
    /// The base64 nonce sent as `Sec-WebSocket-Key`.
    let key: String
    /// The request bytes.
    let request: [UInt8]
    private let subprotocol: String

    /// A handshake for `path` on `host:port` asking for `subprotocol`, with a fresh random key.
    init(host: String, port: Int, path: String, subprotocol: String, key nonce: [UInt8]? = nil) {
        var generator = SystemRandomNumberGenerator()
        let bytes = nonce ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        key = Data(bytes).base64EncodedString()
        self.subprotocol = subprotocol
        let text =
            "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: \(subprotocol)\r\nOrigin: http://\(host):\(port)\r\n\r\n"
        request = Array(text.utf8)
    }

    /// The `Sec-WebSocket-Accept` value a conforming server answers `key` with:
    /// base64(SHA-1(key + the RFC's GUID)).
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Why a server's answer was refused.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Checks the response head (everything before the blank line, without it): status 101, an
    /// `Upgrade: websocket`, the right accept value, and the subprotocol if the server names one.
    func check(responseHead: [UInt8]) throws(Failure) {
        let text = String(decoding: responseHead, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        guard let status = lines.first, status.hasPrefix("HTTP/1.1 101") else {
            throw Failure(description: "the server did not switch protocols: \(lines.first ?? "")")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else {
            throw Failure(description: "the response has no Upgrade: websocket")
        }
        guard headers["sec-websocket-accept"] == Self.acceptValue(for: key) else {
            throw Failure(description: "wrong Sec-WebSocket-Accept: \(headers["sec-websocket-accept"] ?? "none")")
        }
        if let chosen = headers["sec-websocket-protocol"], chosen != subprotocol {
            throw Failure(description: "the server chose subprotocol \(chosen), not \(subprotocol)")
        }
        if let extensions = headers["sec-websocket-extensions"], !extensions.isEmpty {
            throw Failure(description: "the server negotiated extensions that were not offered: \(extensions)")
        }
    }
}
