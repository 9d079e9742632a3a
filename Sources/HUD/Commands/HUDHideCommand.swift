import ComponentSupport

/// The fields of `hud.hide`: `target` (optional: the topmost HUD not already hiding),
/// `animated` (default true), `afterDelay` (0...3600 s, default 0).
public struct HUDHideCommand: Equatable, Sendable {
    /// nil: the topmost HUD not already asked to hide.
    public var target: String?
    /// Whether the hide animates.
    public var animated: Bool
    /// Seconds before the hide (0: now).
    public var afterDelay: Double

    /// The payload with these fields.
    public init(target: String? = nil, animated: Bool = true, afterDelay: Double = 0) {
        self.target = target
        self.animated = animated
        self.afterDelay = afterDelay
    }
}
