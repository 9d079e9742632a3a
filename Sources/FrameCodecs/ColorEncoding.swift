import Geometry
import JSON

/// A colour's channels as bytes, rounded exactly as `Color.hex` does (clamped to 0...1, times 255,
/// rounded half away from zero). NaN channels count as 0.
struct ColorBytes: Equatable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8

    init(_ color: Color) {
        red = ColorBytes.byte(color.red)
        green = ColorBytes.byte(color.green)
        blue = ColorBytes.byte(color.blue)
        alpha = ColorBytes.byte(color.alpha)
    }

    @inline(__always)
    private static func byte(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        // Half away from zero, as Double.rounded(): truncation plus the exact remainder.
        let scaled = value * 255
        let truncated = Int(scaled)
        return UInt8(truncatingIfNeeded: scaled - Double(truncated) >= 0.5 ? truncated + 1 : truncated)
    }
}

extension JSONWriter {
    /// Appends `#rrggbb` (opaque, or always when `includeAlpha` is false) or `#rrggbbaa`, lowercase,
    /// without quotes; the same text as `Color.hex` but without building a String.
    mutating func appendHexColor(_ color: Color, includeAlpha: Bool = true) {
        let channels = ColorBytes(color)
        let withAlpha = includeAlpha && channels.alpha != 255
        var text: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for (index, channel) in [channels.red, channels.green, channels.blue, channels.alpha].enumerated() {
                buffer[1 + 2 * index] = JSONWriter.hexDigit(channel >> 4)
                buffer[2 + 2 * index] = JSONWriter.hexDigit(channel & 0xF)
            }
            appendRaw(UnsafeRawBufferPointer(rebasing: buffer[0..<(withAlpha ? 9 : 7)]))
        }
    }
}
