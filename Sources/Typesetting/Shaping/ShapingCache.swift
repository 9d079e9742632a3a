import Synchronization

/// Shaped lines of one primary face, by text, fallback face and paragraph direction: HUD and
/// scroll-view labels are measured again on every layout with the same strings, and shaping is
/// the costly part of measuring.
///
/// Bounded by the Unicode scalars it holds (a line's memory grows with its length): two
/// generations of at most ``capacity`` scalars each. A lookup promotes a line of the old
/// generation; when the new one is full it becomes the old one and the oldest is dropped, so the
/// cache holds at most 2 x ``capacity`` scalars (about 40 bytes each) with O(1) work per access.
/// One lock guards it: render threads hold it for a dictionary lookup or insert, never while
/// shaping.
final class ShapingCache: Sendable {
    /// What a shaped line depends on besides the primary face (size does not: lines are in font
    /// units).
    struct Key: Hashable, Sendable {
        var text: String
        var fallbackPath: String?
        /// nil for the first strong character's direction.
        var rightToLeft: Bool?
    }

    private struct Generations: ~Copyable {
        var current: [Key: ShapedLine] = [:]
        var currentScalars = 0
        var previous: [Key: ShapedLine] = [:]
        var previousScalars = 0
    }

    /// Scalars per generation (about 2.5 MB of shaped lines: some 13,000 labels of 20 characters).
    static let capacity = 1 << 16

    private let generations = Mutex(Generations())

    init() {}

    /// The cached line for `key`, or `make()`'s, which is then cached.
    func line(for key: Key, make: () -> ShapedLine) -> ShapedLine {
        let found: ShapedLine? = generations.withLock { state in
            if let line = state.current[key] { return line }
            guard let line = state.previous[key] else { return nil }
            ShapingCache.insert(line, for: key, into: &state)
            return line
        }
        if let found { return found }
        let line = make()
        generations.withLock { ShapingCache.insert(line, for: key, into: &$0) }
        return line
    }

    /// The scalars held by both generations (a line promoted from the old one counts twice).
    var scalarCount: Int {
        generations.withLock { $0.currentScalars + $0.previousScalars }
    }

    private static func insert(_ line: ShapedLine, for key: Key, into state: inout Generations) {
        let weight = line.clusterAdvances.count + 1
        guard state.current[key] == nil else { return }
        if state.currentScalars + weight > capacity {
            state.previous = state.current
            state.previousScalars = state.currentScalars
            state.current = [:]
            state.currentScalars = 0
        }
        state.current[key] = line
        state.currentScalars += weight
    }
}
