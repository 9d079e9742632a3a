import Geometry
import JSON
import Shapes

/// Why bytes are not a canonical JSON frame.
public struct JSONFrameError: Error, Equatable, CustomStringConvertible {
    /// Where decoding stopped: a JSON path such as `shapes[3].items[0].fill`.
    public var path: String
    public var reason: String

    public var description: String { "JSON frame: \(reason) at \(path)" }
}

/// Decodes `frame` messages in the canonical JSON that ``FrameEncoder`` writes (docs/protocol.md
/// sections 4 and 5) back into a display list, the inverse of ``FrameEncoder`` as
/// ``BinaryFrameDecoder`` is of ``BinaryFrameEncoder``: encoding the decoded list again, in JSON
/// or binary, gives the bytes the server wrote for the original list (numbers are the doubles
/// the text parses to, colours the bytes it spells).
///
/// The server uses it when a session's frame is wanted in the encoding it did not make: it keeps
/// a frame's encoded bytes, not its shapes (docs/architecture.md, "Incremental rendering").
/// It refuses what the encoder never writes rather than guessing: an unknown kind, a missing or
/// mistyped field, a colour that is not `#rrggbb` or `#rrggbbaa`.
public enum JSONFrameDecoder {
    /// The deepest group nesting accepted (as ``BinaryFrameDecoder/maxDepth``).
    public static let maxDepth = BinaryFrameDecoder.maxDepth

    /// Decodes one whole `frame` message.
    public static func decode(_ bytes: some Collection<UInt8>) throws(JSONFrameError) -> DecodedFrame {
        // Each group nests two levels (its object and its items array), under the frame's two.
        let frame = try message(bytes, type: "frame", maxDepth: 2 * maxDepth + 8)
        let seq = try whole(try frame.number("seq"), "seq")
        let size = Size(width: try frame.number("w"), height: try frame.number("h"))
        let shapes = try shapeList(frame.member("shapes"), path: "shapes", depth: 0)
        return DecodedFrame(seq: seq, time: try frame.number("t"), list: DisplayList(size: size, shapes: shapes))
    }

    /// Decodes one whole `delta` message (docs/protocol.md section 10).
    public static func decodeDelta(_ bytes: some Collection<UInt8>) throws(JSONFrameError) -> FrameDelta {
        // An edit's shapes nest three levels below the message (edits, the edit, its shapes).
        let delta = try message(bytes, type: "delta", maxDepth: 2 * maxDepth + 10)
        guard let entries = try delta.member("edits").arrayValue else {
            throw JSONFrameError(path: "edits", reason: "not an array")
        }
        var edits: [FrameDelta.Edit] = []
        for (index, entry) in entries.enumerated() {
            let path = "edits[\(index)]"
            guard let parts = entry.arrayValue, parts.count == 3, let at = parts[0].doubleValue,
                let removed = parts[1].doubleValue
            else {
                throw JSONFrameError(path: path, reason: "not [at, removed, [shapes]]")
            }
            edits.append(
                FrameDelta.Edit(
                    at: try whole(at, path + "[0]"), removed: try whole(removed, path + "[1]"),
                    shapes: try shapeList(parts[2], path: path + "[2]", depth: 0)))
        }
        return FrameDelta(
            seq: try whole(try delta.number("seq"), "seq"), base: try whole(try delta.number("base"), "base"),
            time: try delta.number("t"), shapeCount: try whole(try delta.number("n"), "n"), edits: edits)
    }

    /// The message's fields, once its bytes are JSON (nested at most `maxDepth` deep) and its
    /// `type` is `type`.
    private static func message(
        _ bytes: some Collection<UInt8>, type: String, maxDepth: Int
    ) throws(JSONFrameError) -> Fields {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maxDepth: maxDepth)
        } catch {
            throw JSONFrameError(path: "$", reason: "not JSON (\(error))")
        }
        let fields = Fields(value, path: "$")
        guard try fields.string("type") == type else { throw fields.failure("type is not \"\(type)\"") }
        return fields
    }

    /// `number` as an Int when it is a whole number from 0 to 2^62 (so the conversion cannot
    /// trap: Double(Int.max) rounds up to 2^63).
    private static func whole(_ number: Double, _ path: String) throws(JSONFrameError) -> Int {
        guard number >= 0, number <= Double(Int.max / 2), number == number.rounded() else {
            throw JSONFrameError(path: path, reason: "\(path) is not a whole number")
        }
        return Int(number)
    }

    private static func shapeList(_ value: JSONValue, path: String, depth: Int) throws(JSONFrameError) -> [Shape] {
        guard let items = value.arrayValue else { throw JSONFrameError(path: path, reason: "not an array") }
        var shapes: [Shape] = []
        shapes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            shapes.append(try shape(Fields(item, path: "\(path)[\(index)]"), depth: depth))
        }
        return shapes
    }

    private static func shape(_ fields: Fields, depth: Int) throws(JSONFrameError) -> Shape {
        let id = try fields.optionalString("id")
        switch try fields.string("kind") {
        case "rect":
            return .rect(
                RectShape(
                    id: id, frame: try fields.rect("x", "y", "w", "h"), cornerRadius: try fields.optionalNumber("r"),
                    fill: try fields.optionalColor("fill"), stroke: try fields.optionalColor("stroke"),
                    lineWidth: try fields.optionalNumber("lw")))
        case "arc":
            return .arc(
                ArcShape(
                    id: id, center: try fields.point("cx", "cy"), radius: try fields.number("r"),
                    startAngle: try fields.number("a0"), endAngle: try fields.number("a1"),
                    lineWidth: try fields.number("lw"), stroke: try fields.color("stroke"),
                    cap: try fields.optionalCase("cap", LineCap.init)))
        case "pie":
            return .pie(
                PieShape(
                    id: id, center: try fields.point("cx", "cy"), radius: try fields.number("r"),
                    startAngle: try fields.number("a0"), endAngle: try fields.number("a1"),
                    fill: try fields.color("fill")))
        case "line":
            return .line(
                LineShape(
                    id: id, start: try fields.point("x1", "y1"), end: try fields.point("x2", "y2"),
                    lineWidth: try fields.number("lw"), stroke: try fields.color("stroke"),
                    cap: try fields.optionalCase("cap", LineCap.init)))
        case "path":
            return .path(
                PathShape(
                    id: id, data: try fields.string("d"), fill: try fields.optionalColor("fill"),
                    stroke: try fields.optionalColor("stroke"), lineWidth: try fields.optionalNumber("lw"),
                    cap: try fields.optionalCase("cap", LineCap.init),
                    join: try fields.optionalCase("join", LineJoin.init)))
        case "text":
            let weight = try fields.number("weight")
            guard let fontWeight = FontWeight(rawValue: Int(exactly: weight) ?? -1) else {
                throw fields.failure("weight \(weight) is neither 400 nor 700", at: "weight")
            }
            let direction = try fields.optionalString("dir")
            guard direction == nil || direction == "rtl" else { throw fields.failure("dir is not \"rtl\"", at: "dir") }
            return .text(
                TextShape(
                    id: id, position: try fields.point("x", "y"), text: try fields.string("text"),
                    size: try fields.number("size"), weight: fontWeight, fill: try fields.color("fill"),
                    align: try fields.optionalCase("align", TextAlign.init),
                    baseline: try fields.optionalCase("baseline", TextBaseline.init), isRightToLeft: direction != nil))
        case "radial":
            guard let entries = try fields.member("stops").arrayValue else {
                throw fields.failure("not an array", at: "stops")
            }
            var stops: [RadialShape.Stop] = []
            for (index, entry) in entries.enumerated() {
                let path = "\(fields.path).stops[\(index)]"
                guard let pair = entry.arrayValue, pair.count == 2, let offset = pair[0].doubleValue,
                    let hex = pair[1].stringValue
                else { throw JSONFrameError(path: path, reason: "not an [offset, colour] pair") }
                stops.append(RadialShape.Stop(offset: offset, color: try Fields.color(hex, path: path)))
            }
            return .radial(
                RadialShape(
                    id: id, area: try fields.rect("x", "y", "w", "h"), center: try fields.point("cx", "cy"),
                    radius: try fields.number("r"), stops: stops))
        case "group":
            guard depth < maxDepth else { throw fields.failure("groups nested deeper than \(maxDepth)") }
            let matrix = try fields.optionalNumbers("m", count: 6)
            let clip = try fields.optionalNumbers("clip", count: 4).map {
                Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
            }
            return .group(
                GroupShape(
                    id: id, alpha: try fields.optionalNumber("alpha"), matrix: matrix, clip: clip,
                    items: try shapeList(fields.member("items"), path: "\(fields.path).items", depth: depth + 1)))
        case let kind:
            throw fields.failure("unknown shape kind \"\(kind)\"", at: "kind")
        }
    }
}

/// One JSON object's fields, read with the path of each for errors.
private struct Fields {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func failure(_ reason: String, at key: String? = nil) -> JSONFrameError {
        JSONFrameError(path: key.map { "\(path).\($0)" } ?? path, reason: reason)
    }

    func member(_ key: String) throws(JSONFrameError) -> JSONValue {
        guard value.objectValue != nil else { throw failure("not an object") }
        guard let member = value[key] else { throw failure("missing", at: key) }
        return member
    }

    func number(_ key: String) throws(JSONFrameError) -> Double {
        guard let number = try member(key).doubleValue else { throw failure("not a number", at: key) }
        return number
    }

    func optionalNumber(_ key: String) throws(JSONFrameError) -> Double? {
        value[key] == nil ? nil : try number(key)
    }

    func string(_ key: String) throws(JSONFrameError) -> String {
        guard let string = try member(key).stringValue else { throw failure("not a string", at: key) }
        return string
    }

    func optionalString(_ key: String) throws(JSONFrameError) -> String? {
        value[key] == nil ? nil : try string(key)
    }

    func point(_ x: String, _ y: String) throws(JSONFrameError) -> Point {
        Point(x: try number(x), y: try number(y))
    }

    func rect(_ x: String, _ y: String, _ width: String, _ height: String) throws(JSONFrameError) -> Rect {
        Rect(x: try number(x), y: try number(y), width: try number(width), height: try number(height))
    }

    func optionalNumbers(_ key: String, count: Int) throws(JSONFrameError) -> [Double]? {
        guard let entries = value[key] else { return nil }
        guard let array = entries.arrayValue, array.count == count else {
            throw failure("not an array of \(count) numbers", at: key)
        }
        var numbers: [Double] = []
        for entry in array {
            guard let number = entry.doubleValue else { throw failure("not an array of \(count) numbers", at: key) }
            numbers.append(number)
        }
        return numbers
    }

    func color(_ key: String) throws(JSONFrameError) -> Color {
        try Self.color(string(key), path: "\(path).\(key)")
    }

    func optionalColor(_ key: String) throws(JSONFrameError) -> Color? {
        value[key] == nil ? nil : try color(key)
    }

    func optionalCase<Value>(_ key: String, _ make: (String) -> Value?) throws(JSONFrameError) -> Value? {
        guard let name = try optionalString(key) else { return nil }
        guard let value = make(name) else { throw failure("unknown value \"\(name)\"", at: key) }
        return value
    }

    /// `#rrggbb` or `#rrggbbaa` as the colour its bytes spell (``Color/init(hex:)``), in lowercase
    /// as the encoder writes it.
    static func color(_ hex: String, path: String) throws(JSONFrameError) -> Color {
        guard hex == hex.lowercased(), let color = Color(hex: hex) else {
            throw JSONFrameError(path: path, reason: "colour \"\(hex)\" is not #rrggbb or #rrggbbaa")
        }
        return color
    }
}
