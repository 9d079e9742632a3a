import Synchronization

/// The revision of each component stack's model state, for ``IncrementalDisplayList`` keys
/// (docs/architecture.md, "Incremental rendering").
///
/// Every change to a stack (a command, a timeline event offered to it, a pointer event) gives
/// it a new revision, drawn from one counter for the whole process: no two stacks, scenes or
/// states ever share a revision, so a revision names one stack's exact model state. A scene put
/// back to an earlier copy (a refused command) gets that copy's revisions back with its state.
/// Revisions are not part of the simulation: nothing but drawing keys reads them.
struct StackRevisions: Sendable {
    private static let counter = Atomic<UInt64>(0)

    /// A revision never given before.
    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }

    /// The scene's own, for what never changes after it is made (the phone chrome).
    let scene = next()
    var huds = next()
    var bars = next()
    var scrolls = next()
    var navs = next()
}
