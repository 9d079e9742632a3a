public import ComponentSupport
import FrameCodecs
import JSON
public import Recording
import Scene
import Timing
public import Typesetting
import Wire

/// Runs a command script on a manual clock and produces the recording's events: every op as
/// applied, and a checksum after each op and every `checksumInterval` of media time.
public struct ScriptRunner {
    public var core: SessionCore
    public private(set) var events: [TimedRecordingEvent] = []
    /// Errors of ops that failed, with the step index (the script goes on, as a session would).
    public private(set) var failures: [(index: Int, error: CommandError)] = []
    public let checksumInterval: Int64

    public init(settings: SessionSettings, fonts: FontCatalog, checksumInterval: Double = 0.25) {
        core = SessionCore(settings: settings, fonts: fonts)
        self.checksumInterval = MediaTime.microseconds(checksumInterval)
    }

    /// Applies every step, then runs on for `tail` seconds so final animations settle.
    public mutating func run(_ script: CommandScript, tail: Double = 1) {
        var nextChecksum: Int64 = 0
        var seq = 0
        func checksum(at us: Int64, _ core: inout SessionCore, _ events: inout [TimedRecordingEvent]) {
            core.advance(to: us)
            _ = core.takeEvents()
            seq += 1
            events.append(
                TimedRecordingEvent(microseconds: us, event: .checksum(seq: seq, hash: core.displayList().checksum)))
        }
        for (index, step) in script.steps.enumerated() {
            while nextChecksum < step.microseconds {
                checksum(at: nextChecksum, &core, &events)
                nextChecksum += checksumInterval
            }
            let name = step.op["op"]?.stringValue ?? ""
            if name == "record.marker" {
                events.append(
                    TimedRecordingEvent(
                        microseconds: step.microseconds, event: .marker(step.op["label"]?.stringValue ?? "")))
                continue
            }
            if let problem = CommandScript.stepProblem(name) {
                failures.append((index, problem))
                continue
            }
            // The scenario runner's own entries (a title, where a loop starts) run once here.
            guard SceneWire.handles(name) else { continue }
            do {
                _ = try core.apply(step.op, name: name, at: step.microseconds)
            } catch {
                failures.append((index, error))
            }
            if let last = core.log.last { events.append(last) }
            checksum(at: step.microseconds, &core, &events)
        }
        let end = (script.steps.last?.microseconds ?? 0) + MediaTime.microseconds(tail)
        while nextChecksum <= end {
            checksum(at: nextChecksum, &core, &events)
            nextChecksum += checksumInterval
        }
        events.append(TimedRecordingEvent(microseconds: end, event: .end(reason: "script ended")))
    }

    /// The whole recording: the creation op first, then the run's events.
    public var recordingEvents: [TimedRecordingEvent] {
        [TimedRecordingEvent(microseconds: 0, event: .command(core.settings.createOp))] + events
    }
}
