/// The rule for component target ids (docs/protocol.md section 2): 1-64 characters of
/// A-Za-z0-9_-. Engines check it when a component is created, whatever decoded the command.
public enum TargetID {
    /// Whether `s` is 1-64 characters of A-Za-z0-9_-.
    public static func isValid(_ s: String) -> Bool {
        let bytes = s.utf8
        guard (1...64).contains(bytes.count) else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
        }
    }
}
