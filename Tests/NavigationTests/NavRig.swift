import ComponentSupport
import Geometry
import Shapes
import Timing
import Typesetting

@testable import Navigation

/// The fonts, loaded once.
let sharedText: TextLayout? = try? TextLayout()

/// What the Scene does for the stack: one timeline, events drained and routed before every
/// command, pointer event and sample.
struct NavRig {
    var stack: NavStack
    var timeline = Timeline()
    var events: [TimedEvent<NavEvent>] = []
    static let width = 375.0
    static let height = 667.0

    init?() {
        guard let text = sharedText else { return nil }
        stack = NavStack(text: text, canvas: Rect(x: 0, y: 0, width: NavRig.width, height: NavRig.height))
    }

    /// Fires every timer and animation end due at or before `time`, in order.
    mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            _ = stack.handle(event, timeline: &timeline, events: &events)
        }
    }

    @discardableResult
    mutating func apply(_ command: NavCommand, at time: Double) throws(CommandError) -> NavAck {
        advance(to: time)
        let ack = try stack.apply(command, at: time, timeline: &timeline, events: &events)
        advance(to: time)
        return ack
    }

    /// Creates stack "nav" with screens of these ids (titles = ids).
    mutating func create(
        _ ids: [String], at time: Double = 0, configure: (inout NavCreate) -> Void = { _ in }
    ) throws(CommandError) {
        var create = NavCreate(target: "nav", screens: ids.map { NavScreen(id: $0, title: $0) })
        configure(&create)
        try apply(.create(create), at: time)
    }

    @discardableResult
    mutating func pointer(_ phase: PointerPhase, x: Double, y: Double = 300, at time: Double, pointer: Int = 0) -> Bool
    {
        advance(to: time)
        let consumed = stack.pointer(
            PointerEvent(phase: phase, location: Point(x: x, y: y), pointer: pointer, time: time),
            timeline: &timeline, events: &events)
        advance(to: time)
        return consumed?.handled ?? false
    }

    /// Down at `xs[0]` at `start`, a move to each later x every `step` seconds, then up at the
    /// last x at the last move's time (when `lift`).
    mutating func drag(_ xs: [Double], start: Double = 0, step: Double, y: Double = 300, lift: Bool = true) {
        guard let first = xs.first else { return }
        pointer(.down, x: first, y: y, at: start)
        for (index, x) in xs.dropFirst().enumerated() {
            pointer(.move, x: x, y: y, at: start + Double(index + 1) * step)
        }
        if lift, let last = xs.last { pointer(.up, x: last, y: y, at: start + Double(xs.count - 1) * step) }
    }

    mutating func inspect(at time: Double) -> NavInspection? {
        advance(to: time)
        return stack.inspect("nav", at: time, timeline: timeline)
    }

    /// The payloads reported so far, then forgets them.
    mutating func take() -> [NavEvent] {
        defer { events.removeAll() }
        return events.map(\.payload)
    }

    /// The events reported so far with their times, then forgets them.
    mutating func takeTimed() -> [TimedEvent<NavEvent>] {
        defer { events.removeAll() }
        return events
    }
}

func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// Events equal, gesture percents and velocities within 1e-6.
func same(_ a: [NavEvent], _ b: [NavEvent]) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
        if case let .gesture(s1, p1, v1) = x, case let .gesture(s2, p2, v2) = y {
            return s1 == s2 && abs(p1 - p2) < 1e-6 && abs(v1 - v2) < 1e-6
        }
        return x == y
    }
}
