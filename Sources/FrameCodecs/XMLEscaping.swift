import JSON

extension JSONWriter {
    /// Appends `text` escaped for XML character data or a double-quoted attribute: `& < > "`
    /// become entities; tab, line feed and carriage return become spaces (canvas draws them as
    /// spaces); other characters XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF) are dropped.
    mutating func appendXMLEscaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: appendRaw("&amp;")
            case 0x3C: appendRaw("&lt;")
            case 0x3E: appendRaw("&gt;")
            case 0x22: appendRaw("&quot;")
            case 0x09, 0x0A, 0x0D: appendByte(0x20)
            case 0..<0x20, 0xFFFE, 0xFFFF: continue
            default: appendRaw(UTF8.encode(scalar) ?? UTF8.EncodedScalar())
            }
        }
    }
}
