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
    /// The first entry's due time and sequence, kept beside the entries: every frame asks whether
    /// a timer is due, and reading `entries.first` reads the array's storage, a cache line of its
    /// own that is cold by the next frame when a server runs many sessions
    /// (docs/benchmarks.md, "Third round, fewer cache lines per frame").
    private(set) var firstKey: (due: Double, sequence: Int)?

    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ entry: Entry) {
        defer { noteFirst() }
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
        defer { noteFirst() }
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index)
    }

    mutating func removeAll(owner: String) {
        entries.removeAll { $0.tag.owner == owner }
        noteFirst()
    }

    mutating func popFirst() -> Entry? {
        defer { noteFirst() }
        return entries.isEmpty ? nil : entries.removeFirst()
    }

    private mutating func noteFirst() {
        firstKey = entries.first.map { ($0.due, $0.sequence) }
    }
}
