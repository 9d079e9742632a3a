import ComponentSupport
import Foundation
import FrameCodecs
import JSON
import LoadGenerator
import Recording
import Session
import Typesetting

/// The `replay` and `seek` parts, on a long recording the bench writes first: the demo scene
/// (HUD + bar + playing player) with a command every 250 ms (labels, details, modes and
/// progress, buffer, pause/play, seeks, hide/show) and checksum lines after every command and
/// every 250 ms, as `progresscast run-script` records them.
enum ReplayBenchmark {
    /// The ops applied at command number `index` (one every 250 ms).
    static func command(_ index: Int) -> String {
        if index % 40 == 38 { return #"{"op":"hud.hide","target":"h1","animated":true}"# }
        if index % 40 == 39 {
            return #"{"op":"hud.show","target":"h1","mode":"indeterminate","label":"Back \#(index)"}"#
        }
        switch index % 8 {
        case 0: return #"{"op":"hud.update","target":"h1","label":"Step \#(index)"}"#
        case 1: return #"{"op":"bar.buffer","target":"b1","value":\#(Double(index % 100) / 100)}"#
        case 2: return #"{"op":"hud.update","target":"h1","details":"\#(index) of many"}"#
        case 3: return #"{"op":"player.pause","target":"p1"}"#
        case 4: return #"{"op":"hud.update","target":"h1","mode":"determinate","progress":\#(Double(index % 97) / 97)}"#
        case 5: return #"{"op":"player.play","target":"p1"}"#
        case 6: return #"{"op":"hud.update","target":"h1","mode":"indeterminate"}"#
        default: return #"{"op":"player.seek","target":"p1","to":\#(Double(index % 3000))}"#
        }
    }

    /// Writes the recording (`seconds` long) to `path`; returns its number of lines.
    @discardableResult
    static func writeRecording(seconds: Double, to path: String, fonts: FontCatalog) throws -> Int {
        var steps: [CommandScript.Step] = []
        for text in DemoScene.sceneOps { steps.append(.init(microseconds: 0, op: try object(text))) }
        let count = Int(seconds * 4)
        for index in 1...max(1, count) {
            steps.append(.init(microseconds: Int64(index) * 250_000, op: try object(command(index))))
        }
        let settings = SessionSettings(clock: .manual, fps: 60, title: "bench")
        var runner = ScriptRunner(settings: settings, fonts: fonts)
        runner.run(CommandScript(steps: steps), tail: 1)
        if let failure = runner.failures.first {
            throw BenchError("bench recording: step \(failure.index) failed: \(failure.error.message)")
        }
        let header = RecordingHeader(
            title: "bench", created: "2026-01-01T00:00:00Z", canvasWidth: 375, canvasHeight: 667,
            fps: 60, generator: "progresscast bench", clock: "manual")
        var bytes = header.encoded()
        bytes.append(UInt8(ascii: "\n"))
        var writer = JSONWriter(capacity: 1 << 16)
        let events = runner.recordingEvents
        for event in events {
            writer.reset()
            event.encoded(into: &writer)
            bytes += writer.bytes
            bytes.append(UInt8(ascii: "\n"))
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw BenchError("cannot write \(path)")
        }
        return events.count + 1
    }

    private static func object(_ text: String) throws -> JSONObject {
        guard case let .object(op) = try JSONParser.parse(text) else { throw BenchError("not an object: \(text)") }
        return op
    }

    /// Reads a recording file as `progresscast replay` does.
    private static func loadRecording(_ path: String) throws -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
        do {
            return try RecordingReader.read(Array(data))
        } catch {
            throw BenchError("\(path): \(error.description)")
        }
    }

    /// `replay --verify` speed: loading the file, re-simulating it and comparing every checksum.
    static func runReplay(path: String, fonts: FontCatalog) throws -> [BenchRow] {
        let started = Date()
        let recording = try loadRecording(path)
        let result = Replayer.verify(recording, fonts: fonts)
        let elapsed = Date().timeIntervalSince(started)
        if let mismatch = result.mismatch {
            throw BenchError("bench recording failed verification at line \(mismatch.line)")
        }
        let speed = recording.duration / max(elapsed, 1e-9)
        return [
            BenchRow(
                figure: "replay --verify (\(minutes(recording.duration)) recording, \(result.checked) checksums)",
                target: ">= 1000x real time",
                measured:
                    "\(Int(speed.rounded()))x (\(String(format: "%.0f", elapsed * 1000)) ms incl. reading the file)",
                passed: speed >= 1000)
        ]
    }

    /// Seeking: the state at a time plus its frame, at 40 times spread over the recording, from
    /// a replayer built once (as `replay.open` does).
    static func runSeek(path: String, fonts: FontCatalog) throws -> [BenchRow] {
        let recording = try loadRecording(path)
        let openStart = Date()
        let replayer = Replayer(recording: recording, fonts: fonts)
        let openTime = Date().timeIntervalSince(openStart)
        var encoder = FrameEncoder(capacity: 8192)
        var times: [Double] = []
        let total = mediaMicroseconds(recording.duration)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var sink = 0
        for index in 0..<40 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Half at random times, half just before the next snapshot (the worst case).
            let at = index % 2 == 0 ? Int64(seed >> 11) % max(total, 1) : worstCaseTime(index, total: total)
            let start = Nanos.now()
            let core = replayer.state(at: at)
            sink &+= encoder.encodeFrame(core.displayList(), seq: index, time: core.time).count
            times.append(Double(Nanos.now() - start) / 1e6)
        }
        times.sort()
        let worst = times.last ?? .infinity
        return [
            BenchRow(
                figure: "seek in a \(minutes(recording.duration)) recording (command every 250 ms)", target: "< 200 ms",
                measured:
                    "\(String(format: "%.1f", percentile(times, 50))) ms median, \(String(format: "%.1f", worst)) ms worst of 40\(sink > 0 ? "" : " (no frames)")",
                passed: worst < 200),
            BenchRow(
                figure: "  opening it (replay.open: simulate once, snapshots)", target: "-",
                measured: "\(String(format: "%.0f", openTime * 1000)) ms", passed: nil),
        ]
    }

    /// Times just before a snapshot would be taken (the most commands to replay after one).
    private static func worstCaseTime(_ index: Int, total: Int64) -> Int64 {
        let span = Int64(Replayer.snapshotInterval) * 250_000
        let snapshots = max(1, total / span)
        return min(total, (Int64(index) % snapshots + 1) * span - 1)
    }

    private static func mediaMicroseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    private static func minutes(_ seconds: Double) -> String {
        seconds >= 120 ? "\(Int((seconds / 60).rounded()))-minute" : "\(Int(seconds.rounded()))-second"
    }
}
