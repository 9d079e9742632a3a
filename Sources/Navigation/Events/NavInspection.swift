/// The state of one navigation stack at a media time (`inspect`).
public struct NavInspection: Equatable, Sendable {
    /// The screen ids, root first (during a pop, without the screen being popped: as UIKit's
    /// `viewControllers`; a cancelled pop puts it back).
    public var stack: [String]
    /// The top screen's id.
    public var top: String
    /// The transition in progress, if any.
    public var transitioning: NavTransitionKind?
    /// Whether the transition in progress is interactive.
    public var interactive: Bool
    /// The transition's presentation progress, 0...1 (0 when none).
    public var percent: Double
    /// UINavigationController.navigationBarHidden.
    public var navigationBarHidden: Bool
    /// How much of the bar shows at this instant, 0 (hidden) ... 1 (shown).
    public var barVisibility: Double
    /// The pop gesture's state.
    public var gesture: NavGesturePhase
    /// The front (sliding) screen's horizontal offset in points (0 when idle: the top screen).
    public var frontOffset: Double
    /// The back (parallax) screen's horizontal offset in points, when a transition runs.
    public var backOffset: Double?
    /// The dimming view's alpha over the back screen (0 when idle).
    public var dimAlpha: Double
}
