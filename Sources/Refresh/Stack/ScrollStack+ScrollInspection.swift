public import Geometry
public import ScrollView
import Timing

extension ScrollStack {
    /// A scroll view at one instant.
    public struct ScrollInspection: Equatable, Sendable {
        /// The target id.
        public var target: String
        /// The frame.
        public var frame: Rect
        /// The presentation offset.
        public var offset: Point
        /// The model offset, when it differs from the presentation (an animation runs).
        public var modelOffset: Point?
        /// The content inset in effect (model).
        public var inset: ScrollInsets
        /// The presentation inset, when it differs from the model.
        public var presentationInset: ScrollInsets?
        /// The content size.
        public var contentSize: Size
        /// Whether a finger drags it.
        public var dragging: Bool
        /// Whether it moves by itself (decelerating or bouncing).
        public var decelerating: Bool
        /// Idle, dragging or decelerating.
        public var phase: ScrollPhase
        /// The physics velocity (points per second).
        public var velocity: Point
        /// Whether its layer is paused.
        public var paused: Bool
    }
}
