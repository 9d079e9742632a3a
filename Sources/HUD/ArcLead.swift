/// How an arc joins the path before it.
enum ArcLead {
    /// Starts a new subpath at the arc's start.
    case move
    /// A straight line to the arc's start.
    case line
    /// Nothing: the current point is the arc's start.
    case continuing
}
