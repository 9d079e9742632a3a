import ComponentSupport
import Geometry
public import Timing

/// One progress bar (BNCommonProgressBar, extended): a track, a buffered range, a fill whose
/// width is the presentation value times the width, and a draggable dot.
///
/// The value lives on the bar's own layer as the scalar property `progress`: `bar.set`
/// animates it with begin-from-current-state, pause and resume act on that layer's timeline
/// (QA1673), and everything drawn is sampled from its presentation value. A value type: the
/// ``BarStack`` owns bars; the session's ``Timeline`` owns the layer.
public struct ProgressBar: Equatable, Sendable {
    // Stored in this order on purpose: what every frame's drawing reads (the ids, the layer,
    // whether a drag is on, then the style, whose own first fields are the ones drawn) comes
    // first, so a frame reads three or four of the bar's seven cache lines (docs/architecture.md,
    // "Cache lines per frame").
    /// The ids of the shapes drawn every frame, `target.fill` and `target.dot`, joined once
    /// rather than per frame.
    let fillID: String
    let dotID: String
    /// The bar's own layer.
    public let layer: LayerID
    /// Whether a pointer is dragging the dot (`drag != nil`), kept beside the fields a frame reads:
    /// the optional's tag is after the drag state, lines away.
    public private(set) var isDragging = false
    /// How it looks and responds (`bar.create`, `bar.update`).
    public internal(set) var style: BarStyle
    /// The bar's target id (also the owner of its layer, so timeline events name it).
    public let target: String
    /// The buffered range's end, 0...1 (`bar.buffer`).
    public internal(set) var buffer: Double = 0
    /// The drag in progress, if any.
    var drag: BarDrag? {
        didSet {
            if case .none = drag { isDragging = false } else { isDragging = true }
        }
    }
    /// Values of animations stopped by commands, until their stops are reported (at most a few).
    var interrupted: [InterruptedAnimation] = []

    /// The layer property holding the value.
    public static let valueKey = PropertyKey.progress

    /// Creates the bar's layer (a root layer owned by `target`) with value 0.
    init(target: String, style: BarStyle, timeline: inout Timeline) {
        self.target = target
        fillID = target + ".fill"
        dotID = target + ".dot"
        self.style = style
        layer = timeline.addLayer(owner: target, name: "bar")
        timeline.setModel(.scalar(0), for: ProgressBar.valueKey, of: layer)
    }

    /// The model (target) value.
    public func modelValue(in timeline: Timeline) -> Double {
        timeline.modelScalar(ProgressBar.valueKey, of: layer) ?? 0
    }

    /// The presentation value at `time`, clamped to 0...1. Never changes state.
    public func presentationValue(at time: Double, in timeline: Timeline) -> Double {
        let value = timeline.presentationScalar(ProgressBar.valueKey, of: layer, at: time) ?? 0
        return min(max(value, 0), 1)
    }

    /// The pointer dragging the dot, if any.
    public var dragPointer: Int? { drag?.pan.pointer }

    /// Whether the bar's layer is paused (speed 0).
    public func isPaused(in timeline: Timeline) -> Bool { timeline.isPaused(layer) }

    /// Whether an animation is attached to the bar's layer (running or frozen).
    public func isAnimating(in timeline: Timeline) -> Bool { timeline.hasAnimations(layer) }

    /// The value for a pointer x: its position along the bar, clamped to 0...1.
    func value(forPointerX x: Double) -> Double {
        min(max((x - style.frame.minX) / style.frame.width, 0), 1)
    }
}
