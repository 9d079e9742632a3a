public import InPlace

/// A map from open connections to values, stored in an array indexed by each connection's slot
/// (its socket's descriptor) rather than hashed: the per-frame paths look a connection up
/// several times per frame, and a `Dictionary` hashed the ID (SipHash) on each
/// (docs/benchmarks.md, "Third round, reading in place").
///
/// A slot is reused by a later connection once its socket closes; the map keeps the ID it
/// stored with each value, so a stale ID finds nothing, and storing a value for a new
/// connection in a slot still holding a closed one's replaces it.
public struct ConnectionMap<Value> {
    // Inlinable throughout: the map is generic and used from other modules on per-frame paths,
    // where an unspecialised call goes through value witnesses and generic metadata.

    /// `rawValue` of the ID each slot's value belongs to; 0 for an empty slot.
    @usableFromInline var owners: [UInt64] = []
    @usableFromInline var values: [Value?] = []
    @usableFromInline var storedCount = 0

    /// The number of values stored.
    @inlinable public var count: Int { storedCount }

    /// An empty map.
    @inlinable public init() {}

    /// Whether no value is stored.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The value stored for `id`, nil when there is none; assigning nil removes it.
    @inlinable public subscript(id: ConnectionID) -> Value? {
        get {
            guard holds(id) else { return nil }
            return values[id.slot]
        }
        set {
            if let newValue {
                insert(newValue, for: id)
            } else if holds(id) {
                owners[id.slot] = 0
                values[id.slot] = nil
                storedCount -= 1
            }
        }
    }

    /// Calls `body` with the value stored for `id` where it is stored, without copying it (see
    /// `Array.withElementInPlace`); nil when there is none. `body` must only read the value.
    @inlinable public func withValueInPlace<Result>(for id: ConnectionID, _ body: (inout Value) -> Result) -> Result? {
        guard holds(id) else { return nil }
        return values.withElementInPlace(at: id.slot) { slot -> Result? in
            // A pattern, not `slot != nil`, which would copy the value to compare it.
            if case .none = slot { return nil }
            return body(&slot!)
        }
    }

    /// Every stored value, in slot order.
    @inlinable public var allValues: [Value] {
        values.compactMap { $0 }
    }

    /// Removes every value.
    @inlinable public mutating func removeAll() {
        owners = []
        values = []
        storedCount = 0
    }

    @inlinable func holds(_ id: ConnectionID) -> Bool {
        id.slot < owners.count && owners[id.slot] == id.rawValue
    }

    @usableFromInline mutating func insert(_ value: Value, for id: ConnectionID) {
        if id.slot >= owners.count {
            let grown = max(id.slot + 1, owners.count * 2, 64)
            owners.append(contentsOf: repeatElement(0, count: grown - owners.count))
            values.append(contentsOf: repeatElement(nil, count: grown - values.count))
        }
        // A slot still holding a closed connection's value is taken over (its ID is stale).
        if owners[id.slot] == 0 { storedCount += 1 }
        owners[id.slot] = id.rawValue
        values[id.slot] = value
    }
}
