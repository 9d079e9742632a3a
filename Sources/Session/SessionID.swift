#if canImport(Glibc)
    import Glibc
#endif

/// 128-bit random identifiers and tokens, as 32 lowercase hex digits.
public enum RandomToken {
    /// A new 128-bit value from the system's CSPRNG (getrandom via SystemRandomNumberGenerator).
    public static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        let a = rng.next() as UInt64, b = rng.next() as UInt64
        return hex(a) + hex(b)
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// Compares two strings in time that depends only on their lengths, not their contents.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        let n = max(x.count, y.count)
        for i in 0..<n {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            diff |= p ^ q
        }
        return diff == 0
    }
}
