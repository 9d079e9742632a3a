/// What the HUD draws over the whole canvas behind the bezel (MBProgressHUD's backgroundView).
public enum HUDBackground: String, Equatable, Sendable, CaseIterable {
    /// `"none"`: clear, MBProgressHUD's default. Named `clear` in Swift so that it cannot be
    /// confused with `Optional.none`.
    case clear = "none"
    /// `backgroundColor` (default black alpha 0.2) over the canvas.
    case solid
    /// MBProgressHUD 1.1's deprecated `dimBackground`: black alpha 0.2.
    case dim
    /// MBProgressHUD 0.9.1's `dimBackground`: a radial gradient from clear at the centre to black
    /// alpha 0.75 at radius min(width, height).
    case gradient
}
