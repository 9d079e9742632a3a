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
        return UInt8((value * 255).rounded(.toNearestOrAwayFromZero))
    }
}

extension JSONWriter {
    /// Appends `#rrggbb` (opaque) or `#rrggbbaa`, lowercase, without quotes; the same text as
    /// `Color.hex` but without building a String.
    mutating func appendHexColor(_ color: Color, includeAlpha: Bool = true) {
        let bytes = ColorBytes(color)
        appendByte(UInt8(ascii: "#"))
        appendHexByte(bytes.red)
        appendHexByte(bytes.green)
        appendHexByte(bytes.blue)
        if includeAlpha && bytes.alpha != 255 { appendHexByte(bytes.alpha) }
    }

    @inline(__always)
    private mutating func appendHexByte(_ byte: UInt8) {
        appendByte(JSONWriter.hexDigits[Int(byte >> 4)])
        appendByte(JSONWriter.hexDigits[Int(byte & 0xF)])
    }
}
