extension JSONWriter {
    /// Appends `x` rounded half away from zero to `decimals` places (clamped to 0...15), in plain
    /// decimal notation: never an exponent, no trailing zeros, no trailing dot, integers without
    /// `.0`, and `0` (not `-0`) for anything that rounds to zero.
    ///
    /// Rounding applies to the double product `|x| * 10^decimals` (so 123.45675 -> 123.4568 at four
    /// places, although its binary value is a hair below the tie). NaN and the infinities, which JSON
    /// cannot represent, are written as `0`.
    ///
    /// While `|x| * 10^decimals < 2^53` this is integer arithmetic on the scaled value; larger values
    /// take a slower exact path (integer and fraction parts separately; beyond 2^64 the integer
    /// part is expanded with arbitrary precision).
    public mutating func appendNumber(_ x: Double, decimals: Int) {
        guard x.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let places = min(max(decimals, 0), 15)
        let power = JSONWriter.powersOfTen[places]
        let magnitude = x.magnitude
        let scaled = magnitude * Double(power)
        if scaled < 9_007_199_254_740_992 {
            let rounded = UInt64(scaled.rounded(.toNearestOrAwayFromZero))
            if rounded == 0 {
                bytes.append(UInt8(ascii: "0"))
                return
            }
            if x < 0 { bytes.append(UInt8(ascii: "-")) }
            appendUnsigned(rounded / power)
            appendFraction(rounded % power, places: places)
            return
        }
        appendLargeNumber(x, places: places)
    }

    /// Appends an integer in decimal.
    public mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendUnsigned(value.magnitude.toUInt64)
    }

    /// Appends a non-negative integer in decimal.
    public mutating func appendUnsigned(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &storage) { digits in
            var position = digits.count
            var rest = value
            while rest > 0 {
                position -= 1
                digits[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[position...]))
        }
    }

    /// Appends `.digits` for a fraction `fraction / 10^places`, without trailing zeros (nothing when zero).
    private mutating func appendFraction(_ fraction: UInt64, places: Int) {
        guard fraction != 0 else { return }
        var digits = fraction
        var count = places
        while digits % 10 == 0 {
            digits /= 10
            count -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var leadingZeros = count - 1
        var probe = digits
        while probe >= 10 {
            probe /= 10
            leadingZeros -= 1
        }
        for _ in 0..<max(leadingZeros, 0) { bytes.append(UInt8(ascii: "0")) }
        appendUnsigned(digits)
    }

    /// The exact path for `|x| * 10^places >= 2^53` (so `|x| >= 9`, never rounding to zero).
    private mutating func appendLargeNumber(_ x: Double, places: Int) {
        let power = JSONWriter.powersOfTen[places]
        let magnitude = x.magnitude
        let integerPart = magnitude.rounded(.towardZero)
        let fraction = magnitude - integerPart  // exact: both share the exponent range
        var scaledFraction = UInt64((fraction * Double(power)).rounded(.toNearestOrAwayFromZero))
        var carry: UInt64 = 0
        if scaledFraction >= power {
            scaledFraction -= power
            carry = 1
        }
        if x < 0 { bytes.append(UInt8(ascii: "-")) }
        if integerPart < 18_446_744_073_709_551_616 {
            // A fraction (and so a carry) exists only below 2^52, far from UInt64's limit.
            appendUnsigned(UInt64(integerPart) + carry)
        } else {
            appendHugeInteger(integerPart)
        }
        appendFraction(scaledFraction, places: places)
    }

    /// Appends an integral double >= 2^64 exactly, with base-10^9 limbs.
    private mutating func appendHugeInteger(_ value: Double) {
        var limbs: [UInt64] = []  // little-endian, each < 10^9
        var significand = value.significandBitPattern | (1 << 52)
        while significand > 0 {
            limbs.append(significand % 1_000_000_000)
            significand /= 1_000_000_000
        }
        var shift = Int(value.exponent) - 52
        while shift > 0 {
            let step = min(shift, 32)
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = (limbs[index] << UInt64(step)) + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            while carry > 0 {
                limbs.append(carry % 1_000_000_000)
                carry /= 1_000_000_000
            }
            shift -= step
        }
        guard let top = limbs.last else { return }
        appendUnsigned(top)
        for limb in limbs.dropLast().reversed() {
            var divisor: UInt64 = 100_000_000
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: (limb / divisor) % 10) &+ 0x30)
                divisor /= 10
            }
        }
    }

    /// 10^0 ... 10^15.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
        100_000_000_000_000, 1_000_000_000_000_000,
    ]
}

private extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}
