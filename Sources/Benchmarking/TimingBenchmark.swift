import Geometry
import Timing

/// Nanoseconds per presentation sample for a 50-layer tree with 3 running animations per layer.
enum TimingBenchmark {
    static func makeTree() -> (Timeline, [LayerID]) {
        var tl = Timeline()
        var layers: [LayerID] = []
        let root = tl.addLayer(owner: "bench")
        layers.append(root)
        // A tree 3 levels deep: root, 7 branches, 42 leaves.
        for b in 0..<7 {
            let branch = tl.addLayer(parent: root, owner: "bench")
            layers.append(branch)
            for _ in 0..<6 where layers.count < 50 { layers.append(tl.addLayer(parent: branch, owner: "bench")) }
            if b == 3 { tl.setSpeed(branch, 0.5, at: 0) }
        }
        for (i, layer) in layers.enumerated() {
            tl.setModel(.scalar(1), for: .opacity, of: layer)
            tl.setModel(.transform(.identity), for: .transform, of: layer)
            tl.setModel(.scalar(0), for: .progress, of: layer)
            var fade = Animation.basic(
                .opacity, from: .scalar(0), to: .scalar(1), duration: 1 + Double(i % 5) * 0.1,
                timingFunction: .easeInEaseOut)
            fade.timing.repeatCount = .infinity
            fade.timing.autoreverses = true
            tl.add(fade, forKey: "fade", to: layer, at: 0)
            var zoom = Animation.spring(
                .transform, Spring.uiKit(duration: 0.3, dampingRatio: 1), from: .transform(.scale(0.5)),
                to: .transform(.identity), duration: 0.3)
            zoom.timing.repeatCount = .infinity
            tl.add(zoom, forKey: "zoom", to: layer, at: 0)
            var keys = Animation(
                keyPath: .progress,
                kind: .keyframe(
                    values: [.scalar(0), .scalar(0.3), .scalar(1)], keyTimes: [0, 0.2, 1],
                    timingFunctions: [.easeIn, .easeOut]), timing: MediaTiming(duration: 2))
            keys.timing.repeatCount = .infinity
            tl.add(keys, forKey: "keys", to: layer, at: 0)
        }
        return (tl, layers)
    }

    static func run(seconds: Double) -> [BenchRow] {
        let (tl, layers) = makeTree()
        let keys: [PropertyKey] = [.opacity, .transform, .progress]
        var batches: [Double] = []
        var checksum = 0.0
        let deadline = LiveClock.monotonicMicroseconds() + Int64(seconds * 1_000_000)
        var frame = 0
        while LiveClock.monotonicMicroseconds() < deadline {
            let start = LiveClock.monotonicMicroseconds()
            for _ in 0..<20 {
                let t = Double(frame) / 60
                frame += 1
                for layer in layers {
                    for key in keys {
                        if let v = tl.presentation(key, of: layer, at: t), case let .scalar(s) = v { checksum += s }
                    }
                }
            }
            let elapsed = Double(LiveClock.monotonicMicroseconds() - start) * 1000
            batches.append(elapsed / Double(20 * layers.count * keys.count))
        }
        batches.sort()
        let median = percentile(batches, 50), p99 = percentile(batches, 99)
        let note = checksum.isFinite ? "" : " (checksum not finite)"
        return [
            BenchRow(
                figure: "timing: presentation sample (50 layers x 3 animations)", target: "-",
                measured: "\(Int(median.rounded())) ns median, \(Int(p99.rounded())) ns p99\(note)", passed: nil)
        ]
    }
}
