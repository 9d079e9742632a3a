import Wire
import ComponentSupport
import Geometry
import JSON
import Scene

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

    public init(canvas: Size = Size(width: 375, height: 667), clock: ClockKind = .live, fps: Int = 60, title: String = "",
                maxComponents: Int = Scene.maxComponents) {
        self.canvas = canvas
        self.clock = clock
        self.fps = fps
        self.title = title
        self.maxComponents = maxComponents
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
        return settings
    }

    /// The `session.create` op that rebuilds these settings (first line of a recording).
    public var createOp: JSONObject {
        var pairs: [(String, JSONValue)] = [
            ("op", .string("session.create")),
            ("canvas", .object(JSONObject(pairs: [("width", .number(canvas.width)), ("height", .number(canvas.height))]))),
            ("clock", .string(clock.rawValue)),
            ("fps", .number(Double(fps))),
            ("title", .string(title)),
        ]
        if maxComponents != Scene.maxComponents { pairs.append(("maxComponents", .number(Double(maxComponents)))) }
        return JSONObject(pairs: pairs)
    }
}
