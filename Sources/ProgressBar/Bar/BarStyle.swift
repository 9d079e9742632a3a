public import Geometry

/// How a bar looks and responds: every style field of `bar.create` and `bar.update`
/// (docs/protocol.md section 4.2), with BNCommonProgressBar's behaviour behind each.
public struct BarStyle: Equatable, Sendable {
    // Stored in this order on purpose: what a frame's drawing reads (frame, sizes, corner, dot,
    // fill colours) comes first, on as few cache lines as it fits (docs/architecture.md, "Cache
    // lines per frame").
    /// The bar's view: the track runs across its full width, centred vertically.
    public var frame: Rect
    /// Track and fill height in points (doubled while dragging, as BN's showLargeBar).
    public var barHeight: Double
    /// The dot's diameter in points (1.5 times larger while dragging).
    public var dotSize: Double
    /// Corner radius of the track, buffer and fill; nil for a capsule (half the bar height).
    /// Doubled with the bar while dragging, never more than half the drawn height.
    public var cornerRadius: Double?
    /// Whether the dot is drawn.
    public var showDot: Bool
    /// The fill (and the dot) when not dragging.
    public var fillColor: Color
    /// The fill's colour while dragging.
    public var dragColor: Color
    /// The track: the whole bar behind everything.
    public var trackColor: Color
    /// The buffered range's colour (drawn between the track and the fill).
    public var bufferColor: Color
    /// Whether a pointer down near the dot starts a drag.
    public var draggable: Bool
    /// Points added on every side of the dot's frame for pointer downs (BN: 20).
    public var hitInset: Double
    /// The curve of `bar.set` animations when the op names none.
    public var curve: BarCurve
    /// A caption drawn above the bar's frame (left-aligned, 13 pt); empty draws nothing, so
    /// bars without one draw exactly as before.
    public var label: String

    /// A style; every field defaults as in docs/protocol.md section 4.2.
    public init(
        frame: Rect = BarStyle.defaultFrame, barHeight: Double = 2, dotSize: Double = 10,
        trackColor: Color = BarStyle.defaultTrackColor, fillColor: Color = BarStyle.defaultFillColor,
        dragColor: Color = BarStyle.defaultDragColor, bufferColor: Color = BarStyle.defaultBufferColor,
        cornerRadius: Double? = nil, showDot: Bool = true, draggable: Bool = true, hitInset: Double = 20,
        curve: BarCurve = .linear, label: String = ""
    ) {
        self.frame = frame
        self.barHeight = barHeight
        self.dotSize = dotSize
        self.trackColor = trackColor
        self.fillColor = fillColor
        self.dragColor = dragColor
        self.bufferColor = bufferColor
        self.cornerRadius = cornerRadius
        self.showDot = showDot
        self.draggable = draggable
        self.hitInset = hitInset
        self.curve = curve
        self.label = label
    }

    /// 335 x 20 pt, 20 pt from the sides of the default 375 x 667 canvas, centred vertically.
    public static let defaultFrame = Rect(x: 20, y: 323.5, width: 335, height: 20)
    /// iOS light-mode systemGray4.
    public static let defaultTrackColor = Color(red: 209.0 / 255, green: 209.0 / 255, blue: 214.0 / 255)
    /// iOS systemBlue.
    public static let defaultFillColor = Color(red: 0, green: 122.0 / 255, blue: 1)
    /// iOS systemOrange, so a drag is easy to see.
    public static let defaultDragColor = Color(red: 1, green: 149.0 / 255, blue: 0)
    /// The caption's colour: iOS light-mode secondaryLabel without its alpha (#3c3c43), 10.9:1
    /// on white (WCAG AA asks 4.5:1).
    public static let labelColor = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255)
    /// iOS light-mode systemGray2.
    public static let defaultBufferColor = Color(red: 174.0 / 255, green: 174.0 / 255, blue: 178.0 / 255)
}
