/// The 64-bit FNV-1a hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
public enum FNV1a64 {
    /// The hash of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `value` as 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(16)
        for shift in stride(from: 60, through: 0, by: -4) {
            text.append(digits[Int((value >> UInt64(shift)) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
