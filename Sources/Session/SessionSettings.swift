import ComponentSupport
import Geometry
import JSON

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

    public init(canvas: Size = Size(width: 375, height: 667), clock: ClockKind = .live, fps: Int = 60, title: String = "") {
        self.canvas = canvas
        self.clock = clock
        self.fps = fps
        self.title = title
    }

    /// Largest canvas side in points.
    public static let maxCanvasSide = 4096.0

    /// Reads `session.create`'s fields (all optional).
    public static func decode(_ fields: FieldReader) throws(CommandError) -> SessionSettings {
        var settings = SessionSettings()
        if let canvas = try fields.size("canvas", in: 1...maxCanvasSide) { settings.canvas = canvas }
        if let clock = try fields.choice("clock", as: ClockKind.self) { settings.clock = clock }
        if let fps = try fields.integer("fps", in: 1...120) { settings.fps = fps }
        if let title = try fields.string("title", maxLength: 200) { settings.title = title }
        return settings
    }

    /// The `session.create` op that rebuilds these settings (first line of a recording).
    public var createOp: JSONObject {
        JSONObject(pairs: [
            ("op", .string("session.create")),
            ("canvas", .object(JSONObject(pairs: [("width", .number(canvas.width)), ("height", .number(canvas.height))]))),
            ("clock", .string(clock.rawValue)),
            ("fps", .number(Double(fps))),
            ("title", .string(title)),
        ])
    }
}
