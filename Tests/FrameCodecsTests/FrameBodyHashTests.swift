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
}
