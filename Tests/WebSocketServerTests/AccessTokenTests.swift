import Testing

@testable import WebSocketServer

@Suite("Access token: secret syntax, query, bearer, cookie, constant-time comparison, static confinement")
struct AccessTokenTests {
    let token = AccessToken(secret: "s3cret.Token-1_~", cookieName: "pc")

    @Test("secrets must be URL- and cookie-safe")
    func secretSyntax() {
        #expect(AccessToken.isValidSecret("abc"))
        #expect(AccessToken.isValidSecret("A-Z_a.z~0"))
        #expect(!AccessToken.isValidSecret(""))
        #expect(!AccessToken.isValidSecret("has space"))
        #expect(!AccessToken.isValidSecret("semi;colon"))
        #expect(!AccessToken.isValidSecret("caf\u{e9}"))
        #expect(!AccessToken.isValidSecret(String(repeating: "x", count: 257)))
    }

    @Test("any one of query, bearer or cookie grants; wrong ones do not")
    func presenting() {
        let right = "s3cret.Token-1_~"
        #expect(token.permits(queryItems: [QueryItem(name: "token", value: right)], authorization: nil, cookie: nil))
        #expect(token.permits(queryItems: [], authorization: "Bearer \(right)", cookie: nil))
        #expect(token.permits(queryItems: [], authorization: "bearer  \(right) ", cookie: nil))
        #expect(token.permits(queryItems: [], authorization: nil, cookie: "a=1; pc=\(right); b=2"))
        #expect(
            token.permits(
                queryItems: [QueryItem(name: "token", value: "wrong")], authorization: nil, cookie: "pc=\(right)"))
        #expect(!token.permits(queryItems: [], authorization: nil, cookie: nil))
        #expect(
            !token.permits(queryItems: [QueryItem(name: "token", value: right + "x")], authorization: nil, cookie: nil))
        #expect(!token.permits(queryItems: [QueryItem(name: "tok", value: right)], authorization: nil, cookie: nil))
        #expect(!token.permits(queryItems: [], authorization: "Basic \(right)", cookie: nil))
        #expect(!token.permits(queryItems: [], authorization: "Bearer", cookie: nil))
        #expect(!token.permits(queryItems: [], authorization: nil, cookie: "xpc=\(right)"))
        #expect(!token.permits(queryItems: [], authorization: nil, cookie: "pc=\(right.dropLast())"))
        #expect(token.grantedByQuery([QueryItem(name: "token", value: right)]))
        #expect(!token.grantedByQuery([QueryItem(name: "token", value: "no")]))
        #expect(token.setCookieValue == "pc=\(right); Path=/; HttpOnly; SameSite=Strict")
    }

    @Test("constant-time comparison is plain equality")
    func comparison() {
        #expect(AccessToken.constantTimeEquals("", ""))
        #expect(AccessToken.constantTimeEquals("abc", "abc"))
        #expect(!AccessToken.constantTimeEquals("abc", "abd"))
        #expect(!AccessToken.constantTimeEquals("abc", "ab"))
        #expect(!AccessToken.constantTimeEquals("ab", "abc"))
        #expect(!AccessToken.constantTimeEquals("", "a"))
        // Lengths that differ by a multiple of 256 must not compare equal.
        #expect(!AccessToken.constantTimeEquals(String(repeating: "a", count: 256), ""))
    }

    @Test("the static mount a path falls under, as libwebsockets picks it")
    func mountMatching() {
        var configuration = WebSocketServer.Configuration()
        configuration.staticMounts = [
            StaticMount(urlPrefix: "/", directory: "/srv/public"),
            StaticMount(urlPrefix: "/fonts", directory: "/srv/fonts"),
        ]
        configuration.dynamicRoutePrefixes = ["/api"]
        #expect(ServerLoop.mount(for: "/index.html", in: configuration)?.directory == "/srv/public")
        #expect(ServerLoop.mount(for: "/fonts/a.ttf", in: configuration)?.directory == "/srv/fonts")
        #expect(ServerLoop.mount(for: "/fonts", in: configuration)?.directory == "/srv/fonts")
        #expect(ServerLoop.mount(for: "/fontsx/a", in: configuration)?.directory == "/srv/public")
        #expect(ServerLoop.mount(for: "/api/health", in: configuration) == nil)
        #expect(ServerLoop.mount(for: "/api", in: configuration) == nil)
    }
}
