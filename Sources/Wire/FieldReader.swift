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
        guard let n = value.doubleValue, n.isFinite else { throw .badField(field, "must be a number, \(got(value))") }
        guard range.contains(n) else {
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

    /// An optional object {width, height}, each within `range`.
    public func size(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Size? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let inner = value.objectValue else {
            throw .badField(field, "must be an object {\"width\",\"height\"}, \(got(value))")
        }
        let reader = FieldReader(inner)
        do {
            let w = try reader.requireNumber("width", in: range)
            let h = try reader.requireNumber("height", in: range)
            return Size(width: w, height: h)
        } catch {
            throw CommandError(.badRequest, field + "." + error.message)
        }
    }

    /// An optional object {x, y}, each within `range`.
    public func point(_ field: String, in range: ClosedRange<Double>) throws(CommandError) -> Point? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let inner = value.objectValue else {
            throw .badField(field, "must be an object {\"x\",\"y\"}, \(got(value))")
        }
        let reader = FieldReader(inner)
        do {
            let x = try reader.requireNumber("x", in: range)
            let y = try reader.requireNumber("y", in: range)
            return Point(x: x, y: y)
        } catch {
            throw CommandError(.badRequest, field + "." + error.message)
        }
    }

    /// An optional object {x, y, width, height}: x and y within `origin`, width and height within `extent`.
    public func rect(
        _ field: String, origin: ClosedRange<Double>, extent: ClosedRange<Double>
    ) throws(CommandError) -> Rect? {
        guard let value = object[field], !value.isNull else { return nil }
        guard let inner = value.objectValue else {
            throw .badField(field, "must be an object {\"x\",\"y\",\"width\",\"height\"}, \(got(value))")
        }
        let reader = FieldReader(inner)
        do {
            let x = try reader.requireNumber("x", in: origin)
            let y = try reader.requireNumber("y", in: origin)
            let w = try reader.requireNumber("width", in: extent)
            let h = try reader.requireNumber("height", in: extent)
            return Rect(x: x, y: y, width: w, height: h)
        } catch {
            throw CommandError(.badRequest, field + "." + error.message)
        }
    }
}
