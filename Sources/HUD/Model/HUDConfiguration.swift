public import Geometry

/// Every HUD property resolved to a value: MBProgressHUD 1.2's defaults, with patches applied.
public struct HUDConfiguration: Equatable, Sendable {
    public internal(set) var mode: HUDMode = .indeterminate
    public internal(set) var label = ""
    public internal(set) var details = ""
    /// See ``HUDProperties/wrapsLabel``.
    public internal(set) var wrapsLabel = false
    public internal(set) var button = ""
    public internal(set) var customView: HUDCustomView?
    public internal(set) var progress = 0.0
    public internal(set) var animation: HUDAnimation = .fade
    public internal(set) var graceTime = 0.0
    public internal(set) var minShowTime = 0.0
    public internal(set) var removeOnHide = true
    public internal(set) var margin = HUDMetrics.margin
    public internal(set) var minSize = Size.zero
    public internal(set) var square = false
    public internal(set) var offset = Point.zero
    public internal(set) var cornerRadius = HUDMetrics.cornerRadius
    public internal(set) var contentColor = HUDMetrics.defaultContentColor
    public internal(set) var bezelColor: Color?
    public internal(set) var bezelStyle: HUDBezelStyle = .blur
    public internal(set) var background: HUDBackground = .clear
    public internal(set) var backgroundColor: Color?
    public internal(set) var position: HUDPosition = .center
    public internal(set) var interaction: HUDInteraction = .block
    public internal(set) var queue = false

    /// Applies a patch. Numbers are clamped to ``HUDLimits`` (a non-finite one is ignored), so
    /// callers that skip the JSON validation cannot break the layout or the timers.
    /// Returns whether anything that affects layout changed.
    @discardableResult
    mutating func apply(_ p: HUDProperties) -> Bool {
        let before = layoutKey
        if let v = p.mode { mode = v }
        if let v = p.label { label = v }
        if let v = p.details { details = v }
        if let v = p.wrapsLabel { wrapsLabel = v }
        if let v = p.button { button = v }
        if let v = p.customView { customView = v }
        if let v = p.progress { progress = v.clamped(to: 0...1, else: progress) }
        if let v = p.animation { animation = v }
        if let v = p.graceTime { graceTime = v.clamped(to: HUDLimits.time, else: graceTime) }
        if let v = p.minShowTime { minShowTime = v.clamped(to: HUDLimits.time, else: minShowTime) }
        if let v = p.removeOnHide { removeOnHide = v }
        if let v = p.margin { margin = v.clamped(to: HUDLimits.margin, else: margin) }
        if let v = p.minSize {
            minSize = Size(
                width: v.width.clamped(to: HUDLimits.minSize, else: minSize.width),
                height: v.height.clamped(to: HUDLimits.minSize, else: minSize.height))
        }
        if let v = p.square { square = v }
        if let v = p.offset {
            offset = Point(
                x: v.x.clamped(to: HUDLimits.offset, else: offset.x),
                y: v.y.clamped(to: HUDLimits.offset, else: offset.y))
        }
        if let v = p.cornerRadius { cornerRadius = v.clamped(to: HUDLimits.cornerRadius, else: cornerRadius) }
        if let v = p.contentColor { contentColor = v }
        if let v = p.bezelColor { bezelColor = v }
        if let v = p.bezelStyle { bezelStyle = v }
        if let v = p.background { background = v }
        if let v = p.backgroundColor { backgroundColor = v }
        if let v = p.position { position = v }
        if let v = p.interaction { interaction = v }
        if let v = p.queue { queue = v }
        return layoutKey != before
    }

    /// The indicator the mode shows (custom mode without a custom view shows none, as
    /// MBProgressHUD with a nil customView).
    var indicator: HUDIndicatorKind {
        switch mode {
        case .indeterminate: .activity
        case .determinate: .round(annular: false)
        case .annular: .round(annular: true)
        case .bar: .bar
        case .custom: customView.map { .icon($0) } ?? .absent
        case .text: .absent
        }
    }

    /// The inputs of the layout, to know when it must be recomputed.
    private var layoutKey: HUDLayoutKey {
        HUDLayoutKey(
            indicator: indicator, label: label, wrapsLabel: wrapsLabel, details: details, button: button,
            margin: margin,
            minSize: minSize, square: square, offset: offset, position: position)
    }
}

/// The configuration fields that decide the layout.
private struct HUDLayoutKey: Equatable {
    public internal(set) var indicator: HUDIndicatorKind
    public internal(set) var label: String
    public internal(set) var wrapsLabel: Bool
    public internal(set) var details: String
    public internal(set) var button: String
    public internal(set) var margin: Double
    public internal(set) var minSize: Size
    public internal(set) var square: Bool
    public internal(set) var offset: Point
    public internal(set) var position: HUDPosition
}
