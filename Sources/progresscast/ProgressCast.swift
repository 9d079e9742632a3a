import ArgumentParser
import ProgressCastServer

/// The `progresscast` command line: serve the page and WebSocket API, benchmark, replay.
@main
struct ProgressCast: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progresscast",
        abstract: "A live, replayable visualizer of iOS-style progress UI.",
        // `--version`: the version `/api/health` reports and recordings carry.
        version: ProgressCastVersion.current,
        subcommands: [
            Serve.self, Replay.self, Render.self, ExportCommand.self, RunScript.self, Bench.self, LoadGen.self,
            Baseline.self, Measure.self,
        ]
    )
}
