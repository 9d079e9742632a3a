import ComponentSupport

/// The fields of `hud.hideAll`: `animated` (default true).
public struct HUDHideAllCommand: Equatable, Sendable {
    /// Whether the hides animate.
    public var animated: Bool

    /// The payload with these fields.
    public init(animated: Bool = true) {
        self.animated = animated
    }
}
