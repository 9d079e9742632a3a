import CHarfBuzz

/// One line of text shaped with HarfBuzz as Chromium shapes canvas text (and CoreText a UILabel):
///
/// 1. Tab, line feed, form feed and carriage return become spaces (the canvas text preparation
///    algorithm replaces ASCII whitespace with U+0020 before shaping).
/// 2. Bidi: FriBidi resolves each scalar's embedding level (``BidiParagraph``); the paragraph
///    direction is the first strong character's unless the caller gives one.
/// 3. Script: each scalar's Unicode script (HarfBuzz's Unicode functions); Common, Inherited and
///    Unknown scalars (spaces, digits, punctuation, combining marks) take the script of the
///    character before them, or the first real script for those at the start.
/// 4. Items: maximal ranges of one level and one script, each shaped in its direction and script
///    with the whole line as context, so letters at an item's ends join as they do in the line.
/// 5. Font fallback per item, as Chromium's HarfBuzzShaper does with the CSS family list
///    `"ProgressCast Sans", "ProgressCast CJK"`: shape with the first face; clusters holding a
///    `.notdef` glyph are reshaped with the next face; clusters no face has keep the first face's
///    `.notdef` (Chromium's last fallback stage reshapes them with its first candidate font).
/// 6. Items are put in visual order (rule L2); HarfBuzz already returns each right-to-left item's
///    glyphs in visual order.
///
/// Advances stay integers in each face's font units, summed per face and scaled to points only
/// when asked, so a shaped line serves every size.
struct ShapedLine: Sendable {
    /// Glyphs of one face in one direction, in visual order.
    struct Run: Sendable, Equatable {
        /// Index of the face in ``Font/faces`` (0 primary, 1 fallback).
        var face: Int
        var glyphs: [ShapedGlyph]
        var isRightToLeft: Bool
    }

    /// The runs in visual (left-to-right drawing) order.
    let runs: [Run]
    /// Whether the paragraph direction is right-to-left.
    let isRightToLeft: Bool
    /// The line's advance in font units of each face (index as in ``Run/face``).
    let advances: [Int]
    /// The advance of every scalar's cluster, in font units of `clusterFaces[i]`, at the index of
    /// the cluster's first scalar (0 for the other scalars of a cluster).
    let clusterAdvances: [Int32]
    /// The face each entry of `clusterAdvances` is in.
    let clusterFaces: [UInt8]

    /// Shapes `text` with `faces` (the first is the primary face, the rest its fallbacks in order).
    /// - Parameter rightToLeft: the paragraph direction, or nil for the first strong character's.
    init(_ text: some StringProtocol, faces: [FontFace], rightToLeft: Bool?) {
        let scalars = text.unicodeScalars.map { scalar -> UInt32 in
            switch scalar.value {
            case 0x09, 0x0A, 0x0C, 0x0D: 0x20
            default: scalar.value
            }
        }
        var clusterAdvances = [Int32](repeating: 0, count: scalars.count)
        var clusterFaces = [UInt8](repeating: 0, count: scalars.count)
        var advances = [Int](repeating: 0, count: faces.count)
        guard !scalars.isEmpty, !faces.isEmpty else {
            runs = []
            isRightToLeft = rightToLeft ?? false
            self.advances = advances
            self.clusterAdvances = clusterAdvances
            self.clusterFaces = clusterFaces
            return
        }
        let bidi = BidiParagraph(scalars, rightToLeft: rightToLeft)
        let items = ShapedLine.items(scalars, levels: bidi.levels)
        let order = BidiParagraph.visualOrder(ofRunLevels: items.map(\.level))
        var runs: [Run] = []
        scalars.withUnsafeBufferPointer { text in
            for item in order.map({ items[$0] }) {
                let shaper = ItemShaper(
                    text: text, faces: faces, isRightToLeft: item.level % 2 == 1, script: item.script)
                var pieces: [Run] = []
                shaper.shape(item.range, faceIndex: 0, into: &pieces)
                runs += shaper.isRightToLeft ? pieces.reversed() : pieces
            }
        }
        for run in runs {
            for glyph in run.glyphs {
                advances[run.face] += glyph.advance
                if glyph.cluster < clusterAdvances.count {
                    clusterAdvances[glyph.cluster] &+= Int32(clamping: glyph.advance)
                    clusterFaces[glyph.cluster] = UInt8(clamping: run.face)
                }
            }
        }
        self.runs = runs
        isRightToLeft = bidi.isRightToLeft
        self.advances = advances
        self.clusterAdvances = clusterAdvances
        self.clusterFaces = clusterFaces
    }

    /// A range of scalars shaped as one HarfBuzz buffer (before font fallback splits it).
    private struct Item {
        var range: Range<Int>
        var level: Int8
        var script: hb_script_t
    }

    /// Maximal ranges of equal bidi level and script, in logical order.
    private static func items(_ scalars: [UInt32], levels: [Int8]) -> [Item] {
        let scripts = resolvedScripts(scalars)
        var items: [Item] = []
        var start = 0
        for index in 1...scalars.count
        where index == scalars.count || levels[index] != levels[start] || scripts[index] != scripts[start] {
            items.append(Item(range: start..<index, level: levels[start], script: scripts[start]))
            start = index
        }
        return items
    }

    /// Each scalar's script, with Common, Inherited and Unknown resolved to the script before
    /// them (or the first real script for those at the start; Common if there is none).
    private static func resolvedScripts(_ scalars: [UInt32]) -> [hb_script_t] {
        func isReal(_ script: hb_script_t) -> Bool {
            script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
        }
        var scripts = scalars.map(HarfBuzzFont.script(of:))
        let first = scripts.first(where: isReal) ?? HB_SCRIPT_COMMON
        var current = first
        for index in scripts.indices {
            if isReal(scripts[index]) {
                current = scripts[index]
            } else {
                scripts[index] = current
            }
        }
        return scripts
    }
}

/// Shapes one item with font fallback (step 5 of ``ShapedLine``).
private struct ItemShaper {
    let text: UnsafeBufferPointer<UInt32>
    let faces: [FontFace]
    let isRightToLeft: Bool
    let script: hb_script_t

    /// Appends the runs of `range`, in logical order, shaped with `faces[faceIndex]` where it has
    /// every glyph of a cluster and with the next faces elsewhere.
    func shape(_ range: Range<Int>, faceIndex: Int, into runs: inout [ShapedLine.Run]) {
        let glyphs = faces[faceIndex].shaper.shape(
            text, range: range, direction: isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, script: script)
        let isLast = faceIndex == faces.count - 1
        if isLast, faceIndex == 0 {
            runs.append(ShapedLine.Run(face: 0, glyphs: glyphs, isRightToLeft: isRightToLeft))
            return
        }
        // Clusters in logical order: each runs from its first scalar to the next cluster's.
        var missing: Set<Int> = []
        var starts: Set<Int> = []
        for glyph in glyphs {
            starts.insert(glyph.cluster)
            if glyph.id == 0 { missing.insert(glyph.cluster) }
        }
        guard !missing.isEmpty else {
            runs.append(ShapedLine.Run(face: faceIndex, glyphs: glyphs, isRightToLeft: isRightToLeft))
            return
        }
        let clusters = starts.sorted()
        var index = 0
        while index < clusters.count {
            let isMissing = missing.contains(clusters[index])
            var end = index + 1
            while end < clusters.count, missing.contains(clusters[end]) == isMissing { end += 1 }
            let lower = index == 0 ? range.lowerBound : clusters[index]
            let upper = end == clusters.count ? range.upperBound : clusters[end]
            let part = lower..<upper
            if !isMissing {
                runs.append(
                    ShapedLine.Run(
                        face: faceIndex, glyphs: glyphs.filter { part.contains($0.cluster) },
                        isRightToLeft: isRightToLeft))
            } else if !isLast {
                shape(part, faceIndex: faceIndex + 1, into: &runs)
            } else {
                let notdef = faces[0].shaper.shape(
                    text, range: part, direction: isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, script: script)
                runs.append(ShapedLine.Run(face: 0, glyphs: notdef, isRightToLeft: isRightToLeft))
            }
            index = end
        }
    }
}
