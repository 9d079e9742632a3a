import ComponentSupport
import Foundation
import Geometry
import HUD
import JSON
import Scene
import Shapes
import Timing
import Typesetting

@testable import Wire

/// Shared fixtures: the fonts (loaded once) and the default canvas.
enum Fixture {
    static let text: TextLayout = {
        do { return try TextLayout() } catch { preconditionFailure("fonts missing: \(error)") }
    }()
    static let canvas = Size(width: 375, height: 667)
    static let margin = 20.0
    static let padding = 4.0

    static func bold(_ size: Double) -> Font { text.font(size: size, weight: .bold) }
}

/// A minimal scene: one timeline, one HUD stack, events collected in order. Like the real
/// scene it processes every timeline event up to a time before acting or sampling there.
struct Driver {
    var timeline = Timeline()
    var stack: HUDStack
    var events: [TimedEvent<HUDEvent>] = []
    private(set) var now = 0.0

    init(canvas: Size = Fixture.canvas) {
        stack = HUDStack(canvas: canvas, text: Fixture.text)
    }

    /// Processes every event due at or before `time`.
    mutating func advance(to time: Double) {
        precondition(time >= now, "time goes forwards")
        while let event = timeline.nextEvent(upTo: time) {
            stack.handle(event, timeline: &timeline, events: &events)
        }
        now = time
    }

    mutating func show(
        _ target: String, _ properties: HUDProperties = HUDProperties(), animated: Bool = true, at time: Double
    ) throws {
        advance(to: time)
        try stack.show(
            target: target, properties: properties, animated: animated, at: time, timeline: &timeline, events: &events)
        advance(to: time)
    }

    mutating func hide(_ target: String? = nil, animated: Bool = true, afterDelay: Double = 0, at time: Double) throws {
        advance(to: time)
        try stack.hide(
            target: target, animated: animated, afterDelay: afterDelay, at: time, timeline: &timeline, events: &events)
        advance(to: time)
    }

    /// The shapes at `time` (after processing events up to it).
    mutating func shapes(at time: Double) -> [Shape] {
        advance(to: time)
        var shapes: [Shape] = []
        stack.draw(at: time, timeline: timeline, into: &shapes)
        return shapes
    }

    /// The HUD's `inspect` object, as the wire layer encodes it.
    mutating func inspect(_ target: String, at time: Double) -> JSONObject? {
        advance(to: time)
        return stack.inspect(target, at: time, timeline: timeline).map {
            SceneWire.encode(.hud($0), at: time, layers: false)
        }
    }

    /// (name, time) of the events of `target` so far.
    func log(_ target: String) -> [String] {
        events.filter { $0.target == target }.map { "\(Driver.name($0))@\(Driver.format($0.time))" }
    }

    /// The event's wire name.
    static func name(_ event: TimedEvent<HUDEvent>) -> String {
        SceneWire.encode(TimedEvent(time: event.time, target: event.target, .hud(event.payload))).name
    }

    static func format(_ t: Double) -> String {
        let ms = (t * 1000).rounded()
        return String(format: "%.3f", ms / 1000)
    }
}

extension JSONObject {
    /// A number at a path of object keys.
    func number(_ path: String...) -> Double? {
        var value: JSONValue = .object(self)
        for key in path { guard let next = value[key] else { return nil }; value = next }
        return value.doubleValue
    }

    func string(_ key: String) -> String? { self[key]?.stringValue }
}

/// UIKit's critically damped spring for duration T (damping 1, velocity 0), derived
/// independently: ω solves ((ωT) + 1) e^(-ωT) = 0.001 (bisection), x(t) = 1 - e^(-ωt)(1 + ωt).
enum ClosedFormSpring {
    static let duration = 0.3
    static let omega: Double = {
        var low = 1.0, high = 200.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            let residual = (mid * duration + 1) * exp(-mid * duration) - 0.001
            if residual > 0 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }()

    /// When the spring has covered half the distance (x = 0.5), by bisection: the animation's
    /// visual midpoint (at half the duration it is already at 97%).
    static let halfway: Double = {
        var low = 0.0, high = duration
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if x(mid) < 0.5 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }()

    static func x(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - exp(-omega * t) * (1 + omega * t)
    }
}

extension Shape {
    /// The group of a HUD (its bezel group has the HUD's target as id).
    var group: GroupShape? {
        if case .group(let g) = self { return g }
        return nil
    }
}

/// The HUD's bezel group among the shapes.
func bezelGroup(_ shapes: [Shape], _ target: String) -> GroupShape? {
    shapes.compactMap(\.group).first { $0.id == target }
}

/// Every shape, groups flattened.
func flatten(_ shapes: [Shape]) -> [Shape] {
    shapes.flatMap { shape -> [Shape] in
        if case .group(let g) = shape { return flatten(g.items) }
        return [shape]
    }
}

/// The wire decoding of HUD commands (module Wire), under the names the tests use.
extension HUDProperties {
    init(json object: JSONObject) throws(CommandError) { self = try HUDWire.properties(FieldReader(object)) }
}

extension HUDShowCommand {
    init(json object: JSONObject) throws(CommandError) {
        guard case let .show(c)? = try HUDWire.decode("hud.show", FieldReader(object)) else {
            throw CommandError(.badRequest, "")
        }
        self = c
    }
}

extension HUDHideCommand {
    init(json object: JSONObject) throws(CommandError) {
        guard case let .hide(c)? = try HUDWire.decode("hud.hide", FieldReader(object)) else {
            throw CommandError(.badRequest, "")
        }
        self = c
    }
}

extension HUDStatusCommand {
    init(json object: JSONObject) throws(CommandError) {
        guard case let .status(c)? = try HUDWire.decode("hud.status", FieldReader(object)) else {
            throw CommandError(.badRequest, "")
        }
        self = c
    }
}
