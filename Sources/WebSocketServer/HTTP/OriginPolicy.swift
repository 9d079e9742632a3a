/// Decides whether a WebSocket upgrade may proceed given its `Origin` and `Host`.
///
/// Browsers always send `Origin` on WebSocket upgrades; other clients usually do not.
/// A request without `Origin` is therefore allowed. One with an `Origin` is allowed
/// when the origin's host and port equal the `Host` header (same origin), or when it
/// is listed. This stops other web sites from driving the server from a visitor's
/// browser (cross-site WebSocket hijacking).
struct OriginPolicy: Sendable {
    private let allowed: Set<String>
    private let allowsAll: Bool

    /// `allowedOrigins` are full origins such as `http://localhost:5173`; `*` allows all.
    init(allowedOrigins: Set<String>) {
        allowsAll = allowedOrigins.contains("*")
        allowed = Set(allowedOrigins.map(Self.normalized))
    }

    /// Whether a request with these headers may upgrade.
    func permits(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        let candidate = Self.normalized(origin)
        if allowsAll || allowed.contains(candidate) { return true }
        guard let host, let parts = Self.split(candidate) else { return false }
        let hostAuthority = Self.withoutDefaultPort(host.lowercased(), scheme: parts.scheme)
        return !hostAuthority.isEmpty && hostAuthority == parts.authority
    }

    /// Lowercased, without surrounding spaces or a trailing slash.
    private static func normalized(_ origin: String) -> String {
        var text = origin.trimmingSpaces().lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// `http://h:p` -> (scheme `http`, authority `h:p` without a default port), for
    /// http and https origins only.
    private static func split(_ origin: String) -> (scheme: String, authority: String)? {
        let scheme: String
        if origin.hasPrefix("http://") {
            scheme = "http"
        } else if origin.hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        let authority = String(origin.dropFirst(scheme.count + 3))
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { return nil }
        return (scheme, withoutDefaultPort(authority, scheme: scheme))
    }

    private static func withoutDefaultPort(_ authority: String, scheme: String) -> String {
        let defaultPort = scheme == "https" ? ":443" : ":80"
        return authority.hasSuffix(defaultPort) ? String(authority.dropLast(defaultPort.count)) : authority
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
