import ComponentSupport
import JSON
import Scene
import Session
import Timing
import WebSocketServer
import Wire

extension ProgressCastApp {
    /// `scenario.run {name}`: schedules a built-in script's steps from now; each step is applied
    /// through the same path as a user's op (so it is logged, recorded and replayed).
    func runScenario(
        _ fields: FieldReader, session: LiveSession, loop: ServerLoop
    ) throws(CommandError) -> (Double, JSONObject) {
        guard let name = try fields.string("name", maxLength: 100) else {
            throw CommandError.badField("name", "is required (a scenario name)")
        }
        guard let scenario = scenarios.scenario(named: name) else {
            throw CommandError(.notFound, "no scenario \"\(name)\"")
        }
        bringUpToDate(session)
        let start = session.core.now
        var steps = scenario.once.map { CommandScript.Step(microseconds: start + $0.microseconds, op: $0.op) }
        if let repeating = scenario.loop {
            // One loop at a time: a new looping scenario replaces the one running.
            session.scenarioLoop = (repeating, 0)
            steps.append(CommandScript.Step(microseconds: start + repeating.start, op: ProgressCastApp.loopTurn))
        }
        session.pendingSteps = (session.pendingSteps + steps).sorted { $0.microseconds < $1.microseconds }
        applyDueSteps(session, upTo: start, loop: loop)
        scheduleSteps(session, loop: loop)
        var ack = JSONObject(pairs: [
            ("scenario", .string(name)),
            ("steps", .number(Double(scenario.once.count + (scenario.loop?.body.count ?? 0)))),
            ("duration", .number(scenario.script.duration)),
        ])
        if let repeating = scenario.loop {
            ack.append("loop", .number(MediaTime.seconds(microseconds: repeating.period)))
        }
        return (session.core.time, ack)
    }

    /// `scenario.stop`: drops every scenario step still to come, and any loop; what the steps
    /// made stays, for the user to take over. Ack `{"stopped": steps dropped, "loopStopped"}`;
    /// when something was stopped, every watcher also gets a `scenario.stopped` event with the
    /// same fields, so a page other than the one that stopped it stops showing it as running.
    func stopScenarios(_ session: LiveSession, loop: ServerLoop) -> (Double, JSONObject) {
        let dropped = session.pendingSteps.filter { $0.op != ProgressCastApp.loopTurn }.count
        // Between two turns of a loop only its next turn is pending: no step is dropped, yet the
        // loop stops.
        let loopStopped = session.scenarioLoop != nil
        let pressed = Self.pointersLeftDown(by: session.pendingSteps)
        session.pendingSteps = []
        session.scenarioLoop = nil
        if let timer = session.stepTimer {
            _ = loop.cancel(timer)
            session.stepTimer = nil
        }
        // A finger the scenario put down and would have lifted later is cancelled, as a system
        // gesture interruption would: stopped mid-swipe, the list is not left dragging for ever.
        for var cancel in pressed {
            cancel.members.removeAll { $0.key == "phase" }
            cancel.append("phase", .string("cancel"))
            _ = try? session.core.apply(cancel, name: "pointer", at: session.core.now)
        }
        let fields = JSONObject(pairs: [("stopped", .number(Double(dropped))), ("loopStopped", .bool(loopStopped))])
        if dropped > 0 || loopStopped {
            broadcast(
                SceneEvent(time: session.core.time, name: "scenario.stopped", target: "", fields: fields),
                in: session, loop: loop)
        }
        return (session.core.time, fields)
    }

    /// The pointer ops (their up or cancel) of the pointers that `pending` would lift without
    /// having put them down: those the scenario pressed and still holds.
    static func pointersLeftDown(by pending: [CommandScript.Step]) -> [JSONObject] {
        var downLater = Set<Int>()
        var lifted = Set<Int>()
        var lifts: [JSONObject] = []
        for step in pending where step.op["op"]?.stringValue == "pointer" {
            let pointer = step.op["pointer"]?.doubleValue.flatMap { Int(exactly: $0) } ?? 0
            switch step.op["phase"]?.stringValue {
            case "down": downLater.insert(pointer)
            case "up", "cancel":
                if downLater.remove(pointer) == nil, lifted.insert(pointer).inserted { lifts.append(step.op) }
            default: break
            }
        }
        return lifts
    }

    /// The pending step that starts a looping scenario's next turn (never sent or logged).
    static let loopTurn = JSONObject(pairs: [("op", .string("scenario.loop"))])

    /// Most turns one looping scenario runs (an hour of the 36 s tour): every applied step stays in
    /// the session's log (a recording started later holds the session from its creation), so a
    /// page left open must not grow it for ever.
    static let maxLoopTurns = 100

    /// Queues one turn of the looping scenario from `microseconds`, and the turn after it.
    private func queueLoopTurn(_ session: LiveSession, at microseconds: Int64) {
        guard let (repeating, turns) = session.scenarioLoop else { return }
        guard turns < ProgressCastApp.maxLoopTurns else {
            session.scenarioLoop = nil
            return
        }
        session.scenarioLoop = (repeating, turns + 1)
        let turn = repeating.body.map { CommandScript.Step(microseconds: microseconds + $0.microseconds, op: $0.op) }
        let next = CommandScript.Step(microseconds: microseconds + repeating.period, op: ProgressCastApp.loopTurn)
        session.pendingSteps = (session.pendingSteps + turn + [next]).sorted { $0.microseconds < $1.microseconds }
    }

    /// Applies every pending step due at or before `microseconds`, in order, at its own time.
    func applyDueSteps(_ session: LiveSession, upTo microseconds: Int64, loop: ServerLoop) {
        while let step = session.pendingSteps.first, step.microseconds <= microseconds {
            session.pendingSteps.removeFirst()
            guard let name = step.op["op"]?.stringValue else { continue }
            if step.op == ProgressCastApp.loopTurn {
                queueLoopTurn(session, at: step.microseconds)
                continue
            }
            if name == "record.marker" {
                if let recorder = session.recorder {
                    try? recorder.marker(step.op["label"]?.stringValue ?? "", at: step.microseconds)
                }
                continue
            }
            guard SceneWire.handles(name) else { continue }
            do {
                _ = try session.core.apply(step.op, name: name, at: max(step.microseconds, session.core.now))
            } catch {
                let event = SceneEvent(
                    time: session.core.time, name: "scenario.error", target: step.op["target"]?.stringValue ?? "",
                    fields: JSONObject(pairs: [
                        ("op", .string(name)), ("code", .string(error.code.rawValue)),
                        ("message", .string(error.message)),
                    ]))
                broadcast(event, in: session, loop: loop)
            }
        }
    }

    /// Live sessions: a loop timer for the next pending step.
    func scheduleSteps(_ session: LiveSession, loop: ServerLoop) {
        guard session.isLive, session.stepTimer == nil, let next = session.pendingSteps.first else { return }
        let delay = max(0, next.microseconds - session.nowMicroseconds())
        session.stepTimer = loop.schedule(afterMicroseconds: delay) { [weak self, weak session] loop in
            guard let self, let session, !session.isClosed else { return }
            self.settleRendering(session, loop: loop)
            session.stepTimer = nil
            self.applyDueSteps(session, upTo: session.nowMicroseconds(), loop: loop)
            self.deliverEvents(of: session, loop: loop)
            self.syncRecording(session, loop: loop)
            self.boundCommandLogs(after: session, loop: loop)
            self.scheduleFrame(session, loop: loop)
            self.scheduleSteps(session, loop: loop)
        }
    }
}
