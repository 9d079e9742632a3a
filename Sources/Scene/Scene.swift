import ComponentSupport
import Drawing
import Geometry
import JSON
import Timing

/// The deterministic scene of one session: every component on one `Timeline`, driven by
/// commands at media times. Its state at time t is a pure function of the commands applied
/// before t (SPEC.md section 2). Sampling (`displayList`, `inspect`) never changes it.
public struct Scene: Sendable {
    /// The canvas size in points.
    public let canvas: Size
    /// Fonts used to measure text (the same files the page draws with).
    public let fonts: FontCatalog
    /// The timing engine all components share.
    public internal(set) var timeline = Timeline()
    /// Events reported since the last `takeEvents()`, in time order.
    var pendingEvents: [SceneEvent] = []
    /// The latest media time the scene has been advanced to.
    public private(set) var time: Double = 0

    public init(canvas: Size, fonts: FontCatalog) {
        self.canvas = canvas
        self.fonts = fonts
    }

    /// Fires every timer and animation end due at or before `time`, in exact time order,
    /// letting the owning component react to each. Call before applying an op at `time` and
    /// before sampling at `time`.
    public mutating func advance(to time: Double) {
        while let event = timeline.nextEvent(upTo: time) {
            route(event)
        }
        if time > self.time { self.time = time }
    }

    /// Applies a component op (`hud.*`, `bar.*`, `player.*`, `pointer`) at `time` and returns the
    /// op-specific fields of its ack. Advances to `time` first.
    public mutating func apply(op: String, fields: JSONObject, at time: Double) throws(CommandError) -> JSONObject {
        advance(to: time)
        guard let handler = Scene.opTable[op] else { throw CommandError(.unknownOp, "unknown op \"\(op)\"") }
        let result = try handler(&self, FieldReader(fields), time)
        // Commands may have removed or replaced animations: report those at once.
        advance(to: time)
        return result
    }

    /// Whether `op` is a scene op (as opposed to a session, recording or replay op).
    public static func handles(_ op: String) -> Bool { opTable[op] != nil }

    /// Every scene op name, sorted.
    public static var opNames: [String] { opTable.keys.sorted() }

    /// Events reported since the last call, in time order.
    public mutating func takeEvents() -> [SceneEvent] {
        defer { pendingEvents.removeAll(keepingCapacity: true) }
        return pendingEvents
    }

    mutating func report(_ event: SceneEvent) { pendingEvents.append(event) }
}
