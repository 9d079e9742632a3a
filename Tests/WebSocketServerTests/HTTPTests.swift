import Testing
import WebSocketServer

@Suite("HTTP: static files and dynamic routes")
struct HTTPTests {
    @Test("static files, security headers, /api routes, bodies, 404s and traversal")
    func staticAndDynamic() throws {
        let big = (0..<(1 << 20)).map { UInt8($0 % 251) }
        let server = try TestServer.start { configuration, handler in
            configuration.maxRequestBodySize = 64 * 1024
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
                    let json = "{" + fields.sorted { $0.key < $1.key }
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
}
