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
    /// One session: its core running through its scene's plan, and its kept segments and
    /// encoding.
    struct LoadSession {
        var planned: EngineBenchmark.PlannedCore
        var list = IncrementalDisplayList(keepsShapes: false)
        var encoder: IncrementalFrameEncoder

        init(plan: EngineBenchmark.Plan, encoding: IncrementalFrameEncoder.Encoding) {
            planned = EngineBenchmark.PlannedCore(plan)
            encoder = IncrementalFrameEncoder(encoding)
        }

        /// One frame, encoded in `scratch` (one for all sessions, as a server thread keeps);
        /// returns whether its display list changed.
        mutating func step(scratch: inout ThreadScratch) throws -> Bool {
            try planned.restartIfCycleEnded()
            planned.advance()
            list.swapFrameShapes(&scratch.shapes)
            defer { list.swapFrameShapes(&scratch.shapes) }
            planned.core.draw(into: &list)
            _ = planned.core.takeEvents()
            // With room in front for the transport's frame header, as `SessionFrames` keeps.
            encoder.encodeFrame(
                list, seq: planned.frame, time: planned.core.time, headroom: 16, scratch: &scratch.encoder)
            return !encoder.revertIfUnchanged()
        }
    }

    /// What a server thread keeps for the sessions it renders in turn: the encoders' scratch and
    /// the buffer a frame's segments are drawn in.
    struct ThreadScratch {
        var encoder = IncrementalFrameEncoder.Scratch()
        var shapes: [Shape] = []
    }

    /// What one run measured.
    struct Result {
        var frames = 0
        var changed = 0
        var nanoseconds: UInt64 = 0
        /// Mean wall time per frame, microseconds.
        var perFrame: Double { frames == 0 ? 0 : Double(nanoseconds) / Double(frames) / 1000 }
    }

    /// Runs `sessions` sessions (taking `scenes` in turn) in turn for `seconds`, or for exactly
    /// `rounds` rounds when given, after their warm-up (``warmedUp(sessions:scenes:encoding:fonts:scratch:)``).
    static func measure(
        sessions: Int, scenes: [BenchScene] = BenchScene.allCases, encoding: IncrementalFrameEncoder.Encoding,
        seconds: Double, rounds: Int? = nil, fonts: FontCatalog
    ) throws -> Result {
        var scratch = ThreadScratch()
        var all = try warmedUp(sessions: sessions, scenes: scenes, encoding: encoding, fonts: fonts, scratch: &scratch)
        var result = Result()
        let start = Nanos.now()
        if let rounds {
            result.changed = try measuredRounds(rounds, of: &all, scratch: &scratch)
            result.frames = rounds * all.count
        } else {
            let deadline = start + UInt64(seconds * 1e9)
            while Nanos.now() < deadline {
                result.changed += try measuredRounds(1, of: &all, scratch: &scratch)
                result.frames += all.count
            }
        }
        result.nanoseconds = Nanos.now() - start
        return result
    }

    /// `sessions` sessions taking `scenes` in turn (all three when empty), warmed up: a second of
    /// frames each, then up to a second more, so that they are spread over their scenes' cycles.
    static func warmedUp(
        sessions: Int, scenes: [BenchScene], encoding: IncrementalFrameEncoder.Encoding, fonts: FontCatalog,
        scratch: inout ThreadScratch
    ) throws -> [LoadSession] {
        let scenes = scenes.isEmpty ? BenchScene.allCases : scenes
        var plans: [BenchScene: EngineBenchmark.Plan] = [:]
        for scene in scenes { plans[scene] = try EngineBenchmark.plan(scene, fonts: fonts, asLoad: true) }
        var all: [LoadSession] = []
        all.reserveCapacity(sessions)
        for index in 0..<max(sessions, 1) {
            guard let plan = plans[scenes[index % scenes.count]] else { continue }
            all.append(LoadSession(plan: plan, encoding: encoding))
        }
        // Warm-up: one second of frames for every session (allocations, first encodings).
        for _ in 0..<60 {
            for index in all.indices { _ = try all[index].step(scratch: &scratch) }
        }
        // Then up to a second more, a different number of frames for each session of a scene,
        // so that the sessions are spread over their scene's one-second cycle as a server's
        // sessions are (each began when its viewer connected). In step, every navigation
        // session would be in its push for the first 21 frames of every second and at rest for
        // the rest: a 20-round count would measure pushes only.
        for index in all.indices {
            for _ in 0..<(index / scenes.count) % 60 {
                _ = try all[index].step(scratch: &scratch)
            }
        }
        return all
    }

    /// `rounds` rounds of every session (the timed runs go one round at a time); returns how
    /// many frames changed. Never inlined, so that an instruction-level tool can count this loop
    /// alone (docs/benchmarks.md, "Reproduce":
    /// `valgrind --tool=callgrind --toggle-collect='*measuredRounds*'`).
    @inline(never)
    private static func measuredRounds(
        _ rounds: Int, of all: inout [LoadSession], scratch: inout ThreadScratch
    ) throws -> Int {
        var changed = 0
        for _ in 0..<rounds {
            for index in all.indices where try all[index].step(scratch: &scratch) {
                changed += 1
            }
        }
        return changed
    }

    /// The part's rows: `sessions` sessions taking `scenes` in turn, then one (the first of
    /// `scenes`), in each encoding, each for `seconds` or for exactly `rounds` rounds.
    static func run(
        sessions: Int, scenes: [BenchScene] = BenchScene.allCases, seconds: Double, rounds: Int? = nil,
        encodings: [FrameEncoding], fonts: FontCatalog
    ) throws
        -> [BenchRow]
    {
        var rows: [BenchRow] = []
        for encoding in encodings {
            let kind: IncrementalFrameEncoder.Encoding = encoding == .binary ? .binary : .json
            let name = encoding == .binary ? "binary" : "JSON"
            for count in [sessions, 1] {
                let r = try measure(
                    sessions: count, scenes: scenes, encoding: kind, seconds: seconds, rounds: rounds, fonts: fonts)
                rows.append(
                    BenchRow(
                        figure: count == 1
                            ? "  same, one \(scenes.first?.rawValue ?? "demo") session (its data stays in the caches)"
                            : "frame path, \(name): draw + encode + compare, \(count) sessions in turn",
                        target: "-",
                        measured: "\(us(r.perFrame)) per frame (\(r.frames) frames, \(r.changed) changed)",
                        passed: nil))
            }
        }
        return rows
    }
}
