/// Reads the horizontal format-0 subtables of an OpenType `kern` table (version 0).
enum KernTable {
    /// The pairs as `left << 16 | right` -> adjustment in font units. Cross-stream and minimum
    /// subtables are skipped; values of several subtables add up (an override subtable replaces).
    /// Malformed data ends the reading without failing.
    static func pairs(in table: [UInt8]) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        guard table.count >= 4, uint16(table, 0) == 0 else { return pairs }
        let subtableCount = Int(uint16(table, 2))
        var offset = 4
        for _ in 0..<subtableCount {
            guard offset + 14 <= table.count else { break }
            let length = Int(uint16(table, offset + 2))
            let coverage = uint16(table, offset + 4)
            let horizontal = coverage & 0x1 != 0
            let minimum = coverage & 0x2 != 0
            let crossStream = coverage & 0x4 != 0
            let override = coverage & 0x8 != 0
            let format = coverage >> 8
            let pairCount = Int(uint16(table, offset + 6))
            let first = offset + 14
            if format == 0, horizontal, !minimum, !crossStream {
                // The 16-bit length overflows for big subtables (DejaVu's), so trust the pair count
                // as far as the table's bytes go.
                let available = (table.count - first) / 6
                for index in 0..<min(pairCount, available) {
                    let base = first + index * 6
                    let key = UInt32(uint16(table, base)) << 16 | UInt32(uint16(table, base + 2))
                    let value = Int16(bitPattern: uint16(table, base + 4))
                    if override {
                        pairs[key] = value
                    } else {
                        pairs[key] = Int16(clamping: Int(pairs[key] ?? 0) + Int(value))
                    }
                }
            }
            // Format 0's real size follows from the pair count; other formats use the length field.
            offset += format == 0 ? 14 + pairCount * 6 : max(length, 6)
        }
        return pairs
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset + 1 < bytes.count else { return 0 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }
}
