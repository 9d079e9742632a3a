import FrameCodecs
import LoadGenerator
import Scene
import Session
import Typesetting
import Wire

/// Rows of the `engine` part for what the page added (issue 16): the demo scene drawn with the
/// phone chrome (its frame's sample + display list + encode, as ``EngineBenchmark`` times it),
/// and one timing-trace sample of the bar's value with its `trace` message, which the server
/// makes once per frame for each tracing connection.
enum ChromeTraceBenchmark {
    static func run(seconds: Double, fonts: FontCatalog) throws -> [BenchRow] {
        var core = SessionCore(
            settings: SessionSettings(clock: .manual, fps: 60, title: "bench", chrome: true), fonts: fonts)
        for text in DemoScene.sceneOps { try EngineBenchmark.apply(text, to: &core, at: 0) }
        _ = core.takeEvents()
        var encoder = FrameEncoder(capacity: 16384)
        var frameTimes: [Double] = []
        var traceTimes: [Double] = []
        var bytes = 0
        var traceBytes = 0
        var frame = 0
        let deadline = Nanos.now() + UInt64(seconds * 1e9)
        while Nanos.now() < deadline {
            for _ in 0..<64 {
                frame += 1
                let start = Nanos.now()
                core.advance(to: EngineBenchmark.frameTime(frame))
                bytes = encoder.encodeFrame(core.displayList(), seq: frame, time: core.time).count
                let framed = Nanos.now()
                let sample = try core.scene.trace("b1", properties: ["value"], at: core.time)
                traceBytes = TraceWire.message(sample, target: "b1", at: core.time).count
                let traced = Nanos.now()
                _ = core.takeEvents()
                if frame > 60 {
                    frameTimes.append(Double(framed - start) / 1000)
                    traceTimes.append(Double(traced - framed) / 1000)
                }
            }
        }
        frameTimes.sort()
        traceTimes.sort()
        return [
            BenchRow(
                figure: "  demo scene with the phone chrome (\(bytes) B frame)", target: "-",
                measured: "\(us(percentile(frameTimes, 50))) median, \(us(percentile(frameTimes, 99))) p99",
                passed: nil),
            BenchRow(
                figure: "  a trace sample of the bar and its message (\(traceBytes) B)", target: "-",
                measured: "\(us(percentile(traceTimes, 50))) median, \(us(percentile(traceTimes, 99))) p99",
                passed: nil),
        ]
    }
}
