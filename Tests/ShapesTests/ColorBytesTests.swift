import Geometry
import Testing

@testable import Shapes

/// Shapes carry colours as the bytes every output uses (docs/benchmarks.md, "Third round, the
/// frame path"): the rounding must be `Color.hex`'s, and a shape must stay small.
@Suite struct ColorBytesTests {
    private func hex(_ bytes: ColorBytes) -> String {
        let digits = Array("0123456789abcdef")
        let channels = [bytes.red, bytes.green, bytes.blue] + (bytes.alpha == 255 ? [] : [bytes.alpha])
        return "#" + String(channels.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// Clamp to 0...1 (NaN as 0), times 255, `rounded()` (half away from zero).
    private func reference(_ value: Double) -> UInt8 {
        UInt8(value.isNaN ? 0 : (min(max(value, 0), 1) * 255).rounded())
    }

    @Test func roundsAsColorHexDoes() {
        // Ties (x.5 after scaling) round away from zero; NaN is 0; channels clamp to 0...1.
        let values: [Double] = [0, 1, 0.5, 0.1, 0.35, 0.7, 127.5 / 255, 0.5 / 255, 254.5 / 255, -0.2, 1.7, .nan]
        for red in values {
            for alpha in values {
                let color = Color(red: red, green: 1 - red, blue: red / 3, alpha: alpha)
                #expect(hex(ColorBytes(color)) == color.hex, "\(red) \(alpha)")
                // Against the rule written out independently (`Color.hex` now spells the bytes).
                let bytes = ColorBytes(color)
                #expect(
                    [bytes.red, bytes.green, bytes.blue, bytes.alpha]
                        == [color.red, color.green, color.blue, color.alpha].map(reference), "\(red) \(alpha)")
            }
        }
        #expect(ColorBytes(Color(white: 0.5)).red == 128)
        #expect(ColorBytes(Color(white: .nan)).red == 0)
    }

    @Test func everyByteSurvivesTheRoundTrip() {
        for value in 0...255 {
            let byte = UInt8(value)
            let bytes = ColorBytes(red: byte, green: 255 - byte, blue: byte / 2, alpha: byte)
            #expect(ColorBytes(bytes.color) == bytes)
        }
    }

    @Test func shapesStoreTheRoundedBytes() {
        var rect = RectShape(frame: Rect(x: 0, y: 0, width: 1, height: 1), fill: Color(white: 0, alpha: 0.1))
        #expect(rect.fillBytes?.alpha == 26)
        #expect(rect.fill == ColorBytes(red: 0, green: 0, blue: 0, alpha: 26).color)
        rect.stroke = Color(white: 1)
        #expect(rect.strokeBytes == ColorBytes(red: 255, green: 255, blue: 255))
        rect.fill = nil
        #expect(rect.fillBytes == nil)
    }

    /// A colour as four doubles made every shape 160 bytes; as bytes the largest payload (a
    /// group) sets the size.
    @Test func shapesStaySmall() {
        #expect(MemoryLayout<Shape>.stride <= 88)
        #expect(MemoryLayout<RectShape>.size <= 88)
        #expect(MemoryLayout<TextShape>.size <= 88)
    }
}
