/// Recording names: 1-100 of `A-Za-z0-9_.-` (docs/protocol.md section 7), never "." or "..", never
/// starting with a dot, so a name can never leave the recordings folder or be hidden.
public enum RecordingName {
    public static func validate(_ name: String) throws(RecordingError) -> String {
        let bytes = Array(name.utf8)
        guard (1...100).contains(bytes.count) else {
            throw .badName("recording name must be 1-100 characters, got \(bytes.count)")
        }
        for b in bytes {
            let ok =
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
                || b == 0x2E || b == 0x2D
            guard ok else {
                throw .badName("recording name may only use A-Za-z0-9_.- (got \(FieldEcho.describe(name)))")
            }
        }
        guard bytes.first != 0x2E else { throw .badName("recording name must not start with a dot") }
        return name
    }

    /// The file name for a recording name.
    public static func fileName(_ name: String) -> String { name + ".pcast" }
}

enum FieldEcho {
    static func describe(_ s: String) -> String {
        let escaped = s.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }.joined()
        return "\"" + (escaped.count > 40 ? String(escaped.prefix(37)) + "..." : escaped) + "\""
    }
}
