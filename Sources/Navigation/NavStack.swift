public import ComponentSupport
public import Geometry
import InPlace
import ScrollView
public import Shapes
public import Timing
public import Typesetting

/// Every navigation stack of a scene (UINavigationController with FDFullscreenPopGesture's
/// full-screen swipe-back), driven by typed commands on the scene's one ``Timeline``.
///
/// Each stack owns one layer (owner = its target) whose `navigation.progress` property drives
/// push, pop and the interactive pop, so pausing that layer freezes the slide, parallax,
/// dimming and bar where they are, and sampling at any rate gives the same values. Appearance
/// callbacks, transitions, the gesture and the bar are reported as ``NavEvent``s in UIKit's
/// order at exact media times.
public struct NavStack: ComponentStack {
    public typealias Command = NavCommand
    public typealias Ack = NavAck
    public typealias Event = NavEvent
    public typealias Inspection = NavInspection

    /// At most this many stacks.
    public static let maximumComponents = 16
    /// At most this many screens in one stack.
    public static let maximumScreens = 64
    /// Most rows on one screen (a table's, ``TableRows/maximumCount``).
    public static let maximumRows = TableRows.maximumCount
    /// Accepted frame coordinates and sizes, and screen distances, in points.
    public static let coordinateRange: ClosedRange<Double> = -100_000...100_000

    /// The frame of a stack created without one.
    public var canvas: Rect
    let text: TextLayout
    var controllers: [NavController] = []

    /// No stacks; texts are measured with `text`; stacks created without a frame fill `canvas`.
    public init(text: TextLayout, canvas: Rect) {
        self.text = text
        self.canvas = canvas
    }

    /// The stacks' targets, in creation order.
    public var targets: [String] { controllers.map(\.target) }

    /// Whether `target` names one of the stacks (the owner of its layer's animations and timers).
    public func owns(_ target: String) -> Bool { controllers.contains { $0.target == target } }

    /// The layout direction of the stack `target` (which way "back" is), or nil.
    public func layoutDirection(of target: String) -> NavLayoutDirection? {
        controllers.first { $0.target == target }?.direction
    }

    /// Why the swipe-back of the stack `target` would not begin for a pan that went down at
    /// `downLocation` and is now at `location`, `translation` from it (FDFullscreenPopGesture's
    /// gestureRecognizerShouldBegin:, in its order); nil when it would begin or there is no such
    /// stack. For the scene, which arbitrates between a scroll view and the swipe: when FD's
    /// recogniser would not begin, the scroll view keeps the pan.
    public func swipeRefusal(
        of target: String, location: Point, translation: Point, downLocation: Point
    ) -> NavRefusalReason? {
        controllers.first { $0.target == target }?.refusal(
            location: location, translation: translation, downLocation: downLocation)
    }

    /// The layer whose animations drive `target`'s transitions (pause it to freeze them).
    public func layer(of target: String) -> LayerID? {
        controllers.first { $0.target == target }?.layer
    }

    /// A timer (FD's next-turn bar restore) or a transition's or the bar's animation end.
    public mutating func handle(
        _ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<NavEvent>]
    ) -> Bool {
        let owner: String
        switch event {
        case let .timer(_, tag, _): owner = tag.owner
        case let .animationStopped(stop): owner = stop.owner
        }
        guard let index = controllers.firstIndex(where: { $0.target == owner }) else { return false }
        controllers[index].handle(event, timeline: &timeline, events: &events)
        return true
    }

    /// Appends every stack's shapes at `time`, in creation order (later stacks on top).
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        for index in controllers.indices { drawController(index, at: time, timeline: timeline, into: &shapes) }
    }

    /// Like ``draw(at:timeline:into:)``, a segment per stack in `list`, kept while its key stays
    /// the same: the `revision` of this collection's model state, the stack's position, and its
    /// pose (the one input of its drawing that moves: a stack outside a transition keeps its
    /// shapes from frame to frame). The key holds until the pose's next animation starts
    /// (``NavController/poseSteadyUntil(at:in:)``), so a stack at rest is not even sampled.
    public func draw(at time: Double, timeline: Timeline, revision: UInt64, into list: inout IncrementalDisplayList) {
        // Each controller is read in place: `let controller = controllers[index]` (or a call on
        // it) copies it, retaining all it holds, per frame. The key reads only the pose's inputs.
        list.segments(count: controllers.count, revision: revision, at: time) { index, key in
            let inputs = controllers.withElementInPlace(at: index) { $0.poseInputs }
            let pose = NavController.pose(inputs, at: time, in: timeline)
            key.add(inputs.kind != nil)
            key.add(pose.progress)
            key.add(pose.cover)
            key.add(pose.frontOffset)
            key.add(pose.backOffset)
            key.add(pose.dimAlpha)
            key.add(pose.barVisibility)
            key.holds(until: NavController.poseSteadyUntil(of: inputs.layer, at: time, in: timeline))
        } draw: { index, shapes in
            drawController(index, at: time, timeline: timeline, into: &shapes)
        }
    }

    private func drawController(_ index: Int, at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        controllers.withElementInPlace(at: index) { controller in
            // A stack smaller than the canvas is clipped to its frame (the sliding screens, the
            // shadow and the rows stay inside it); one filling the canvas is drawn as it is.
            guard controller.frame != canvas else {
                controller.draw(at: time, timeline: timeline, into: &shapes)
                return
            }
            var items: [Shape] = []
            controller.draw(at: time, timeline: timeline, into: &items)
            shapes.append(.group(GroupShape(id: controller.target + ".clip", clip: controller.frame, items: items)))
        }
    }

    /// The stack's state at `time`; nil when `target` is not a navigation stack.
    public func inspect(_ target: String, at time: Double, timeline: Timeline) -> NavInspection? {
        guard let c = controllers.first(where: { $0.target == target }) else { return nil }
        let pose = c.pose(at: time, in: timeline)
        return NavInspection(
            stack: c.entries.map(\.screen.id), top: c.top?.screen.id ?? "", transitioning: c.transition?.kind,
            interactive: c.transition?.interactive ?? false, percent: pose.progress,
            navigationBarHidden: c.barHidden, barVisibility: pose.barVisibility, gesture: c.panRole,
            frontOffset: pose.frontOffset, backOffset: c.transition == nil ? nil : pose.backOffset,
            dimAlpha: pose.dimAlpha)
    }

    /// Front to back: each stack's back button, then its whole frame (the full-screen pop
    /// gesture accepts a down anywhere; edge mode and the should-begin rules decide later).
    public func hitRegions(at time: Double, timeline: Timeline) -> [HitRegion] {
        var regions: [HitRegion] = []
        for controller in controllers.reversed() {
            if let back = controller.backButtonFrame(at: time, timeline: timeline) {
                regions.append(HitRegion(target: controller.target, part: "back", frame: back))
            }
            regions.append(HitRegion(target: controller.target, part: "content", frame: controller.frame))
        }
        return regions
    }

    /// A pointer event: to the stack tracking that pointer, else (a down) to the frontmost stack
    /// containing it.
    public mutating func pointer(
        _ event: PointerEvent, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) -> PointerResponse? {
        if let index = controllers.firstIndex(where: { $0.tracks(event.pointer) }) {
            let target = controllers[index].target
            let handled = controllers[index].pointer(event, timeline: &timeline, events: &events)
            return PointerResponse(target: target, handled: handled)
        }
        guard event.phase == .down,
            let index = controllers.lastIndex(where: { $0.frame.contains(event.location) })
        else { return nil }
        let target = controllers[index].target
        return controllers[index].pointer(event, timeline: &timeline, events: &events)
            ? PointerResponse(target: target) : nil
    }
}
