/// Component timers ordered by due time, then by insertion order.
struct TimerQueue: Sendable {
    struct Entry: Sendable, Equatable {
        var due: Double
        var sequence: Int
        var id: TimerID
        var tag: TimerTag
    }

    /// Sorted by (due, sequence).
    private(set) var entries: [Entry] = []

    var first: Entry? { entries.first }
    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ entry: Entry) {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let e = entries[mid]
            if e.due < entry.due || (e.due == entry.due && e.sequence < entry.sequence) {
                lo = mid + 1
            } else {
                hi = mid
            }
        }
        entries.insert(entry, at: lo)
    }

    @discardableResult
    mutating func remove(_ id: TimerID) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index)
    }

    mutating func removeAll(owner: String) {
        entries.removeAll { $0.tag.owner == owner }
    }

    mutating func popFirst() -> Entry? {
        entries.isEmpty ? nil : entries.removeFirst()
    }
}
