import Geometry
public import Shapes
public import Timing

/// One event a component reports: its own typed payload (no JSON), the component's target and
/// the exact media time it happened at (a timer's due time, an animation's end, a pointer
/// event's time). The wire layer (module `Wire`) names and encodes payloads; see
/// docs/architecture.md, "Adding a component".
public struct TimedEvent<Payload: Equatable & Sendable>: Equatable, Sendable {
    /// Media time in seconds.
    public var time: Double
    /// The component's target id.
    public var target: String
    /// What happened, in the component's own terms.
    public var payload: Payload

    /// `payload` reported by `target` at `time`.
    public init(time: Double, target: String, _ payload: Payload) {
        self.time = time
        self.target = target
        self.payload = payload
    }
}

/// The shape every component engine has (docs/architecture.md, "Adding a component"): the
/// collection of one kind's components in a scene (all HUDs, all bars and players, all scroll
/// views, all navigation stacks), driven by typed commands at media times on the Scene's one
/// ``Timeline``.
///
/// Rules the conformers keep:
/// - Deterministic: no wall clock, randomness or hash order; time is always passed in.
/// - Sampling (``draw(at:timeline:into:)``, ``inspect(_:at:timeline:)``, ``hitRegions(at:timeline:)``)
///   never changes anything.
/// - Timers and animations the stack adds are owned by (tagged with) the component's target,
///   so the Scene can route ``handle(_:timeline:events:)`` to the stack that ``owns(_:)`` it.
/// - Nothing here knows JSON: commands, acks, events and inspections are the stack's own types.
public protocol ComponentStack: Sendable {
    /// One command, already decoded and range-checked by the wire layer.
    associatedtype Command: Sendable
    /// What a command returns besides success (for example a player's position).
    associatedtype Ack: Sendable
    /// The stack's events.
    associatedtype Event: Equatable & Sendable
    /// What `inspect` reports for one component.
    associatedtype Inspection: Sendable

    /// Every target id in use, in creation order.
    var targets: [String] { get }

    /// Whether `target` names one of this stack's components (the owner of a timer or animation).
    func owns(_ target: String) -> Bool

    /// Applies `command` at media time `time`. Throws a ``CommandError`` naming what was wrong
    /// and leaves the stack unchanged when it throws.
    mutating func apply(
        _ command: Command, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) throws(CommandError) -> Ack

    /// Reacts to a timer firing or an animation ending. Returns false when the event is not
    /// this stack's.
    mutating func handle(_ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<Event>]) -> Bool

    /// Appends the components' shapes at `time`, back to front.
    func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape])

    /// The state of the component `target` at `time`, or nil when it is not this stack's.
    func inspect(_ target: String, at time: Double, timeline: Timeline) -> Inspection?

    /// The regions that accept a pointer down at `time`, frontmost first.
    func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion]

    /// Offers a pointer event. A down is hit-tested front to back among the stack's components;
    /// moves, ups and cancels go to the component their pointer belongs to. Returns nil when the
    /// stack does not take the event (the Scene offers a down to the stacks behind), otherwise
    /// the component that owns the pointer (the Scene then routes that pointer's later events
    /// here until it goes up or is cancelled).
    mutating func pointer(
        _ event: PointerEvent, timeline: inout Timeline,
        events: inout [TimedEvent<Event>]
    ) -> PointerResponse?
}
