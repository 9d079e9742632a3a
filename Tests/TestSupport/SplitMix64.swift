/// A small deterministic pseudo-random generator (SplitMix64) for test inputs, so that
/// randomised tests are reproducible: the same seed always gives the same sequence.
///
/// Shared by the test targets (a library target for tests only, never linked into the
/// product). It is a `RandomNumberGenerator`, so it also works with `Int.random(in:using:)`.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits of the next value.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// The name the drawing tests use for the same generator.
public typealias TestRandom = SplitMix64
