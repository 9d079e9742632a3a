/// Why a frame could not be rasterised or written.
public struct RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
