public import JSON

/// Line 1 of a `.pcast` file (docs/protocol.md section 7).
public struct RecordingHeader: Equatable, Sendable {
    public var title: String
    /// ISO 8601 UTC, e.g. "2026-11-21T10:00:00Z".
    public var created: String
    public var canvasWidth: Double
    public var canvasHeight: Double
    public var fps: Int
    public var generator: String
    /// The clock of the recorded session ("live" or "manual"), an addition to the format.
    public var clock: String
    /// Fields this version does not know, kept in order so a rewrite loses nothing.
    public var extra: JSONObject

    public static let format = "progresscast"
    public static let version = 1

    public init(
        title: String, created: String, canvasWidth: Double, canvasHeight: Double, fps: Int,
        generator: String, clock: String = "live", extra: JSONObject = JSONObject()
    ) {
        self.title = title
        self.created = created
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.fps = fps
        self.generator = generator
        self.clock = clock
        self.extra = extra
    }

    /// The header line's JSON (no newline).
    public func encoded() -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        var object = JSONObject(pairs: [
            ("format", .string(Self.format)),
            ("version", .number(Double(Self.version))),
            ("title", .string(title)),
            ("created", .string(created)),
            (
                "canvas",
                .object(JSONObject(pairs: [("width", .number(canvasWidth)), ("height", .number(canvasHeight))]))
            ),
            ("fps", .number(Double(fps))),
            ("generator", .string(generator)),
            ("clock", .string(clock)),
        ])
        for member in extra.members where object[member.key] == nil { object.append(member.key, member.value) }
        w.appendValue(.object(object))
        return w.bytes
    }

    /// Reads a header line; extra fields are accepted and kept.
    public static func decode(_ value: JSONValue) throws(RecordingError) -> RecordingHeader {
        guard let object = value.objectValue else { throw .badHeader("the first line must be a JSON object") }
        guard object["format"]?.stringValue == format else { throw .badHeader("format must be \"progresscast\"") }
        guard let version = object["version"]?.doubleValue, version == Double(Self.version) else {
            throw .badHeader("version must be \(Self.version)")
        }
        let canvas = object["canvas"]?.objectValue
        guard let width = canvas?["width"]?.doubleValue, let height = canvas?["height"]?.doubleValue,
            width.isFinite, height.isFinite, width > 0, height > 0, width <= 10_000, height <= 10_000
        else { throw .badHeader("canvas must be {\"width\",\"height\"} with positive sizes up to 10000") }
        let fpsValue = object["fps"]?.doubleValue ?? 60
        guard fpsValue.isFinite, fpsValue >= 1, fpsValue <= 120 else { throw .badHeader("fps must be in 1...120") }
        let known: Set<String> = ["format", "version", "title", "created", "canvas", "fps", "generator", "clock"]
        return RecordingHeader(
            title: object["title"]?.stringValue ?? "",
            created: object["created"]?.stringValue ?? "",
            canvasWidth: width, canvasHeight: height, fps: Int(fpsValue),
            generator: object["generator"]?.stringValue ?? "",
            clock: object["clock"]?.stringValue ?? "live",
            extra: JSONObject(object.members.filter { !known.contains($0.key) }))
    }
}
