import Geometry
import Shapes

/// A laid-out text item of the bezel: its frame and its lines, drawn centred in the frame.
struct HUDTextBlock: Equatable, Sendable {
    var frame: Rect
    var lines: [String]
    /// Whether each line is right-to-left (drawn with the text shape's `dir`).
    var rightToLeftLines: [Bool]
    var fontSize: Double
    /// The primary face's ascender at `fontSize`, in points.
    var ascender: Double
    /// Distance between baselines, unrounded.
    var lineHeight: Double
    /// Whether characters were cut (truncated label or title, or details lines left out).
    var isTruncated: Bool

    /// The baseline of line `index`: UILabel centres its text block vertically in its frame
    /// (the frame's height is the block's height rounded up to a whole point).
    func baseline(ofLine index: Int) -> Double {
        let blockHeight = Double(lines.count) * lineHeight
        return frame.minY + (frame.height - blockHeight) / 2 + ascender + Double(index) * lineHeight
    }
}
