/// A colour with straight (not premultiplied) red, green, blue and alpha in 0...1.
public struct Color: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey, like UIColor(white:alpha:).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The same colour with another alpha, like UIColor.withAlphaComponent.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (hex digits in either case). Returns nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var bytes: [Double] = []
        var index = 1
        while index < digits.count {
            guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1]) else {
                return nil
            }
            bytes.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// `#rrggbb` when opaque, otherwise `#rrggbbaa`; each channel rounded to the nearest byte
    /// (``ColorBytes``: NaN, from a bad computation, writes as 0 rather than trapping).
    public var hex: String { ColorBytes(self).hex }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
