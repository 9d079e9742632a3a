/// The four appearance callbacks.
public enum NavAppearanceCall: String, Equatable, Sendable, CaseIterable {
    case viewWillAppear
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
}
