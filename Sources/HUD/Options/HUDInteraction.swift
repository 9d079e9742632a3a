/// Which pointer input a visible HUD swallows (JGProgressHUD's interactionType; MBProgressHUD
/// always blocks unless `userInteractionEnabled` is NO).
public enum HUDInteraction: String, Equatable, Sendable, CaseIterable {
    /// The HUD covers the canvas and swallows every pointer (MBProgressHUD's default).
    case block
    /// Only the bezel swallows pointers.
    case hud
    /// `"none"`: pointers pass through (only the button, when shown, is still tappable).
    /// Named `passThrough` in Swift so that it cannot be confused with `Optional.none`.
    case passThrough = "none"
}
