import Foundation

/// A tiny TrueType reader written for the tests, independent of FreeType and of the Drawing
/// module: the table directory, `head`, `hhea`, `hmtx`, `cmap` format 4 and `kern` format 0.
struct TrueTypeReader {
    private let data: [UInt8]
    private var tables: [String: Int] = [:]

    init?(path: String) {
        guard let contents = FileManager.default.contents(atPath: path) else { return nil }
        data = [UInt8](contents)
        let count = Int(u16(4))
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(decoding: data[record..<(record + 4)], as: UTF8.self)
            tables[tag] = Int(u32(record + 8))
        }
    }

    private func u16(_ offset: Int) -> UInt16 { UInt16(data[offset]) << 8 | UInt16(data[offset + 1]) }
    private func i16(_ offset: Int) -> Int { Int(Int16(bitPattern: u16(offset))) }
    private func u32(_ offset: Int) -> UInt32 { UInt32(u16(offset)) << 16 | UInt32(u16(offset + 2)) }

    var unitsPerEm: Int { Int(u16((tables["head"] ?? 0) + 18)) }
    var ascender: Int { i16((tables["hhea"] ?? 0) + 4) }
    var descender: Int { i16((tables["hhea"] ?? 0) + 6) }
    var lineGap: Int { i16((tables["hhea"] ?? 0) + 8) }

    /// The advance of a glyph from `hmtx` (glyphs past numberOfHMetrics repeat the last one).
    func advance(glyph: Int) -> Int {
        let metricsCount = Int(u16((tables["hhea"] ?? 0) + 34))
        let index = min(glyph, metricsCount - 1)
        return Int(u16((tables["hmtx"] ?? 0) + 4 * index))
    }

    /// The glyph of a BMP character from the (3, 1) format-4 cmap subtable; 0 when missing.
    func glyph(_ character: Unicode.Scalar) -> Int {
        guard let cmap = tables["cmap"] else { return 0 }
        let code = Int(character.value)
        for index in 0..<Int(u16(cmap + 2)) {
            let record = cmap + 4 + 8 * index
            guard u16(record) == 3, u16(record + 2) == 1 else { continue }
            let table = cmap + Int(u32(record + 4))
            guard u16(table) == 4 else { continue }
            let segments = Int(u16(table + 6)) / 2
            let ends = table + 14, starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
            for segment in 0..<segments where code <= Int(u16(ends + 2 * segment)) {
                let start = Int(u16(starts + 2 * segment))
                guard code >= start else { return 0 }
                let delta = Int(u16(deltas + 2 * segment))
                let rangeOffset = Int(u16(rangeOffsets + 2 * segment))
                if rangeOffset == 0 { return (code + delta) & 0xFFFF }
                let glyphAddress = rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start)
                let glyph = Int(u16(glyphAddress))
                return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
            }
        }
        return 0
    }

    /// The `kern` format-0 value for a glyph pair, found by a linear scan.
    func kerning(_ left: Int, _ right: Int) -> Int {
        guard let kern = tables["kern"], u16(kern + 2) >= 1 else { return 0 }
        let pairs = Int(u16(kern + 4 + 6))
        for index in 0..<pairs {
            let base = kern + 4 + 14 + 6 * index
            if Int(u16(base)) == left, Int(u16(base + 2)) == right { return i16(base + 4) }
        }
        return 0
    }

    /// Width in points of ASCII/BMP text at `size`, with kerning between adjacent glyphs.
    func width(_ text: String, size: Double) -> Double {
        var units = 0
        var previous: Int?
        for scalar in text.unicodeScalars {
            let glyph = glyph(scalar)
            units += advance(glyph: glyph)
            if let previous { units += kerning(previous, glyph) }
            previous = glyph
        }
        return Double(units) * size / Double(unitsPerEm)
    }
}
