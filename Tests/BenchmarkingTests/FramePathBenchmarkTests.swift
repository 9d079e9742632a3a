import FrameCodecs
import LoadGenerator
import Navigation
import Scene
import Session
import Testing
import Typesetting

@testable import Benchmarking

/// The `frames` part runs the server part's sessions: the scenes in turn, each with the demo's
/// playing bar, so nearly every frame of every session changes (as in `serve` under the load
/// generator); frames the encoder found unchanged are not counted as changed.
@Suite("the frames part runs the load's sessions in turn")
struct FramePathBenchmarkTests {
    private static let fonts: FontCatalog? = try? FontCatalog()

    @Test("every session makes a frame per round, and nearly all of them change", arguments: [false, true])
    func sessionsInTurn(binary: Bool) throws {
        let fonts = try #require(Self.fonts)
        let result = try FramePathBenchmark.measure(
            sessions: 3, encoding: binary ? .binary : .json, seconds: 0.2, fonts: fonts)
        #expect(result.frames > 0 && result.frames % 3 == 0)
        // The scroll scene alone changes 12 times a second and the navigation scene only
        // while it pushes: with the bar playing in each, over 95% of frames change.
        #expect(result.changed <= result.frames)
        #expect(Double(result.changed) > 0.95 * Double(result.frames))
        #expect(result.perFrame > 0)
    }

    /// With rounds, the part does exactly that much work (for instruction-level tools).
    @Test("rounds run every session exactly that many times")
    func fixedRounds() throws {
        let fonts = try #require(Self.fonts)
        let result = try FramePathBenchmark.measure(sessions: 4, encoding: .json, seconds: 100, rounds: 7, fonts: fonts)
        #expect(result.frames == 28)
        #expect(result.changed > 0 && result.changed <= 28)
    }

    /// The sessions are spread over their scene's one-second cycle, as a server's are: about
    /// 21 navigation sessions in 60 are in their 0.35 s push at any round, not all or none.
    @Test("navigation sessions are spread over their cycle")
    func sessionsAreSpread() throws {
        let fonts = try #require(Self.fonts)
        var scratch = FramePathBenchmark.ThreadScratch()
        let sessions = try FramePathBenchmark.warmedUp(
            sessions: 60, scenes: [.navigation], encoding: .json, fonts: fonts, scratch: &scratch)
        let pushing = try sessions.filter { session in
            let core = session.planned.core
            guard case .nav(_, let nav) = try core.scene.inspect("n1", at: core.time) else { return false }
            return nav.transitioning != nil
        }
        #expect((14...28).contains(pushing.count), "\(pushing.count) of 60 in a push")
    }
}
