import ComponentSupport
import Foundation
import Geometry
import Timing

@testable import ScrollView

/// What the stack does for a scroll view: one timeline, events drained before every input and sample.
struct ScrollRig {
    var scroll: ScrollView
    var timeline = Timeline()
    /// Phases entered, with their exact times.
    var phases: [(time: Double, phase: ScrollPhase)] = []

    /// A 320 x 600 view at (0, 0) over content 320 x `contentHeight`.
    init(
        contentHeight: Double = 2000, width: Double = 320, height: Double = 600, inset: ScrollInsets = .zero,
        bounces: Bool = true, rate: DecelerationRate = .normal, rows: TableRows = .none
    ) {
        var timeline = Timeline()
        let configuration = ScrollConfiguration(
            frame: Rect(x: 0, y: 0, width: width, height: height),
            contentSize: Size(width: width, height: contentHeight), contentInset: inset,
            rows: rows, bounces: bounces, decelerationRate: rate)
        scroll = ScrollView(target: "s", configuration: configuration, timeline: &timeline)
        self.timeline = timeline
    }

    mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            if case let .animationStopped(stop) = event {
                record(scroll.animationStopped(stop, timeline: timeline), at: stop.time)
            }
        }
    }

    mutating func record(_ update: ScrollUpdate, at time: Double) {
        for phase in update.phases { phases.append((time, phase)) }
    }

    @discardableResult
    mutating func pointer(_ phase: PointerPhase, x: Double = 160, y: Double, at time: Double) -> ScrollUpdate {
        advance(to: time)
        let update = scroll.handle(
            PointerEvent(phase: phase, location: Point(x: x, y: y), time: time), timeline: &timeline)
        record(update, at: time)
        return update
    }

    /// The presentation offset at `time` (after draining events up to it).
    mutating func offset(at time: Double) -> Point {
        advance(to: time)
        return scroll.offset(at: time, timeline: timeline)
    }

    /// A finger down at `y0`, moving by `distance` in `steps` equal moves over `duration`, held
    /// still for `hold` seconds, then lifted. Returns the release time.
    @discardableResult
    mutating func drag(
        from y0: Double = 300, by distance: Double, steps: Int = 10, start: Double = 0, duration: Double = 0.2,
        hold: Double = 0, release: Bool = true
    ) -> Double {
        pointer(.down, y: y0, at: start)
        for i in 1...steps {
            pointer(
                .move, y: y0 + distance * Double(i) / Double(steps), at: start + duration * Double(i) / Double(steps))
        }
        let end = start + duration + hold
        if release { pointer(.up, y: y0 + distance, at: end) }
        return end
    }
}

/// The rubber band computed from its definition.
func band(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

/// The closed-form deceleration.
func decay(_ x0: Double, _ v0: Double, _ rate: Double, _ t: Double) -> Double {
    x0 + v0 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate))
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
