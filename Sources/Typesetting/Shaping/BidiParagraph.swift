import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) for one line: the paragraph direction from the
/// first strong character (rules P2, P3, left-to-right when there is none, as UILabel's natural
/// direction and CoreText do), and the resolved embedding level of each scalar from GNU FriBidi
/// (rules X1 to I2, and L1's resetting of trailing whitespace to the paragraph level).
struct BidiParagraph {
    /// Whether the paragraph is right-to-left (its first strong character is R or AL).
    let isRightToLeft: Bool
    /// The level of each scalar: even is left-to-right, odd right-to-left.
    let levels: [Int8]

    /// Resolves the levels of `scalars`.
    /// - Parameter rightToLeft: the paragraph direction, or nil for the first strong character's
    ///   (``isRightToLeft(_:)``).
    init(_ scalars: [UInt32], rightToLeft: Bool? = nil) {
        let rightToLeft = rightToLeft ?? BidiParagraph.isRightToLeft(scalars: scalars)
        let count = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction = rightToLeft ? kPCFriBidiParRTL : kPCFriBidiParLTR
        let length = FriBidiStrIndex(clamping: count)
        let maxLevel = scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { types in
                fribidi_get_bidi_types(text.baseAddress, length, types.baseAddress)
                return brackets.withUnsafeMutableBufferPointer { brackets in
                    fribidi_get_bracket_types(text.baseAddress, length, types.baseAddress, brackets.baseAddress)
                    return levels.withUnsafeMutableBufferPointer { levels in
                        fribidi_get_par_embedding_levels_ex(
                            types.baseAddress, brackets.baseAddress, length, &direction, levels.baseAddress)
                    }
                }
            }
        }
        // 0 means FriBidi failed (out of memory): lay the line out left to right, unreordered.
        guard maxLevel > 0 else {
            isRightToLeft = rightToLeft
            self.levels = [Int8](repeating: 0, count: count)
            return
        }
        isRightToLeft = rightToLeft
        self.levels = levels
    }

    /// The paragraph direction of `text` (rules P2, P3): that of the first strong character
    /// (L, R or AL) outside isolates (LRI, RLI, FSI up to the matching PDI), left-to-right when
    /// there is none.
    static func isRightToLeft(_ text: some StringProtocol) -> Bool {
        isRightToLeft(scalars: text.unicodeScalars.lazy.map(\.value))
    }

    private static func isRightToLeft(scalars: some Sequence<UInt32>) -> Bool {
        var isolates = 0
        for scalar in scalars {
            let type = fribidi_get_bidi_type(scalar)
            if type == kPCFriBidiTypeLRI || type == kPCFriBidiTypeRLI || type == kPCFriBidiTypeFSI {
                isolates += 1
            } else if type == kPCFriBidiTypePDI {
                isolates = max(isolates - 1, 0)
            } else if isolates == 0, type == kPCFriBidiTypeR || type == kPCFriBidiTypeAL {
                return true
            } else if isolates == 0, type == kPCFriBidiTypeL {
                return false
            }
        }
        return false
    }

    /// Visual order of the runs `0..<levels.count` given each run's level (rule L2): from the
    /// highest level down to the lowest odd level, every maximal sequence of runs at that level or
    /// higher is reversed.
    static func visualOrder(ofRunLevels levels: [Int8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }
}
