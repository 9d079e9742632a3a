/// Why a recording could not be read or written.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    case badHeader(String)
    /// A complete line (1-based number) that is not a valid event.
    case badLine(Int, String)
    case io(String)
    case badName(String)
    /// A new recording's file exists already (the path), and was not to be replaced.
    case exists(String)

    public var description: String {
        switch self {
        case let .badHeader(m): return "bad header: \(m)"
        case let .badLine(n, m): return "line \(n): \(m)"
        case let .io(m): return m
        case let .badName(m): return m
        case let .exists(path): return "\(path) exists"
        }
    }
}
