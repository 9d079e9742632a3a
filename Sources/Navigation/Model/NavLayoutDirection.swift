/// The reading direction of a stack (UIUserInterfaceLayoutDirection). Right-to-left mirrors the
/// slide, the back button and the pop gesture's direction and edge.
public enum NavLayoutDirection: String, Equatable, Sendable, CaseIterable {
    case ltr
    case rtl
}
