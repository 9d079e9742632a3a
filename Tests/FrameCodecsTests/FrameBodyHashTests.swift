import Testing

@testable import FrameCodecs

/// The hash frame identities are composed of: equal bytes hash equal, and a change of any byte
/// (in any of the four lanes, the 8-byte words after them or the tail) changes it.
@Suite("frame body hash")
struct FrameBodyHashTests {
    private func hash(_ bytes: [UInt8], seed: UInt64? = nil) -> UInt64 {
        bytes.withUnsafeBytes { bytes in seed.map { FrameBodyHash.hash(bytes, seed: $0) } ?? FrameBodyHash.hash(bytes) }
    }

    @Test("every single-byte change of bodies 0...100 bytes long changes the hash")
    func everyByteCounts() {
        for count in 0...100 {
            let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let original = hash(body)
            #expect(hash(body) == original)
            for index in 0..<count {
                var changed = body
                changed[index] ^= 0x01
                #expect(hash(changed) != original, "byte \(index) of \(count)")
            }
        }
    }

    @Test("a 4.5 KB frame: a changed digit anywhere, a longer body, another seed all differ")
    func frameSized() {
        let body = Array(String(repeating: #"{"kind":"text","x":12.5,"y":40,"text":"Row 17"},"#, count: 100).utf8)
        let original = hash(body)
        var seen: Set<UInt64> = [original]
        for index in stride(from: 0, to: body.count, by: 97) {
            var changed = body
            changed[index] = changed[index] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
            seen.insert(hash(changed))
        }
        #expect(seen.count == 1 + (body.count + 96) / 97)
        #expect(hash(body + [0x20]) != original)
        #expect(hash(body, seed: 1) != original)
        // Two blocks swapped: the lanes are not combined in a way that forgets their order.
        let swapped = Array(body[32..<64] + body[0..<32] + body[64...])
        if swapped != body { #expect(hash(swapped) != original) }
    }

    /// Values the hash gave when frame identities were first composed of it, for bodies of every
    /// shape the tail takes (none, under 8 bytes, after the words, after the lanes): reading the
    /// last bytes another way must give the same hashes.
    @Test("the hash of fixed bodies is what it always was")
    func pinnedValues() {
        let pinned: [(Int, UInt64)] = [
            (0, 0x26fd_1d99_c0ee_7977), (1, 0xa0f1_70d4_8778_6c81), (3, 0x213f_b8f6_a52b_2e55),
            (7, 0xc99c_b7cf_5776_62e5), (8, 0x6d01_22c3_2dfe_9d62), (9, 0x54d3_88a1_1bc9_3ee4),
            (15, 0xea80_d5d5_dfc7_56c7), (31, 0x89f1_8e6b_2414_f811), (32, 0xe5cd_ef24_f845_c277),
            (33, 0x26dc_ff7c_5985_1b56), (39, 0xedfa_20ca_9868_3451), (45, 0xc0ae_7c8b_f868_32ea),
            (63, 0x34f2_5922_ac30_07d7), (71, 0x5d8c_be67_96bb_d802),
        ]
        for (count, expected) in pinned {
            let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(hash(body) == expected, "\(count) bytes")
        }
    }
}
