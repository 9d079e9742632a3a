/// How the ends of open strokes are drawn (canvas `lineCap`). The page's default is ``butt``.
public enum LineCap: String, Equatable, Sendable, CaseIterable {
    case butt, round, square
}

/// How stroked path segments meet (canvas `lineJoin`). The page's default is ``miter``.
public enum LineJoin: String, Equatable, Sendable, CaseIterable {
    case miter, round, bevel
}
