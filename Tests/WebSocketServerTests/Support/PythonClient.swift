import Foundation

/// Runs a Python 3 script (using the `websockets` package or the standard library)
/// as a real client of a test server, with a hard time limit.
final class PythonClient: @unchecked Sendable {
    // @unchecked Sendable: the Process is only started and waited on by the creating
    // test; the watchdog only calls terminate(), which Foundation allows from any thread.
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `python3 -c script args...`.
    init(_ script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Waits for the script to exit (killing it after `timeoutSeconds`) and returns
    /// its standard output; throws with its standard error when it failed.
    func finish(timeoutSeconds: Double = 20) throws -> String {
        let process = self.process
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: watchdog)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let text = String(decoding: stdout, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ClientFailure(
                status: process.terminationStatus, stdout: text, stderr: String(decoding: stderr, as: UTF8.self))
        }
        return text
    }

    /// Runs a script to completion and decodes the JSON object it prints last.
    static func run(
        _ script: String, port: Int, extra: [String] = [], timeoutSeconds: Double = 20
    ) throws -> [String: Any] {
        let client = try PythonClient(script, arguments: [String(port)] + extra)
        return try decode(client.finish(timeoutSeconds: timeoutSeconds))
    }

    static func decode(_ text: String) throws -> [String: Any] {
        guard let line = text.split(separator: "\n").last,
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else { throw ClientFailure(status: 0, stdout: text, stderr: "no JSON object on the last line") }
        return object
    }
}

struct ClientFailure: Error, CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "python client failed (\(status)): \(stderr)\n\(stdout)" }
}
