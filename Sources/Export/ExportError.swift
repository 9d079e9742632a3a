/// Why an export failed; the message says what to change.
public struct ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Equatable, Sendable {
        /// A setting out of range or a range outside the recording (HTTP 400).
        case badSettings
        /// ffmpeg is not installed (HTTP 503).
        case ffmpegMissing
        /// ffmpeg failed or was killed (HTTP 500).
        case ffmpegFailed
        /// The recording holds nothing to export: no command at all, not even the
        /// `session.create` it starts with (HTTP 400).
        case badRecording
        /// The time or size limit was reached (HTTP 413).
        case limit
        /// The export was cancelled (the client went away).
        case cancelled
        /// Drawing or writing files failed (HTTP 500).
        case io
    }

    /// What went wrong.
    public var kind: Kind
    /// For a person.
    public var message: String

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
