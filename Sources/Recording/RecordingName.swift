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
        guard !name.hasSuffix(extensionSuffix) else {
            throw .badName("recording name must not end in \(extensionSuffix) (the file's extension, added to it)")
        }
        return name
    }

    /// The recording a client names: `given`, or `given` without the file's extension when it
    /// has one (so `demo` and `demo.pcast` both name `demo.pcast`), validated. Every op and route
    /// that takes a recording's name goes through this, so a name means one file everywhere.
    public static func resolve(_ given: String) throws(RecordingError) -> String {
        try validate(given.hasSuffix(extensionSuffix) ? String(given.dropLast(extensionSuffix.count)) : given)
    }

    /// A recording file's extension.
    public static let extensionSuffix = ".pcast"

    /// The file name for a recording name.
    public static func fileName(_ name: String) -> String { name + extensionSuffix }
}

enum FieldEcho {
    static func describe(_ s: String) -> String {
        let escaped = s.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }.joined()
        return "\"" + (escaped.count > 40 ? String(escaped.prefix(37)) + "..." : escaped) + "\""
    }
}
