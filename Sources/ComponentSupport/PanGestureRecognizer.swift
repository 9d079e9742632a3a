public import Geometry

/// A single-pointer pan recogniser as a value type, in the manner of UIPanGestureRecognizer
/// with `maximumNumberOfTouches = 1`.
///
/// Feed it the events of the pointer it tracks (``handle(_:)``); it reports began, changed,
/// ended or cancelled, its ``translation`` and its ``velocity``.
///
/// - A down starts tracking (when nothing is tracked). With ``minimumDistance`` 0 the pan
///   begins at once (a bar's dot grabbed under the finger); otherwise it begins at the first
///   event at least that far from the down location (a scroll view's touch slop).
/// - ``translation`` is the location minus the down location (so at a delayed began it is the
///   distance already moved, as UIKit reports it).
/// - ``velocity`` is computed over a sliding window of ``velocityWindow`` seconds (default
///   0.1 s, like the last ~100 ms UIKit's recogniser weighs): with `n` the newest sample and
///   `o` the oldest sample whose time is at least `n.time - velocityWindow`,
///   `velocity = (n.location - o.location) / (n.time - o.time)`, or zero when the two times
///   are equal (a single sample, or a pointer that stood still longer than the window and then
///   lifted without moving: its release velocity is zero). Up and cancel locations are samples too.
/// - Events of other pointers are ignored; event times are taken as non-decreasing (an
///   earlier time is treated as the previous sample's time).
public struct PanGestureRecognizer: Equatable, Sendable {
    /// The recogniser's state, as UIGestureRecognizer.State.
    public enum State: String, Equatable, Sendable, CaseIterable {
        /// Not recognising: nothing tracked, or a pointer down that has not moved far enough yet.
        case possible
        case began
        case changed
        case ended
        case cancelled
        /// The tracked pointer went up or was cancelled before the pan began.
        case failed
    }

    /// A pointer location at a media time.
    public struct Sample: Equatable, Sendable {
        /// Canvas points.
        public var location: Point
        /// Media time in seconds.
        public var time: Double

        /// A sample.
        public init(location: Point, time: Double) {
            self.location = location
            self.time = time
        }
    }

    /// The default velocity window, in seconds.
    public static let defaultVelocityWindow = 0.1

    /// Distance in points from the down location before the pan begins (0: at the down).
    public var minimumDistance: Double
    /// Seconds of samples that the velocity is measured over.
    public var velocityWindow: Double

    /// The latest state (``State/possible`` until a pan begins).
    public private(set) var state: State = .possible
    /// The tracked pointer id, while one is down.
    public private(set) var pointer: Int?
    /// Where the tracked pointer went down.
    public private(set) var startLocation: Point = .zero
    /// The tracked pointer's latest location.
    public private(set) var location: Point = .zero
    /// Samples within the velocity window, oldest first (bounded by the window).
    public private(set) var samples: [Sample] = []

    /// A recogniser that begins after `minimumDistance` points (0: at the down) and measures
    /// velocity over the last `velocityWindow` seconds.
    public init(minimumDistance: Double = 0, velocityWindow: Double = PanGestureRecognizer.defaultVelocityWindow) {
        self.minimumDistance = max(0, minimumDistance)
        self.velocityWindow = max(0, velocityWindow)
    }

    /// Whether a pointer is being tracked (down, not yet up or cancelled).
    public var isTracking: Bool { pointer != nil }

    /// Whether the pan has begun and not yet ended (began or changed).
    public var isActive: Bool { state == .began || state == .changed }

    /// The location minus the down location.
    public var translation: Point { location - startLocation }

    /// Points per second over the velocity window (see the type's documentation).
    public var velocity: Point {
        guard let newest = samples.last, let oldest = samples.first else { return .zero }
        let span = newest.time - oldest.time
        guard span > 0 else { return .zero }
        let delta = newest.location - oldest.location
        return Point(x: delta.x / span, y: delta.y / span)
    }

    /// Feeds one event. Returns the state this event moved the recogniser to when it is one a
    /// client acts on (began, changed, ended, cancelled); nil when the event was ignored or
    /// changed nothing visible (another pointer, a move below ``minimumDistance``, a down that
    /// waits for movement, or a release before the pan began).
    public mutating func handle(_ event: PointerEvent) -> State? {
        if event.phase == .down {
            guard pointer == nil else { return nil }
            pointer = event.pointer
            startLocation = event.location
            location = event.location
            samples = [Sample(location: event.location, time: event.time)]
            if minimumDistance == 0 {
                state = .began
                return .began
            }
            state = .possible
            return nil
        }
        guard let tracked = pointer, tracked == event.pointer else { return nil }
        record(event)
        switch event.phase {
        case .down:
            return nil
        case .move:
            if isActive {
                state = .changed
                return .changed
            }
            guard location.distance(to: startLocation) >= minimumDistance else { return nil }
            state = .began
            return .began
        case .up, .cancel:
            pointer = nil
            guard isActive else {
                state = .failed
                return nil
            }
            state = event.phase == .up ? .ended : .cancelled
            return state
        }
    }

    /// Forgets the tracked pointer and returns to `possible` (no event is reported).
    public mutating func reset() {
        state = .possible
        pointer = nil
        samples = []
        startLocation = .zero
        location = .zero
    }

    private mutating func record(_ event: PointerEvent) {
        location = event.location
        let time = max(event.time, samples.last?.time ?? event.time)
        samples.append(Sample(location: event.location, time: time))
        let cutoff = time - velocityWindow
        if let firstKept = samples.firstIndex(where: { $0.time >= cutoff }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }
}
