/// The SVProgressHUD statuses (`showSuccessWithStatus:`, `showErrorWithStatus:`,
/// `showInfoWithStatus:`) and the icon each one shows.
public enum HUDStatusKind: String, Equatable, Sendable, CaseIterable {
    case success
    case error
    case info

    /// The icon drawn in `custom` mode.
    public var icon: HUDCustomView {
        switch self {
        case .success: .checkmark
        case .error: .cross
        case .info: .info
        }
    }
}
