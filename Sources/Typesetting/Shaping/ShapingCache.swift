import Synchronization

/// Shaped lines of one primary face, by text, fallback face and paragraph direction: HUD and
/// scroll-view labels are measured again on every layout with the same strings, and shaping is
/// the costly part of measuring.
///
/// Bounded: two generations of at most ``capacity`` entries each. A lookup promotes an entry of
/// the old generation; when the new one is full it becomes the old one and the oldest is dropped,
/// so memory stays under 2 x ``capacity`` lines with O(1) work per access. One lock guards it:
/// render threads only hold it for a dictionary lookup or insert, never while shaping.
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
        var previous: [Key: ShapedLine] = [:]
    }

    /// Entries per generation.
    static let capacity = 4096

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

    /// The number of cached lines (both generations; an entry promoted from the old one counts twice).
    var count: Int {
        generations.withLock { $0.current.count + $0.previous.count }
    }

    private static func insert(_ line: ShapedLine, for key: Key, into state: inout Generations) {
        if state.current.count >= capacity {
            state.previous = state.current
            state.current = [:]
        }
        state.current[key] = line
    }
}
