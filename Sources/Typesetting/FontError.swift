/// Why a font file could not be loaded.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that failed.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The message with its location.
    public var description: String { "cannot load font \(path): \(reason)" }
}
