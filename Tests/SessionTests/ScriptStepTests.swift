import ComponentSupport
import JSON
import Recording
import Testing
import Typesetting

@testable import Session

/// What a script may hold (docs/protocol.md, `scenario.run`): scene ops, `record.marker` and the
/// scenario runner's own entries run; anything else is reported, never skipped.
@Suite struct ScriptStepTests {
    @Test func sceneOpsMarkersAndRunnerEntriesAreSteps() {
        for name in ["hud.show", "bar.set", "player.play", "pointer", "nav.push", "scroll.create"] {
            #expect(CommandScript.stepProblem(name) == nil, "\(name)")
        }
        for name in ["record.marker", "scenario.title", "scenario.loop"] {
            #expect(CommandScript.stepProblem(name) == nil, "\(name)")
        }
    }

    @Test func aMisspeltOpIsUnknownAndASessionOpIsNotAStep() {
        #expect(CommandScript.stepProblem("hud.shw")?.code == .unknownOp)
        #expect(CommandScript.stepProblem("")?.code == .unknownOp)
        for name in ["session.create", "record.start", "record.stop", "clock.advance", "replay.open", "scenario.run"] {
            let problem = CommandScript.stepProblem(name)
            #expect(problem?.code == .badRequest, "\(name)")
            #expect(problem?.message.hasPrefix("\(name) is not a script step") == true, "\(name)")
        }
    }

    @Test func theRunnerReportsStepsItCannotRunAndGoesOn() throws {
        guard let fonts else { return }
        let script = #"""
            [[0, {"op":"hud.show","target":"h"}],
             [0.5, {"op":"hud.shw","target":"h"}],
             [1, {"op":"session.create"}],
             [1.5, {"op":"hud.hide","target":"h"}]]
            """#
        var runner = ScriptRunner(settings: SessionSettings(clock: .manual), fonts: fonts)
        runner.run(try CommandScript.parse(Array(script.utf8)))
        #expect(runner.failures.map(\.index) == [1, 2])
        #expect(runner.failures.map(\.error.code) == [.unknownOp, .badRequest])
        // The steps around them ran: both HUD ops are in the recording's commands.
        let ops = runner.events.compactMap { event -> String? in
            if case let .command(op) = event.event { return op["op"]?.stringValue }
            return nil
        }
        #expect(ops == ["hud.show", "hud.hide"])
    }
}
