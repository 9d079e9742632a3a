import Foundation
import Testing
import WebSocketServer

@Suite("HTTP: static files and dynamic routes")
struct HTTPTests {
    /// Also with a 100 Hz timer, like the frame pacer's, which keeps the service thread waiting in
    /// epoll between HTTP requests (docs/architecture.md, "Threading"): a 1 MB body written from
    /// libwebsockets' occasional passes alone came too slowly, and the library dropped the
    /// connection.
    @Test("static files, security headers, /api routes, bodies, 404s and traversal", arguments: [false, true])
    func staticAndDynamic(pacing: Bool) throws {
        let big = (0..<(1 << 20)).map { UInt8($0 % 251) }
        let server = try TestServer.start { configuration, handler in
            configuration.maxRequestBodySize = 64 * 1024
            if pacing {
                handler.onStart = { loop in
                    func tick(_ loop: ServerLoop) { loop.schedule(afterMicroseconds: 10_000, tick) }
                    tick(loop)
                }
            }
            handler.onHTTP = { request, _ in
                switch request.path {
                case "/api/echo":
                    let fields: [String: String] = [
                        "method": request.method,
                        "path": request.path,
                        "name": request.queryValue("name") ?? "",
                        "query": request.query,
                        "authorization": request.headers["authorization"] ?? "",
                        "origin": request.headers["Origin"] ?? "",
                        "host": request.headers["host"] ?? "",
                        "body": String(decoding: request.body, as: UTF8.self),
                    ]
                    let json =
                        "{"
                        + fields.sorted { $0.key < $1.key }
                        .map { "\"\($0.key)\":\"\($0.value.replacingOccurrences(of: "\"", with: "\\\""))\"" }
                        .joined(separator: ",") + "}"
                    var response = HTTPResponse.json(json)
                    response.headers.append(name: "X-Custom", value: "yes")
                    return response
                case "/api/big":
                    return HTTPResponse(contentType: "application/octet-stream", body: big)
                default:
                    return .notFound
                }
            }
        }
        defer { server.stop() }

        let result = try PythonClient.run(Scripts.http, port: server.port)
        #expect(result["indexStatus"] as? Int == 200)
        #expect((result["indexType"] as? String)?.hasPrefix("text/html") == true)
        #expect((result["indexBody"] as? String)?.contains("<script src=\"app.js\">") == true)
        #expect((result["csp"] as? String)?.contains("script-src 'self'") == true)
        #expect(result["xfo"] as? String != nil)
        #expect(result["jsStatus"] as? Int == 200)
        #expect((result["jsType"] as? String)?.contains("javascript") == true)

        #expect(result["echoStatus"] as? Int == 200)
        #expect(result["echoType"] as? String == "application/json")
        #expect(result["echoCustom"] as? String == "yes")
        #expect((result["echoCsp"] as? String)?.isEmpty == false)
        let echo = try #require(result["echo"] as? [String: String])
        #expect(echo["method"] == "GET")
        #expect(echo["path"] == "/api/echo")
        #expect(echo["name"] == "bob")
        #expect(echo["query"] == "name=bob&x=1")
        #expect(echo["authorization"] == "Bearer t0k")
        #expect(echo["origin"] == "http://o.example")
        #expect(echo["host"] == "127.0.0.1:\(server.port)")

        #expect(result["postStatus"] as? Int == 200)
        let post = try #require(result["post"] as? [String: String])
        #expect(post["method"] == "POST")
        #expect(post["body"] == "{\\\"k\\\":1}" || post["body"] == "{\"k\":1}")

        #expect(result["bigStatus"] as? Int == 200)
        #expect(result["bigLength"] as? Int == big.count)
        #expect(result["bigOk"] as? Bool == true)
        #expect(result["missingStatus"] as? Int == 404)
        #expect(result["apiMissingStatus"] as? Int == 404)
        let traversal = try #require(result["traversal"] as? [Any])
        #expect(traversal.count == 4)
        #expect(traversal[1] as? Bool == false)
        #expect(traversal[3] as? Bool == false)
        #expect(result["tooLargeStatus"] as? Int == 413)
        #expect(server.server.statistics.httpRequests >= 5)
    }

    @Test("HEAD answers headers only")
    func head() throws {
        let server = try TestServer.start { _, handler in
            handler.onHTTP = { request, _ in .text("body of \(request.method)") }
        }
        defer { server.stop() }
        let result = try PythonClient.run(Scripts.head, port: server.port)
        #expect(result["status"] as? Int == 200)
        #expect(result["body"] as? Int == 0)
        #expect(result["status2"] as? Int == 200)
        #expect(result["body2"] as? String == "body of GET")
    }

    @Test("a second mount (/fonts) beside /, content types, extra types, unknown types refused")
    func mountsAndContentTypes() throws {
        let fonts = FileManager.default.temporaryDirectory.appendingPathComponent("wsfonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fonts) }
        for name in ["a.ttf", "b.woff2", "c.json", "d.svg", "e.ttc", "f.mjs", "g.xyz"] {
            try Data("data of \(name)".utf8).write(to: fonts.appendingPathComponent(name))
        }
        let server = try TestServer.start { configuration, _ in
            configuration.staticMounts.append(
                StaticMount(
                    urlPrefix: "/fonts", directory: fonts.path,
                    extraContentTypes: [".ttc": "font/collection", ".mjs": "text/javascript"], cacheMaxAge: 3600))
        }
        defer { server.stop() }
        let script =
            Scripts.httpPrelude + """
                out = {}
                for name in ["a.ttf", "b.woff2", "c.json", "d.svg", "e.ttc", "f.mjs", "g.xyz", "missing.ttf"]:
                    s, h, b = fetch("/fonts/" + name)
                    out[name] = [s, h.get("content-type"), b.decode(errors="replace"), h.get("cache-control")]
                s, h, b = fetch("/")
                out["/"] = [s, h.get("content-type"), "", None]
                print(json.dumps(out))
                """
        let result = try PythonClient.run(script, port: server.port)
        func entry(_ name: String) -> [Any] { result[name] as? [Any] ?? [] }
        #expect(entry("a.ttf").first as? Int == 200)
        #expect(entry("a.ttf")[safe: 2] as? String == "data of a.ttf")
        #expect((entry("a.ttf")[safe: 3] as? String)?.contains("max-age=3600") == true)
        #expect(entry("b.woff2").first as? Int == 200)
        #expect(entry("c.json")[safe: 1] as? String == "application/json")
        #expect(entry("d.svg")[safe: 1] as? String == "image/svg+xml")
        #expect(entry("e.ttc")[safe: 1] as? String == "font/collection")
        #expect(entry("f.mjs")[safe: 1] as? String == "text/javascript")
        #expect(entry("g.xyz").first as? Int != 200, "libwebsockets refuses files of unknown type")
        #expect(entry("missing.ttf").first as? Int == 404)
        #expect(entry("/").first as? Int == 200)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
