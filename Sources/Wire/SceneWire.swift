public import ComponentSupport
public import JSON
import ProgressBar
public import Scene

/// The scene's wire format: every scene op (docs/protocol.md section 4) decoded into a
/// ``SceneCommand`` by its component's table, applied, and its ack, events and inspections
/// encoded back. Sessions, scripts, replays, the fuzzer and the benchmarks all enter the scene
/// through here, so a field is decoded in exactly one place.
public enum SceneWire {
    /// Every scene op, by component.
    private static let ops: Set<String> = Set(HUDWire.ops + BarWire.ops + RefreshWire.ops + NavWire.ops + ["pointer"])

    /// Whether `op` is a scene op (as opposed to a session, recording or replay op).
    public static func handles(_ op: String) -> Bool { ops.contains(op) }

    /// Every scene op name, sorted.
    public static let opNames: [String] = ops.sorted()

    /// Decodes the scene op `op` with its fields as it would be applied to `scene` at `time`.
    /// - Throws: `unknown_op`, or `bad_request` naming the first bad field.
    public static func decode(
        op: String, fields: JSONObject, for scene: Scene, at time: Double
    ) throws(CommandError) -> SceneCommand {
        let f = FieldReader(fields)
        if let command = try HUDWire.decode(op, f) { return .hud(command) }
        if let command = try BarWire.decode(op, f, playerDuration: { scene.bars.player($0)?.options.duration }) {
            return .bar(command)
        }
        if let command = try RefreshWire.decode(op, f) { return .scroll(command) }
        if let command = try NavWire.decode(op, f) { return .nav(command) }
        if op == "pointer" { return .pointer(try PointerEvent(fields: f, at: time)) }
        throw OpCatalog.unknownOpError(op)
    }

    /// Decodes and applies a scene op at `time`, returning the op-specific fields of its ack.
    public static func apply(
        op: String, fields: JSONObject, to scene: inout Scene, at time: Double
    ) throws(CommandError) -> JSONObject {
        // Decoding reads nothing that time changes; `Scene.apply` advances to `time` itself.
        let command = try decode(op: op, fields: fields, for: scene, at: time)
        return encode(try scene.apply(command, at: time))
    }

    /// The ack fields of a command's result.
    public static func encode(_ ack: SceneAck) -> JSONObject {
        switch ack {
        case let .hud(ack): return HUDWire.encode(ack)
        case let .bar(ack): return BarWire.encode(ack)
        case let .nav(ack): return NavWire.encode(ack)
        case .scroll: return JSONObject()
        case let .pointer(response):
            guard let response else { return JSONObject(pairs: [("handled", .bool(false))]) }
            return JSONObject(pairs: [("handled", .bool(response.handled)), ("target", .string(response.target))])
        }
    }

    /// A component event as it goes on the wire.
    public static func encode(_ event: TimedEvent<ComponentEvent>) -> SceneEvent {
        let (name, fields): (String, JSONObject)
        switch event.payload {
        case let .hud(payload): (name, fields) = HUDWire.encode(payload)
        case let .bar(payload): (name, fields) = BarWire.encode(payload)
        case let .nav(payload): (name, fields) = NavWire.encode(payload)
        case let .scroll(payload): (name, fields) = RefreshWire.encode(payload)
        }
        return SceneEvent(time: event.time, name: name, target: event.target, fields: fields)
    }

    /// The scene's events since the last call, encoded, in time order.
    public static func takeEvents(from scene: inout Scene) -> [SceneEvent] {
        let events = scene.takeEvents()
        if events.isEmpty { return [] }
        return events.map(encode)
    }

    /// `inspect` (docs/protocol.md section 6): one component (`target`) or all
    /// (`{"t","components":[...]}`); `layers: true` adds bars' layer timing.
    public static func inspect(_ fields: FieldReader, scene: Scene, at time: Double) throws(CommandError) -> JSONObject
    {
        let layers = try fields.bool("layers") ?? false
        if let target = try fields.target() {
            return encode(try scene.inspect(target, at: time), at: time, layers: layers)
        }
        let all = scene.inspectAll(at: time).map { JSONValue.object(encode($0, at: time, layers: layers)) }
        return JSONObject(pairs: [("t", .number(time)), ("components", .array(all))])
    }

    /// One component's inspect object.
    public static func encode(_ inspection: ComponentInspection, at time: Double, layers: Bool) -> JSONObject {
        switch inspection {
        case let .hud(hud): return HUDWire.encode(hud, at: time)
        case let .bar(bar): return BarWire.encode(bar, at: time, layers: layers)
        case let .nav(target, nav): return NavWire.encode(nav, target: target, at: time)
        case let .scroll(scroll): return RefreshWire.encode(scroll, at: time)
        }
    }
}
