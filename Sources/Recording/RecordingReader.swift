import JSON

/// A recording read from bytes: the header and its events in file order.
public struct Recording: Equatable, Sendable {
    public var header: RecordingHeader
    public var events: [TimedRecordingEvent]
    /// Whether the last line was incomplete (cut off by a crash) and ignored.
    public var truncatedTail: Bool

    /// Whether it has its end line (`"e"`): a recording without one is still being written, or
    /// was cut short (its server was killed or lost power before closing it).
    public var hasEndLine: Bool {
        events.contains { if case .end = $0.event { true } else { false } }
    }

    /// What a reader is told about how the file ends, when it did not end as written: "" or
    /// "truncated last line ignored", "no end line (cut short?)", or both.
    public var endNote: String {
        [truncatedTail ? "truncated last line ignored" : nil, hasEndLine ? nil : "no end line (cut short?)"]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The time of the last event, in seconds.
    public var duration: Double {
        Double(events.last?.microseconds ?? 0) / 1_000_000
    }

    /// The markers with their times in seconds.
    /// How many commands (`"c"` lines) it holds; 0 for a file cut after its header.
    public var commandCount: Int {
        events.reduce(0) { count, e in
            if case .command = e.event { count + 1 } else { count }
        }
    }

    public var markers: [(time: Double, label: String)] {
        events.compactMap { e in
            if case let .marker(label) = e.event { return (Double(e.microseconds) / 1_000_000, label) }
            return nil
        }
    }

    public static func == (lhs: Recording, rhs: Recording) -> Bool {
        lhs.header == rhs.header && lhs.events == rhs.events && lhs.truncatedTail == rhs.truncatedTail
    }
}

/// Reads `.pcast` files (docs/protocol.md section 7). Tolerant where the format says so: unknown
/// codes are kept as `.unknown`, a truncated last line (no newline, or not valid JSON) is
/// ignored, `#` comment lines and blank lines are skipped. Strict elsewhere: a bad complete line
/// is an error naming its line number. Never crashes on any input (it is a fuzzing target).
public enum RecordingReader {
    /// The largest line accepted (a command is at most 64 KiB on the wire).
    public static let maxLineBytes = 1 << 20

    public static func read(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        var lines: [(number: Int, bytes: ArraySlice<UInt8>, complete: Bool)] = []
        var start = 0
        var number = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            number += 1
            lines.append((number, bytes[start..<index], true))
            start = index + 1
        }
        if start < bytes.count {
            number += 1
            lines.append((number, bytes[start..<bytes.count], false))
        }
        var headerValue: RecordingHeader?
        var events: [TimedRecordingEvent] = []
        var truncated = false
        var lastTime: Int64 = 0
        for line in lines {
            let body = trimmed(line.bytes)
            if body.isEmpty || body.first == UInt8(ascii: "#") { continue }
            guard body.count <= maxLineBytes else {
                if !line.complete { truncated = true; continue }
                throw .badLine(line.number, "line longer than \(maxLineBytes) bytes")
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(body)
            } catch {
                if !line.complete { truncated = true; continue }
                throw .badLine(line.number, "not valid JSON: \(error.description)")
            }
            if headerValue == nil {
                headerValue = try RecordingHeader.decode(value)
                continue
            }
            do throws(RecordingError) {
                let event = try decodeEvent(value, line: line.number)
                guard event.microseconds >= lastTime else {
                    throw RecordingError.badLine(line.number, "time goes backwards")
                }
                lastTime = event.microseconds
                events.append(event)
            } catch {
                if !line.complete { truncated = true; continue }
                throw error
            }
        }
        guard let header = headerValue else { throw .badHeader("the file has no header line") }
        return Recording(header: header, events: events, truncatedTail: truncated)
    }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let last = s.last, last == 0x0D || last == 0x20 || last == 0x09 { s = s.dropLast() }
        while let first = s.first, first == 0x20 || first == 0x09 { s = s.dropFirst() }
        return s
    }

    static func decodeEvent(_ value: JSONValue, line: Int) throws(RecordingError) -> TimedRecordingEvent {
        guard let items = value.arrayValue, items.count == 3 else {
            throw .badLine(line, "an event must be [t_us, code, data]")
        }
        guard let t = items[0].doubleValue, t >= 0, t == t.rounded() else {
            throw .badLine(line, "t_us must be a non-negative integer")
        }
        // Whole microseconds stay exact in a double up to 2^53; 9e15 (about 285 years) is the bound.
        guard t < 9e15 else { throw .badLine(line, "t_us must be less than 9000000000000000 (about 285 years)") }
        guard let code = items[1].stringValue else { throw .badLine(line, "code must be a string") }
        let data = items[2]
        let event: RecordingEvent
        switch code {
        case "c":
            guard let op = data.objectValue else { throw .badLine(line, "a \"c\" event needs an op object") }
            event = .command(op)
        case "m":
            guard let label = data.stringValue else { throw .badLine(line, "a \"m\" event needs a label string") }
            event = .marker(label)
        case "h":
            guard let seq = data["seq"]?.doubleValue, seq >= 0, seq < 9e15, seq == seq.rounded(),
                let hash = data["hash"]?.stringValue
            else { throw .badLine(line, "a \"h\" event needs {\"seq\",\"hash\"}") }
            event = .checksum(seq: Int(seq), hash: hash)
        case "e":
            event = .end(reason: data["reason"]?.stringValue ?? "")
        default:
            event = .unknown(code: code, data: data)
        }
        return TimedRecordingEvent(microseconds: Int64(t), event: event, line: line)
    }
}
