public import Geometry
public import ScrollView
public import Timing

/// One MJRefresh component attached to a scroll view: its kind, look, state machine and the
/// bookkeeping MJRefresh keeps (the scroll view's original inset, the inset it added, the auto
/// footer's trigger count). The transitions that touch the scroll view live in ``ScrollStack``.
public struct RefreshComponent: Equatable, Sendable {
    /// The component's target id.
    public let target: String
    /// The scroll view's target.
    public let scroll: String
    /// Header, back footer, auto footer or trailer.
    public let kind: RefreshKind
    /// Its MJRefresh settings.
    public internal(set) var options: RefreshOptions
    /// Its MJRefreshState.
    public internal(set) var state: RefreshState = .idle
    /// A layer (owner = target) for the component's own animations: alpha, arrow, spinner.
    public let layer: LayerID
    /// When the current state was entered (GIF loops start there).
    public internal(set) var stateSince: Double
    /// MJRefresh's scrollViewOriginalInset: the scroll view's inset before this component changed it.
    var originalInset: ScrollInsets
    /// The inset this component added while refreshing (back footer: bottom, trailer: right).
    var addedInset = 0.0
    /// The auto footer's pullingPercent (it only ever sets 1, in beginRefreshing).
    var storedPercent = 0.0
    /// Between an end of refreshing and its completion (0.4 s later for animated ends).
    var ending = false
    /// Media time of the last end of refreshing (the header's last-updated date), nil: never.
    public internal(set) var lastUpdated: Double?
    /// Auto footer: this refresh was started by a drag (MJRefresh triggerByDrag).
    var triggerByDrag = false
    /// Auto footer: drag triggers left in this pan (-1: unlimited).
    public internal(set) var remainingTriggers: Int
    /// When the last threshold watch fired (a watch is never re-armed at that same instant).
    var watchFiredAt: Double?
    /// Pending timers by purpose.
    var timers: [PendingTimer] = []
    /// The texts drawn, formatted at state changes (MJRefresh sets its labels there too).
    var texts = Texts()

    struct Texts: Equatable, Sendable {
        var state = ""
        var stateWidth = 0.0
        var time = ""
        var timeWidth = 0.0
        /// The trailer's label, one character per line.
        var verticalLines: [String] = []
        var ids = IDs(target: "")
    }

    struct IDs: Equatable, Sendable {
        var group, state, time, arrow, spinner, gif: String
        init(target: String) {
            group = target
            state = target + ".state"
            time = target + ".time"
            arrow = target + ".arrow"
            spinner = target + ".spinner"
            gif = target + ".gif"
        }
    }

    /// A scheduled timer and what it is for.
    struct PendingTimer: Equatable, Sendable {
        var code: RefreshTimer
        var id: TimerID
    }

    init(
        target: String, scroll: ScrollView, kind: RefreshKind, options: RefreshOptions, at time: Double,
        timeline: inout Timeline
    ) {
        self.target = target
        self.scroll = scroll.target
        self.kind = kind
        self.options = options
        stateSince = time
        originalInset = scroll.contentInset
        remainingTriggers = options.autoTriggerTimes
        layer = timeline.addLayer(owner: target, name: "refresh")
        timeline.setModel(.scalar(RefreshComponent.arrowAngle(kind, .idle)), for: RefreshComponent.arrowKey, of: layer)
        timeline.setModel(.scalar(0), for: RefreshComponent.spinnerKey, of: layer)
        texts.ids = IDs(target: target)
    }

    static let alphaKey: PropertyKey = .opacity
    static let arrowKey: PropertyKey = "arrowRotation"
    static let spinnerKey: PropertyKey = "spinnerAlpha"

    /// MJRefreshFastAnimationDuration.
    public static let fastDuration = 0.25
    /// MJRefreshSlowAnimationDuration.
    public static let slowDuration = 0.4

    /// The arrow's rotation in `state`: a header's arrow points down and turns to (1e-6 - pi)
    /// when pulling (MJRefresh turns it by almost pi so it rotates the same way back); footers
    /// and trailers start reversed.
    static func arrowAngle(_ kind: RefreshKind, _ state: RefreshState) -> Double {
        let turned = 0.000001 - Double.pi
        let pulling = state == .pulling
        return kind == .header ? (pulling ? turned : 0) : (pulling ? 0 : turned)
    }

    /// The height of a header or footer, the width of a trailer.
    public var extent: Double { kind.extent }

    /// The title shown in `state`: a custom one, else the language's default.
    public func title(for state: RefreshState) -> String {
        options.titles.title(for: state) ?? RefreshStrings.of(options.language).title(kind, state)
    }

    /// The component's frame in the scroll view's content coordinates (as a UIKit subview).
    public func frame(in scroll: ScrollView) -> Rect {
        let width = scroll.frame.width
        switch kind {
        case .header:
            return Rect(
                x: -scroll.contentInset.left, y: -extent - options.ignoredScrollViewContentInsetTop, width: width,
                height: extent)
        case .autoFooter:
            return Rect(
                x: -scroll.contentInset.left,
                y: scroll.contentSize.height + options.ignoredScrollViewContentInsetBottom,
                width: width, height: extent)
        case .backFooter:
            let ignored = options.ignoredScrollViewContentInsetBottom
            let y = max(
                scroll.contentSize.height + ignored,
                scroll.frame.height - originalInset.top - originalInset.bottom + ignored)
            return Rect(x: -scroll.contentInset.left, y: y, width: width, height: extent)
        case .trailer:
            let x = max(scroll.contentSize.width, scroll.frame.width - originalInset.left - originalInset.right)
            return Rect(x: x, y: 0, width: extent, height: scroll.frame.height)
        }
    }

    // MARK: Geometry of the offset rules

    /// Back footer: contentH - (frameH - bottom - top) with the original inset (MJRefresh heightForContentBreakView).
    func contentBreak(_ scroll: ScrollView) -> Double {
        if kind == .trailer {
            return scroll.contentSize.width - (scroll.frame.width - originalInset.right - originalInset.left)
        }
        return scroll.contentSize.height - (scroll.frame.height - originalInset.bottom - originalInset.top)
    }

    /// The offset at which the component starts to show (MJRefresh happenOffsetY / happenOffsetX).
    func happenOffset(_ scroll: ScrollView) -> Double {
        switch kind {
        case .header: return -originalInset.top
        case .backFooter:
            let delta = contentBreak(scroll)
            return delta > 0 ? delta - originalInset.top : -originalInset.top
        case .trailer:
            let delta = contentBreak(scroll)
            return delta > 0 ? delta - originalInset.left : -originalInset.left
        case .autoFooter:
            return scroll.contentSize.height - scroll.frame.height + scroll.contentInset.bottom - extent
        }
    }

    /// The axis the component watches.
    var axis: ScrollAxis { kind == .trailer ? .horizontal : .vertical }

    /// How far the component is pulled into view for the observed offset `offset`, unclamped.
    func rawPercent(offset: Point, scroll: ScrollView) -> Double {
        let happen = happenOffset(scroll)
        let value = axis.of(offset)
        return kind == .header ? (happen - value) / extent : (value - happen) / extent
    }

    /// The auto footer's trigger offset: contentH - viewH + h * percent + bottom inset - h.
    func autoTriggerOffset(_ scroll: ScrollView) -> Double {
        scroll.contentSize.height - scroll.frame.height + extent * options.triggerAutomaticallyRefreshPercent
            + scroll.contentInset.bottom - extent
    }

    /// The auto footer's "content taller than the view" test (insetT + contentH > viewH).
    func contentExceedsView(_ scroll: ScrollView) -> Bool {
        scroll.contentInset.top + scroll.contentSize.height > scroll.frame.height
    }
}
