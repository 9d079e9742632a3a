import ComponentSupport

/// The fields of `hud.status`: `target` (optional), `kind` (required: success, error, info),
/// `text` (default empty, at most 1000 characters), `duration` (optional, 0...3600 s; default
/// SVProgressHUD's formula), `animated` (an extension; default true).
public struct HUDStatusCommand: Equatable, Sendable {
    /// nil: the topmost active HUD, else a new one named "status".
    public var target: String?
    /// Which icon.
    public var kind: HUDStatusKind
    /// The label.
    public var text: String
    /// Seconds shown after the show animation; nil: SVProgressHUD's formula.
    public var duration: Double?
    /// Whether show and hide animate.
    public var animated: Bool

    /// The payload with these fields.
    public init(
        target: String? = nil, kind: HUDStatusKind, text: String = "", duration: Double? = nil, animated: Bool = true
    ) {
        self.target = target
        self.kind = kind
        self.text = text
        self.duration = duration
        self.animated = animated
    }
}
