/// Why a font file could not be loaded.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that failed.
    public var path: String
    /// What went wrong.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot load font \(path): \(reason)" }
}
