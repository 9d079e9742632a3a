import ComponentSupport
import Foundation
import Geometry
import ScrollView
import Timing

@testable import Refresh

/// What the Scene does for the stack: one timeline, events drained and routed before every
/// command, pointer event and sample.
struct RefreshRig {
    var stack: ScrollStack
    var timeline = Timeline()
    var events: [TimedEvent<ScrollStack.Event>] = []

    /// A stack holding scroll view "s": 320 x 600 at (0, 0) with `rows` rows of 44 pt.
    init(
        rows: Int = 20, width: Double = 320, contentSize: Size? = nil, date: SessionDate = SessionDate(),
        frame: Rect? = nil
    ) throws {
        stack = ScrollStack(date: date)
        let configuration = ScrollConfiguration(
            frame: frame ?? Rect(x: 0, y: 0, width: width, height: 600), contentSize: contentSize,
            rows: TableRows(count: rows, height: 44))
        try apply(.scrollCreate(target: "s", configuration), at: 0)
    }

    mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            _ = stack.handle(event, timeline: &timeline, events: &events)
        }
    }

    mutating func apply(_ command: ScrollStack.Command, at time: Double) throws {
        advance(to: time)
        try stack.apply(command, at: time, timeline: &timeline, events: &events)
        advance(to: time)
    }

    /// Adds component `target` of `kind` on "s".
    mutating func add(
        _ kind: RefreshKind, _ target: String = "r", options: RefreshOptions = RefreshOptions(), at time: Double = 0
    ) throws {
        try apply(
            .refreshCreate(ScrollStack.RefreshCreate(target: target, scroll: "s", kind: kind, options: options)),
            at: time)
    }

    @discardableResult
    mutating func pointer(_ phase: PointerPhase, x: Double = 160, y: Double, at time: Double) -> Bool {
        advance(to: time)
        let consumed = stack.pointer(
            PointerEvent(phase: phase, location: Point(x: x, y: y), time: time), timeline: &timeline, events: &events)
        advance(to: time)
        return consumed != nil
    }

    /// A finger down at (x0, y0) moved by (dx, dy) in `steps` moves over `duration`, held `hold`
    /// seconds, then lifted when `release`. Returns the time of the last event.
    @discardableResult
    mutating func drag(
        x0: Double = 160, y0: Double = 300, dx: Double = 0, dy: Double, steps: Int = 10, start: Double,
        duration: Double = 0.2, hold: Double = 0.2, release: Bool = true
    ) -> Double {
        pointer(.down, x: x0, y: y0, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            pointer(.move, x: x0 + dx * f, y: y0 + dy * f, at: start + duration * f)
        }
        let end = start + duration + hold
        if release {
            pointer(.up, x: x0 + dx, y: y0 + dy, at: end)
        } else if hold > 0 {
            pointer(.move, x: x0 + dx, y: y0 + dy, at: end)
        }
        return end
    }

    /// Samples the vertical offset every `step` seconds from `start` to `end` (integer steps,
    /// no drift), applying each command at its exact time before the first sample at or after it.
    mutating func sampleDensely(
        from start: Double, to end: Double, step: Double, commands: [(Double, ScrollStack.Command)],
        _ body: (Double, Double) -> Void
    ) throws {
        var pending = commands
        let count = Int(((end - start) / step).rounded())
        for i in 0...count {
            let t = start + Double(i) * step
            while let next = pending.first, next.0 <= t {
                pending.removeFirst()
                body(next.0, offset(at: next.0).y)
                try apply(next.1, at: next.0)
            }
            body(t, offset(at: t).y)
        }
    }

    mutating func offset(at time: Double) -> Point {
        advance(to: time)
        return stack.scrollView("s")?.offset(at: time, timeline: timeline) ?? Point(x: .nan, y: .nan)
    }

    mutating func scroll(at time: Double) -> ScrollStack.ScrollInspection? {
        advance(to: time)
        guard case let .scroll(inspection)? = stack.inspect("s", at: time, timeline: timeline) else { return nil }
        return inspection
    }

    mutating func refresh(_ target: String = "r", at time: Double) -> ScrollStack.RefreshInspection? {
        advance(to: time)
        guard case let .refresh(inspection)? = stack.inspect(target, at: time, timeline: timeline) else { return nil }
        return inspection
    }

    /// Sets the offset at once.
    mutating func setOffset(_ x: Double = 0, _ y: Double, at time: Double) throws {
        try apply(.scrollSet(ScrollStack.ScrollSet(target: "s", offset: Point(x: x, y: y))), at: time)
    }

    /// The events of `target` (default "r") matching `predicate`.
    func times(of event: ScrollStack.Event, target: String = "r") -> [Double] {
        events.filter { $0.target == target && $0.payload == event }.map(\.time)
    }

    /// The states component `target` entered, in order.
    func states(_ target: String = "r") -> [RefreshState] {
        events.compactMap { event in
            guard event.target == target, case let .refreshState(state, _) = event.payload else { return nil }
            return state
        }
    }
}

func band(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
