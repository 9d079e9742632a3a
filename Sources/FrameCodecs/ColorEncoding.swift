import Geometry
import JSON

extension JSONWriter {
    /// Appends `#rrggbb` (opaque, or always when `includeAlpha` is false) or `#rrggbbaa`, lowercase,
    /// without quotes; the same text as `Color.hex` but without building a String.
    mutating func appendHexColor(_ channels: ColorBytes, includeAlpha: Bool = true) {
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
