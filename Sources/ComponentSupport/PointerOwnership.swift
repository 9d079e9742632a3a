/// Which recogniser owns each active pointer. The first one that claims a pointer owns it
/// until that pointer goes up or is cancelled; later claims fail. The Scene routes a claimed
/// pointer's events straight to its owner instead of hit-testing them again, so a finger that
/// leaves a bar's enlarged area keeps dragging the bar (as UIKit keeps a touch on its view).
///
/// Claims are kept in the order made (deterministic, no hashing order).
public struct PointerOwnership: Equatable, Sendable {
    private struct Claim: Equatable, Sendable {
        var pointer: Int
        var owner: GestureOwner
    }

    private var claims: [Claim] = []

    /// No pointer owned.
    public init() {}

    /// The owner of `pointer`, or nil when nobody has claimed it.
    public func owner(of pointer: Int) -> GestureOwner? {
        claims.first { $0.pointer == pointer }?.owner
    }

    /// Claims `pointer` for `owner`. Returns true when `owner` now owns it (a new claim, or it
    /// already did), false when another owner holds it.
    @discardableResult
    public mutating func claim(_ pointer: Int, for owner: GestureOwner) -> Bool {
        if let existing = self.owner(of: pointer) { return existing == owner }
        claims.append(Claim(pointer: pointer, owner: owner))
        return true
    }

    /// Releases `pointer` (whoever owns it).
    public mutating func release(_ pointer: Int) {
        claims.removeAll { $0.pointer == pointer }
    }

    /// Releases every pointer `owner` holds (for example when its component is removed).
    public mutating func releaseAll(ownedBy owner: GestureOwner) {
        claims.removeAll { $0.owner == owner }
    }

    /// Call after an event has been routed: an up or cancel releases its pointer.
    public mutating func finish(_ event: PointerEvent) {
        if event.phase.endsPointer { release(event.pointer) }
    }

    /// The pointers currently owned, in the order claimed.
    public var ownedPointers: [Int] { claims.map(\.pointer) }

    /// Whether no pointer is owned.
    public var isEmpty: Bool { claims.isEmpty }
}
