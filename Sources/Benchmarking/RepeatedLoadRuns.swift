import Foundation
import LoadGenerator

/// The server and baseline parts run several rounds (`bench --repeat N`), each of one or more
/// windows (`bench --windows N`): what each round measured, summed up as one row per target with
/// the spread over the rounds and how many met it.
///
/// One run's figures scatter on a shared machine (the CPU ratio by about 11%, one standard
/// deviation, on the 2-core VMs of docs/benchmarks.md), so a figure that holds "in 10 of 10
/// runs" needs the runs, not one good one. Rounds interleave the server and baseline runs
/// (server, then baseline, per encoding and window, in every round): the ratio of each round
/// compares runs a minute apart, as the machine's speed drifts over minutes. A round of several
/// windows pools them (``pooled(_:)``): its CPU per frame is all its windows' CPU time over all
/// their frames, so its ratio weighs as many server windows as baseline windows, taken turn
/// about; for the other targets a round counts its worst window.
struct RepeatedLoadRuns {
    /// One round of one encoding: its windows' server runs and the baseline runs that followed
    /// them, by window (nil for a run that failed; empty for a part not asked for).
    struct Round {
        var servers: [LoadReport?] = []
        var baselines: [LoadReport?] = []

        /// The server runs pooled (nil when one failed, or none ran).
        var server: LoadReport? { RepeatedLoadRuns.pooled(servers) }
        /// The baseline runs pooled (nil when one failed, or none ran).
        var baseline: LoadReport? { RepeatedLoadRuns.pooled(baselines) }

        /// Each window's CPU ratio, in order (nil where a run of the window failed).
        var windowRatios: [Double?] {
            zip(servers, baselines).map { server, baseline in
                guard let server, let baseline else { return nil }
                return ServerBenchmark.cpuRatio(progressCast: server, baseline: baseline)
            }
        }
    }

    /// Windows of one round, one after another, as one report: frames, windows and samples
    /// summed; the CPU shares weighted by window length (so CPU per frame is all the windows' CPU
    /// time over all their frames); the fps, interval and latency figures of the worst window
    /// (the lowest fps, the highest p99s), so a round meets a target only when every window
    /// does. nil when a window failed or there is none.
    static func pooled(_ windows: [LoadReport?]) -> LoadReport? {
        let reports = windows.compactMap { $0 }
        guard let first = reports.first, reports.count == windows.count else { return nil }
        guard reports.count > 1 else { return first }
        var pooled = first
        pooled.connectionsWanted = reports.map(\.connectionsWanted).max() ?? 0
        pooled.connectionsOpened = reports.map(\.connectionsOpened).min() ?? 0
        pooled.connectionsReady = reports.map(\.connectionsReady).min() ?? 0
        pooled.connectionsFailed = reports.map(\.connectionsFailed).reduce(0, +)
        pooled.connectionsClosedEarly = reports.map(\.connectionsClosedEarly).reduce(0, +)
        pooled.setupSeconds = reports.map(\.setupSeconds).max() ?? 0
        pooled.windowSeconds = reports.map(\.windowSeconds).reduce(0, +)
        pooled.frames = reports.map(\.frames).reduce(0, +)
        pooled.frameBytes = reports.map(\.frameBytes).reduce(0, +)
        pooled.fpsMean = reports.map(\.fpsMean).min() ?? 0
        pooled.fpsMin = reports.map(\.fpsMin).min() ?? 0
        pooled.intervalP50 = reports.map(\.intervalP50).max() ?? 0
        pooled.intervalP99 = reports.map(\.intervalP99).max() ?? 0
        pooled.intervalMax = reports.map(\.intervalMax).max() ?? 0
        pooled.latencyP50 = reports.map(\.latencyP50).max() ?? 0
        pooled.latencyP99 = reports.map(\.latencyP99).max() ?? 0
        pooled.latencyMax = reports.map(\.latencyMax).max() ?? 0
        pooled.latencySamples = reports.map(\.latencySamples).reduce(0, +)
        pooled.latencyLost = reports.map(\.latencyLost).reduce(0, +)
        pooled.errorReplies = reports.map(\.errorReplies).reduce(0, +)
        pooled.firstError = reports.lazy.compactMap(\.firstError).first
        func weighted(_ share: (LoadReport) -> Double?) -> Double? {
            var sum = 0.0
            for report in reports {
                guard let value = share(report) else { return nil }
                sum += value * report.windowSeconds
            }
            return pooled.windowSeconds > 0 ? sum / pooled.windowSeconds : nil
        }
        pooled.serverCPU = weighted(\.serverCPU)
        pooled.serverSystemCPU = weighted(\.serverSystemCPU)
        pooled.clientCPU = weighted { $0.clientCPU } ?? 0
        pooled.serverThreads = []
        pooled.serverResidentBytes = reports.compactMap(\.serverResidentBytes).max()
        pooled.serverPeakResidentBytes = reports.compactMap(\.serverPeakResidentBytes).max()
        return pooled
    }

    /// Live sessions (and baseline connections) per run.
    let sessions: Int
    /// The sessions' scenes, for the figure's name.
    let scenes: String
    /// Rounds asked for.
    let rounds: Int
    /// Windows per round.
    let windows: Int
    /// Whether the server part, the baseline part, or both, were asked for.
    let server: Bool
    let baseline: Bool
    /// What the baseline's clients sent (for the figure's name).
    let baselineTraffic: ReceiverTraffic
    private var byEncoding: [(encoding: FrameEncoding, rounds: [Round])] = []

    init(
        sessions: Int, scenes: String, rounds: Int, windows: Int = 1, server: Bool, baseline: Bool,
        baselineTraffic: ReceiverTraffic = .silent
    ) {
        self.baselineTraffic = baselineTraffic
        self.sessions = sessions
        self.scenes = scenes
        self.rounds = rounds
        self.windows = max(1, windows)
        self.server = server
        self.baseline = baseline
    }

    /// Notes the server run of window `window` (from 0) of `encoding`'s round (nil when it
    /// failed): window 0 begins a new round.
    mutating func addServerRun(_ report: LoadReport?, encoding: FrameEncoding, window: Int = 0) {
        if window == 0 { appendRound(Round(), encoding: encoding) }
        updateLastRound(of: encoding) { $0.servers.append(report) }
    }

    /// Notes the baseline run of window `window` of `encoding`'s round: the window its server run
    /// began, or, when the server part is not run, window 0 begins a new round.
    mutating func addBaselineRun(_ report: LoadReport?, encoding: FrameEncoding, window: Int = 0) {
        if !server && window == 0 { appendRound(Round(), encoding: encoding) }
        updateLastRound(of: encoding) { $0.baselines.append(report) }
    }

    private mutating func updateLastRound(of encoding: FrameEncoding, _ body: (inout Round) -> Void) {
        if byEncoding.firstIndex(where: { $0.encoding == encoding }) == nil { appendRound(Round(), encoding: encoding) }
        guard let index = byEncoding.firstIndex(where: { $0.encoding == encoding }),
            let last = byEncoding[index].rounds.indices.last
        else { return }
        body(&byEncoding[index].rounds[last])
    }

    private mutating func appendRound(_ round: Round, encoding: FrameEncoding) {
        if let index = byEncoding.firstIndex(where: { $0.encoding == encoding }) {
            byEncoding[index].rounds.append(round)
        } else {
            byEncoding.append((encoding, [round]))
        }
    }

    /// The rounds noted for `encoding`, in order.
    func rounds(of encoding: FrameEncoding) -> [Round] {
        byEncoding.first { $0.encoding == encoding }?.rounds ?? []
    }

    /// The summary: per encoding, each server target with its spread over the rounds and how many
    /// rounds met it (passing only when every round asked for did), the CPU per frame of both,
    /// the CPU ratio held to ``ServerBenchmark/cpuRatioTarget`` in every round, and one row
    /// listing each round.
    func rows() -> [BenchRow] {
        byEncoding.flatMap { rows(for: $0.encoding, $0.rounds) }
    }

    private func rows(for encoding: FrameEncoding, _ noted: [Round]) -> [BenchRow] {
        let label =
            "\(ServerBenchmark.label(encoding)), \(rounds) rounds" + (windows > 1 ? " of \(windows) windows" : "")
        let servers = noted.compactMap(\.server)
        let baselines = noted.compactMap(\.baseline)
        var rows: [BenchRow] = []
        if server {
            rows.append(
                targetRow(
                    "server, \(label): \(sessions) live sessions (\(scenes)) at 60 fps, delivered fps per session",
                    target: ">= 57 mean", unit: " fps", servers, \.fpsMean
                ) { CapacitySearch.meetsFPS($0, sessions: sessions) })
            rows.append(
                targetRow(
                    "server, \(label): frame interval p99", target: "<= 25 ms", unit: " ms",
                    servers, \.intervalP99, meets: CapacitySearch.meetsInterval))
            rows.append(
                targetRow(
                    "server, \(label): command-to-frame latency p99", target: "<= 20 ms", unit: " ms",
                    servers, \.latencyP99, meets: CapacitySearch.meetsLatency))
            if let spread = Spread(servers.compactMap(\.serverMicrosecondsPerFrame)) {
                rows.append(
                    BenchRow(
                        figure: "  server CPU per frame", target: "-", measured: spread.describe(unit: " us"),
                        passed: nil))
            }
        }
        if baseline, let spread = Spread(baselines.compactMap(\.serverMicrosecondsPerFrame)) {
            rows.append(
                BenchRow(
                    figure:
                        "baseline, \(label): bare libwebsockets, same bytes (clients send: \(baselineTraffic.rawValue)), CPU per frame",
                    target: "-",
                    measured: spread.describe(unit: " us") + " (\(baselines.count) of \(rounds) rounds ran)",
                    passed: nil))
        }
        if server && baseline {
            let ratios = noted.map { round -> Double? in
                guard let server = round.server, let baseline = round.baseline else { return nil }
                return ServerBenchmark.cpuRatio(progressCast: server, baseline: baseline)
            }
            let measured = ratios.compactMap { $0 }
            let within = measured.filter { $0 <= ServerBenchmark.cpuRatioTarget }.count
            rows.append(
                BenchRow(
                    figure: "server, \(label): CPU per frame / baseline CPU per frame, round by round",
                    target: "<= \(f1(ServerBenchmark.cpuRatioTarget))x, every round",
                    measured: (Spread(measured)?.describe(unit: "x", format: "%.2f") ?? "no round measured")
                        + "; \(within) of \(rounds) rounds at or under \(f1(ServerBenchmark.cpuRatioTarget))x",
                    passed: within == rounds))
            if windows > 1 {
                // Each window's own ratio: what one window alone would have said.
                let single = noted.flatMap { $0.windowRatios.compactMap { $0 } }
                let singleWithin = single.filter { $0 <= ServerBenchmark.cpuRatioTarget }.count
                rows.append(
                    BenchRow(
                        figure: "  the same, window by window", target: "-",
                        measured: (Spread(single)?.describe(unit: "x", format: "%.2f") ?? "no window measured")
                            + "; \(singleWithin) of \(rounds * windows) windows at or under \(f1(ServerBenchmark.cpuRatioTarget))x",
                        passed: nil))
            }
            if let split = splitRow(noted) { rows.append(split) }
            rows.append(roundsRow(noted, ratios: ratios))
        } else if server {
            rows.append(roundsRow(noted, ratios: []))
        }
        return rows
    }

    /// A target's row: the spread of `figure` over the server runs that completed, and how many
    /// of the rounds asked for met the target (`meets`; a round that failed meets nothing).
    private func targetRow(
        _ name: String, target: String, unit: String, _ reports: [LoadReport], _ figure: KeyPath<LoadReport, Double>,
        meets: (LoadReport) -> Bool
    ) -> BenchRow {
        let met = reports.filter(meets).count
        return BenchRow(
            figure: name, target: "\(target), every round",
            measured: (Spread(reports.map { $0[keyPath: figure] })?.describe(unit: unit) ?? "no round ran")
                + "; \(met) of \(rounds) rounds meet it",
            passed: met == rounds)
    }

    /// The ratio's two parts over the rounds with both runs: the kernel's CPU per frame and the
    /// process's own code, for the server and the baseline (nil without the kernel figures).
    private func splitRow(_ noted: [Round]) -> BenchRow? {
        let splits = noted.compactMap { round -> ServerBenchmark.CPUSplit? in
            guard let server = round.server, let baseline = round.baseline else { return nil }
            return ServerBenchmark.CPUSplit(progressCast: server, baseline: baseline)
        }
        guard let server = Spread(splits.map(\.serverKernel)), let serverOwn = Spread(splits.map(\.serverOwn)),
            let bare = Spread(splits.map(\.baselineKernel)), let bareOwn = Spread(splits.map(\.baselineOwn)),
            let kernels = Spread(splits.map(\.kernelRatio))
        else { return nil }
        return BenchRow(
            figure: "  CPU per frame, the kernel's / the process's own code", target: "-",
            measured:
                "server kernel \(server.describe(unit: " us")), own code \(serverOwn.describe(unit: " us")); baseline kernel \(bare.describe(unit: " us")), own code \(bareOwn.describe(unit: " us")); kernel / kernel \(kernels.describe(unit: "x", format: "%.2f"))",
            passed: nil)
    }

    /// Each round in order: fps, interval and command-to-frame p99, server CPU per frame, and
    /// the CPU ratio when the baseline ran (`ratios`, by round; empty without the baseline).
    private func roundsRow(_ noted: [Round], ratios: [Double?]) -> BenchRow {
        let cells = noted.enumerated().map { index, round -> String in
            guard let report = round.server else { return "\(index + 1): failed" }
            var cell =
                "\(index + 1): \(f1(report.fpsMean)) fps, \(f1(report.intervalP99))/\(f1(report.latencyP99)) ms, \(f1(report.serverMicrosecondsPerFrame ?? 0)) us"
            if index < ratios.count, let ratio = ratios[index] { cell += String(format: " = %.2fx", ratio) }
            if windows > 1, index < ratios.count {
                let each = round.windowRatios.map { $0.map { String(format: "%.2f", $0) } ?? "-" }
                cell += " (windows \(each.joined(separator: ", ")))"
            }
            return cell
        }
        return BenchRow(
            figure: "  each round (fps, interval/command p99, server CPU per frame, ratio)", target: "-",
            measured: cells.joined(separator: "; "), passed: nil)
    }
}

/// The lowest, highest and median of some figures (the median of an even count is the mean of
/// the middle two).
struct Spread: Equatable {
    var lowest: Double
    var highest: Double
    var median: Double

    /// nil without values.
    init?(_ values: [Double]) {
        let sorted = values.sorted()
        guard let lowest = sorted.first, let highest = sorted.last else { return nil }
        self.lowest = lowest
        self.highest = highest
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// "lowest-highest unit (median m unit)", each number in `format`.
    func describe(unit: String, format: String = "%.1f") -> String {
        let text = { (value: Double) in String(format: format, value) }
        return "\(text(lowest))-\(text(highest))\(unit) (median \(text(median))\(unit))"
    }
}
