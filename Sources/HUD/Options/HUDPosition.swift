/// Where the bezel sits on the canvas. `center` is MBProgressHUD's; the others (an extension,
/// like JGProgressHUD's positions) pin the bezel to an edge or corner at `margin` from it, as
/// MBProgressHUD does for an offset of ±MBProgressMaxOffset.
public enum HUDPosition: String, Equatable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// -1 (left), 0 (centre) or 1 (right).
    var horizontal: Double {
        switch self {
        case .left, .topLeft, .bottomLeft: -1
        case .right, .topRight, .bottomRight: 1
        case .center, .top, .bottom: 0
        }
    }

    /// -1 (top), 0 (centre) or 1 (bottom).
    var vertical: Double {
        switch self {
        case .top, .topLeft, .topRight: -1
        case .bottom, .bottomLeft, .bottomRight: 1
        case .center, .left, .right: 0
        }
    }
}
