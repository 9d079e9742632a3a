import TestSupport
import Testing

@testable import Timing

/// Sampling at 60 Hz, 7 Hz or at random instants gives bit-identical values at common instants,
/// because sampling never changes state and events fire at their own due times.
@Suite struct SamplingIndependenceTests {
    enum Command {
        case animate(Double, Double), pause, resume, speed(Double), stop, removeAll, timer(Double)
    }

    /// A random script of (time, command), times on a microsecond grid.
    func script(seed: UInt64) -> [(Double, Command)] {
        var rng = SplitMix64(seed: seed)
        var t = 0.0
        var out: [(Double, Command)] = []
        for _ in 0..<40 {
            t = MediaTime.quantise(t + Double.random(in: 0.01...0.4, using: &rng))
            let command: Command
            switch Int.random(in: 0..<7, using: &rng) {
            case 0, 1:
                command = .animate(Double.random(in: 0...1, using: &rng), Double.random(in: 0.05...1, using: &rng))
            case 2: command = .pause
            case 3: command = .resume
            case 4: command = .speed(Double.random(in: 0.25...3, using: &rng))
            case 5: command = Bool.random(using: &rng) ? .stop : .removeAll
            default: command = .timer(Double.random(in: 0...0.5, using: &rng))
            }
            out.append((t, command))
        }
        return out
    }

    /// Runs the script, sampling at `sampleTimes`; timers animate to a value derived from the
    /// firing time, so any mistimed firing changes later values.
    func run(_ commands: [(Double, Command)], sampleTimes: [Double]) -> [Double: Double] {
        var tl = Timeline()
        let layer = tl.addLayer(owner: "x")
        tl.setModel(.scalar(0), for: .progress, of: layer)
        var samples: [Double: Double] = [:]
        var pending = commands[...]
        func process(upTo t: Double, _ tl: inout Timeline) {
            while let event = tl.nextEvent(upTo: t) {
                if case let .timer(_, _, time) = event {
                    tl.animate(
                        .progress, of: layer, to: .scalar(time.truncatingRemainder(dividingBy: 1)), duration: 0.2,
                        timingFunction: .easeOut, at: time)
                }
            }
        }
        for sampleTime in sampleTimes.sorted() {
            while let (t, command) = pending.first, t <= sampleTime {
                pending = pending.dropFirst()
                process(upTo: t, &tl)
                switch command {
                case let .animate(v, d):
                    tl.animate(.progress, of: layer, to: .scalar(v), duration: d, timingFunction: .easeInEaseOut, at: t)
                case .pause: tl.pause(layer, at: t)
                case .resume: tl.resume(layer, at: t)
                case let .speed(s): tl.setSpeed(layer, s, at: t)
                case .stop: tl.stopAtPresentation(layer, at: t)
                case .removeAll: tl.removeAllAnimations(from: layer, at: t)
                case let .timer(delay): tl.schedule(at: t + delay, tag: TimerTag(owner: "x", code: 0))
                }
            }
            process(upTo: sampleTime, &tl)
            samples[sampleTime] = tl.presentationScalar(.progress, of: layer, at: sampleTime)
        }
        return samples
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func sampleRatesAgree(_ seed: UInt64) {
        let commands = script(seed: seed)
        let end = (commands.last?.0 ?? 0) + 1
        let at60 = stride(from: 0, through: 6 * 60, by: 1).map { MediaTime.quantise(Double($0) / 60) }.filter {
            $0 <= end
        }
        let at7 = stride(from: 0, through: 6 * 7, by: 1).map { MediaTime.quantise(Double($0) / 7) }.filter { $0 <= end }
        var rng = SplitMix64(seed: seed &* 31)
        let common = [0.0, 1, 2, 3, 4, 5].filter { $0 <= end }
        let random = (common + (0..<50).map { _ in MediaTime.quantise(Double.random(in: 0...end, using: &rng)) })
        let a = run(commands, sampleTimes: at60)
        let b = run(commands, sampleTimes: at7)
        let c = run(commands, sampleTimes: random)
        for t in common {
            #expect(a[t] != nil)
            #expect(a[t]?.bitPattern == b[t]?.bitPattern, "60 Hz vs 7 Hz at \(t)")
            #expect(a[t]?.bitPattern == c[t]?.bitPattern, "60 Hz vs random at \(t)")
        }
        // And every random instant matches a run that samples only that instant.
        for t in random.prefix(10) {
            #expect(run(commands, sampleTimes: [t])[t]?.bitPattern == c[t]?.bitPattern)
        }
    }
}
