public import ComponentSupport
public import JSON
import Timing
import Wire

/// A command script: a JSON array of `[seconds, op]` pairs, in time order (built-in scenarios
/// and `progresscast run-script` use them). Times are quantised to microseconds.
public struct CommandScript: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        public var microseconds: Int64
        public var op: JSONObject

        public init(microseconds: Int64, op: JSONObject) {
            self.microseconds = microseconds
            self.op = op
        }
    }

    public var steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// Parses and validates a script (each entry `[seconds >= 0, {"op": ...}]`, times not decreasing).
    public static func parse(_ bytes: [UInt8]) throws(CommandError) -> CommandScript {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw CommandError(.badJSON, error.description) }
        guard let items = value.arrayValue else {
            throw CommandError(.badRequest, "a script is a JSON array of [seconds, op] pairs")
        }
        var steps: [Step] = []
        var last: Int64 = 0
        for (index, item) in items.enumerated() {
            guard let pair = item.arrayValue, pair.count == 2, let t = pair[0].doubleValue, t.isFinite, t >= 0,
                t <= 86_400,
                let op = pair[1].objectValue, op["op"]?.stringValue != nil
            else {
                throw CommandError(.badRequest, "entry \(index) must be [seconds (0...86400), {\"op\": ...}]")
            }
            let us = MediaTime.microseconds(t)
            guard us >= last else { throw CommandError(.badRequest, "entry \(index) goes back in time") }
            last = us
            steps.append(Step(microseconds: us, op: op))
        }
        return CommandScript(steps: steps)
    }

    /// Why a step whose op is `name` cannot run in a script, or nil when it can: a scene op,
    /// `record.marker`, or one of the scenario runner's own entries (`scenario.title`,
    /// `scenario.loop`). Anything else is a mistake a script's author must hear about, not a
    /// step to skip: a misspelt op is `unknown_op`, and an op of the session, the clock, the
    /// recorder or the replayer is `bad_request` (a script drives one session's scene on its own
    /// clock).
    public static func stepProblem(_ name: String) -> CommandError? {
        if SceneWire.handles(name) || runnerOps.contains(name) { return nil }
        if OpCatalog.contains(name) {
            return CommandError(
                .badRequest, "\(name) is not a script step: a script drives one session's scene on its own clock")
        }
        return OpCatalog.unknownOpError(name)
    }

    /// The entries a script may hold besides scene ops.
    private static let runnerOps: Set<String> = ["record.marker", "scenario.title", "scenario.loop"]

    /// When the last step happens, in seconds.
    public var duration: Double { MediaTime.seconds(microseconds: steps.last?.microseconds ?? 0) }
}
