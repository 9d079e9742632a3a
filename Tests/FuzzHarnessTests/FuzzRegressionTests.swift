import Foundation
import Testing

@testable import FuzzHarness

/// Replays the fuzzers' seed corpus and every input a fuzzer ever crashed on (kept in
/// Fuzz/regressions/) through the same code the fuzz targets run: each must now return.
@Suite struct FuzzRegressionTests {
    /// The repository's Fuzz/ folder, found from this file's path.
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ folders: [String]) -> [URL] {
        folders.flatMap { folder -> [URL] in
            let url = fuzzFolder.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    @Test func commandDecoderCorpusAndRegressions() throws {
        let files = Self.inputs(["corpus/commands", "regressions/commands"])
        #expect(files.count >= 5, "the command seed corpus is missing")
        for file in files {
            FuzzHarness.decodeCommands(Array(try Data(contentsOf: file)))
        }
    }

    @Test func recordingReaderCorpusAndRegressions() throws {
        let files = Self.inputs(["corpus/recordings", "regressions/recordings"])
        #expect(files.count >= 3, "the recording seed corpus is missing")
        for file in files {
            FuzzHarness.readRecording(Array(try Data(contentsOf: file)))
        }
    }

    /// Inputs of every shape the decoders must survive, beyond the corpus files.
    @Test func edgeInputs() {
        let inputs: [String] = [
            "", "\n\n\n", "{", "[", String(repeating: "[", count: 10_000), String(repeating: "{\"a\":", count: 5_000),
            "{\"op\":\"clock.advance\",\"by\":3600}\n{\"op\":\"clock.advance\",\"by\":3600}",
            "{\"op\":\"hud.show\",\"target\":\"h\",\"graceTime\":3600,\"minShowTime\":3600}\n{\"op\":\"clock.advance\",\"by\":3600}",
            "{\"op\":\"bar.set\",\"target\":\"b\",\"value\":0.5,\"duration\":1e300}",
            "\u{FEFF}{\"op\":\"inspect\"}", "{\"op\":\"inspect\",\"target\":\"\u{0}\"}",
        ]
        for input in inputs {
            FuzzHarness.decodeCommands(Array(input.utf8))
            FuzzHarness.readRecording(Array(input.utf8))
        }
    }
}
