public import JSON

/// One event line of a recording: `[t_us, code, data]`.
public enum RecordingEvent: Equatable, Sendable {
    /// `"c"`: an op exactly as applied (without `id` and `token`).
    case command(JSONObject)
    /// `"m"`: a marker label.
    case marker(String)
    /// `"h"`: the checksum of the display list sent at that time.
    case checksum(seq: Int, hash: String)
    /// `"e"`: the end, with a reason.
    case end(reason: String)
    /// A code this version does not know (kept, ignored).
    case unknown(code: String, data: JSONValue)

    /// The line's code.
    public var code: String {
        switch self {
        case .command: return "c"
        case .marker: return "m"
        case .checksum: return "h"
        case .end: return "e"
        case let .unknown(code, _): return code
        }
    }
}

/// An event with its time in whole microseconds since the session began.
public struct TimedRecordingEvent: Equatable, Sendable {
    public var microseconds: Int64
    public var event: RecordingEvent
    /// The 1-based line number in the file (0 when not read from a file).
    public var line: Int

    public init(microseconds: Int64, event: RecordingEvent, line: Int = 0) {
        self.microseconds = microseconds
        self.event = event
        self.line = line
    }

    /// The line's JSON (no newline).
    public func encoded(into w: inout JSONWriter) {
        w.appendRaw("[")
        w.appendInteger(Int(microseconds))
        w.appendRaw(",")
        w.appendString(event.code)
        w.appendRaw(",")
        switch event {
        case let .command(op): w.appendValue(.object(op))
        case let .marker(label): w.appendString(label)
        case let .checksum(seq, hash):
            w.appendRaw("{\"seq\":")
            w.appendInteger(seq)
            w.appendRaw(",\"hash\":")
            w.appendString(hash)
            w.appendRaw("}")
        case let .end(reason):
            w.appendRaw("{\"reason\":")
            w.appendString(reason)
            w.appendRaw("}")
        case let .unknown(_, data): w.appendValue(data)
        }
        w.appendRaw("]")
    }
}
