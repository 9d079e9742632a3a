import Foundation
import JSON
import LoadGenerator
import Typesetting

/// The `page` part: the page's own renderer drawing the demo scene's frames in headless
/// Chromium, timed in the page (Benchmarks/page_bench.py, through selenium).
enum PageBenchmark {
    static func run(_ settings: BenchSettings, fonts: FontCatalog) throws -> [BenchRow] {
        let script = URL(fileURLWithPath: settings.publicDirectory).deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/page_bench.py").path
        guard FileManager.default.fileExists(atPath: script) else {
            return [skipped("no \(script)")]
        }
        guard
            let python = which("python3")
                ?? ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
        else {
            return [skipped("python3 not found")]
        }
        let framesPath = settings.scratchDirectory + "/page-frames.ndjson"
        try ServerBenchmark.writeDemoFrames(to: framesPath, encoding: .json, fonts: fonts)
        let (server, port) = try ServerBenchmark.startServer(settings, maxSessions: 10, maxConnectionsPerSession: 10)
        defer { server.stop() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            script, "--url", "http://127.0.0.1:\(port)", "--frames", framesPath, "--count", String(settings.pageFrames),
        ]
        let output = Pipe()
        process.standardOutput = output
        let logPath = settings.scratchDirectory + "/page.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        let deadline = Date().addingTimeInterval(180)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw BenchError("page benchmark timed out after 180 s (log: \(logPath))")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").last,
            case let .object(result) = try JSONParser.parse(String(line))
        else {
            let log = String(
                decoding: FileManager.default.contents(atPath: logPath)?.suffix(800) ?? Data(), as: UTF8.self)
            throw BenchError("page benchmark failed (status \(process.terminationStatus)): \(log)")
        }
        if let reason = result["skipped"]?.stringValue { return [skipped(reason)] }
        guard let rasterised = result["rasterised"]?.objectValue, let scriptOnly = result["script"]?.objectValue,
            let median = rasterised["median"]?.doubleValue, let p99 = rasterised["p99"]?.doubleValue
        else {
            throw BenchError("page benchmark printed no figures: \(line)")
        }
        let mean = rasterised["mean"]?.doubleValue ?? .nan
        let scriptMedian = scriptOnly["median"]?.doubleValue ?? .nan
        let scriptP99 = scriptOnly["p99"]?.doubleValue ?? .nan
        let scriptMean = scriptOnly["mean"]?.doubleValue ?? .nan
        let dpr = result["dpr"]?.doubleValue ?? 1
        return [
            BenchRow(
                figure: "page: draw one demo frame in headless Chromium (rasterised, dpr \(f1(dpr)))",
                target: "<= 2 ms median",
                measured: "\(ms(median)) median, \(ms(p99)) p99, \(ms(mean)) mean (\(settings.pageFrames) frames)",
                passed: median <= 2),
            BenchRow(
                figure: "  of which canvas calls (script only)", target: "-",
                measured: "\(ms(scriptMedian)) median, \(ms(scriptP99)) p99, \(ms(scriptMean)) mean", passed: nil),
        ]
    }

    private static func skipped(_ reason: String) -> BenchRow {
        BenchRow(
            figure: "page: draw one demo frame in headless Chromium", target: "<= 2 ms median",
            measured: "skipped: \(reason)", passed: nil)
    }

    private static func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }

    private static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
