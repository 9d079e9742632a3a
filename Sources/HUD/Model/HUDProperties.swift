import ComponentSupport
public import Geometry

/// A patch of HUD properties (docs/protocol.md section 4.1): every field is optional, nil meaning
/// "leave as it is". `hud.show` applies it over the defaults (new HUD) or the current values;
/// `hud.update` over the current values.
public struct HUDProperties: Equatable, Sendable {
    /// The indicator shown above the labels (default indeterminate).
    public var mode: HUDMode?
    /// One line, bold 16, truncated with an ellipsis. Empty hides it.
    public var label: String?
    /// Wrapped, bold 12. Empty hides it.
    public var details: String?
    /// Whether a label too wide for one line wraps (SVProgressHUD's status label:
    /// `numberOfLines = 0`, at most 300 pt tall) instead of truncating (MBProgressHUD's label).
    /// Set by `hud.status`; `hud.show` sets it back to false.
    public var wrapsLabel: Bool?
    /// The button's title; the button shows only when it is not empty.
    public var button: String?
    /// The icon of custom mode (none by default: custom mode then shows no indicator).
    public var customView: HUDCustomView?
    /// 0...1, for the determinate, annular and bar modes (set at once, as MBProgressHUD's `progress`).
    public var progress: Double?
    /// How the HUD shows and hides (default fade).
    public var animation: HUDAnimation?
    /// Seconds a show waits before appearing; a hide before then suppresses the HUD (default 0).
    public var graceTime: Double?
    /// Seconds the HUD stays at least once appeared; an earlier hide is deferred (default 0).
    public var minShowTime: Double?
    /// Whether the HUD leaves the stack once hidden (default true); kept HUDs can be shown again.
    public var removeOnHide: Bool?
    /// Space around the bezel's content and between the bezel and the canvas edges (default 20).
    public var margin: Double?
    /// The bezel's minimum size (default zero).
    public var minSize: Size?
    /// Makes the bezel's height equal its width, growing the smaller one (default false).
    public var square: Bool?
    /// Moves the bezel from its position; ±1e6 pins it to an edge (default zero).
    public var offset: Point?
    /// The bezel's corner radius (default 5).
    public var cornerRadius: Double?
    /// Labels, button and indicator colour (default black alpha 0.7).
    public var contentColor: Color?
    /// The bezel's colour (default white 0.8 alpha 0.6).
    public var bezelColor: Color?
    /// Blur (default: a frosted fill under the bezel colour) or solid.
    public var bezelStyle: HUDBezelStyle?
    /// What covers the canvas behind the bezel (default none).
    public var background: HUDBackground?
    /// The colour of the `solid` background (default black alpha 0.2).
    public var backgroundColor: Color?
    /// Where the bezel sits (default centre).
    public var position: HUDPosition?
    /// Which pointers the visible HUD swallows (default block).
    public var interaction: HUDInteraction?
    /// When showing, wait until every HUD active now has hidden (default false).
    public var queue: Bool?

    /// A patch with the given fields (nil: unchanged).
    public init(
        mode: HUDMode? = nil, label: String? = nil, details: String? = nil, button: String? = nil,
        customView: HUDCustomView? = nil, progress: Double? = nil, animation: HUDAnimation? = nil,
        graceTime: Double? = nil, minShowTime: Double? = nil, removeOnHide: Bool? = nil,
        margin: Double? = nil, minSize: Size? = nil, square: Bool? = nil, offset: Point? = nil,
        cornerRadius: Double? = nil, contentColor: Color? = nil, bezelColor: Color? = nil,
        bezelStyle: HUDBezelStyle? = nil, background: HUDBackground? = nil, backgroundColor: Color? = nil,
        position: HUDPosition? = nil, interaction: HUDInteraction? = nil, queue: Bool? = nil
    ) {
        self.mode = mode
        self.label = label
        self.details = details
        self.button = button
        self.customView = customView
        self.progress = progress
        self.animation = animation
        self.graceTime = graceTime
        self.minShowTime = minShowTime
        self.removeOnHide = removeOnHide
        self.margin = margin
        self.minSize = minSize
        self.square = square
        self.offset = offset
        self.cornerRadius = cornerRadius
        self.contentColor = contentColor
        self.bezelColor = bezelColor
        self.bezelStyle = bezelStyle
        self.background = background
        self.backgroundColor = backgroundColor
        self.position = position
        self.interaction = interaction
        self.queue = queue
    }
}
