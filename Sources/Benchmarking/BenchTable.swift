import Foundation

/// One measured figure of a benchmark run.
struct BenchRow {
    var figure: String
    var target: String
    var measured: String
    /// nil when the figure has no target (informational).
    var passed: Bool?
}

/// The single table `progresscast bench` prints, with the machine and build.
struct BenchTable {
    private(set) var rows: [BenchRow] = []
    /// Lines printed under the table.
    var notes: [String] = []

    mutating func add(_ newRows: [BenchRow]) { rows.append(contentsOf: newRows) }

    func render() -> String {
        let header = ["figure", "target", "measured", "result"]
        let body = rows.map { [$0.figure, $0.target, $0.measured, $0.passed.map { $0 ? "pass" : "FAIL" } ?? "-"] }
        let widths = header.indices.map { i in ([header[i]] + body.map { $0[i] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| "
                + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(
                    separator: " | ") + " |"
        }
        var out = [
            line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|",
        ]
        out += body.map(line)
        out.append("")
        out.append(
            "machine: \(MachineInfo.cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores; build: \(MachineInfo.buildConfiguration); date: \(MachineInfo.now())"
        )
        out += notes
        return out.joined(separator: "\n")
    }
}

/// Facts about the machine and build for benchmark reports.
enum MachineInfo {
    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    /// The current UTC time, ISO 8601.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }

    static var buildConfiguration: String {
        #if DEBUG
            return "debug (use `swift build -c release` for real figures)"
        #else
            return "release"
        #endif
    }
}

/// Percentile of sorted samples (nearest rank).
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
