/// What a pointer at a point hits among the HUDs, front to back.
public enum HUDHit: Equatable, Sendable {
    /// The button of the HUD `target` (a tap on it emits `hud.button`).
    case button(target: String)
    /// The HUD `target` swallows the pointer (interaction `block`, or `hud` on the bezel).
    case swallowed(target: String)
    /// No HUD takes it: it goes to what is below.
    case miss
}
