/// A JSON object: key/value members in their stored (document) order.
///
/// Duplicate keys are kept as they were read; ``subscript(_:)`` returns the last one, as
/// JavaScript's `JSON.parse` does. Lookup is a linear scan, which is fastest for the small
/// objects of the wire protocol.
public struct JSONObject: Equatable, Sendable {
    /// One key/value pair.
    public struct Member: Equatable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a value with these fields (see the type's documentation for their meaning).
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public var members: [Member]

    /// An object with these members, in this order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// An object from `(key, value)` pairs, in this order.
    public init(pairs: [(String, JSONValue)]) {
        self.members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the last member named `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        var index = members.endIndex
        while index > members.startIndex {
            index -= 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }

    /// The keys in order (repeated keys appear each time).
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Appends a member (it does not replace an existing one with the same key).
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}
