/// A fast 64-bit hash of encoded frame bytes, eight bytes at a time (a multiply-rotate mix with
/// a final avalanche), from which ``IncrementalFrameEncoder`` composes a frame's identity
/// (``IncrementalFrameEncoder/bodyIdentity``): each segment's bytes are hashed once, when they
/// are encoded, and the identity combines those hashes in order. FNV1a64 (the checksum) goes
/// byte by byte, several times slower. Not for anything that must resist chosen inputs: two
/// different byte strings share a value with probability about 2^-64.
enum FrameBodyHash {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The seed of ``hash(_:seed:)`` unless one is given.
    static let defaultSeed: UInt64 = 0x243F_6A88_85A3_08D3

    /// The state a frame identity in `encoding` starts from: one seed per encoding, so a JSON and
    /// a binary display list never get the same identity.
    static func identitySeed(_ encoding: IncrementalFrameEncoder.Encoding) -> UInt64 {
        encoding == .json ? defaultSeed : 0x1319_8A2E_0370_7344
    }

    /// The hash of `bytes`, seeded by `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = defaultSeed) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* multiplier)
        // Four independent lanes over 32-byte blocks: one lane is a chain of dependent
        // multiplies (about 4 cycles per 8 bytes); four keep the multiplier busy (measured in
        // server profiles: 2.6% of the server's CPU with one lane, when whole frames were hashed).
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            state, state ^ 0xA409_3822_299F_31D0, ~state, state &+ multiplier
        )
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = combine(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = combine(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = combine(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = combine(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        state = combine(combine(combine(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            state = combine(state, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The last 0-7 bytes as one little-endian word (the first of them in the low byte). A
        // body of 8 bytes or more reads its last 8 in one load and drops those already mixed in:
        // a loop over the bytes was about a third of the hash's instructions (most segments are
        // short).
        let rest = bytes.count - offset
        var tail: UInt64 = 0
        if rest > 0 && bytes.count >= 8 {
            let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            tail = last >> UInt64(64 - 8 * rest)
        } else {
            for index in 0..<rest { tail |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        }
        return finish(combine(state, tail))
    }

    /// Mixes one 64-bit word into `state` (order matters: combining a then b differs from b then a).
    @inline(__always)
    static func combine(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let combined = (state ^ word) &* multiplier
        return (combined << 29) | (combined >> 35)
    }

    /// The final avalanche (SplitMix64's), so that every input bit reaches every output bit.
    @inline(__always)
    static func finish(_ state: UInt64) -> UInt64 {
        var state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        return state ^ (state >> 31)
    }
}
