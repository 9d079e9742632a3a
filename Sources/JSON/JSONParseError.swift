/// Why ``JSONParser`` rejected its input, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class of problem, for programs to branch on.
    public enum Kind: String, Equatable, Sendable {
        /// The input ended inside a value (or was empty).
        case unexpectedEnd
        /// A byte that cannot start or continue a value here (including `NaN`, `Infinity`, and trailing commas).
        case unexpectedCharacter
        /// A number that breaks RFC 8259's grammar, such as a leading zero or a bare dot.
        case invalidNumber
        /// A number too large for a Double (it would be infinite).
        case numberOutOfRange
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// A bad backslash escape, or a `\u` surrogate without its partner.
        case invalidEscape
        /// An unescaped control character (U+0000...U+001F) inside a string.
        case controlCharacterInString
        /// Arrays and objects nested deeper than the parser's limit.
        case tooDeep
        /// Something after the top-level value other than whitespace.
        case trailingData
    }

    /// The class of problem.
    public var kind: Kind
    /// The byte offset in the input where the problem was found.
    public var offset: Int
    /// A human-readable explanation, naming what was expected.
    public var message: String

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// The message with its location.
    public var description: String { "\(message) at byte \(offset)" }
}
