import ComponentSupport
public import Geometry
public import Timing
import Typesetting

/// A UIScrollView as a value type: frame, content size, insets, bounce and deceleration
/// settings, pointer dragging with rubber banding, deceleration and bounce in closed form
/// (``ScrollPhysics``), programmatic offset and inset changes, and its look as a plain table view.
///
/// Presentation lives on the Timeline: the view owns a layer (owner = its target) whose
/// `contentOffset.x` / `contentOffset.y` properties hold the offset; drags set the model,
/// deceleration and bounces are ``MotionCurve`` animations and programmatic changes
/// ease-in-ease-out animations. So pausing the layer (`timeline.pause(layer, at:)`) freezes the
/// presentation offset mid-bounce, sampling never changes anything, and values do not depend on
/// how often anyone samples.
public struct ScrollView: Equatable, Sendable {
    /// The view's target id (also the owner of its layer).
    public let target: String
    /// The layer holding the offset (and the presentation insets).
    public let layer: LayerID
    /// Where the view is, in canvas points.
    public internal(set) var frame: Rect {
        didSet { separatorPaths = ScrollView.separatorPaths(rows: rows, frame: frame) }
    }
    /// The scrollable content's size.
    public internal(set) var contentSize: Size
    /// The content inset in effect for scrolling (the model value).
    public internal(set) var contentInset: ScrollInsets
    /// The rows drawn (a plain table view); their titles and separators are formatted here,
    /// once per change, not per frame.
    public internal(set) var rows: TableRows {
        didSet {
            rowTitles = ScrollView.titles(for: rows)
            rowTitlesAreRightToLeft = rowTitles.first.map { Font.isRightToLeft($0) } ?? false
            separatorPaths = ScrollView.separatorPaths(rows: rows, frame: frame)
        }
    }
    /// Whether the content rubber-bands and bounces past its edges (UIScrollView.bounces).
    public var bounces: Bool
    /// Scroll (and bounce) vertically even when the content fits.
    public var alwaysBounceVertical: Bool
    /// Scroll (and bounce) horizontally even when the content fits.
    public var alwaysBounceHorizontal: Bool
    /// How fast a released view slows down.
    public var decelerationRate: DecelerationRate
    /// The background colour.
    public var background: Color
    /// Dragging, decelerating or idle.
    public internal(set) var phase: ScrollPhase = .idle
    /// The media time scrolling last ended (the indicators fade out after it).
    public internal(set) var scrollEndedAt = -Double.infinity

    /// Tracks the finger (no touch slop: content follows the finger from the down location).
    var pan = PanGestureRecognizer(minimumDistance: 0)
    /// The drag in progress: the unbanded offset at zero translation, and whether it moved.
    var drag: Drag?
    /// Mirrors of the physics animations per axis (index ``ScrollAxis/index``), for velocities.
    var motion: [[MotionSegment]] = [[], []]
    /// Row titles, formatted once.
    var rowTitles: [String] = []
    /// Whether the row titles are right-to-left (they differ only in numbers, never strong
    /// characters, so one answer serves all).
    var rowTitlesAreRightToLeft = false
    /// The separators' path data for the row counts a frame usually shows, in coordinates whose
    /// origin is the first drawn row's top-left: built when the rows or the frame change, drawn
    /// under a translation every frame instead of formatted anew.
    var separatorPaths: [SeparatorPath] = []
    /// Shape ids, built once.
    let ids: ShapeIDs

    struct Drag: Equatable, Sendable {
        /// The offset the content would have at zero translation without rubber banding.
        var anchor: Point
        /// Whether the finger has moved since it went down (UIScrollView.isDragging).
        var moved: Bool
        /// Whether the finger moved while neither axis could scroll: no drag began (UIScrollView's
        /// pan does not begin then), and the lift is no tap either.
        var strayed = false
    }

    /// One physics animation on an axis: its curve, begin time in the layer's local time and duration.
    /// The separators' path data for `count` rows (see ``separatorPaths``).
    struct SeparatorPath: Equatable, Sendable {
        let count: Int
        let data: String
        /// Where each row's subpath (`M...L...`) starts in `data`.
        private let subpathStarts: [String.Index]

        init(count: Int, data: String) {
            self.count = count
            self.data = data
            subpathStarts = data.indices.filter { data[$0] == "M" }
        }

        /// The path of the first `rows` rows (all of it past `count`).
        func prefix(rows: Int) -> String {
            guard rows < subpathStarts.count else { return data }
            return String(data[..<subpathStarts[max(rows, 0)]])
        }
    }

    struct MotionSegment: Equatable, Sendable {
        var curve: MotionCurve
        var begin: Double
        var duration: Double
    }

    struct ShapeIDs: Equatable, Sendable {
        var background, content, separator, verticalIndicator, horizontalIndicator: String
        init(_ target: String) {
            background = target + ".background"
            content = target + ".content"
            separator = target + ".separators"
            verticalIndicator = target + ".indicatorV"
            horizontalIndicator = target + ".indicatorH"
        }
    }

    /// A scroll view `target` configured by `configuration` (validate it first), resting at
    /// its top-left position (offset = (-inset.left, -inset.top)), with its layer added to `timeline`.
    public init(target: String, configuration: ScrollConfiguration, timeline: inout Timeline) {
        self.target = target
        frame = configuration.frame
        contentSize = configuration.resolvedContentSize
        contentInset = configuration.contentInset
        rows = configuration.rows
        bounces = configuration.bounces
        alwaysBounceVertical = configuration.alwaysBounceVertical
        alwaysBounceHorizontal = configuration.alwaysBounceHorizontal
        decelerationRate = configuration.decelerationRate
        background = configuration.background
        ids = ShapeIDs(target)
        layer = timeline.addLayer(owner: target, name: "scroll")
        timeline.setModel(.scalar(-contentInset.left), for: ScrollAxis.offsetXKey, of: layer)
        timeline.setModel(.scalar(-contentInset.top), for: ScrollAxis.offsetYKey, of: layer)
        for (key, value) in ScrollView.insetKeys(contentInset) {
            timeline.setModel(.scalar(value), for: key, of: layer)
        }
        // (Property observers do not run in an initializer.)
        rowTitles = ScrollView.titles(for: rows)
        rowTitlesAreRightToLeft = rowTitles.first.map { Font.isRightToLeft($0) } ?? false
        separatorPaths = ScrollView.separatorPaths(rows: rows, frame: frame)
    }

    static let insetTopKey: PropertyKey = "contentInset.top"
    static let insetLeftKey: PropertyKey = "contentInset.left"
    static let insetBottomKey: PropertyKey = "contentInset.bottom"
    static let insetRightKey: PropertyKey = "contentInset.right"

    static func insetKeys(_ inset: ScrollInsets) -> [(PropertyKey, Double)] {
        [
            (insetTopKey, inset.top), (insetLeftKey, inset.left), (insetBottomKey, inset.bottom),
            (insetRightKey, inset.right),
        ]
    }

    static func titles(for rows: TableRows) -> [String] {
        (0..<max(0, min(rows.count, TableRows.maximumCount))).map { rows.title(at: $0) }
    }

    // MARK: Reading

    /// The presentation offset at `time`.
    public func offset(at time: Double, timeline: Timeline) -> Point {
        Point(
            x: timeline.presentationScalar(ScrollAxis.offsetXKey, of: layer, at: time) ?? 0,
            y: timeline.presentationScalar(ScrollAxis.offsetYKey, of: layer, at: time) ?? 0)
    }

    /// A media time before which ``offset(at:timeline:)`` stays the one it has at `time` while
    /// the view's model state does: `time` while the view moves by itself or animates its offset,
    /// the start of a motion not yet begun, or infinity at rest (a finger moving the content is a
    /// new model state at every move).
    public func offsetSteadyUntil(at time: Double, timeline: Timeline) -> Double {
        min(
            timeline.presentationSteadyUntil(ScrollAxis.offsetXKey, of: layer, at: time),
            timeline.presentationSteadyUntil(ScrollAxis.offsetYKey, of: layer, at: time))
    }

    /// The model offset (where the view rests once its animations end).
    public func modelOffset(timeline: Timeline) -> Point {
        Point(
            x: timeline.modelScalar(ScrollAxis.offsetXKey, of: layer) ?? 0,
            y: timeline.modelScalar(ScrollAxis.offsetYKey, of: layer) ?? 0)
    }

    /// The offset a key-value observer of contentOffset sees at `time`: the presentation while
    /// the view moves by itself (UIScrollView sets its offset every frame while decelerating),
    /// the model during a UIView-style animation (UIKit sets the final value at once).
    public func observedOffset(at time: Double, timeline: Timeline) -> Point {
        let presentation = offset(at: time, timeline: timeline)
        let model = modelOffset(timeline: timeline)
        return Point(
            x: timeline.hasAnimation(forKey: ScrollAxis.horizontal.easeKey, on: layer) ? model.x : presentation.x,
            y: timeline.hasAnimation(forKey: ScrollAxis.vertical.easeKey, on: layer) ? model.y : presentation.y)
    }

    /// The presentation content inset at `time` (insets animate like UIView properties).
    public func presentationInset(at time: Double, timeline: Timeline) -> ScrollInsets {
        ScrollInsets(
            top: timeline.presentationScalar(ScrollView.insetTopKey, of: layer, at: time) ?? contentInset.top,
            left: timeline.presentationScalar(ScrollView.insetLeftKey, of: layer, at: time) ?? contentInset.left,
            bottom: timeline.presentationScalar(ScrollView.insetBottomKey, of: layer, at: time) ?? contentInset.bottom,
            right: timeline.presentationScalar(ScrollView.insetRightKey, of: layer, at: time) ?? contentInset.right)
    }

    /// The velocity of the physics motion at `time` (points per second; zero when not moving by itself).
    public func velocity(at time: Double, timeline: Timeline) -> Point {
        let local = timeline.localTime(of: layer, at: time)
        func axisVelocity(_ axis: ScrollAxis) -> Double {
            for segment in motion[axis.index] where local >= segment.begin && local < segment.begin + segment.duration {
                return segment.curve.velocity(at: local - segment.begin)
            }
            return 0
        }
        return Point(x: axisVelocity(.horizontal), y: axisVelocity(.vertical))
    }

    /// Whether a finger is down on the view.
    public var isTracking: Bool { drag != nil }

    /// Whether the finger has moved the content (UIScrollView.isDragging).
    public var isDragging: Bool { drag?.moved ?? false }

    /// Whether the view moves by itself (UIScrollView.isDecelerating, bounces included).
    public var isDecelerating: Bool { phase == .decelerating }

    /// The smallest offset on `axis` at rest (-inset.top or -inset.left).
    public func minOffset(_ axis: ScrollAxis) -> Double { -contentInset.leading(axis) }

    /// The largest offset on `axis` at rest: content + trailing inset - view extent, at least the minimum.
    public func maxOffset(_ axis: ScrollAxis) -> Double {
        max(minOffset(axis), axis.of(contentSize) + contentInset.trailing(axis) - axis.of(frame.size))
    }

    /// Whether the view scrolls on `axis` (content plus insets larger than the view, or always bouncing).
    public func scrolls(_ axis: ScrollAxis) -> Bool {
        let extent = axis.of(contentSize) + contentInset.leading(axis) + contentInset.trailing(axis)
        let always = axis == .vertical ? alwaysBounceVertical : alwaysBounceHorizontal
        return extent > axis.of(frame.size) || always
    }

    /// `value` clamped to the resting range on `axis`.
    public func clamped(_ value: Double, _ axis: ScrollAxis) -> Double {
        min(max(value, minOffset(axis)), maxOffset(axis))
    }
}
