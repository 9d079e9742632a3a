import ComponentSupport
import Geometry
import Shapes
import Timing
import Typesetting

/// One navigation stack (UINavigationController with FDFullscreenPopGesture). A value type: the
/// ``NavStack`` owns controllers; the shared ``Timeline`` owns the controller's layer, whose
/// `progress` property drives every transition (so pausing that layer freezes the slide, the
/// parallax, the dimming and the bar at once) and whose `navigationBar` property holds the bar's
/// visibility outside transitions.
struct NavController: Sendable {
    let target: String
    let frame: Rect
    let layer: LayerID
    let fullscreenPopGesture: Bool
    let barAppearanceEnabled: Bool
    let direction: NavLayoutDirection
    // What a frame's pose reads (``poseInputs``) is stored before the screens: the running
    // transition's kind (the optional transition's own tag sits after both of its screens,
    // lines away) and the bar change linked to it.
    /// The running transition's kind (nil when none runs), kept by `transition`'s `didSet`.
    private(set) var transitionKind: NavTransitionKind?
    /// A bar change animated along with the running transition.
    var barLink: BarLink?
    /// UIKit's `viewControllers`, root first: during a pop already without the popped screen.
    var entries: [ScreenEntry]
    var transition: NavTransition? {
        didSet { transitionKind = transition?.kind }
    }
    /// Whether a transition runs.
    var isTransitioning: Bool { transitionKind != nil }
    /// UINavigationController.navigationBarHidden.
    var barHidden = false
    var pan = PanGestureRecognizer(minimumDistance: NavMetrics.panSlop)
    var panRole = NavGesturePhase.idle
    /// The pan's percent updates, at most the last three (see ``PopDecision``).
    var samples: [PopDecision.Sample] = []
    /// Whether the tracked pointer went down on the back button while idle.
    var downOnBackButton = false
    /// Other pointers that went down while one was tracked: consumed and ignored (the pan takes
    /// one touch; UIKit ignores touches during a transition).
    var ignoredPointers: [Int] = []

    static let progressKey: PropertyKey = "navigation.progress"
    static let barKey: PropertyKey = "navigationBar.visibility"
    static let transitionAnimationKey = "transition"
    static let barAnimationKey = "navigationBar"
    static let restoreBarTimer = 1

    /// 1 left-to-right, -1 right-to-left.
    var sign: Double { direction == .ltr ? 1 : -1 }

    var top: ScreenEntry? { entries.last }

    /// A stack showing the last of `create.screens`, as if each had been pushed without animation:
    /// the top screen's viewWillAppear (applying its bar preference) and viewDidAppear are reported.
    init(
        _ create: NavCreate, frame: Rect, text: TextLayout, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<NavEvent>]
    ) {
        target = create.target
        self.frame = frame
        fullscreenPopGesture = create.fullscreenPopGesture
        barAppearanceEnabled = create.viewControllerBasedNavigationBarAppearanceEnabled
        direction = create.layoutDirection
        entries = create.screens.map(ScreenEntry.init)
        layer = timeline.addLayer(owner: create.target, name: "navigation")
        timeline.setModel(.scalar(0), for: NavController.progressKey, of: layer)
        timeline.setModel(.scalar(1), for: NavController.barKey, of: layer)
        layOut(text: text)
        if let top = entries.last {
            appear(top, animated: false, at: time, timeline: &timeline, events: &events)
            emit(.appearance(screen: top.screen.id, call: .viewDidAppear, animated: false), at: time, into: &events)
        }
    }

    /// Lays out every screen's bar texts and rows for its position in the stack.
    mutating func layOut(text: TextLayout) {
        var previous: String?
        for index in entries.indices {
            let hides = barAppearanceEnabled && entries[index].screen.prefersNavigationBarHidden
            entries[index].layOut(
                previous: previous, width: frame.width, height: frame.height, top: frame.minY, barHidden: hides,
                text: text)
            previous = entries[index].screen.title
        }
    }

    func emit(_ payload: NavEvent, at time: Double, into events: inout [TimedEvent<NavEvent>]) {
        events.append(TimedEvent(time: time, target: target, payload))
    }

    /// The transition's presentation progress at `time` (0 when none).
    func progress(at time: Double, in timeline: Timeline) -> Double {
        isTransitioning ? Self.progress(of: layer, at: time, in: timeline) : 0
    }

    /// The progress property of the controller's layer `layer` at `time`.
    static func progress(of layer: LayerID, at time: Double, in timeline: Timeline) -> Double {
        timeline.presentationScalar(NavController.progressKey, of: layer, at: time) ?? 0
    }

    /// Points from the leading edge (left, or right in right-to-left) of the frame.
    func distanceFromLeadingEdge(_ point: Point) -> Double {
        direction == .ltr ? point.x - frame.minX : frame.maxX - point.x
    }
}

/// A push or pop in progress.
struct NavTransition: Sendable {
    var kind: NavTransitionKind
    var interactive: Bool
    /// The screen that slides (the pushed one, or the one being popped).
    var front: ScreenEntry
    /// The screen underneath, moving with parallax under the dimming view.
    var back: ScreenEntry
    /// The running progress animation, once one runs.
    var animation: AnimationID?
    /// Where the progress animation goes: true to finish, false to cancel (interactive pops).
    var finishing = true
}

/// A bar hide or show animated with the transition: visibility = from + (to - from) * progress.
struct BarLink: Sendable {
    var from: Double
    var to: Double

    /// The bar's visibility at the transition's progress `p`.
    func visibility(atProgress p: Double) -> Double { from + (to - from) * p }
}
