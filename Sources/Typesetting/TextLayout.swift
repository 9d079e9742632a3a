public import Shapes

/// Measures, truncates and wraps text with the fonts of a ``FontCatalog``, by size and weight.
/// An immutable `Sendable` value: share one across threads.
public struct TextLayout: Sendable {
    /// The fonts measured with.
    public let catalog: FontCatalog

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(catalog: FontCatalog) {
        self.catalog = catalog
    }

    /// Loads the standard catalog (see ``FontCatalog/standardFiles``).
    public init() throws(FontError) {
        catalog = try FontCatalog()
    }

    /// The font for `size` points at `weight`.
    public func font(size: Double, weight: FontWeight) -> Font {
        catalog.font(size: size, weight: weight)
    }

    /// The advance width of `text` in points.
    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        font(size: size, weight: weight).width(of: text)
    }

    /// The distance between baselines in points (see ``Font/lineHeight``).
    public func lineHeight(size: Double, weight: FontWeight) -> Double {
        font(size: size, weight: weight).lineHeight
    }

    /// One line truncated with "…" to fit `maxWidth` (see ``Font/truncate(_:maxWidth:)``).
    public func truncate(_ text: String, size: Double, weight: FontWeight, maxWidth: Double) -> TextLine {
        font(size: size, weight: weight).truncate(text, maxWidth: maxWidth)
    }

    /// Lines wrapped within `maxWidth` (see ``Font/wrap(_:maxWidth:)``).
    public func wrap(_ text: String, size: Double, weight: FontWeight, maxWidth: Double) -> WrappedText {
        font(size: size, weight: weight).wrap(text, maxWidth: maxWidth)
    }
}
