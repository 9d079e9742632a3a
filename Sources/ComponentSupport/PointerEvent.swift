public import Geometry

/// One pointer event in canvas points (origin top-left, y down) at an exact media time.
///
/// The page forwards DOM pointer events as `pointer` ops; the Scene stamps them with the
/// session's media time and hit-tests them front to back (see ``HitTester``). Gestures
/// (``PanGestureRecognizer``) consume them; ``PointerOwnership`` says who owns a pointer.
public struct PointerEvent: Equatable, Hashable, Sendable {
    /// Down, move, up or cancel.
    public var phase: PointerPhase
    /// Where the pointer is, in canvas points.
    public var location: Point
    /// Which pointer (a finger or the mouse): events of one pointer form one gesture.
    public var pointer: Int
    /// Media time in seconds.
    public var time: Double

    /// An event of `pointer` at `location` and media time `time`.
    public init(phase: PointerPhase, location: Point, pointer: Int = 0, time: Double) {
        self.phase = phase
        self.location = location
        self.pointer = pointer
        self.time = time
    }
}
