/// How a HUD appears and disappears (MBProgressHUDAnimation). Every kind animates the bezel's
/// and the background's alpha; the zoom kinds also scale the bezel about its centre.
public enum HUDAnimation: String, Equatable, Sendable, CaseIterable {
    /// Alpha only.
    case fade
    /// MBProgressHUDAnimationZoom: zoomIn when showing, zoomOut when hiding.
    case zoom
    /// Show 0.5 -> 1, hide 1 -> 1.5.
    case zoomIn
    /// Show 1.5 -> 1, hide 1 -> 0.5.
    case zoomOut

    /// The scale the bezel starts from when it shows from fully transparent (nil: unchanged).
    /// MBProgressHUD: `animateIn:withType:` sets `small` (0.5) or `large` (1.5) first.
    var showStartScale: Double? {
        switch self {
        case .fade: nil
        case .zoom, .zoomIn: 0.5
        case .zoomOut: 1.5
        }
    }

    /// The scale the bezel animates to while hiding (nil: unchanged).
    var hideEndScale: Double? {
        switch self {
        case .fade: nil
        case .zoomIn: 1.5
        case .zoom, .zoomOut: 0.5
        }
    }
}
