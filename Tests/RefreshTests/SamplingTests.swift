import ComponentSupport
import Geometry
import ScrollView
import TestSupport
import Testing
import Timing

@testable import Refresh

@Suite struct SamplingTests {
    /// A header pull and release, an end, then a flick that makes the auto footer load during
    /// the deceleration; sampled at `samples` (plus the common instants).
    func run(
        samples: [Double], common: [Double]
    ) throws -> (events: [TimedEvent<ScrollStack.Event>], values: [Double: Point]) {
        var rig = try RefreshRig(rows: 30)
        try rig.add(.header, "h", options: RefreshOptions(loadDuration: 0.7))
        try rig.add(.autoFooter, "f", options: RefreshOptions(loadDuration: 0.5))
        var values: [Double: Point] = [:]
        var pending = (samples + common).filter { $0 >= 0 }.sorted()
        func sample(upTo time: Double) {
            while let t = pending.first, t <= time {
                pending.removeFirst()
                values[t] = rig.offset(at: t)
            }
        }
        sample(upTo: 1)
        rig.pointer(.down, y: 200, at: 1)
        for i in 1...10 {
            sample(upTo: 1 + 0.02 * Double(i))
            rig.pointer(.move, y: 200 + 15 * Double(i), at: 1 + 0.02 * Double(i))
        }
        sample(upTo: 1.3)
        rig.pointer(.up, y: 350, at: 1.3)
        sample(upTo: 3)
        rig.pointer(.down, y: 500, at: 3)
        for i in 1...10 {
            sample(upTo: 3 + 0.01 * Double(i))
            rig.pointer(.move, y: 500 - 20 * Double(i), at: 3 + 0.01 * Double(i))
        }
        rig.pointer(.up, y: 300, at: 3.1)
        sample(upTo: 8)
        rig.advance(to: 8)
        return (rig.events, values)
    }

    @Test func sixtyHertzSevenHertzAndRandomInstantsAgree() throws {
        let common: [Double] = [1.1, 1.3, 1.5, 2, 2.5, 3.05, 3.3, 3.7, 4, 5, 7]
        var random = SplitMix64(seed: 42)
        let a = try run(samples: (0..<480).map { Double($0) / 60 }, common: common)
        let b = try run(samples: (0..<56).map { Double($0) / 7 }, common: common)
        let c = try run(samples: (0..<200).map { _ in random.unit() * 8 }, common: common)
        let none = try run(samples: [], common: common)
        #expect(a.events == none.events)
        #expect(b.events == none.events)
        #expect(c.events == none.events)
        for t in common {
            #expect(a.values[t] == none.values[t])
            #expect(b.values[t] == none.values[t])
            #expect(c.values[t] == none.values[t])
        }
        // The flow did what it should: the header refreshed and ended, the footer loaded.
        #expect(none.events.contains { $0.target == "h" && $0.payload == .endCompleted })
        #expect(none.events.contains { $0.target == "f" && $0.payload == .refreshing })
    }
}
