/// One `name=value` argument of a request's query string, as libwebsockets split
/// and URL-decoded it.
public struct QueryItem: Sendable, Hashable {
    /// The part before the first `=`.
    public var name: String
    /// The part after the first `=` (empty when there is none).
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Splits one decoded `name=value` fragment at its first `=`.
    init(fragment: String) {
        if let equals = fragment.firstIndex(of: "=") {
            name = String(fragment[..<equals])
            value = String(fragment[fragment.index(after: equals)...])
        } else {
            name = fragment
            value = ""
        }
    }
}
