/// A colour as every output carries it: red, green, blue and alpha as bytes (each channel
/// clamped to 0...1, times 255, rounded half away from zero; NaN counts as 0). ``Color/hex``
/// spells these bytes.
///
/// Shapes store their colours this way rather than as ``Color`` (four doubles): the JSON and
/// binary frames, the SVG export and the rasterizer all use the rounded bytes, so nothing that
/// reaches an output changes, and a shape is 32 bytes smaller per colour. Drawing touches fewer
/// bytes per frame, and with a thousand sessions taking turns those bytes are cache misses
/// (docs/benchmarks.md, "Third round, the frame path").
public struct ColorBytes: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// These channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = ColorBytes(red: 0, green: 0, blue: 0)
    public static let white = ColorBytes(red: 255, green: 255, blue: 255)

    /// `color`'s channels rounded to bytes.
    @inlinable
    public init(_ color: Color) {
        red = ColorBytes.byte(color.red)
        green = ColorBytes.byte(color.green)
        blue = ColorBytes.byte(color.blue)
        alpha = ColorBytes.byte(color.alpha)
    }

    /// The colour these bytes spell (each channel byte / 255).
    @inlinable
    public var color: Color {
        Color(
            red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255,
            alpha: Double(alpha) / 255)
    }

    /// `#rrggbb` when opaque, otherwise `#rrggbbaa`, lowercase.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        for channel in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    @usableFromInline @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        // Half away from zero, as Double.rounded(): truncation plus the exact remainder.
        let scaled = value * 255
        let truncated = Int(scaled)
        return UInt8(truncatingIfNeeded: scaled - Double(truncated) >= 0.5 ? truncated + 1 : truncated)
    }
}
