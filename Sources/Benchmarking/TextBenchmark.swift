import Foundation
import Shapes
import Timing
import Typesetting

/// Microseconds to measure a label with HarfBuzz shaping (docs/benchmarks.md, "text"): a
/// 20-character label never measured before (shaped, then cached), the same label again (a
/// cache hit), a 20-character Arabic label never measured before, and truncating a 60-character
/// label never measured before to 200 points (the HUD's longest case: the full line, then the
/// candidates near the cut).
enum TextBenchmark {
    /// Labels of exactly 20 characters, different for every `index` (so each is a cache miss).
    static func latinLabel(_ index: Int) -> String {
        "Uploading files " + String(1000 + index % 9000)
    }

    static func arabicLabel(_ index: Int) -> String {
        "\u{62C}\u{627}\u{631}\u{64D} \u{627}\u{644}\u{62A}\u{62D}\u{645}\u{64A}\u{644} "
            + String(1_000_000 + index % 9_000_000)
    }

    static func run(seconds: Double, fonts: FontCatalog) -> [BenchRow] {
        let font = fonts.font(size: 16, weight: .bold)
        var sink = 0.0
        var counter = 0
        func time(_ body: () -> Double) -> (median: Double, p99: Double, count: Int) {
            var samples: [Double] = []
            let deadline = LiveClock.monotonicMicroseconds() + Int64(seconds * 1_000_000)
            while LiveClock.monotonicMicroseconds() < deadline {
                let start = LiveClock.monotonicMicroseconds()
                for _ in 0..<50 { sink += body() }
                samples.append(Double(LiveClock.monotonicMicroseconds() - start) / 50)
            }
            samples.sort()
            return (percentile(samples, 50), percentile(samples, 99), samples.count * 50)
        }
        func row(_ figure: String, target: Double?, _ result: (median: Double, p99: Double, count: Int)) -> BenchRow {
            BenchRow(
                figure: figure, target: target.map { "< \(Int($0)) us median" } ?? "-",
                measured: String(
                    format: "%.2f us median, %.2f us p99 (%d labels)", result.median, result.p99, result.count),
                passed: target.map { result.median < $0 })
        }
        let cold = time {
            counter += 1
            return font.width(of: latinLabel(counter))
        }
        let warm = time { font.width(of: "Uploading files 2024") }
        let arabic = time {
            counter += 1
            return font.width(of: arabicLabel(counter))
        }
        let truncate = time {
            counter += 1
            return font.truncate(latinLabel(counter) + " to the server, please wait...", maxWidth: 200).width
        }
        let note = sink.isFinite ? "" : " (sum not finite)"
        return [
            row("text: measure a 20-character label, first time (shaped)\(note)", target: 20, cold),
            row("  the same label again (cached)", target: nil, warm),
            row("  a 20-character Arabic label, first time", target: nil, arabic),
            row("  truncate a 60-character label to 200 pt, first time", target: nil, truncate),
        ]
    }
}
