/// A structured error for a command, with one of docs/protocol.md section 2's codes.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error codes of the wire protocol.
    public enum Code: String, Equatable, Sendable, CaseIterable {
        case badJSON = "bad_json"
        case badRequest = "bad_request"
        case unknownOp = "unknown_op"
        case unknownTarget = "unknown_target"
        case duplicateTarget = "duplicate_target"
        case noSession = "no_session"
        case notAllowed = "not_allowed"
        case conflict
        case limit
        case notFound = "not_found"
        case io
    }

    public var code: Code
    /// A human-readable message that names the field and what was wrong.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// `bad_request` for a field.
    public static func badField(_ field: String, _ problem: String) -> CommandError {
        CommandError(.badRequest, "\(field) \(problem)")
    }
}
