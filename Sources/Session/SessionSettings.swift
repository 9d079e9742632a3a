public import ComponentSupport
public import Geometry
public import JSON
public import Scene
public import Wire

/// How a session's media time advances.
public enum ClockKind: String, Sendable, CaseIterable {
    /// Seconds since creation, from CLOCK_MONOTONIC.
    case live
    /// Moves only with `clock.advance` (tests, scripts, replays).
    case manual
}

/// What a session is created with (`session.create`).
public struct SessionSettings: Equatable, Sendable {
    public var canvas: Size
    public var clock: ClockKind
    public var fps: Int
    public var title: String
    /// Most components in the session (the server's limit, or lower if the creator asked).
    /// Logged in the `session.create` line when not the default, so a replay enforces the same.
    public var maxComponents: Int
    /// The session's wall clock at media time 0 (MJRefresh's last-updated time reads it). The
    /// server sets it to its own time when `session.create` names none; it is logged in the
    /// `session.create` line, so a replay prints the same times. Recordings made before it
    /// existed replay with the default (2026-01-01T00:00Z).
    public var date: SessionDate
    /// Whether frames show a phone around the components (status bar with the session's clock,
    /// rounded corners; `session.create` `chrome`). Off unless asked for; logged in the
    /// `session.create` line only when on, so recordings without it replay bare as they were made.
    public var chrome: Bool

    public init(
        canvas: Size = Size(width: 375, height: 667), clock: ClockKind = .live, fps: Int = 60, title: String = "",
        maxComponents: Int = Scene.maxComponents, date: SessionDate = SessionDate(), chrome: Bool = false
    ) {
        self.canvas = canvas
        self.clock = clock
        self.fps = fps
        self.title = title
        self.maxComponents = maxComponents
        self.date = date
        self.chrome = chrome
    }

    /// The largest `maxComponents` a `session.create` may name.
    public static let componentLimitRange = 1...100_000

    /// Largest canvas side in points.
    public static let maxCanvasSide = 4096.0

    /// Reads `session.create`'s fields (all optional).
    public static func decode(_ fields: FieldReader) throws(CommandError) -> SessionSettings {
        var settings = SessionSettings()
        if let canvas = try fields.size("canvas", in: 1...maxCanvasSide) { settings.canvas = canvas }
        if let clock = try fields.choice("clock", as: ClockKind.self) { settings.clock = clock }
        if let fps = try fields.integer("fps", in: 1...120) { settings.fps = fps }
        if let title = try fields.string("title", maxLength: 200) { settings.title = title }
        if let limit = try fields.integer("maxComponents", in: componentLimitRange) { settings.maxComponents = limit }
        if let chrome = try fields.bool("chrome") { settings.chrome = chrome }
        if let text = try fields.string("date", maxLength: 64) {
            guard let parsed = ISO8601.parse(text) else {
                throw .badField(
                    "date",
                    "must be an ISO 8601 date-time such as \"2026-11-23T14:05:00+08:00\", got \"\(text.prefix(40))\"")
            }
            settings.date = SessionDate(epochSeconds: parsed.epochSeconds, utcOffsetSeconds: parsed.utcOffsetSeconds)
        }
        return settings
    }

    /// The `session.create` op that rebuilds these settings (first line of a recording).
    public var createOp: JSONObject {
        var pairs: [(String, JSONValue)] = [
            ("op", .string("session.create")),
            (
                "canvas",
                .object(JSONObject(pairs: [("width", .number(canvas.width)), ("height", .number(canvas.height))]))
            ),
            ("clock", .string(clock.rawValue)),
            ("fps", .number(Double(fps))),
            ("title", .string(title)),
        ]
        if maxComponents != Scene.maxComponents { pairs.append(("maxComponents", .number(Double(maxComponents)))) }
        if chrome { pairs.append(("chrome", .bool(true))) }
        pairs.append(
            ("date", .string(ISO8601.format(epochSeconds: date.epochSeconds, utcOffsetSeconds: date.utcOffsetSeconds))))
        return JSONObject(pairs: pairs)
    }
}
