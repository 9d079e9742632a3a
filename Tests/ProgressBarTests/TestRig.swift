import ComponentSupport
import Geometry
import JSON
import Scene
import Shapes
import Timing
import Typesetting

@testable import ProgressBar
@testable import Wire

/// What the Scene does for the stack: one timeline, events drained and routed by owner before
/// every op and every sample, ops decoded from JSON.
struct TestRig {
    var stack = BarStack(fonts: TestRig.fonts)
    var timeline = Timeline()
    /// Events as the stack reports them.
    var raw: [TimedEvent<BarEvent>] = []
    /// Events as the wire layer encodes them.
    var events: [SceneEvent] {
        raw.map { SceneWire.encode(TimedEvent(time: $0.time, target: $0.target, .bar($0.payload))) }
    }

    static let fonts: FontCatalog = {
        do { return try FontCatalog() } catch { preconditionFailure("fonts missing: \(error)") }
    }()

    /// Fires every timer and animation end due at or before `time`, in order.
    mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            let routed = stack.handle(event, timeline: &timeline, events: &raw)
            assert(routed, "every event of this rig belongs to the stack")
        }
    }

    /// Applies an op given as JSON at `time`.
    @discardableResult
    mutating func op(_ json: String, at time: Double) throws -> JSONObject {
        advance(to: time)
        guard case let .object(object) = try JSONParser.parse(json), let name = object["op"]?.stringValue else {
            throw CommandError(.badJSON, "test op is not an object with an op")
        }
        let fields = FieldReader(object)
        guard let command = try BarWire.decode(name, fields, playerDuration: { stack.player($0)?.options.duration })
        else {
            throw CommandError(.unknownOp, "unknown op \"\(name)\"")
        }
        let ack = try stack.apply(command, at: time, timeline: &timeline, events: &raw)
        advance(to: time)
        return BarWire.encode(ack)
    }

    /// Sends a pointer event at `time`; returns whether a bar consumed it.
    @discardableResult
    mutating func pointer(_ phase: PointerPhase, x: Double, y: Double, at time: Double, pointer: Int = 0) -> Bool {
        advance(to: time)
        let consumed =
            nil
            != stack.pointer(
                PointerEvent(phase: phase, location: Point(x: x, y: y), pointer: pointer, time: time),
                timeline: &timeline, events: &raw)
        advance(to: time)
        return consumed
    }

    /// The bar's presentation value at `time` (after advancing to it).
    mutating func value(_ target: String = "b", at time: Double) -> Double {
        advance(to: time)
        return stack.bar(target)?.presentationValue(at: time, in: timeline) ?? .nan
    }

    /// The `inspect` object of `target` at `time`, as the wire layer encodes it.
    func inspect(_ target: String, at time: Double, layers: Bool = false) -> JSONObject? {
        stack.inspect(target, at: time, timeline: timeline).map { BarWire.encode($0, at: time, layers: layers) }
    }

    /// The bar's model value now.
    func model(_ target: String = "b") -> Double {
        stack.bar(target)?.modelValue(in: timeline) ?? .nan
    }

    /// Events reported so far, then forgets them.
    mutating func take() -> [SceneEvent] {
        defer { raw.removeAll() }
        return events
    }

    /// Events named `name` reported so far (kept).
    func events(named name: String) -> [SceneEvent] { events.filter { $0.name == name } }
}

extension SceneEvent {
    func number(_ key: String) -> Double? { fields[key]?.doubleValue }
    func bool(_ key: String) -> Bool? { fields[key]?.boolValue }
    func string(_ key: String) -> String? { fields[key]?.stringValue }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }
