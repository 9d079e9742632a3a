/// What the HUD shows above its labels (MBProgressHUDMode).
public enum HUDMode: String, Equatable, Sendable, CaseIterable {
    /// MBProgressHUDModeIndeterminate: a 12-spoke activity indicator turning once a second.
    case indeterminate
    /// MBProgressHUDModeDeterminate: MBRoundProgressView, not annular.
    case determinate
    /// MBProgressHUDModeAnnularDeterminate: MBRoundProgressView, annular.
    case annular
    /// MBProgressHUDModeDeterminateHorizontalBar: MBBarProgressView, 120x10.
    case bar
    /// MBProgressHUDModeCustomView: the `customView` icon (nothing when none is set).
    case custom
    /// MBProgressHUDModeText: labels only.
    case text
}
