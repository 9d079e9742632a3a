import Timing

/// The presentation value an animation had when a command removed or replaced it, kept until
/// the timeline reports its stop, so `bar.animationEnded` carries the value it was stopped at.
struct InterruptedAnimation: Equatable, Sendable {
    var id: AnimationID
    var value: Double
}
