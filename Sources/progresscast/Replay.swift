import ArgumentParser
import ComponentSupport
import Foundation
import Recording
import Session
import Typesetting

/// `progresscast replay FILE [--verify]`: re-simulates a recording headless.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-simulate a recording; with --verify, compare every checksum.",
        discussion: """
            Either way, each recorded command that fails when applied again is listed on standard \
            error with its line (an op the server does not know, a bad field, an unknown target: \
            it failed live too unless the file was edited, and it changed nothing).
            """)

    @Argument(help: "A .pcast file.")
    var file: String

    @Flag(help: "Compare every \"h\" checksum; exit 1 naming the first mismatching line.")
    var verify = false

    func run() throws {
        let recording = try RecordingLoader.load(file)
        let commands = recording.commandCount
        if verify && commands == 0 {
            // Not even the session.create every recording starts with: a file cut after its header
            // (docs/protocol.md section 7). "ok, 0 checksums verified" would pass it.
            throw CommandFailure(
                "\(file): nothing to verify: the recording holds no command, not even the session.create it starts with (it ends after its header)"
            )
        }
        let fonts = try FontCatalog()
        let (result, elapsed) = Replay.verify(recording, fonts: fonts, compareChecksums: verify)
        report(result.failedCommands)
        guard verify else {
            print(
                "\(file): \(String(format: "%.3f", recording.duration)) s, \(commands) commands, \(recording.markers.count) markers\(recording.endNote.isEmpty ? "" : ", " + recording.endNote)"
            )
            return
        }
        if let m = result.mismatch {
            FileHandle.standardError.write(
                Data(
                    """
                    \(file): checksum mismatch at line \(m.line) (t = \(String(format: "%.6f", m.time)) s): expected \(m.expected), got \(m.got); \
                    the last command before it is on line \(m.lastCommandLine)\n
                    """.utf8))
            throw ExitCode(1)
        }
        let speed = recording.duration / max(elapsed, 1e-9)
        print(
            "\(file): ok, \(result.checked) checksums verified over \(String(format: "%.3f", recording.duration)) s in \(String(format: "%.1f", elapsed * 1000)) ms (\(String(format: "%.0f", speed))x real time)\(recording.endNote.isEmpty ? "" : "; " + recording.endNote)"
        )
    }
}

extension Replay {
    /// Lists the commands that failed (at most 20, then how many more) on standard error.
    private func report(_ failed: [VerificationResult.FailedCommand]) {
        guard !failed.isEmpty else { return }
        var lines = failed.prefix(20).map {
            "\(file): line \($0.line): \($0.op.isEmpty ? "(no op)" : String($0.op.prefix(64))) failed: \($0.error.code.rawValue): \($0.error.message)"
        }
        if failed.count > 20 { lines.append("\(file): and \(failed.count - 20) more commands that failed") }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Re-simulates `recording` from its start and compares every checksum (what `--verify`
    /// does, and what `bench --parts replay` times); returns the result and the seconds it took.
    static func verify(
        _ recording: Recording, fonts: FontCatalog, compareChecksums: Bool = true
    ) -> (VerificationResult, Double) {
        let started = Date()
        let result = Replayer.verify(recording, fonts: fonts, compareChecksums: compareChecksums)
        return (result, Date().timeIntervalSince(started))
    }
}

/// Reads a recording file with clear errors.
enum RecordingLoader {
    static func load(_ path: String) throws -> Recording {
        let data = try CommandFailure.read(path)
        do {
            return try RecordingReader.read(Array(data))
        } catch {
            throw CommandFailure("\(path): \(error.description)")
        }
    }
}
