public import ComponentSupport
public import JSON

/// Every op the server accepts, for `GET /api/ops` and the dispatcher: an op that is not
/// listed here is `unknown_op`, so the list cannot fall behind what the server takes
/// (integration tests build their cases from it and fail on an op they do not cover).
public enum OpCatalog {
    /// An op and the fields it reads (component ops read more: see docs/protocol.md section 4).
    public struct Entry: Sendable {
        public let name: String
        /// `session`, `recording`, `replay` or `scene`.
        public let kind: String
        public let fields: [String]
    }

    /// The ops the glue handles itself (sessions, clock, recording, replay).
    public static let serverOps: [Entry] = [
        Entry(
            name: "session.create", kind: "session",
            fields: ["canvas", "clock", "fps", "title", "maxComponents", "frames", "date", "chrome", "delta"]),
        Entry(name: "session.join", kind: "session", fields: ["session", "token", "frames", "delta"]),
        Entry(name: "session.leave", kind: "session", fields: []),
        Entry(name: "session.close", kind: "session", fields: []),
        Entry(name: "clock.advance", kind: "session", fields: ["by"]),
        Entry(name: "inspect", kind: "session", fields: ["target", "layers"]),
        Entry(name: "frame.get", kind: "session", fields: []),
        Entry(name: "scenario.run", kind: "session", fields: ["name"]),
        Entry(name: "scenario.stop", kind: "session", fields: []),
        Entry(name: "trace.start", kind: "session", fields: ["target", "properties"]),
        Entry(name: "trace.stop", kind: "session", fields: []),
        Entry(name: "record.start", kind: "recording", fields: ["name", "title", "overwrite"]),
        Entry(name: "record.marker", kind: "recording", fields: ["label"]),
        Entry(name: "record.stop", kind: "recording", fields: []),
        Entry(name: "replay.open", kind: "replay", fields: ["recording", "frames", "delta"]),
        Entry(name: "replay.play", kind: "replay", fields: []),
        Entry(name: "replay.pause", kind: "replay", fields: []),
        Entry(name: "replay.seek", kind: "replay", fields: ["t"]),
        Entry(name: "replay.speed", kind: "replay", fields: ["rate"]),
        Entry(name: "replay.step", kind: "replay", fields: ["frames"]),
    ]

    private static let serverOpNames = Set(serverOps.map(\.name))

    /// Whether the server accepts `op` (a server op or a scene op).
    public static func contains(_ op: String) -> Bool {
        serverOpNames.contains(op) || SceneWire.handles(op)
    }

    /// The `unknown_op` error for `op` (its name cut to 64 characters): the dispatcher's, the
    /// scene decoder's, a script's and a replay's alike.
    public static func unknownOpError(_ op: String) -> CommandError {
        CommandError(.unknownOp, "unknown op \"\(op.prefix(64))\"")
    }

    /// `GET /api/ops`: `{"ops":[{"name","kind","fields"}]}`, server ops first, then every
    /// scene op (their fields are documented in docs/protocol.md section 4; listed as `[]`).
    public static var listing: JSONValue {
        let server = serverOps.map { entry in
            JSONValue.object(
                JSONObject(pairs: [
                    ("name", .string(entry.name)), ("kind", .string(entry.kind)),
                    ("fields", .array(entry.fields.map { .string($0) })),
                ]))
        }
        let scene = SceneWire.opNames.map { name in
            JSONValue.object(
                JSONObject(pairs: [("name", .string(name)), ("kind", .string("scene")), ("fields", .array([]))]))
        }
        return .object(JSONObject(pairs: [("ops", .array(server + scene))]))
    }
}
