public import ComponentSupport
public import JSON
public import Recording
public import Scene
public import Shapes
import Timing
public import Typesetting
public import Wire

/// The deterministic heart of a session: settings, the scene and the command log. Given the
/// same ops at the same microsecond times it produces the same frames, live or in a replay.
/// No clock, no network: times are passed in as whole microseconds.
public struct SessionCore: Sendable {
    public let settings: SessionSettings
    public private(set) var scene: Scene
    /// Every scene op as applied (without `id` and `token`), from creation, with its time, as
    /// recording lines; the server may drop its oldest entries (``dropLog(before:)``).
    public private(set) var log = CommandLog()
    /// The media time the session has reached, in microseconds.
    public private(set) var now: Int64 = 0

    public init(settings: SessionSettings, fonts: FontCatalog) {
        self.settings = settings
        scene = Scene(
            canvas: settings.canvas, fonts: fonts, componentLimit: settings.maxComponents, date: settings.date,
            chrome: settings.chrome)
        log.append(TimedRecordingEvent(microseconds: 0, event: .command(settings.createOp)))
    }

    /// Seconds for the current time.
    public var time: Double { MediaTime.seconds(microseconds: now) }

    /// Moves the session to `microseconds` (never backwards), firing due timers in order.
    public mutating func advance(to microseconds: Int64) {
        if microseconds > now { now = microseconds }
        scene.advance(to: MediaTime.seconds(microseconds: now))
    }

    /// Applies a scene op at `microseconds` and logs it (whether or not it fails: a replay
    /// re-applies it and gets the same outcome, so the log never has to guess).
    public mutating func apply(
        _ op: JSONObject, name: String, at microseconds: Int64
    ) throws(CommandError) -> JSONObject {
        advance(to: microseconds)
        log.append(TimedRecordingEvent(microseconds: now, event: .command(SessionCore.loggable(op))))
        return try SceneWire.apply(op: name, fields: op, to: &scene, at: time)
    }

    /// Drops the log's entries before entry `index` (see ``CommandLog/dropEntries(before:)``): the
    /// scene is unchanged, but the session can no longer be recorded from its creation.
    public mutating func dropLog(before index: Int) {
        log.dropEntries(before: index)
    }

    /// Events reported since the last call.
    public mutating func takeEvents() -> [SceneEvent] { SceneWire.takeEvents(from: &scene) }

    /// The display list at the current time.
    public func displayList() -> DisplayList { scene.displayList(at: time) }

    /// Draws the display list at the current time into `list`, keeping the segments whose keys
    /// did not change since the list's last frame (see ``Scene/draw(at:into:)``).
    /// Never changes the core (`mutating` only to pass the scene by address, see
    /// ``Scene/draw(at:into:)``).
    public mutating func draw(into list: inout IncrementalDisplayList) { scene.draw(at: time, into: &list) }

    /// Whether frames may change after now without another op.
    public var mayChange: Bool { scene.mayChange(after: time) }

    /// The op without `id` and `token` (docs/protocol.md section 7).
    public static func loggable(_ op: JSONObject) -> JSONObject {
        JSONObject(op.members.filter { $0.key != "id" && $0.key != "token" })
    }
}
