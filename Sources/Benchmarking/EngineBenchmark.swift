import ComponentSupport
import FrameCodecs
import Typesetting
import Foundation
import JSON
import LoadGenerator
import Scene
import Session
import Timing

/// The `engine` part: sample + display list + encode of the demo scene (one HUD animating,
/// one bar driven by a playing player), one frame every 1/60 s of media time, on a manual
/// clock, exactly the work a live session does per frame (advance to the frame's time, firing
/// due timers; build the display list; encode the canonical frame).
enum EngineBenchmark {
    /// A session core with the demo scene applied at time 0.
    static func demoCore(fonts: FontCatalog) throws -> SessionCore {
        var core = SessionCore(settings: SessionSettings(clock: .manual, fps: 60, title: "bench"), fonts: fonts)
        for text in DemoScene.sceneOps {
            guard case let .object(op) = try JSONParser.parse(text), let name = op["op"]?.stringValue else {
                throw BenchError("demo op is not an object: \(text)")
            }
            _ = try core.apply(op, name: name, at: 0)
        }
        _ = core.takeEvents()
        return core
    }

    static func run(seconds: Double, fonts: FontCatalog) throws -> [BenchRow] {
        let fresh = try demoCore(fonts: fonts)
        var core = fresh
        var encoder = FrameEncoder(capacity: 8192)
        var binaryEncoder = BinaryFrameEncoder(capacity: 4096)
        var binaryTimes: [Double] = []
        var binaryBytes = 0
        var frameTimes: [Double] = []
        var sampleTimes: [Double] = []
        var encodeTimes: [Double] = []
        frameTimes.reserveCapacity(1 << 20)
        sampleTimes.reserveCapacity(1 << 20)
        encodeTimes.reserveCapacity(1 << 20)
        binaryTimes.reserveCapacity(1 << 20)
        var bytes = 0
        var frame = 0
        var unchanged = 0
        var previous = ""
        let deadline = Nanos.now() + UInt64(seconds * 1e9)
        while Nanos.now() < deadline {
            for _ in 0..<64 {
                // The demo player plays an hour; start over before it ends (static frames after).
                if frame % (60 * 3000) == 0 && frame > 0 { core = fresh }
                frame += 1
                let start = Nanos.now()
                core.advance(to: Int64(frame % (60 * 3000)) * 1_000_000 / 60)
                let list = core.displayList()
                let sampled = Nanos.now()
                bytes &+= encoder.encodeFrame(list, seq: frame, time: core.time).count
                let end = Nanos.now()
                // The binary encoding of the same list (docs/protocol.md section 9), timed apart.
                binaryBytes &+= binaryEncoder.encodeFrame(list, seq: frame, time: core.time).count
                let binaryEnd = Nanos.now()
                _ = core.takeEvents()
                let checksum = list.checksum
                if checksum == previous { unchanged += 1 }
                previous = checksum
                if frame > 60 {  // the first second warms caches up
                    frameTimes.append(Double(end - start) / 1000)
                    sampleTimes.append(Double(sampled - start) / 1000)
                    encodeTimes.append(Double(end - sampled) / 1000)
                    binaryTimes.append(Double(binaryEnd - end) / 1000)
                }
            }
        }
        frameTimes.sort()
        sampleTimes.sort()
        encodeTimes.sort()
        binaryTimes.sort()
        let frameBytes = bytes / max(frame, 1)
        return [
            BenchRow(figure: "engine: sample + display list + encode, demo scene", target: "<= 10 us median",
                     measured: "\(us(percentile(frameTimes, 50))) median, \(us(percentile(frameTimes, 99))) p99 (\(frameTimes.count) frames)",
                     passed: percentile(frameTimes, 50) <= 10),
            BenchRow(figure: "  frames equal to the one before", target: "-", measured: "\(unchanged) of \(frame)", passed: nil),
            BenchRow(figure: "  of which sample + display list", target: "-",
                     measured: "\(us(percentile(sampleTimes, 50))) median, \(us(percentile(sampleTimes, 99))) p99", passed: nil),
            BenchRow(figure: "  of which encode (\(frameBytes) B frame)", target: "-",
                     measured: "\(us(percentile(encodeTimes, 50))) median, \(us(percentile(encodeTimes, 99))) p99", passed: nil),
            BenchRow(figure: "  binary frame encode instead (\(binaryBytes / max(frame, 1)) B frame)", target: "-",
                     measured: "\(us(percentile(binaryTimes, 50))) median, \(us(percentile(binaryTimes, 99))) p99", passed: nil),
        ]
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
