import ArgumentParser
import Foundation
import Logging
import ProgressCastServer
import WebSocketServer

/// `progresscast serve`: the page, the HTTP API and the WebSocket protocol on one port.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the page and the WebSocket API.")

    @Option(help: "Address to listen on (loopback by default; anything else should use --token).")
    var host = "127.0.0.1"

    @Option(help: "TCP port (0 picks a free one).")
    var port = 8080

    @Option(help: "Folder with the page (index.html, js/, css/).")
    var `public` = "Public"

    @Option(help: "Folder where recordings (.pcast) are written and read.")
    var recordings = "recordings"

    @Option(
        help: """
            Folder of built-in scenario scripts (NAME.json). Default: Scenarios in the current \
            folder, else the Scenarios folder beside --public (the repository's layout).
            """)
    var scenarios: String?

    @Option(
        name: .customLong("allow-origin"),
        help: "An extra Origin allowed to open WebSockets (repeatable; \"*\" allows all).")
    var allowOrigin: [String] = []

    @Option(
        help: "A server-wide token required on every HTTP request (?token= or Authorization: Bearer) and WebSocket.")
    var token: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(name: .customLong("max-sessions"), help: "Most sessions at once.")
    var maxSessions = 1000

    @Option(name: .customLong("max-connections-per-session"), help: "Most connections watching one session.")
    var maxConnectionsPerSession = 100

    @Option(
        name: .customLong("max-messages-per-second"),
        help: "Most messages a connection may send per second (then `limit` errors, then close 1008).")
    var maxMessagesPerSecond = 200

    @Option(
        name: .customLong("max-components-per-session"),
        help:
            "Most components (HUDs, bars, players, scroll views, refresh components, navigation stacks) in one session."
    )
    var maxComponentsPerSession = 64

    @Option(
        name: .customLong("max-message-bytes"),
        help: "Largest incoming WebSocket message in bytes (larger: close 1009).")
    var maxMessageBytes = 64 * 1024

    @Option(
        name: .customLong("max-queued-bytes"),
        help: "Most bytes of acks and events waiting for one slow connection (more: close 1008).")
    var maxQueuedBytes = 1 << 20

    @Flag(
        name: .customLong("no-deflate"),
        help: "Do not negotiate permessage-deflate (it costs about 110 KB per browser connection).")
    var noDeflate = false

    @Option(
        name: .customLong("max-recording-bytes"),
        help:
            "Largest recording file in bytes (then the recording stops with an `io` error event; the session goes on).")
    var maxRecordingBytes = 256 << 20

    @Option(
        name: .customLong("max-log-bytes"),
        help:
            "Most bytes of command log all live sessions keep together (past it, or past --max-recording-bytes for one session, a log drops its oldest entries and its session can no longer be recorded from creation; the session goes on)."
    )
    var maxLogBytes = 1 << 30

    @Option(
        name: .customLong("render-threads"),
        help: "Threads that render live sessions' frames alongside the service thread (0: the service thread alone).")
    var renderThreads = 1

    @Option(
        name: .customLong("export-seconds"),
        help: "Longest an export (GET /api/recordings/NAME/export) may take, seconds (then 413).")
    var exportSeconds = 120

    @Option(
        name: .customLong("export-bytes"),
        help: "Largest exported file, bytes.")
    var exportBytes = 64 << 20

    func validate() throws {
        if let token, !AccessToken.isValidSecret(token) {
            throw ValidationError("--token must be 1-256 characters of A-Za-z0-9._~- (it travels in URLs and a cookie)")
        }
        for (flag, value, range) in [
            ("--max-sessions", maxSessions, 1...1_000_000),
            ("--max-connections-per-session", maxConnectionsPerSession, 1...1_000_000),
            ("--max-messages-per-second", maxMessagesPerSecond, 1...1_000_000),
            ("--max-components-per-session", maxComponentsPerSession, 1...100_000),
            ("--max-message-bytes", maxMessageBytes, 256...(64 << 20)),
            ("--max-queued-bytes", maxQueuedBytes, 4096...(1 << 30)),
            ("--max-recording-bytes", maxRecordingBytes, 1024...Int(Int64.max)),
            ("--max-log-bytes", maxLogBytes, 65536...Int(Int64.max)),
            ("--render-threads", renderThreads, 0...16),
            ("--export-seconds", exportSeconds, 1...86_400),
            ("--export-bytes", exportBytes, 1024...(1 << 32)),
        ] {
            guard range.contains(value) else {
                throw ValidationError("\(flag) must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
            }
        }
    }

    /// `Scenarios` here if it is a folder, else the `Scenarios` folder beside the page's folder if
    /// that is one (a server started elsewhere with `--public /path/to/repo/Public` still finds the
    /// tour), else `Scenarios` (reported as missing at start).
    static func defaultScenarios(publicFolder: String) -> String {
        func isFolder(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
        }
        let here = "Scenarios"
        if isFolder(here) { return here }
        let beside = URL(fileURLWithPath: publicFolder).deletingLastPathComponent().appendingPathComponent(here).path
        return isFolder(beside) ? beside : here
    }

    func run() throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("unknown --log-level \"\(logLevel)\"")
        }
        var logger = Logger(label: "progresscast")
        logger.logLevel = level
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.publicDirectory = self.public
        options.recordingsDirectory = recordings
        options.scenariosDirectory = scenarios ?? Self.defaultScenarios(publicFolder: self.public)
        options.allowedOrigins = allowOrigin
        options.token = token
        options.maxSessions = maxSessions
        options.maxConnectionsPerSession = maxConnectionsPerSession
        options.maxMessagesPerSecond = maxMessagesPerSecond
        options.maxComponentsPerSession = maxComponentsPerSession
        options.maxMessageBytes = maxMessageBytes
        options.maxQueuedBytes = maxQueuedBytes
        options.permessageDeflate = !noDeflate
        options.maxRecordingBytes = maxRecordingBytes
        options.maxLogBytes = maxLogBytes
        options.renderThreads = renderThreads
        options.maxExportSeconds = Double(exportSeconds)
        options.maxExportBytes = exportBytes
        if !options.isLoopback && token == nil {
            logger.warning(
                "listening beyond loopback (\(host)) without --token: anyone who can reach this port can create and watch sessions"
            )
            FileHandle.standardError.write(
                Data("WARNING: binding \(host) without --token exposes ProgressCast to the network\n".utf8))
        }
        guard FileManager.default.fileExists(atPath: self.public + "/index.html") else {
            throw ValidationError("no index.html in --public \(self.public)")
        }
        do {
            try ServerRunner.run(options: options, logger: logger) { url in
                // Written with one write(2) so it reaches a pipe at once (tests wait for this line).
                FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("progresscast: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
