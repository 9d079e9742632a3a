public import ComponentSupport
import JSON
public import Scene

/// The timing inspector's wire format (docs/protocol.md section 8): `trace.start`'s fields and
/// the `trace` message. Tracing samples the scene and never changes it, so it is not a scene op:
/// it is never logged, recorded or replayed, and viewers may trace.
public enum TraceWire {
    /// What a `trace.start` asks for.
    public struct Request: Equatable, Sendable {
        public var target: String
        public var properties: [String]
    }

    /// Most properties one trace samples.
    public static let maxProperties = 8

    /// Decodes `trace.start` {`target`, `properties`} against `scene`: the target must exist and
    /// every property must be one it has; without `properties`, all of them.
    /// - Throws: `bad_request` naming the field, or `unknown_target`.
    public static func decodeStart(_ fields: FieldReader, scene: Scene) throws(CommandError) -> Request {
        let target = try fields.requireTarget()
        let available = try scene.traceableProperties(of: target)
        guard fields.has("properties") else { return Request(target: target, properties: available) }
        guard let items = fields.object["properties"]?.arrayValue, !items.isEmpty, items.count <= maxProperties
        else {
            throw .badField(
                "properties",
                "must be an array of 1-\(maxProperties) property names, got "
                    + FieldReader.describe(fields.object["properties"] ?? .null))
        }
        var properties: [String] = []
        for item in items {
            guard let name = item.stringValue else {
                throw .badField("properties", "must hold strings, got \(FieldReader.describe(item))")
            }
            if !properties.contains(name) { properties.append(name) }
        }
        // Validates every name (the error lists what the component has).
        _ = try scene.trace(target, properties: properties, at: scene.time)
        return Request(target: target, properties: properties)
    }

    /// The `trace` message: `{"type":"trace","t","target","paused","animating","values":[{"property",
    /// "model","presentation"}]}`, numbers with at most 6 decimals.
    public static func message(_ sample: TraceSample, target: String, at time: Double) -> [UInt8] {
        var w = JSONWriter(capacity: 96 + 64 * sample.values.count)
        w.appendRaw(#"{"type":"trace","t":"#)
        w.appendNumber(time, decimals: 6)
        w.appendRaw(#","target":"#)
        w.appendString(target)
        w.appendRaw(#","paused":"#)
        w.appendBool(sample.paused)
        w.appendRaw(#","animating":"#)
        w.appendBool(sample.animating)
        w.appendRaw(#","values":["#)
        for (index, value) in sample.values.enumerated() {
            if index > 0 { w.appendByte(UInt8(ascii: ",")) }
            w.appendRaw(#"{"property":"#)
            w.appendString(value.property)
            w.appendRaw(#","model":"#)
            w.appendNumber(value.model, decimals: 6)
            w.appendRaw(#","presentation":"#)
            w.appendNumber(value.presentation, decimals: 6)
            w.appendByte(UInt8(ascii: "}"))
        }
        w.appendRaw("]}")
        return w.bytes
    }
}
