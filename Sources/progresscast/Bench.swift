import ArgumentParser

/// `progresscast bench`: measures the engine's hot paths and prints one table.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run benchmarks and print figure, target, measured, pass/fail (use a release build)."
    )

    @Option(name: .long, help: "Which parts to run: timing (comma-separated).")
    var parts: String = "timing"

    @Option(name: .long, help: "Seconds to spend on each part (roughly).")
    var seconds: Double = 2

    func run() throws {
        var table = BenchTable()
        for part in parts.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch part {
            case "timing": table.add(TimingBenchmark.run(seconds: seconds))
            default: throw ValidationError("unknown bench part \"\(part)\" (known: timing)")
            }
        }
        print(table.render())
    }
}
