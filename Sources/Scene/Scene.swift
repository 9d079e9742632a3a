public import ComponentSupport
public import Geometry
public import HUD
public import Navigation
public import ProgressBar
public import Refresh
public import Timing
public import Typesetting

/// The deterministic scene of one session: every component on one `Timeline`, driven by typed
/// commands at media times. Its state at time t is a pure function of the commands applied
/// before t (docs/architecture.md, "Determinism"). Sampling (`displayList`, `inspect`) never
/// changes it. It knows no JSON: the wire layer decodes commands and encodes what comes out.
public struct Scene: Sendable {
    // Layout: what every frame's drawing reads of the scene itself (the canvas, the stacks'
    // revisions, whether there is chrome) comes first, on one cache line; stored properties are
    // laid out in declaration order (docs/architecture.md, "Cache lines per frame").

    /// The canvas size in points.
    public let canvas: Size
    /// Each stack's model revision, for drawing keys: a new one whenever a command, a timeline
    /// event or a pointer event reaches the stack (see ``lifting``).
    var revisions = StackRevisions()
    /// Whether ``chrome`` is set. Testing the optional itself copied the whole chrome (128
    /// bytes, three cache lines) to the stack every frame.
    let hasChrome: Bool
    /// Fonts used to measure text (the same files the page draws with).
    public let fonts: FontCatalog
    /// The timing engine all components share.
    public internal(set) var timeline = Timeline()
    /// HUDs (MBProgressHUD / SVProgressHUD), drawn on top of everything.
    public internal(set) var huds: HUDStack
    /// Progress bars and the players that drive them.
    public internal(set) var bars: BarStack
    /// Navigation stacks (UINavigationController with FDFullscreenPopGesture), drawn at the back.
    public internal(set) var navs: NavStack
    /// Scroll views and their MJRefresh components, drawn over navigation stacks, under bars.
    public internal(set) var scrolls: ScrollStack
    /// Which component stack owns each pointer (the first to take a down keeps it until up/cancel).
    var pointerOwners = PointerOwnership()
    /// Pointers a horizontally scrolling scroll view took over a navigation stack, until their
    /// first move decides which of the two gets the pan (see `Scene+Pointer.swift`).
    var contestedPointers: [ContestedPointer] = []
    /// Events reported since the last `takeEvents()`, in time order.
    var pendingEvents: [TimedEvent<ComponentEvent>] = []
    /// The latest media time the scene has been advanced to.
    public private(set) var time: Double = 0

    /// Most components (HUDs, bars, players, scroll views, refresh components and navigation
    /// stacks together) in one scene by default.
    public static let maxComponents = 64
    /// Most components this scene holds; creating one more is a `limit` error.
    public let componentLimit: Int
    /// The device drawn around the components (status bar, corners), when the session asked for it.
    let chrome: PhoneChrome?

    /// An empty scene of `canvas` points holding at most `componentLimit` components, whose wall
    /// clock (for MJRefresh's last-updated time and the status bar) reads `date` at media time 0;
    /// with `chrome`, drawn as a phone screen (``PhoneChrome``).
    public init(
        canvas: Size, fonts: FontCatalog, componentLimit: Int = Scene.maxComponents, date: SessionDate = SessionDate(),
        chrome: Bool = false
    ) {
        self.canvas = canvas
        self.chrome = chrome ? PhoneChrome(canvas: canvas, date: date) : nil
        hasChrome = chrome
        self.fonts = fonts
        self.componentLimit = max(1, componentLimit)
        let text = TextLayout(catalog: fonts)
        huds = HUDStack(canvas: canvas, text: text)
        bars = BarStack(fonts: fonts)
        navs = NavStack(text: text, canvas: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        scrolls = ScrollStack(date: date, fonts: fonts)
    }

    /// Fires every timer and animation end due at or before `time`, in exact time order,
    /// letting the owning component react to each. Call before applying a command at `time`
    /// and before sampling at `time`.
    public mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            route(event)
        }
        if time > self.time { self.time = time }
    }

    /// Applies a command at `time` and returns its ack. Advances to `time` first, and again
    /// after (a command may have removed or replaced animations: those stops are reported at
    /// once). Throws a ``CommandError`` and changes nothing when the command is refused.
    public mutating func apply(_ command: SceneCommand, at time: Double) throws(CommandError) -> SceneAck {
        advance(to: time)
        defer { advance(to: time) }
        switch command {
        case let .hud(command):
            if let target = command.createdTarget(topmostActive: huds.topmostActive) {
                try admitNew(target, existsAlready: huds.contains(target))
            }
            return .hud(
                try Scene.run(
                    command, on: &huds, revision: &revisions.huds, at: time, timeline: &timeline,
                    events: &pendingEvents, as: ComponentEvent.hud))
        case let .bar(command):
            if command.creates { try admitNew(command.target, existsAlready: false) }
            return .bar(
                try Scene.run(
                    command, on: &bars, revision: &revisions.bars, at: time, timeline: &timeline,
                    events: &pendingEvents, as: ComponentEvent.bar))
        case let .nav(command):
            if case let .create(create) = command { try admitNew(create.target, existsAlready: false) }
            return .nav(
                try Scene.run(
                    command, on: &navs, revision: &revisions.navs, at: time, timeline: &timeline,
                    events: &pendingEvents, as: ComponentEvent.nav))
        case let .scroll(command):
            switch command {
            case let .scrollCreate(target, _): try admitNew(target, existsAlready: false)
            case let .refreshCreate(create): try admitNew(create.target, existsAlready: false)
            default: break
            }
            _ = try Scene.run(
                command, on: &scrolls, revision: &revisions.scrolls, at: time, timeline: &timeline,
                events: &pendingEvents, as: ComponentEvent.scroll)
            return .scroll
        case let .pointer(event):
            return .pointer(pointer(event))
        }
    }

    /// Applies `command` to `stack`, its events appended to `events` (see ``lifting``).
    static func run<Stack: ComponentStack>(
        _ command: Stack.Command, on stack: inout Stack, revision: inout UInt64, at time: Double,
        timeline: inout Timeline, events: inout [TimedEvent<ComponentEvent>],
        as wrap: (Stack.Event) -> ComponentEvent
    ) throws(CommandError) -> Stack.Ack {
        try lifting(&stack, revision: &revision, timeline: &timeline, events: &events, as: wrap) {
            s, t, e throws(CommandError) in
            try s.apply(command, at: time, timeline: &t, events: &e)
        }
    }

    /// Lets `stack` act (on a command, a timeline event or a pointer event) with a buffer of its
    /// own typed events, then appends those to `events` wrapped by `wrap`, in order.
    static func lifting<Stack: ComponentStack, Result, Failure: Error>(
        _ stack: inout Stack, revision: inout UInt64, timeline: inout Timeline,
        events: inout [TimedEvent<ComponentEvent>],
        as wrap: (Stack.Event) -> ComponentEvent,
        _ act: (inout Stack, inout Timeline, inout [TimedEvent<Stack.Event>]) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Whatever the stack does (even nothing) counts as a change of its model state: a new
        // revision at most costs a redraw of its components (see ``StackRevisions``).
        revision = StackRevisions.next()
        var own: [TimedEvent<Stack.Event>] = []
        defer { for e in own { events.append(TimedEvent(time: e.time, target: e.target, wrap(e.payload))) } }
        return try act(&stack, &timeline, &own)
    }

    /// Events reported since the last call, in time order.
    public mutating func takeEvents() -> [TimedEvent<ComponentEvent>] {
        // Called every frame: nothing to hand over is the common case (no allocation); otherwise
        // the buffer itself is handed over (keeping its capacity here would copy it).
        if pendingEvents.isEmpty { return [] }
        defer { pendingEvents = [] }
        return pendingEvents
    }

    /// Every component target, HUDs first.
    public var targets: [String] { huds.targets + bars.targets + scrolls.targets + navs.targets }
}
