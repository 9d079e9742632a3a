/// How the bezel is filled (MBProgressHUDBackgroundStyle of the bezel view).
public enum HUDBezelStyle: String, Equatable, Sendable, CaseIterable {
    /// UIBlurEffectStyleLight under the bezel colour; approximated by a light frosted fill
    /// under the bezel colour (MBProgressHUD's default bezel colour is white 0.8, alpha 0.6).
    case blur
    /// The bezel colour alone.
    case solid
}
