/// Constants of how a bar looks beyond its style fields.
enum BarAppearance {
    /// The bar's height (and corner radius) grows by this factor while dragging (BN's showLargeBar).
    static let dragHeightScale = 2.0
    /// The dot grows by this factor while dragging.
    static let dragDotScale = 1.5
    /// The tooltip's text: bold, in points.
    static let tooltipFontSize = 12.0
    /// Space between the tooltip's text and its bubble's left and right edges.
    static let tooltipPadding = 6.0
    static let tooltipHeight = 20.0
    static let tooltipCornerRadius = 4.0
    /// The caption above the bar (`label`), regular weight, in points.
    static let labelFontSize = 13.0
    /// Gap between the bubble's bottom and the dot's top.
    static let tooltipGap = 6.0
}
