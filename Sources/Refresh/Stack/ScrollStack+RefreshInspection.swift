public import Geometry
import ScrollView
import Timing

extension ScrollStack {
    /// A refresh component at one instant.
    public struct RefreshInspection: Equatable, Sendable {
        /// The target id.
        public var target: String
        /// The scroll view's target.
        public var scroll: String
        /// Header, back footer, auto footer or trailer.
        public var kind: RefreshKind
        /// Normal, state or GIF look.
        public var style: RefreshStyle
        /// The MJRefresh state.
        public var state: RefreshState
        /// MJRefresh's pullingPercent.
        public var pullingPercent: Double
        /// The opacity (0...1).
        public var alpha: Double
        /// In the scroll view's content coordinates.
        public var frame: Rect
        /// The state label's text ("" when hidden).
        public var stateTitle: String
        /// The last-updated label's text (headers; "" when hidden).
        public var lastUpdatedText: String
        /// Auto footer: drag triggers left in this pan (-1: unlimited).
        public var remainingTriggers: Int
        /// GIF style: the frame shown.
        public var gifFrame: Int?
        /// Normal style: the arrow's rotation (radians) and the spinner's opacity.
        public var arrowRotation: Double
        public var spinnerAlpha: Double
    }
}
