import ComponentSupport
import Typesetting
import Geometry
import HUD
import JSON
import ProgressBar
import Timing

/// The deterministic scene of one session: every component on one `Timeline`, driven by
/// commands at media times. Its state at time t is a pure function of the commands applied
/// before t (docs/architecture.md). Sampling (`displayList`, `inspect`) never changes it.
public struct Scene: Sendable {
    /// The canvas size in points.
    public let canvas: Size
    /// Fonts used to measure text (the same files the page draws with).
    public let fonts: FontCatalog
    /// The timing engine all components share.
    public internal(set) var timeline = Timeline()
    /// HUDs (MBProgressHUD / SVProgressHUD), drawn on top of everything.
    var huds: HUDStack
    /// Progress bars and the players that drive them.
    var bars = BarStack()
    /// Which component owns each pointer (the first to claim a down keeps it until up/cancel).
    var pointerOwners = PointerOwnership()
    /// Events reported since the last `takeEvents()`, in time order.
    var pendingEvents: [SceneEvent] = []
    /// The latest media time the scene has been advanced to.
    public private(set) var time: Double = 0

    /// Most components (HUDs, bars and players together) in one scene by default.
    public static let maxComponents = 64
    /// Most components this scene holds; creating one more is a `limit` error.
    public let componentLimit: Int

    /// An empty scene of `canvas` points holding at most `componentLimit` components.
    public init(canvas: Size, fonts: FontCatalog, componentLimit: Int = Scene.maxComponents) {
        self.canvas = canvas
        self.fonts = fonts
        self.componentLimit = max(1, componentLimit)
        huds = HUDStack(canvas: canvas, text: TextLayout(catalog: fonts))
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
        guard let kind = Scene.opTable[op] else { throw CommandError(.unknownOp, "unknown op \"\(op)\"") }
        defer {
            // Commands may have removed or replaced animations: report those at once.
            advance(to: time)
        }
        return try perform(kind, FieldReader(fields), at: time)
    }

    /// Whether `op` is a scene op (as opposed to a session, recording or replay op).
    public static func handles(_ op: String) -> Bool { opTable[op] != nil }

    /// Every scene op name, sorted.
    public static var opNames: [String] { opTable.keys.sorted() }

    /// Events reported since the last call, in time order.
    public mutating func takeEvents() -> [SceneEvent] {
        // Called every frame: nothing to hand over is the common case (no allocation); otherwise
        // the buffer itself is handed over (keeping its capacity here would copy it).
        if pendingEvents.isEmpty { return [] }
        defer { pendingEvents = [] }
        return pendingEvents
    }

    /// Every component target, HUDs first.
    public var targets: [String] { huds.targets + bars.targets }
}
