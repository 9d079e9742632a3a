import Dispatch
import Foundation
public import Logging
import Typesetting
import WebSocketServer

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the HTTP + WebSocket server with the app, and stops it cleanly on SIGINT/SIGTERM.
public enum ServerRunner {
    /// Runs until SIGINT or SIGTERM (or `server.stop()`). `onListening` gets the URL once the
    /// socket is bound. Throws when the port cannot be bound or the fonts cannot be loaded.
    public static func run(
        options: ServerOptions, logger: Logger, onListening: @escaping @Sendable (String) -> Void
    ) throws {
        // Before any thread exists, so every thread inherits the mask: a SIGINT/SIGTERM that
        // arrives at any moment from here on stays pending until the waiter takes it.
        SignalStopper.blockStopSignals()
        let fonts = try FontCatalog()
        var configuration = WebSocketServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.staticMounts = [
            // The fonts (5.5 MB, the system's files) are cached for a day and revalidated after,
            // so a reload or a second page does not fetch them again; the page's own files change
            // with the server and stay uncached.
            StaticMount(urlPrefix: FontCatalog.urlPrefix, directory: FontCatalog.fontsDirectory, cacheMaxAge: 86_400),
            StaticMount(urlPrefix: "/", directory: options.publicDirectory, defaultFile: "index.html"),
        ]
        configuration.allowedOrigins = Set(options.allowedOrigins)
        // Every HTTP request (static files and fonts too) and every upgrade needs the token.
        configuration.accessToken = options.token.map {
            AccessToken(secret: $0, queryName: "token", cookieName: "progresscast_token")
        }
        configuration.maxMessageSize = options.maxMessageBytes
        configuration.maxQueuedBytes = options.maxQueuedBytes
        configuration.permessageDeflate = options.permessageDeflate
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

/// Stops the server on SIGINT and SIGTERM. The signals are blocked in every thread (see
/// ``blockStopSignals()``) and taken by one thread with `sigwait`, so none is lost however
/// early it comes (a dispatch source is armed asynchronously and could miss one sent right
/// after the "listening on" line).
final class SignalStopper {
    private static let signals = [SIGINT, SIGTERM]

    /// Blocks SIGINT and SIGTERM in the calling thread and so in every thread it starts later.
    static func blockStopSignals() {
        var set = stopSignalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static func stopSignalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        return set
    }

    /// Starts the thread that waits for a stop signal and stops `server` (again for a
    /// second signal, which does no harm).
    init(server: WebSocketServer) {
        let thread = Thread {
            var set = SignalStopper.stopSignalSet()
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                server.stop()
            }
        }
        thread.name = "signals"
        thread.start()
    }
}
