public import Geometry

/// The state of one HUD at an instant, for `inspect` (docs/protocol.md sections 6 and 8).
public struct HUDInspection: Equatable, Sendable {
    /// Opacity and scale of the bezel and the background's opacity, as the model sets them or
    /// as they are on screen.
    public struct Appearance: Equatable, Sendable {
        public var alpha: Double
        public var scale: Double
        public var backgroundAlpha: Double
        /// The indicator's rotation (presentation only).
        public var rotation: Double?
    }

    /// Due times of the HUD's pending timers (nil: not pending).
    public struct Timers: Equatable, Sendable {
        public var grace: Double?
        public var minShow: Double?
        public var hideDelay: Double?
        public var dismiss: Double?
    }

    public var target: String
    /// `state`.
    public var phase: HUDPhase
    public var model: Appearance
    public var presentation: Appearance
    /// The bezel's frame in canvas points.
    public var bezel: Rect
    /// The button's frame in canvas points, where a pointer taps it (the model layout, as the
    /// hit test uses), when the HUD has a button.
    public var buttonFrame: Rect?
    /// Every property, resolved.
    public var config: HUDConfiguration
    /// Whether the label was cut with an ellipsis.
    public var labelTruncated: Bool
    /// How many lines the details wrapped into.
    public var detailsLines: Int
    /// 0 = backmost.
    public var z: Int
    /// MBProgressHUD's `finished`: a hide was asked for.
    public var hideRequested: Bool
    /// When it last started to appear.
    public var shownAt: Double?
    public var timers: Timers
    /// Targets a queued HUD waits for.
    public var awaiting: [String]

    init(
        target: String, phase: HUDPhase, model: Appearance, presentation: Appearance, bezel: Rect,
        buttonFrame: Rect? = nil, config: HUDConfiguration, labelTruncated: Bool, detailsLines: Int, z: Int,
        hideRequested: Bool,
        shownAt: Double?, timers: (grace: Double?, minShow: Double?, hideDelay: Double?, dismiss: Double?),
        awaiting: [String]
    ) {
        self.target = target
        self.phase = phase
        self.model = model
        self.presentation = presentation
        self.bezel = bezel
        self.buttonFrame = buttonFrame
        self.config = config
        self.labelTruncated = labelTruncated
        self.detailsLines = detailsLines
        self.z = z
        self.hideRequested = hideRequested
        self.shownAt = shownAt
        self.timers = Timers(
            grace: timers.grace, minShow: timers.minShow, hideDelay: timers.hideDelay, dismiss: timers.dismiss)
        self.awaiting = awaiting
    }
}
