import Geometry
import Shapes
import Testing

@testable import FrameCodecs

@Suite struct ChecksumTests {
    /// FNV-1a 64, written out independently of the module's.
    private func referenceFNV(_ text: String) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return hash
    }

    @Test func fnvMatchesPublishedVectors() {
        #expect(FNV1a64.hash([UInt8]()) == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_F739_67E8)
        #expect(FNV1a64.hex(0xAF63_DC4C_8601_EC8C) == "af63dc4c8601ec8c")
        #expect(FNV1a64.hex(0x1) == "0000000000000001")
    }

    @Test func checksumCoversSizeAndShapes() {
        let body = ##""w":375,"h":667,"shapes":"## + Fixtures.everyKindShapes
        let expected = String(referenceFNV(body), radix: 16)
        let padded = String(repeating: "0", count: 16 - expected.count) + expected
        #expect(Fixtures.everyKind.checksum == padded)
        var encoder = FrameEncoder()
        #expect(encoder.checksum(Fixtures.everyKind) == padded)
    }

    @Test func checksumIsStableAndSensitive() {
        let base = Fixtures.everyKind
        #expect(base.checksum == base.checksum)
        var resized = base
        resized.size = Size(width: 376, height: 667)
        #expect(resized.checksum != base.checksum)
        var moved = base
        moved.shapes[2] = .pie(
            PieShape(center: Point(x: 20, y: 30.0001), radius: 10, startAngle: 0, endAngle: 1.23456789, fill: .white))
        #expect(moved.checksum != base.checksum)
        // Changes below the wire precision do not change the frame, so not the checksum either.
        var jittered = base
        jittered.shapes[2] = .pie(
            PieShape(center: Point(x: 20, y: 30.00001), radius: 10, startAngle: 0, endAngle: 1.23456789, fill: .white))
        #expect(jittered.checksum == base.checksum)
    }
}
