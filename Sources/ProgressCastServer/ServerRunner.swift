import Dispatch
import Drawing
import Foundation
import Logging
import WebSocketServer
#if canImport(Glibc)
import Glibc
#endif

/// Starts the HTTP + WebSocket server with the app, and stops it cleanly on SIGINT/SIGTERM.
public enum ServerRunner {
    /// Runs until SIGINT or SIGTERM (or `server.stop()`). `onListening` gets the URL once the
    /// socket is bound. Throws when the port cannot be bound or the fonts cannot be loaded.
    public static func run(options: ServerOptions, logger: Logger, onListening: @escaping @Sendable (String) -> Void) throws {
        let fonts = try FontCatalog()
        var configuration = WebSocketServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.staticMounts = [
            StaticMount(urlPrefix: FontCatalog.urlPrefix, directory: FontCatalog.fontsDirectory),
            StaticMount(urlPrefix: "/", directory: options.publicDirectory, defaultFile: "index.html"),
        ]
        configuration.allowedOrigins = Set(options.allowedOrigins)
        configuration.libraryLogLevel = .error
        let app = ProgressCastApp(options: options, fonts: fonts, logger: logger)
        let server = WebSocketServer(configuration: configuration, handler: app)
        try server.start()
        let stopper = SignalStopper(server: server)
        let port = server.port ?? options.port
        let hostForURL = options.host.contains(":") ? "[\(options.host)]" : options.host
        onListening("http://\(hostForURL):\(port)")
        while !server.waitUntilStopped(timeoutSeconds: 3600) {}
        withExtendedLifetime(stopper) {}
    }
}

/// Stops the server on SIGINT and SIGTERM through dispatch sources (not raw signal handlers).
final class SignalStopper {
    private let sources: [any DispatchSourceSignal]

    init(server: WebSocketServer) {
        var made: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { server.stop() }
            source.resume()
            made.append(source)
        }
        sources = made
    }
}
