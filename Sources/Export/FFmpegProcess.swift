import Foundation

/// One running `ffmpeg` reading raw frames from a pipe on its standard input.
final class FFmpegProcess {
    private let process = Process()
    private let input = Pipe()
    private let errorLog: URL

    /// The `ffmpeg` executable on `PATH`, or nil.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The error for a missing ffmpeg, naming the package that has it.
    static let missing = ExportError(
        .ffmpegMissing, "ffmpeg was not found on PATH: install it (Debian: apt-get install ffmpeg)")

    /// Starts `ffmpeg` with `arguments` (after `-hide_banner -loglevel error`).
    init(executable: String, arguments: [String]) throws(ExportError) {
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent(
            "progresscast-ffmpeg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorLog.path) ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: errorLog)
            throw ExportError(.ffmpegFailed, "cannot start \(executable): \(error.localizedDescription)")
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: errorLog)
    }

    /// Writes `bytes` to ffmpeg's standard input (POSIX writes: a dead ffmpeg gives EPIPE, which
    /// needs SIGPIPE ignored, see ``Exporter``).
    func write(_ bytes: [UInt8]) throws(ExportError) {
        let fd = input.fileHandleForWriting.fileDescriptor
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 {
            throw ExportError(.ffmpegFailed, "ffmpeg stopped reading frames\(describeExit(waiting: true))")
        }
    }

    /// What ffmpeg (5.1) prints when it could not write its output but still exits with status
    /// 0: a full disk gave a truncated file and a success (docs/protocol.md, section 8).
    private static let writeFailures = [
        "No space left on device", "Disk quota exceeded", "Input/output error", "Error writing trailer",
        "Error closing file",
    ]

    /// Closes standard input and waits for ffmpeg to finish; throws unless it exited with status
    /// 0 having written its output (``writeFailures``).
    func finish() throws(ExportError) {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ExportError(.ffmpegFailed, "ffmpeg failed\(describeExit(waiting: false))")
        }
        if let failure = errorLines.first(where: { line in FFmpegProcess.writeFailures.contains { line.contains($0) } })
        {
            throw ExportError(.ffmpegFailed, "ffmpeg could not write the file: \(failure)")
        }
    }

    /// Kills ffmpeg (a limit was reached or the export was cancelled).
    func kill() {
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// What ffmpeg wrote on its standard error, line by line.
    private var errorLines: [Substring] {
        ((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// ": exit status N: <its last error lines>" or ": killed by signal N".
    private func describeExit(waiting: Bool) -> String {
        if waiting {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let lastLines = errorLines.suffix(3).joined(separator: "; ")
        let how =
            process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        return ": \(how)" + (lastLines.isEmpty ? "" : ": \(lastLines)")
    }
}
