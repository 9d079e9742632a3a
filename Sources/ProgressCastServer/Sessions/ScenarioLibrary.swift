import ComponentSupport
import Foundation
import JSON
import Session
import Timing

/// The built-in scenarios: command scripts (`NAME.json`, an array of [seconds, op]) in a folder,
/// with a title taken from an optional first entry `[0, {"op":"scenario.title","title":"..."}]`.
/// An entry `[t0, {"op":"scenario.loop","period":P}]` makes the steps at t0 <= t < t0 + P repeat
/// every P seconds until `scenario.stop` (the guided tour); the steps before t0 run once, and
/// none may come at or after t0 + P.
struct ScenarioLibrary {
    struct Scenario {
        /// The repeating part of a looping scenario.
        struct Loop {
            /// When the first turn starts, in microseconds from the scenario's start.
            var start: Int64
            /// The length of one turn, in microseconds.
            var period: Int64
            /// One turn's steps, their times relative to the turn's start.
            var body: [CommandScript.Step]
        }

        var name: String
        var title: String
        var script: CommandScript
        /// The steps that run once: all of them, or those before the loop.
        var once: [CommandScript.Step]
        var loop: Loop?
    }

    private(set) var scenarios: [Scenario] = []

    /// Loads every valid script in `directory` (invalid ones are skipped with a log line).
    init(directory: String, log: (String) -> Void) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            // The page's guided tour and scenario picker need them: say so at start-up.
            log("no scenarios: cannot read the folder \(directory) (--scenarios)")
            return
        }
        for file in files.sorted() where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
            do throws(CommandError) {
                var script = try CommandScript.parse(Array(data))
                // A misspelt op would otherwise be skipped at every run without a word.
                for (index, step) in script.steps.enumerated() {
                    if let problem = CommandScript.stepProblem(step.op["op"]?.stringValue ?? "") {
                        throw CommandError(problem.code, "entry \(index): \(problem.message)")
                    }
                }
                var title = name
                if let first = script.steps.first, first.op["op"]?.stringValue == "scenario.title" {
                    title = first.op["title"]?.stringValue ?? name
                    script.steps.removeFirst()
                }
                let (once, repeating) = try ScenarioLibrary.splitLoop(script)
                scenarios.append(Scenario(name: name, title: title, script: script, once: once, loop: repeating))
            } catch {
                log("scenario \(file) skipped: \(error.message)")
            }
        }
    }

    func scenario(named name: String) -> Scenario? { scenarios.first { $0.name == name } }

    /// Splits a script at its `scenario.loop` entry (at most one, with a `period` in 0.1...3600 s
    /// and no step at or after the loop's end).
    private static func splitLoop(
        _ script: CommandScript
    ) throws(CommandError) -> (once: [CommandScript.Step], loop: Scenario.Loop?) {
        let marks = script.steps.filter { $0.op["op"]?.stringValue == "scenario.loop" }
        guard let mark = marks.first else { return (script.steps, nil) }
        guard marks.count == 1 else { throw CommandError(.badRequest, "a scenario loops at most once") }
        guard let seconds = mark.op["period"]?.doubleValue, (0.1...3600).contains(seconds) else {
            throw CommandError.badField("period", "of scenario.loop must be a number of seconds in 0.1...3600")
        }
        let period = MediaTime.microseconds(seconds)
        let end = mark.microseconds + period
        guard script.steps.allSatisfy({ $0.microseconds < end }) else {
            throw CommandError(.badRequest, "a step comes after the loop's end (\(seconds) s after it starts)")
        }
        let once = script.steps.filter { $0.microseconds < mark.microseconds }
        let body = script.steps.filter {
            $0.microseconds >= mark.microseconds && $0.op["op"]?.stringValue != "scenario.loop"
        }
        .map { CommandScript.Step(microseconds: $0.microseconds - mark.microseconds, op: $0.op) }
        return (once, Scenario.Loop(start: mark.microseconds, period: period, body: body))
    }

    /// `[{"name","title","duration"}]` for `/api/scenarios`, with `"loop"` (one turn's length,
    /// in seconds, as `scenario.run`'s ack gives it) for a scenario that repeats.
    var listing: JSONValue {
        .array(
            scenarios.map { scenario in
                var entry = JSONObject(pairs: [
                    ("name", .string(scenario.name)), ("title", .string(scenario.title)),
                    ("duration", .number(scenario.script.duration)),
                ])
                if let repeating = scenario.loop {
                    entry.append("loop", .number(MediaTime.seconds(microseconds: repeating.period)))
                }
                return .object(entry)
            })
    }
}
