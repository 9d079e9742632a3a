import Testing

@testable import Export

/// Frame times of an export, and the errors of settings out of range.
@Suite struct ExportSettingsTests {
    @Test func framesStepBySpeedOverFPS() throws {
        let times = try ExportSettings(format: .gif, fps: 10, from: 1, to: 2, speed: 2).frameTimes(duration: 5)
        #expect(times.count == 5)
        #expect(times.first == 1)
        #expect(abs(times[4] - 1.8) < 1e-12)
        let whole = try ExportSettings(format: .mp4, fps: 30).frameTimes(duration: 10)
        #expect(whole.count == 300)
        // An empty range still exports the one frame at `from`.
        #expect(try ExportSettings(format: .apng, from: 3, to: 3).frameTimes(duration: 5) == [3])
        #expect(try ExportSettings(format: .apng).frameTimes(duration: 0) == [0])
    }

    @Test(arguments: [
        (ExportSettings(format: .gif, fps: 0), "fps must be between 1 and 120, got 0"),
        (ExportSettings(format: .gif, fps: 1000), "fps must be between 1 and 120, got 1000"),
        (ExportSettings(format: .gif, fps: .nan), "fps must be between 1 and 120, got nan"),
        (ExportSettings(format: .gif, scale: 0), "scale must be between 0.25 and 4, got 0"),
        (ExportSettings(format: .gif, speed: 100), "speed must be between 0.1 and 16, got 100"),
        (ExportSettings(format: .gif, from: -1), "from must be a time in the recording (0 to 5 s), got -1"),
        (
            ExportSettings(format: .gif, from: 2, to: 1),
            "to must be a time in the recording at or after from (2 to 5 s), got 1"
        ),
        (ExportSettings(format: .gif, to: 6), "to must be a time in the recording at or after from (0 to 5 s), got 6"),
    ])
    func badSettings(settings: ExportSettings, message: String) {
        #expect(throws: ExportError(.badSettings, message)) { try settings.frameTimes(duration: 5) }
    }

    @Test func formats() {
        #expect(ExportFormat(rawValue: "png-sequence") == .pngSequence)
        #expect(ExportFormat.allCases.filter(\.usesFFmpeg).map(\.fileExtension) == ["gif", "mp4", "webm", "png"])
    }

    @Test func ffmpegIsFoundOnPathOnly() {
        #expect(FFmpegProcess.locate(environment: ["PATH": "/nonexistent:/also-not"]) == nil)
        #expect(FFmpegProcess.locate(environment: ["PATH": "/usr/bin"]) == "/usr/bin/ffmpeg")
        #expect(FFmpegProcess.missing.message.contains("apt-get install ffmpeg"))
    }
}
