/// A font weight the server can measure and the page can draw (CSS numeric weights).
public enum FontWeight: Int, Equatable, Sendable, CaseIterable {
    case regular = 400
    case bold = 700
}

/// Horizontal alignment of a text shape about its `x` (canvas `textAlign`). The default is ``left``.
public enum TextAlign: String, Equatable, Sendable, CaseIterable {
    case left, center, right
}

/// Which line of the text sits at its `y` (canvas `textBaseline`). The default is ``alphabetic``.
/// `top` and `middle` are the top and middle of the em box, as in canvas.
public enum TextBaseline: String, Equatable, Sendable, CaseIterable {
    case alphabetic, top, middle
}
