import Testing

@testable import Benchmarking

@Suite("capacity search over session counts")
struct CapacitySearchTests {
    /// A server that meets the targets up to `limit` sessions.
    private func search(limit: Int, start: Int = 1000, maximumProbes: Int = 7) -> (Int, [CapacitySearch.Probe]) {
        let result = CapacitySearch.search(start: start, minimum: 100, maximum: 6000, maximumProbes: maximumProbes) {
            $0 <= limit
        }
        return (result.sessions, result.probes)
    }

    @Test("goes up while probes pass, then bisects to within 10%")
    func upward() {
        let (best, probes) = search(limit: 1800)
        #expect(probes.prefix(3).map(\.sessions) == [1000, 1500, 2250])
        #expect(best <= 1800 && best >= 1800 * 9 / 10 - 50)
        #expect(probes.allSatisfy { $0.passed == ($0.sessions <= 1800) })
    }

    @Test("goes down by half while probes fail")
    func downward() {
        let (best, probes) = search(limit: 420)
        #expect(probes.prefix(2).map(\.sessions) == [1000, 500])
        #expect(probes[2] == CapacitySearch.Probe(sessions: 250, passed: true))
        #expect(best <= 420 && best >= 370)
    }

    @Test("none passing gives 0; the maximum passing stops there")
    func bounds() {
        #expect(search(limit: 50).0 == 0)
        let (best, probes) = search(limit: 100_000, maximumProbes: 20)
        #expect(best == 6000)
        #expect(probes.last == CapacitySearch.Probe(sessions: 6000, passed: true))
    }

    @Test("a count meets the targets when most of its runs do, and stops once that is decided")
    func majority() {
        func verdict(_ outcomes: [Bool]) -> (Bool, Int, Int) {
            var remaining = outcomes[...]
            let result = CapacitySearch.majority(of: 3) { remaining.popFirst() ?? false }
            return (result.passed, result.runs, result.passes)
        }
        #expect(verdict([true, true, false]) == (true, 2, 2))
        #expect(verdict([false, false, true]) == (false, 2, 0))
        #expect(verdict([false, true, true]) == (true, 3, 2))
        #expect(verdict([true, false, false]) == (false, 3, 1))
        var calls = 0
        let single = CapacitySearch.majority(of: 1) {
            calls += 1
            return false
        }
        #expect(single == (false, 1, 0) && calls == 1)
    }

    @Test("never runs more probes than allowed")
    func probeBudget() {
        #expect(search(limit: 1234, maximumProbes: 3).1.count == 3)
    }
}
