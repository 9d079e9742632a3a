/// A server-wide secret that every HTTP request and WebSocket upgrade must present
/// (like ttyd's credential), checked by the transport before any static file, dynamic
/// route or upgrade is served.
///
/// A request may present it three ways: the query argument `?token=SECRET`, the header
/// `Authorization: Bearer SECRET`, or a cookie (``cookieName``) that the server sets on
/// the response to any request that presented a valid `?token=`, so that a page opened
/// as `/?token=SECRET` can load its scripts, styles and fonts without repeating it.
/// Every comparison takes time independent of where the strings differ.
public struct AccessToken: Sendable, Hashable {
    /// The secret. Only URL- and cookie-safe characters (`A-Za-z0-9._~-`) are accepted
    /// by ``isValidSecret(_:)``; a secret with others cannot be carried in a cookie.
    public var secret: String
    /// The query argument that carries the secret. Default `token`.
    public var queryName: String
    /// The cookie that carries the secret for a browser's later requests. Default `access_token`.
    public var cookieName: String

    /// Creates an access token requirement.
    public init(secret: String, queryName: String = "token", cookieName: String = "access_token") {
        self.secret = secret
        self.queryName = queryName
        self.cookieName = cookieName
    }

    /// Whether `secret` is 1-256 characters of `A-Za-z0-9._~-`.
    public static func isValidSecret(_ secret: String) -> Bool {
        let bytes = secret.utf8
        guard (1...256).contains(bytes.count) else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x2D
        }
    }

    /// Whether a request with these credentials may proceed: any one of the query
    /// argument, the bearer token or the cookie equals the secret.
    func permits(queryItems: [QueryItem], authorization: String?, cookie: String?) -> Bool {
        var granted = grantedByQuery(queryItems)
        if let bearer = Self.bearer(authorization) {
            granted = Self.constantTimeEquals(bearer, secret) || granted
        }
        for value in Self.cookieValues(cookie, named: cookieName) {
            granted = Self.constantTimeEquals(value, secret) || granted
        }
        return granted
    }

    /// Whether the query carries the right secret (then the response sets the cookie).
    func grantedByQuery(_ queryItems: [QueryItem]) -> Bool {
        var granted = false
        for item in queryItems where item.name == queryName {
            granted = Self.constantTimeEquals(item.value, secret) || granted
        }
        return granted
    }

    /// The `Set-Cookie` value that hands the secret to a browser: host-only, whole site,
    /// not readable by scripts, never sent with cross-site requests.
    var setCookieValue: String {
        "\(cookieName)=\(secret); Path=/; HttpOnly; SameSite=Strict"
    }

    /// Compares two strings in time that depends only on their lengths, not on where
    /// they first differ.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference: UInt8 = x.count == y.count ? 0 : 1
        let n = max(x.count, y.count)
        for i in 0..<n {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            difference |= p ^ q
        }
        return difference == 0
    }

    /// The token of an `Authorization: Bearer TOKEN` header.
    static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let trimmed = header.trimmingSpaces()
        guard trimmed.utf8.count > 7, trimmed.prefix(7).lowercased() == "bearer " else { return nil }
        return String(trimmed.dropFirst(7)).trimmingSpaces()
    }

    /// The values of every cookie called `name` in a `Cookie` header (`a=1; b=2`).
    static func cookieValues(_ header: String?, named name: String) -> [String] {
        guard let header else { return [] }
        return header.split(separator: ";").compactMap { part in
            let pair = String(part).trimmingSpaces()
            guard let equals = pair.firstIndex(of: "="), pair[..<equals] == name else { return nil }
            return String(pair[pair.index(after: equals)...])
        }
    }
}
