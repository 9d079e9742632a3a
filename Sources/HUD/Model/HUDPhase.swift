/// Where a HUD is in its life (inspect's `state`).
public enum HUDPhase: String, Equatable, Sendable, CaseIterable {
    /// Waiting for the HUDs shown before it to hide (`queue: true`; an extension of the states
    /// docs/protocol.md lists). Never drawn.
    case queued
    /// Waiting for its grace time to end (MBProgressHUD's graceTimer). Never drawn.
    case grace
    /// The show animation is running.
    case showing
    /// Fully shown.
    case shown
    /// The hide animation is running.
    case hiding
    /// Hidden (kept because `removeOnHide` is false, or about to be removed).
    case hidden

    /// Whether the HUD is on screen (and drawn) in this phase.
    public var isVisible: Bool {
        self == .showing || self == .shown || self == .hiding
    }

    /// Whether the HUD is somewhere between a show and the end of its hide.
    public var isActive: Bool { self != .hidden }
}
