import FrameCodecs
import LoadGenerator
import Session
import Shapes
import Typesetting

/// The `frames` part: the server's frame path for many sessions on one thread, without the
/// network: each session in turn advances 1/60 s, draws into its kept segments
/// (``IncrementalDisplayList``), encodes the frame (``IncrementalFrameEncoder``) and compares it
/// with the frame before, as `serve` does per frame. The sessions are the server part's: they
/// take the demo, scroll and navigation scenes in turn, built from the load generator's ops
/// (``BenchScene/loadOps``: every scene also has the demo's playing bar), and the navigation
/// scene's push starts over every second.
///
/// One session at a time keeps its data in the caches (the `engine` part); a thousand in turn
/// do not, as in a loaded server. And without the kernel, the transport and the load generator
/// on the same two cores, the figure scatters far less than the server part's CPU per frame:
/// it is the instrument for changes to drawing and encoding (docs/benchmarks.md).
enum FramePathBenchmark {
    /// One session's state: its core, where it is in its scene's plan, and its kept segments and
    /// encoding.
    private struct Session {
        var plan: EngineBenchmark.Plan
        var core: SessionCore
        var frame = 0
        var base: Int64
        var list = IncrementalDisplayList()
        var encoder: IncrementalFrameEncoder

        init(plan: EngineBenchmark.Plan, encoding: IncrementalFrameEncoder.Encoding) {
            self.plan = plan
            core = plan.fresh
            base = plan.base
            encoder = IncrementalFrameEncoder(encoding)
        }

        /// One frame; returns whether its display list changed.
        mutating func step() throws -> Bool {
            if frame % plan.cycle == 0 && frame > 0 {
                if plan.restartOps.isEmpty {
                    core = plan.fresh
                } else {
                    base = core.now + 50_000
                    for text in plan.restartOps { try EngineBenchmark.apply(text, to: &core, at: base) }
                    _ = core.takeEvents()
                }
            }
            frame += 1
            core.advance(to: base + EngineBenchmark.frameTime(frame % plan.cycle))
            core.draw(into: &list)
            _ = core.takeEvents()
            encoder.encodeFrame(list, seq: frame, time: core.time, headroom: 16)
            guard !encoder.bodyIsUnchanged else {
                encoder.revert()
                return false
            }
            return true
        }
    }

    /// What one run measured.
    struct Result {
        var frames = 0
        var changed = 0
        var nanoseconds: UInt64 = 0
        /// Mean wall time per frame, microseconds.
        var perFrame: Double { frames == 0 ? 0 : Double(nanoseconds) / Double(frames) / 1000 }
    }

    /// A load-generator session of `scene` (``BenchScene/loadOps``) and how its frames run: the
    /// scroll scene from 1 s on (its pull over), the navigation scene pushing again every second.
    private static func plan(_ scene: BenchScene, fonts: FontCatalog) throws -> EngineBenchmark.Plan {
        var core = SessionCore(settings: SessionSettings(clock: .manual, fps: 60, title: "bench"), fonts: fonts)
        var time: Int64 = 0
        for text in scene.loadOps {
            try EngineBenchmark.apply(text, to: &core, at: time)
            time += scene.opStepMicroseconds
        }
        _ = core.takeEvents()
        switch scene {
        case .demo:
            return EngineBenchmark.Plan(fresh: core, base: 0, cycle: 60 * 3000, restartOps: [])
        case .scroll:
            core.advance(to: 1_000_000)
            _ = core.takeEvents()
            return EngineBenchmark.Plan(fresh: core, base: 1_000_000, cycle: 60 * 3000, restartOps: [])
        case .navigation:
            return EngineBenchmark.Plan(fresh: core, base: 0, cycle: 60, restartOps: scene.restartOps)
        }
    }

    /// Runs `sessions` sessions in turn for `seconds` (after one warm-up second of frames).
    static func measure(
        sessions: Int, encoding: IncrementalFrameEncoder.Encoding, seconds: Double, fonts: FontCatalog
    ) throws -> Result {
        let scenes = BenchScene.allCases
        var plans: [BenchScene: EngineBenchmark.Plan] = [:]
        for scene in scenes { plans[scene] = try plan(scene, fonts: fonts) }
        var all: [Session] = []
        all.reserveCapacity(sessions)
        for index in 0..<max(sessions, 1) {
            guard let plan = plans[scenes[index % scenes.count]] else { continue }
            all.append(Session(plan: plan, encoding: encoding))
        }
        // Warm-up: one second of frames for every session (allocations, first encodings).
        for _ in 0..<60 {
            for index in all.indices { _ = try all[index].step() }
        }
        var result = Result()
        let deadline = Nanos.now() + UInt64(seconds * 1e9)
        let start = Nanos.now()
        var now = start
        while now < deadline {
            for index in all.indices where try all[index].step() { result.changed += 1 }
            result.frames += all.count
            now = Nanos.now()
        }
        result.nanoseconds = now - start
        return result
    }

    /// The part's rows: `sessions` sessions, then one (the demo scene), in each encoding.
    static func run(
        sessions: Int, seconds: Double, encodings: [FrameEncoding], fonts: FontCatalog
    ) throws
        -> [BenchRow]
    {
        var rows: [BenchRow] = []
        for encoding in encodings {
            let kind: IncrementalFrameEncoder.Encoding = encoding == .binary ? .binary : .json
            let name = encoding == .binary ? "binary" : "JSON"
            for count in [sessions, 1] {
                let r = try measure(sessions: count, encoding: kind, seconds: seconds, fonts: fonts)
                rows.append(
                    BenchRow(
                        figure: count == 1
                            ? "  same, one demo session (its data stays in the caches)"
                            : "frame path, \(name): draw + encode + compare, \(count) sessions in turn",
                        target: "-",
                        measured: "\(us(r.perFrame)) per frame (\(r.frames) frames, \(r.changed) changed)",
                        passed: nil))
            }
        }
        return rows
    }
}
