public import ComponentSupport
public import Geometry
public import JSON

/// Reads typed, validated fields from a command object. Every failure is a `bad_request`
/// that names the field, what was expected and what was given. Unknown fields are ignored.
public struct FieldReader: Sendable {
    public let object: JSONObject

    public init(_ object: JSONObject) { self.object = object }

    /// Whether the field is present (and not null).
    public func has(_ field: String) -> Bool {
        guard let value = object[field] else { return false }
        return !value.isNull
    }

    /// A short rendering of a value for error messages (at most 40 characters).
    public static func describe(_ value: JSONValue) -> String {
        let text = value.canonicalString
        return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }

    private func got(_ value: JSONValue) -> String { "got \(FieldReader.describe(value))" }

    // MARK: Numbers

    /// An optional finite number within `range`.
    public func number(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Double? {
        guard let value = object[field], !value.isNull else { return nil }
        // One message for a value of the wrong type and one out of range: either way the
        // caller learns what is accepted (docs/protocol.md section 2's example).
        guard let n = value.doubleValue, n.isFinite, range.contains(n) else {
            throw .badField(
                field,
                "must be a number in \(FieldReader.format(range.lowerBound))...\(FieldReader.format(range.upperBound)), \(got(value))"
            )
        }
        return n
    }

    /// A required finite number within `range`.
    public func requireNumber(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Double {
        guard let n = try number(field, in: range) else {
            throw .badField(
                field,
                "is required (a number in \(FieldReader.format(range.lowerBound))...\(FieldReader.format(range.upperBound)))"
            )
        }
        return n
    }

    /// An optional integer within `range`.
    public func integer(_ field: String, in range: ClosedRange<Int>) throws(CommandError) -> Int? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let n = value.doubleValue, n.isFinite, n == n.rounded(), abs(n) < 9e15 else {
            throw .badField(field, "must be an integer, \(got(value))")
        }
        guard range.contains(Int(n)) else {
            throw .badField(field, "must be an integer in \(range.lowerBound)...\(range.upperBound), \(got(value))")
        }
        return Int(n)
    }

    static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }

    // MARK: Strings, booleans, enums

    /// An optional string of at most `maxLength` characters.
    public func string(_ field: String, maxLength: Int = 1000) throws(CommandError) -> String? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let s = value.stringValue else { throw .badField(field, "must be a string, \(got(value))") }
        guard s.count <= maxLength else {
            throw .badField(field, "must be at most \(maxLength) characters, got \(s.count)")
        }
        return s
    }

    /// An optional Boolean.
    public func bool(_ field: String) throws(CommandError) -> Bool? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let b = value.boolValue else { throw .badField(field, "must be true or false, \(got(value))") }
        return b
    }

    /// An optional string from a fixed set of choices.
    public func choice<E: RawRepresentable & CaseIterable>(_ field: String, as type: E.Type) throws(CommandError) -> E?
    where E.RawValue == String {
        guard let value = object[field], !value.isNull else { return nil }
        guard let s = value.stringValue, let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .badField(field, "must be one of \(names), \(got(value))")
        }
        return e
    }

    /// A required component id: 1-64 of A-Za-z0-9_- (docs/protocol.md section 4).
    public func requireTarget(_ field: String = "target") throws(CommandError) -> String {
        guard let t = try target(field) else { throw .badField(field, "is required (1-64 of A-Za-z0-9_-)") }
        return t
    }

    /// An optional component id.
    public func target(_ field: String = "target") throws(CommandError) -> String? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let s = value.stringValue, FieldReader.isValidTarget(s) else {
            throw .badField(field, "must be 1-64 of A-Za-z0-9_-, \(got(value))")
        }
        return s
    }

    /// Whether `s` is 1-64 characters of A-Za-z0-9_- (``TargetID/isValid(_:)``).
    public static func isValidTarget(_ s: String) -> Bool { TargetID.isValid(s) }

    // MARK: Geometry

    /// An optional colour "#rrggbb" or "#rrggbbaa".
    public func color(_ field: String) throws(CommandError) -> Color? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let s = value.stringValue, let c = Color(hex: s) else {
            throw .badField(field, "must be a colour \"#rrggbb\" or \"#rrggbbaa\", \(got(value))")
        }
        return c
    }

    /// An optional object field read with its own reader: nil when absent or null; a
    /// `bad_request` "must be `expected`" when it is not an object; and an error inside it
    /// names the full path (`frame.width ...`, `screens[1].rows.count ...`).
    public func nested<T>(
        _ field: String, expected: String, _ read: (FieldReader) throws(CommandError) -> T
    ) throws(CommandError) -> T? {
        guard let value = object[field], !value.isNull else { return nil }
        return try FieldReader.nested(value, field: field, expected: expected, read)
    }

    /// `value` (a field or an array element named `field`) read as an object with its own reader;
    /// errors as ``nested(_:expected:_:)``.
    public static func nested<T>(
        _ value: JSONValue, field: String, expected: String, _ read: (FieldReader) throws(CommandError) -> T
    ) throws(CommandError) -> T {
        guard let inner = value.objectValue else {
            throw .badField(field, "must be \(expected), got \(describe(value))")
        }
        do {
            return try read(FieldReader(inner))
        } catch {
            throw CommandError(.badRequest, field + "." + error.message)
        }
    }

    /// An optional object {width, height}, each within `range`.
    public func size(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Size? {
        try nested(field, expected: #"an object {"width","height"}"#) { r throws(CommandError) in
            Size(width: try r.requireNumber("width", in: range), height: try r.requireNumber("height", in: range))
        }
    }

    /// An optional object {x, y}, each within `range`.
    public func point(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Point? {
        try nested(field, expected: #"an object {"x","y"}"#) { r throws(CommandError) in
            Point(x: try r.requireNumber("x", in: range), y: try r.requireNumber("y", in: range))
        }
    }

    /// An optional object {x, y, width, height}: x and y within `origin`, width and height within `extent`.
    public func rect(
        _ field: String, origin: ClosedRange<Double>, extent: ClosedRange<Double>
    ) throws(CommandError) -> Rect? {
        try nested(field, expected: #"an object {"x","y","width","height"}"#) { r throws(CommandError) in
            Rect(
                x: try r.requireNumber("x", in: origin), y: try r.requireNumber("y", in: origin),
                width: try r.requireNumber("width", in: extent), height: try r.requireNumber("height", in: extent))
        }
    }
}
