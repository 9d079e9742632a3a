/// The vector icons a HUD can show in `custom` mode, each drawn in a 37x37 box like the
/// Checkmark image of MBProgressHUD's demo and SVProgressHUD's success/error/info images.
public enum HUDCustomView: String, Equatable, Sendable, CaseIterable {
    case checkmark
    case cross
    case info
}
