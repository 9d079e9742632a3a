public import Geometry

/// The laid-out frames of one HUD in canvas points (model state: no show/hide scale applied),
/// with the text as drawn (the label possibly truncated with "…", the details as wrapped lines).
public struct HUDFrames: Equatable, Sendable {
    /// The bezel.
    public var bezel: Rect
    /// The indicator's frame (37x37 round and activity indicators and icons, 120x10 bar);
    /// nil in text mode and custom mode without a view.
    public var indicator: Rect?
    /// The label; nil without one.
    public var label: Rect?
    /// The details block; nil without details (or when no line fits).
    public var details: Rect?
    /// The button's frame (title width + 20 by the title's height + 12); nil without a title.
    public var button: Rect?
    /// The label's text as drawn (its first line: a label is one line but a status's, which wraps).
    public var labelText: String?
    /// The label's lines as drawn (one, but a wrapped status's; empty without a label).
    public var labelLines: [String]
    /// The details lines as drawn.
    public var detailsLines: [String]
    /// The button title as drawn.
    public var buttonTitle: String?

    init(_ layout: HUDLayout) {
        bezel = layout.bezel
        indicator = layout.indicatorFrame
        label = layout.label?.frame
        details = layout.details?.frame
        button = layout.buttonFrame
        labelText = layout.label?.lines.first
        labelLines = layout.label?.lines ?? []
        detailsLines = layout.details?.lines ?? []
        buttonTitle = layout.button?.lines.first
    }
}
