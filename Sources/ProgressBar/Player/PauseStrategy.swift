/// What a player does to its bar when it pauses (`pauseStrategy`), so the seed's three
/// behaviours can be compared side by side. Each tick animates the bar to where it should be
/// one tick later, so at a pause the bar is part-way through a tick's animation:
public enum PauseStrategy: String, Equatable, Sendable, CaseIterable {
    /// Pause the bar's layer (speed 0 + timeOffset, QA1673): it stops dead where it was.
    case timing
    /// Remove the bar's animation (removeAllAnimations): it jumps to the tick's end, the model value.
    case remove
    /// Do nothing: the animation runs on and the bar slides to the tick's end.
    case none
}
