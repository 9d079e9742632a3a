import ComponentSupport
import Geometry
import JSON
import Timing
@testable import ProgressBar

/// What the Scene does for the stack: one timeline, events drained and routed by owner before
/// every op and every sample, ops decoded from JSON.
struct TestRig {
    var stack = BarStack()
    var timeline = Timeline()
    var events: [SceneEvent] = []

    /// Fires every timer and animation end due at or before `time`, in order.
    mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            let routed = stack.handle(event, timeline: &timeline, events: &events)
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
        let result = try stack.apply(op: name, fields: FieldReader(object), at: time, timeline: &timeline, events: &events)
        advance(to: time)
        return result
    }

    /// Sends a pointer event at `time`; returns whether a bar consumed it.
    @discardableResult
    mutating func pointer(_ phase: PointerPhase, x: Double, y: Double, at time: Double, pointer: Int = 0) -> Bool {
        advance(to: time)
        let consumed = stack.pointer(PointerEvent(phase: phase, location: Point(x: x, y: y), pointer: pointer, time: time),
                                     timeline: &timeline, events: &events)
        advance(to: time)
        return consumed
    }

    /// The bar's presentation value at `time` (after advancing to it).
    mutating func value(_ target: String = "b", at time: Double) -> Double {
        advance(to: time)
        return stack.bar(target)?.presentationValue(at: time, in: timeline) ?? .nan
    }

    /// The bar's model value now.
    func model(_ target: String = "b") -> Double {
        stack.bar(target)?.modelValue(in: timeline) ?? .nan
    }

    /// Events reported so far, then forgets them.
    mutating func take() -> [SceneEvent] {
        defer { events.removeAll() }
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
