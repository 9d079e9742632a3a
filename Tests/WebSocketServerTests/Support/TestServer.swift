import Foundation
import Testing
import WebSocketServer

/// A real server on a free loopback port with a temporary public folder, started on
/// its own service thread for one test and stopped afterwards.
struct TestServer {
    let server: WebSocketServer
    let log: EventLog
    let publicDirectory: URL

    var port: Int { server.port ?? 0 }

    /// Starts a server; `configure` adjusts the configuration and the handler.
    static func start(
        _ configure: (inout WebSocketServer.Configuration, TestHandler) -> Void = { _, _ in }
    ) throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wstest-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("<!doctype html><title>t</title><script src=\"app.js\"></script>\n".utf8)
            .write(to: directory.appendingPathComponent("index.html"))
        try Data("console.log('hi');\n".utf8).write(to: directory.appendingPathComponent("app.js"))

        let log = EventLog()
        let handler = TestHandler(log: log)
        var configuration = WebSocketServer.Configuration()
        configuration.staticMounts = [StaticMount(urlPrefix: "/", directory: directory.path, defaultFile: "index.html")]
        configuration.libraryLogLevel = .error
        configure(&configuration, handler)
        let server = WebSocketServer(configuration: configuration, handler: handler)
        try server.start()
        return TestServer(server: server, log: log, publicDirectory: directory)
    }

    /// Stops the server and waits (bounded) for its thread to finish.
    func stop() {
        server.stop()
        let stopped = server.waitUntilStopped(timeoutSeconds: 5)
        #expect(stopped, "server did not stop within 5 s")
        try? FileManager.default.removeItem(at: publicDirectory)
    }
}
