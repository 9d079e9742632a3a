import ArgumentParser
import ComponentSupport
import Foundation
import Geometry
import Recording
import Session
import Typesetting

/// `progresscast run-script SCRIPT --record OUT.pcast`: runs a command script on a manual clock.
struct RunScript: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-script",
        abstract: "Run a command script ([[seconds, op], ...]) on a manual clock and record it.",
        discussion: """
            Each step is applied at its time as a session would apply it; a step that fails (an \
            unknown target, a bad field, a misspelt op, an op that is not a scene's) is printed \
            and the script goes on. The recording is written either way; the exit status is 1 \
            when any step failed.
            """)

    @Argument(help: "A JSON file: an array of [seconds, op] pairs.")
    var script: String

    @Option(help: "Where to write the recording (.pcast).")
    var record: String

    @Option(help: "Canvas width in points.")
    var width: Double = 375

    @Option(help: "Canvas height in points.")
    var height: Double = 667

    @Option(help: "Title written into the recording's header.")
    var title: String = ""

    func run() throws {
        if let script = FileIdentity(path: script), script == FileIdentity(path: record) {
            // Writing the recording would replace the script it is made from.
            throw CommandFailure("\(record): is the script itself: choose another path for the recording")
        }
        let data = try CommandFailure.read(script)
        let parsed: CommandScript
        do { parsed = try CommandScript.parse(Array(data)) } catch {
            throw CommandFailure("\(script): \(error.message)")
        }
        guard (1...SessionSettings.maxCanvasSide).contains(width), (1...SessionSettings.maxCanvasSide).contains(height)
        else {
            throw ValidationError("canvas sides must be in 1...\(Int(SessionSettings.maxCanvasSide))")
        }
        let settings = SessionSettings(
            canvas: Size(width: width, height: height), clock: .manual, fps: 60, title: title)
        var runner = ScriptRunner(settings: settings, fonts: try FontCatalog())
        runner.run(parsed, tail: Self.tail)
        let formatter = ISO8601DateFormatter()
        let header = RecordingHeader(
            title: title, created: formatter.string(from: Date()), canvasWidth: width, canvasHeight: height,
            fps: 60, generator: "progresscast run-script", clock: "manual")
        let file = try RecordingFile(path: record, header: header)
        for event in runner.recordingEvents { try file.append(event) }
        file.close()
        for failure in runner.failures {
            FileHandle.standardError.write(
                Data("step \(failure.index): \(failure.error.code.rawValue): \(failure.error.message)\n".utf8))
        }
        print(
            "\(record): \(parsed.steps.count) steps over \(String(format: "%.3f", parsed.duration)) s, \(runner.failures.count) failed; recording \(String(format: "%.3f", parsed.duration + Self.tail)) s long (\(String(format: "%.0f", Self.tail)) s after the last step, for its animations to settle)"
        )
        // The recording is written either way (it shows what the steps that ran did); a script
        // with a failed step is still an error for whoever runs it, a CI job included.
        if !runner.failures.isEmpty { throw ExitCode.failure }
    }

    /// Seconds the recording runs on after the last step (``ScriptRunner/run(_:tail:)``).
    static let tail = 1.0
}
