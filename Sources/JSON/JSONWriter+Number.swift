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
        guard let scaled = JSONWriter.fastScaled(x, decimals: decimals) else {
            if x.isFinite {
                appendLargeNumber(x, places: min(max(decimals, 0), 15))
            } else {
                appendByte(UInt8(ascii: "0"))
            }
            return
        }
        write(maxCount: 40) { pointer in
            JSONWriter.formatFixed(scaled.value, places: scaled.places, negative: scaled.negative, into: pointer)
        }
    }

    /// `|x| * 10^places` rounded half away from zero, when finite and below 2^53; nil otherwise.
    @inlinable @inline(__always)
    static func fastScaled(_ x: Double, decimals: Int) -> (value: UInt64, places: Int, negative: Bool)? {
        let places = min(max(decimals, 0), 15)
        let scaled = x.magnitude * doublePowerOfTen(places)
        // Also false for NaN and infinity.
        guard scaled < 9_007_199_254_740_992 else { return nil }
        // Round half away from zero exactly: truncation and the remainder are exact below 2^53
        // (Int64 conversions are single instructions, unlike UInt64's).
        var rounded = Int64(scaled)
        if scaled - Double(rounded) >= 0.5 { rounded += 1 }
        return (UInt64(bitPattern: rounded), places, x < 0 && rounded != 0)
    }

    /// 10^places (0...15) as an exact double; a constant when `places` is.
    @inlinable @inline(__always)
    static func doublePowerOfTen(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    /// Writes `value / 10^places` (sign first when `negative`) without trailing fraction zeros;
    /// returns the byte count (at most 1 + 20 + 1 + 15). Two digits per step from a pair table;
    /// the common places (0, 4, 6) divide by constants.
    @inlinable @inline(__always)
    static func formatFixed(
        _ value: UInt64, places: Int, negative: Bool, into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var written = 0
        if negative {
            output[0] = UInt8(ascii: "-")
            written = 1
        }
        if places == 4 { return written + formatFourPlaces(value, into: output + written) }
        let integer: UInt64, fraction: UInt64
        switch places {
        case 0: (integer, fraction) = (value, 0)
        case 6: (integer, fraction) = (value / 1_000_000, value % 1_000_000)
        default: (integer, fraction) = value.quotientAndRemainder(dividingBy: powersOfTen[places])
        }
        written += writeDigits(integer, count: digitCount(integer), to: output + written)
        guard fraction != 0 else { return written }
        var digits = places
        var rest = fraction
        while rest % 10 == 0 {
            rest /= 10
            digits -= 1
        }
        output[written] = UInt8(ascii: ".")
        return written + 1 + writeDigits(rest, count: digits, to: output + written + 1)
    }

    /// The four-decimal case of ``formatFixed(_:places:negative:into:)`` (geometry), with the
    /// fraction handled as two digit pairs.
    @inlinable @inline(__always)
    static func formatFourPlaces(_ value: UInt64, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let integer = value / 10_000
        let fraction = Int(truncatingIfNeeded: value % 10_000)
        var written = writeDigits(integer, count: digitCount(integer), to: output)
        guard fraction != 0 else { return written }
        let pairs = digitPairs.utf8Start
        let high = fraction / 100, low = fraction % 100
        output[written] = UInt8(ascii: ".")
        output[written + 1] = pairs[2 * high]
        output[written + 2] = pairs[2 * high + 1]
        output[written + 3] = pairs[2 * low]
        output[written + 4] = pairs[2 * low + 1]
        if low != 0 {
            written += low % 10 == 0 ? 4 : 5
        } else {
            written += high % 10 == 0 ? 2 : 3
        }
        return written
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inlinable @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1000 { return 3 }
        var count = 1
        var rest = value
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        return rest >= 10 ? count + 1 : count
    }

    /// Writes the low `count` decimal digits of `value` (zero-padded) and returns `count`.
    @inlinable @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let pairs = digitPairs.utf8Start
        var rest = value
        var position = count
        while position >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            output[position] = pairs[2 * pair]
            output[position + 1] = pairs[2 * pair + 1]
        }
        if position == 1 {
            output[0] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
        }
        return count
    }

    /// "00" "01" ... "99".
    @inlinable
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Appends an integer in decimal.
    public mutating func appendInteger(_ value: Int) {
        let negative = value < 0
        let magnitude = UInt64(value.magnitude)
        write(maxCount: 40) { pointer in
            JSONWriter.formatFixed(magnitude, places: 0, negative: negative, into: pointer)
        }
    }

    /// Appends a non-negative integer in decimal.
    public mutating func appendUnsigned(_ value: UInt64) {
        write(maxCount: 40) { pointer in
            JSONWriter.formatFixed(value, places: 0, negative: false, into: pointer)
        }
    }

    /// Appends `.digits` for a fraction `fraction / 10^places`, without trailing zeros (nothing when zero).
    private mutating func appendFraction(_ fraction: UInt64, places: Int) {
        guard fraction != 0 else { return }
        // Writes "0.ddd" and drops the leading "0".
        var scratch = JSONWriter(capacity: 40)
        scratch.write(maxCount: 40) { pointer in
            JSONWriter.formatFixed(fraction, places: places, negative: false, into: pointer)
        }
        scratch.withUnsafeBytes { appendRaw(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
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
        if x < 0 { appendByte(UInt8(ascii: "-")) }
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
                appendByte(UInt8(truncatingIfNeeded: (limb / divisor) % 10) &+ 0x30)
                divisor /= 10
            }
        }
    }

    /// 10^0 ... 10^15.
    @usableFromInline
    static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
        100_000_000_000_000, 1_000_000_000_000_000,
    ]
}
