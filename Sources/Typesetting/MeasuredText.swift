/// A string split into grapheme clusters (Characters), with an estimate of the width of any run
/// of whole characters taken from one shaping of the whole string: the sum of its clusters'
/// advances. A run shaped on its own can differ at its ends (a ligature or kerning pair cut in
/// two, an Arabic letter taking its final form), so layout only uses estimates to find candidate
/// lines and measures each candidate it keeps by shaping it (``Font/width(of:)``).
struct MeasuredText {
    let characters: [Character]
    /// The string, and where each character starts in it (then its end), so a run of characters
    /// is one slice: building it character by character grew a string per character.
    private let text: String
    private let starts: [String.Index]
    /// The first Unicode scalar of each character, for the line-breaking rules.
    let leadingScalars: [UInt32]
    /// `prefix[k]`: the estimated width in points of characters `0..<k`.
    private let prefix: [Double]

    init(_ text: String, font: Font, rightToLeft: Bool? = nil) {
        characters = Array(text)
        self.text = text
        var starts = Array(text.indices)
        starts.append(text.endIndex)
        self.starts = starts
        let line = font.shaped(text, rightToLeft: rightToLeft)
        let scales = font.faces.map { font.scale(of: $0) }
        var prefix = [0.0]
        var leadingScalars: [UInt32] = []
        prefix.reserveCapacity(characters.count + 1)
        leadingScalars.reserveCapacity(characters.count)
        var scalarIndex = 0
        var running = 0.0
        for character in characters {
            leadingScalars.append(character.unicodeScalars.first?.value ?? 0)
            for _ in character.unicodeScalars {
                if scalarIndex < line.clusterAdvances.count {
                    let face = Int(line.clusterFaces[scalarIndex])
                    running += Double(line.clusterAdvances[scalarIndex]) * (face < scales.count ? scales[face] : 0)
                }
                scalarIndex += 1
            }
            prefix.append(running)
        }
        self.prefix = prefix
        self.leadingScalars = leadingScalars
    }

    var count: Int { characters.count }

    /// The estimated width of characters `start..<end`.
    func estimate(from start: Int, to end: Int) -> Double {
        start < end ? prefix[end] - prefix[start] : 0
    }

    /// Characters `start..<end` as a string.
    func text(from start: Int, to end: Int) -> String {
        start < end ? String(text[starts[start]..<starts[end]]) : ""
    }
}
