import Dispatch
import Synchronization

/// A small HTTP + WebSocket server over libwebsockets: static files, dynamic HTTP
/// routes, and one WebSocket endpoint, served by a single service thread.
///
/// ```swift
/// var configuration = WebSocketServer.Configuration()
/// configuration.port = 8080
/// configuration.staticMounts = [StaticMount(urlPrefix: "/", directory: "Public", defaultFile: "index.html")]
/// let server = WebSocketServer(configuration: configuration, handler: MyHandler())
/// try server.run()   // serves on this thread until server.stop()
/// ```
///
/// **Threading contract.**
/// - One service thread runs `lws_service`: the thread that calls ``run()``, or the
///   one ``start()`` creates. Every ``WebSocketServerHandler`` method and timer body
///   runs there, one at a time, with a ``ServerLoop`` for sending, closing and timers.
/// - From any thread: ``stop()``, ``wake()``, ``port``, ``statistics``,
///   ``waitUntilStopped(timeoutSeconds:)``. Only these; everything else is the loop's.
/// - ``wake()`` is how other threads hand over work: put it somewhere thread-safe,
///   call ``wake()``, and take it in ``WebSocketServerHandler/serverWoken(loop:)``.
/// - A server runs once. ``run()`` returns (and the thread ``start()`` made ends)
///   after the libwebsockets context is destroyed.
///
/// **Signals.** The server installs no signal handlers. Stop it from a signal source,
/// not from a raw signal handler:
/// ```swift
/// signal(SIGINT, SIG_IGN)
/// let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
/// source.setEventHandler { server.stop() }
/// source.resume()
/// ```
public final class WebSocketServer: Sendable {
    /// Holds the handler for the service thread.
    ///
    /// `@unchecked Sendable`: the handler arrives through a `sending` parameter (the
    /// caller keeps no reference it may use concurrently unless the handler is itself
    /// thread-safe), and only the single service thread calls it, while the server runs.
    private final class HandlerBox: @unchecked Sendable {
        let handler: any WebSocketServerHandler

        init(_ handler: any WebSocketServerHandler) {
            self.handler = handler
        }
    }

    private enum Phase {
        case idle, running, finished
    }

    /// The names of the request headers copied into ``HTTPRequest/headers`` and
    /// ``ConnectionInfo/headers`` (others are not read).
    public static let capturedRequestHeaders: [String] = RequestReader.capturedHeaders.map(\.name)

    /// The configuration the server runs with.
    public let configuration: Configuration
    private let handlerBox: HandlerBox
    private let control = ServerControl()
    private let phase = Mutex<Phase>(.idle)
    private let startError = Mutex<WebSocketServerError?>(nil)
    private let running = DispatchGroup()

    /// Creates a server; nothing listens until ``run()`` or ``start()``.
    public init(configuration: Configuration = Configuration(), handler: sending any WebSocketServerHandler) {
        self.configuration = configuration
        handlerBox = HandlerBox(handler)
    }

    /// The port the server listens on (useful with port 0), or nil when not listening.
    public var port: Int? { control.port }

    /// The server's counters now (any thread).
    public var statistics: Statistics { control.counters.snapshot }

    /// Serves on the calling thread until ``stop()``; returns after the context is
    /// destroyed. Throws at once if the server cannot listen (for example the port is
    /// in use) or was already started.
    public func run() throws(WebSocketServerError) {
        try configuration.validate()
        try claim()
        var failure: WebSocketServerError?
        serve { result in
            if case .failure(let error) = result {
                failure = error
            }
        }
        if let failure {
            throw failure
        }
    }

    /// Starts serving on a new service thread and returns once the server listens
    /// (``port`` is then set). Throws if it cannot listen or was already started.
    public func start() throws(WebSocketServerError) {
        try configuration.validate()
        try claim()
        let ready = DispatchSemaphore(value: 0)
        let result = ServiceThread.spawn { [self] in
            serve { outcome in
                if case .failure(let error) = outcome {
                    startError.withLock { $0 = error }
                }
                ready.signal()
            }
        }
        guard result == 0 else {
            finish()
            throw .threadCreationFailed(result)
        }
        ready.wait()
        if let error = startError.withLock({ $0 }) {
            throw error
        }
    }

    /// Asks the server to stop (any thread, idempotent, returns at once). The service
    /// thread tells the handler (`serverStopping`), closes connections with 1001, waits
    /// up to the shutdown grace period, destroys the context, and ``run()`` returns.
    public func stop() {
        control.requestStop()
    }

    /// Wakes the service thread (any thread, returns at once) to call the handler's
    /// ``WebSocketServerHandler/serverWoken(loop:)``. Wakes close together coalesce.
    public func wake() {
        control.requestWake()
    }

    /// Blocks until the server has stopped (or was never started); false on timeout.
    /// Never call it on the service thread.
    @discardableResult
    public func waitUntilStopped(timeoutSeconds: Double) -> Bool {
        let nanoseconds = Int(max(0, min(timeoutSeconds, 86_400)) * 1e9)
        return running.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    private func claim() throws(WebSocketServerError) {
        try phase.withLock { (phase: inout Phase) throws(WebSocketServerError) in
            guard phase == .idle else { throw .alreadyStarted }
            phase = .running
        }
        running.enter()
    }

    private func finish() {
        phase.withLock { $0 = .finished }
        running.leave()
    }

    /// The service thread's whole life: open, report readiness, serve, tear down.
    private func serve(onReady: (Result<Void, WebSocketServerError>) -> Void) {
        defer { finish() }
        let loop = ServerLoop(configuration: configuration, handler: handlerBox.handler, control: control)
        let port: Int
        do throws(WebSocketServerError) {
            port = try loop.open()
        } catch {
            onReady(.failure(error))
            return
        }
        guard let context = loop.context else {
            onReady(.failure(.contextCreationFailed))
            return
        }
        control.publish(context: context, port: port)
        onReady(.success(()))
        loop.serve()
        control.retractContext()
        loop.tearDown()
    }
}
