/// The indicator view a HUD shows, rebuilt whenever the mode (or custom view) changes.
/// Unlike MBProgressHUD's `updateIndicators`, `round(annular:)` carries its annular flag, so
/// going back from annular to determinate draws the pie (MBProgressHUD never resets `annular`).
enum HUDIndicatorKind: Equatable, Sendable {
    /// UIActivityIndicatorView (legacy whiteLarge): 37x37, 12 spokes.
    case activity
    /// MBRoundProgressView: 37x37.
    case round(annular: Bool)
    /// MBBarProgressView: 120x10.
    case bar
    /// A custom view icon: 37x37.
    case icon(HUDCustomView)
    /// Text mode (or custom mode without a view).
    case absent
}
