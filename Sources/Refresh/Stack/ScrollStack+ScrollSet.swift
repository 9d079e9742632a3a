public import Geometry
public import ScrollView

extension ScrollStack {
    /// scroll.set: each non-nil field changes. `rows` or `contentSize` is reloadData (rows
    /// without contentSize sets the content height to the rows' height).
    public struct ScrollSet: Equatable, Sendable {
        /// The target id.
        public var target: String
        /// The content offset to set.
        public var offset: Point?
        /// Animate the offset change (UIKit's 0.3 s ease-in-ease-out).
        public var animated: Bool
        /// The content size.
        public var contentSize: Size?
        /// The content inset.
        public var inset: ScrollInsets?
        /// The rows (reloadData).
        public var rows: TableRows?
        /// A new frame (laying the view out; an empty frame counts as not on screen).
        public var frame: Rect?

        /// A set of `target`'s fields.
        public init(
            target: String, offset: Point? = nil, animated: Bool = false, contentSize: Size? = nil,
            inset: ScrollInsets? = nil, rows: TableRows? = nil, frame: Rect? = nil
        ) {
            self.target = target
            self.offset = offset
            self.animated = animated
            self.contentSize = contentSize
            self.inset = inset
            self.rows = rows
            self.frame = frame
        }
    }
}
