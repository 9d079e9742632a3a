import ComponentSupport
import Foundation
import FrameCodecs
import JSON
import LoadGenerator
import Scene
import Session
import Shapes
import Timing
import Typesetting
import Wire

/// The `engine` part: sample + display list + encode per frame, one frame every 1/60 s of media
/// time on a manual clock, exactly the work a live session does per frame (advance to the
/// frame's time, firing due timers; build the display list; encode the canonical frame), for
/// each ``BenchScene``: the demo scene (one HUD animating, one bar driven by a playing player),
/// the scroll scene (a table with a refreshing header under a HUD) and the navigation scene (an
/// animated push, every measured frame mid-transition).
enum EngineBenchmark {
    /// A session core with the demo scene applied at time 0.
    static func demoCore(fonts: FontCatalog) throws -> SessionCore {
        try core(.demo, fonts: fonts)
    }

    /// A session core with `scene`'s ops (``BenchScene/sceneOps``, or `ops`) applied through the
    /// wire (``BenchScene/opStepMicroseconds`` apart, from time 0), its events taken.
    static func core(_ scene: BenchScene, ops: [String]? = nil, fonts: FontCatalog) throws -> SessionCore {
        var core = SessionCore(settings: SessionSettings(clock: .manual, fps: 60, title: "bench"), fonts: fonts)
        var time: Int64 = 0
        for text in ops ?? scene.sceneOps {
            try apply(text, to: &core, at: time)
            time += scene.opStepMicroseconds
        }
        _ = core.takeEvents()
        return core
    }

    /// Decodes one op (JSON text, as a client sends it) and applies it to `core` at `microseconds`.
    static func apply(_ text: String, to core: inout SessionCore, at microseconds: Int64) throws {
        guard case let .object(op) = try JSONParser.parse(text), let name = op["op"]?.stringValue else {
            throw BenchError("bench op is not an object: \(text)")
        }
        _ = try core.apply(op, name: name, at: microseconds)
    }

    /// One frame every 1/60 s, in microseconds (the demo's timeline: frame n at n/60 s).
    static func frameTime(_ frame: Int) -> Int64 { Int64(frame) * 1_000_000 / 60 }

    /// How a scene's frames are laid out in media time and how it starts over.
    struct Plan {
        /// The core to start (and, for ``restartOps``-less scenes, restart) from.
        var fresh: SessionCore
        /// Media time of the plan's frame 0 (frames follow every 1/60 s).
        var base: Int64
        /// Frames measured before the scene starts over.
        var cycle: Int
        /// Restart by ops at the current time (navigation) instead of going back to ``fresh``.
        var restartOps: [String]
    }

    /// A core running through a plan's frames, one every 1/60 s of media time.
    struct PlannedCore {
        let plan: Plan
        var core: SessionCore
        /// Frames advanced to since the plan started.
        private(set) var frame = 0
        private var base: Int64

        init(_ plan: Plan) {
            self.plan = plan
            core = plan.fresh
            base = plan.base
        }

        /// Starts the scene over when a cycle has ended: back to the plan's fresh core, or its
        /// restart ops applied a little after the last frame. Callers leave it untimed.
        mutating func restartIfCycleEnded() throws {
            guard frame % plan.cycle == 0 && frame > 0 else { return }
            if plan.restartOps.isEmpty {
                core = plan.fresh
            } else {
                base = core.now + 50_000
                for text in plan.restartOps { try apply(text, to: &core, at: base) }
                _ = core.takeEvents()
            }
        }

        /// Advances the core to the next frame's time, firing due timers.
        mutating func advance() {
            frame += 1
            core.advance(to: base + frameTime(frame % plan.cycle))
        }
    }

    /// `scene`'s plan: as the engine part measures it, or with `asLoad` as the load generator's
    /// sessions run it (``BenchScene/loadOps``: the demo's playing bar in every scene, and the
    /// navigation push started over every second instead of right after it ends).
    static func plan(_ scene: BenchScene, fonts: FontCatalog, asLoad: Bool = false) throws -> Plan {
        var fresh = try core(scene, ops: asLoad ? scene.loadOps : nil, fonts: fonts)
        switch scene {
        case .demo:
            // The demo player plays an hour; start over before it ends (static frames after).
            return Plan(fresh: fresh, base: 0, cycle: 60 * 3000, restartOps: [])
        case .scroll:
            // Measure from 1 s on: the pull ended at 0.1 s and the header's 0.25 s inset
            // animation with it; the header stays Refreshing for its hour-long load.
            fresh.advance(to: 1_000_000)
            _ = fresh.takeEvents()
            try expect(fresh, "r1", "state", .string("refreshing"), scene)
            return Plan(fresh: fresh, base: 1_000_000, cycle: 60 * 3000, restartOps: [])
        case .navigation:
            // 20 frames of the 0.35 s push (21 frames long), then pop and push again.
            var probe = fresh
            probe.advance(to: frameTime(20))
            try expect(probe, "n1", "transitioning", .bool(true), scene)
            return Plan(fresh: fresh, base: 0, cycle: asLoad ? 60 : 21, restartOps: scene.restartOps)
        }
    }

    /// Throws unless `inspect` of `target` has `field` equal to `value` (the scene is what it claims).
    private static func expect(
        _ core: SessionCore, _ target: String, _ field: String, _ value: JSONValue, _ scene: BenchScene
    ) throws {
        let inspection = SceneWire.encode(try core.scene.inspect(target, at: core.time), at: core.time, layers: false)
        guard inspection[field] == value else {
            throw BenchError(
                "\(scene.rawValue) scene: \(target).\(field) is \(inspection[field].map { "\($0)" } ?? "missing"), expected \(value)"
            )
        }
    }

    /// Per-frame times (microseconds, sorted) and sizes of one scene.
    struct SceneResult {
        var frameTimes: [Double] = []
        var sampleTimes: [Double] = []
        var encodeTimes: [Double] = []
        var binaryTimes: [Double] = []
        /// The server's path: drawn into a kept ``IncrementalDisplayList`` and JSON-encoded by an
        /// ``IncrementalFrameEncoder`` (components that did not move keep shapes and bytes).
        var incrementalTimes: [Double] = []
        var incrementalBytes = 0
        var segmentsKept = 0
        var segmentsDrawn = 0
        var frames = 0
        var bytes = 0
        var binaryBytes = 0
        var unchanged = 0

        var median: Double { percentile(frameTimes, 50) }
        var p99: Double { percentile(frameTimes, 99) }
    }

    /// Measures `scene` for `seconds` of wall time (after a warm-up of 60 frames).
    static func measure(_ scene: BenchScene, seconds: Double, fonts: FontCatalog) throws -> SceneResult {
        var session = PlannedCore(try plan(scene, fonts: fonts))
        var encoder = FrameEncoder(capacity: 16384)
        var binaryEncoder = BinaryFrameEncoder(capacity: 8192)
        // As the server draws: no shapes kept, a frame's segments drawn into one lent buffer.
        var incremental = IncrementalDisplayList(keepsShapes: false)
        var frameShapes: [Shape] = []
        var incrementalEncoder = IncrementalFrameEncoder(.json)
        var scratch = IncrementalFrameEncoder.Scratch()
        var r = SceneResult()
        r.frameTimes.reserveCapacity(1 << 20)
        r.sampleTimes.reserveCapacity(1 << 20)
        r.encodeTimes.reserveCapacity(1 << 20)
        r.binaryTimes.reserveCapacity(1 << 20)
        var previous = ""
        let deadline = Nanos.now() + UInt64(seconds * 1e9)
        while Nanos.now() < deadline {
            for _ in 0..<64 {
                try session.restartIfCycleEnded()  // untimed
                let start = Nanos.now()
                session.advance()
                let frame = session.frame
                let list = session.core.displayList()
                let sampled = Nanos.now()
                r.bytes &+= encoder.encodeFrame(list, seq: frame, time: session.core.time).count
                let end = Nanos.now()
                // The binary encoding of the same list (docs/protocol.md section 9), timed apart.
                r.binaryBytes &+= binaryEncoder.encodeFrame(list, seq: frame, time: session.core.time).count
                let binaryEnd = Nanos.now()
                incremental.swapFrameShapes(&frameShapes)
                session.core.draw(into: &incremental)
                r.incrementalBytes &+= incrementalEncoder.withEncodedFrame(
                    incremental, seq: frame, time: session.core.time, scratch: &scratch
                ) {
                    frame, _ in frame.count
                }
                incremental.swapFrameShapes(&frameShapes)
                let incrementalEnd = Nanos.now()
                _ = session.core.takeEvents()
                let checksum = list.checksum
                if checksum == previous { r.unchanged += 1 }
                previous = checksum
                if frame > 60 {  // the first second warms caches up
                    r.frameTimes.append(Double(end - start) / 1000)
                    r.sampleTimes.append(Double(sampled - start) / 1000)
                    r.encodeTimes.append(Double(end - sampled) / 1000)
                    r.binaryTimes.append(Double(binaryEnd - end) / 1000)
                    r.incrementalTimes.append(Double(incrementalEnd - binaryEnd) / 1000)
                }
            }
        }
        r.frames = session.frame
        r.frameTimes.sort()
        r.sampleTimes.sort()
        r.encodeTimes.sort()
        r.binaryTimes.sort()
        r.incrementalTimes.sort()
        r.segmentsKept = incremental.reused
        r.segmentsDrawn = incremental.drawn
        return r
    }

    /// The table's figure for a scene.
    static func figure(_ scene: BenchScene) -> String {
        switch scene {
        case .demo: "engine: sample + display list + encode, demo scene"
        case .scroll: "engine: same, scroll scene (20 rows, refreshing header, HUD)"
        case .navigation: "engine: same, navigation scene (push mid-transition)"
        }
    }

    static func run(
        seconds: Double, fonts: FontCatalog, scenes: [BenchScene] = BenchScene.allCases
    ) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for scene in scenes {
            let r = try measure(scene, seconds: seconds, fonts: fonts)
            let frameBytes = r.bytes / max(r.frames, 1)
            let binaryBytes = r.binaryBytes / max(r.frames, 1)
            rows.append(
                BenchRow(
                    figure: figure(scene), target: "<= 10 us median",
                    measured: "\(us(r.median)) median, \(us(r.p99)) p99 (\(r.frameTimes.count) frames)",
                    passed: r.median <= 10))
            if scene == .demo {
                rows += [
                    BenchRow(
                        figure: "  frames equal to the one before", target: "-",
                        measured: "\(r.unchanged) of \(r.frames)", passed: nil),
                    BenchRow(
                        figure: "  of which sample + display list", target: "-",
                        measured:
                            "\(us(percentile(r.sampleTimes, 50))) median, \(us(percentile(r.sampleTimes, 99))) p99",
                        passed: nil),
                    BenchRow(
                        figure: "  of which encode (\(frameBytes) B frame)", target: "-",
                        measured:
                            "\(us(percentile(r.encodeTimes, 50))) median, \(us(percentile(r.encodeTimes, 99))) p99",
                        passed: nil),
                    BenchRow(
                        figure: "  binary frame encode instead (\(binaryBytes) B frame)", target: "-",
                        measured:
                            "\(us(percentile(r.binaryTimes, 50))) median, \(us(percentile(r.binaryTimes, 99))) p99",
                        passed: nil),
                ]
                rows.append(incrementalRow(r))
                rows += try ChromeTraceBenchmark.run(seconds: seconds, fonts: fonts)
            } else {
                rows.append(
                    BenchRow(
                        figure: "  sample + list, encode (\(frameBytes) B), binary encode (\(binaryBytes) B)",
                        target: "-",
                        measured:
                            "\(us(percentile(r.sampleTimes, 50))), \(us(percentile(r.encodeTimes, 50))), \(us(percentile(r.binaryTimes, 50))) median; \(r.unchanged) of \(r.frames) frames unchanged",
                        passed: nil))
                rows.append(incrementalRow(r))
            }
        }
        return rows
    }

    /// The server's path for the same frames: kept segments, JSON.
    private static func incrementalRow(_ r: SceneResult) -> BenchRow {
        BenchRow(
            figure: "  incremental, as the server renders (display list + JSON, kept segments)", target: "-",
            measured:
                "\(us(percentile(r.incrementalTimes, 50))) median, \(us(percentile(r.incrementalTimes, 99))) p99; \(r.segmentsKept) of \(r.segmentsKept + r.segmentsDrawn) segments kept",
            passed: nil)
    }
}

/// Formats microseconds with two decimals.
func us(_ value: Double) -> String { String(format: "%.2f us", value) }

/// CLOCK_MONOTONIC in nanoseconds (for timing short spans).
enum Nanos {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}

/// A benchmark could not run (a setup step failed); the message says which.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
