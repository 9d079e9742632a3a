import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the bench starts (a server), waits for, and always stops.
final class BenchProcess {
    let process = Process()
    private let output = Pipe()
    private var pending: [UInt8] = []
    /// Where the child's standard error goes.
    let logPath: String

    /// Starts `executable arguments...`, standard error into `logPath`.
    init(executable: String, arguments: [String], logPath: String, directory: String? = nil) throws {
        self.logPath = logPath
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Reads standard output until a line starting with `prefix` appears and returns it, or nil
    /// after `timeout` seconds or when the child exits first.
    func waitForLine(prefix: String, timeout: Double) -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix(prefix) { return line }
                continue
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { return nil }
                pending.append(contentsOf: chunk[0..<count])
            } else if !process.isRunning {
                return nil
            }
        }
        return nil
    }

    /// The port of a `listening on http://HOST:PORT` line.
    func waitForPort(timeout: Double = 15) -> Int? {
        guard let line = waitForLine(prefix: "listening on ", timeout: timeout),
            let colon = line.lastIndex(of: ":")
        else { return nil }
        return Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// Stops the child: SIGTERM, then SIGKILL if it has not exited within `grace` seconds.
    func stop(grace: Double = 5) {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop(grace: 1) }

    /// The last `count` bytes of the child's standard error (for error messages).
    func logTail(_ count: Int = 600) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data.suffix(count), as: UTF8.self)
    }
}

/// Paths the bench needs: this executable, the page folder, a scratch folder.
enum BenchEnvironment {
    /// This executable's path (children are started from the same build).
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }

    /// A fresh scratch folder under the system temporary folder.
    static func makeScratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "progresscast-bench-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The 1-, 5- and 15-minute load averages, as /proc/loadavg gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
