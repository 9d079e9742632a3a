import JSON

/// Numbers formatted once the way ``PathBuilder`` writes path data (``DisplayList/decimals``
/// decimals at most), to be copied into paths built later
/// (``PathBuilder/horizontalLine(from:to:y:of:)``): for values that stay the same while a path
/// around them is built again every frame, such as the rows' separators of a sliding screen.
public struct PathNumbers: Sendable {
    /// The numbers' text one after the other; number `i` ends at `ends[i]`.
    private(set) var text: [UInt8] = []
    private var ends: [Int] = []

    /// No numbers.
    public init() {}

    /// `values`, formatted.
    public init(_ values: some Sequence<Double>) {
        var writer = JSONWriter(capacity: 16 * values.underestimatedCount)
        for value in values {
            writer.appendNumber(value, decimals: DisplayList.decimals)
            ends.append(writer.count)
        }
        text = writer.bytes
    }

    /// How many numbers there are.
    public var count: Int { ends.count }

    /// Where number `index`'s text stands in ``text`` (nil past the last).
    func range(at index: Int) -> Range<Int>? {
        guard index >= 0, index < ends.count else { return nil }
        return (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }
}
