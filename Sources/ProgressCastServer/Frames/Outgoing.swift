import ComponentSupport
import JSON
import Wire

/// Builds the server's JSON messages (docs/protocol.md section 2) into byte arrays.
enum Outgoing {
    static func ack(id: JSONValue?, op: String, time: Double, fields: JSONObject) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.appendRaw(#"{"type":"ack""#)
        if let id {
            w.appendRaw(#","id":"#)
            w.appendValue(id)
        }
        w.appendRaw(#","op":"#)
        w.appendString(op)
        w.appendRaw(#","t":"#)
        w.appendNumber(time, decimals: 6)
        return finish(&w, adding: fields)
    }

    static func error(id: JSONValue?, op: String?, _ error: CommandError) -> [UInt8] {
        var object = JSONObject(pairs: [("type", .string("error"))])
        if let id { object.append("id", id) }
        if let op { object.append("op", .string(op)) }
        object.append("code", .string(error.code.rawValue))
        object.append("message", .string(error.message))
        return JSONValue.object(object).canonicalBytes()
    }

    static func event(_ event: SceneEvent) -> [UInt8] {
        var w = JSONWriter(capacity: 128)
        w.appendRaw(#"{"type":"event","t":"#)
        w.appendNumber(event.time, decimals: 6)
        w.appendRaw(#","name":"#)
        w.appendString(event.name)
        w.appendRaw(#","target":"#)
        w.appendString(event.target)
        return finish(&w, adding: event.fields)
    }

    /// Decimal places of the numbers in acks, events and inspections: as frames' `t` (so an
    /// animated value reads `0.375`, not `0.37500000000000006`).
    static let decimals = 6

    /// Ends the message in `w`: `,"key":value` for each of `fields` (numbers with at most
    /// ``decimals`` places), then the closing brace; returns its bytes.
    private static func finish(_ w: inout JSONWriter, adding fields: JSONObject) -> [UInt8] {
        for member in fields.members {
            w.appendByte(UInt8(ascii: ","))
            w.appendString(member.key)
            w.appendByte(UInt8(ascii: ":"))
            w.appendValue(member.value, maxDecimals: decimals)
        }
        w.appendByte(UInt8(ascii: "}"))
        return w.bytes
    }
}
