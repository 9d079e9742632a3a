import ComponentSupport
import FrameCodecs
import JSON
import Recording
import Scene
import Session
import Shapes
import Timing
import Typesetting
import Wire

/// What the fuzz targets run, shared with the unit tests that replay the crashing inputs
/// they found (Fuzz/regressions/) through the very same code.
///
/// Every function here must return normally for every input: a crash, a trap or a hang
/// is a bug in the code under test.
public enum FuzzHarness {
    /// The fonts text is measured with, loaded once (nil if the system fonts are missing,
    /// in which case the scene ops are skipped).
    static let fonts: FontCatalog? = try? FontCatalog()

    /// Most messages taken from one input (the rest is ignored, to keep runs short).
    public static let maxMessages = 256
    /// Most media time one input may advance the clock by, in seconds (a ticking player
    /// fires a timer every tick: hours of them would only make runs slow).
    public static let maxAdvance = 120.0

    /// The command decoder: each line of `bytes` is one client message. Every line is
    /// parsed as JSON; objects are decoded with FieldReader and applied, as the server
    /// would, to one session on a manual clock (a `session.create` line first sets the
    /// session up; `clock.advance` moves the clock; scene ops go through the Scene's op
    /// table). After each op the display list is sampled and encoded, and events taken; it is
    /// also drawn incrementally into one list kept from op to op, which must give the same
    /// shapes (a drawing key that misses an input fails here), and as the server draws it (no
    /// shapes kept, see ``ServerFrames``), which must give the same JSON and binary frames.
    public static func decodeCommands(_ bytes: [UInt8]) {
        var core: SessionCore?
        var drawing = IncrementalDisplayList()
        var served = ServerFrames()
        var encoder = FrameEncoder(capacity: 1024)
        var seq = 0
        var advanced = 0.0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(maxMessages) {
            guard let value = try? JSONParser.parse(line) else { continue }
            checkRoundTrip(value)
            guard case let .object(message) = value, let op = message["op"]?.stringValue else { continue }
            let fields = FieldReader(message)
            if op == "session.create" {
                guard var settings = try? SessionSettings.decode(fields), let fonts else { continue }
                settings.clock = .manual
                core = SessionCore(settings: settings, fonts: fonts)
                drawing = IncrementalDisplayList()
                served = ServerFrames()
                continue
            }
            if core == nil, let fonts { core = SessionCore(settings: SessionSettings(clock: .manual), fonts: fonts) }
            guard var session = core else { decodeServerOp(op, fields); continue }
            switch op {
            case "clock.advance":
                if let by = try? fields.requireNumber("by", in: 0...3600), by > 0 {
                    let step = min(by, maxAdvance - advanced)
                    advanced += step
                    if step > 0 { session.advance(to: session.now + MediaTime.microseconds(step)) }
                }
            case "inspect":
                _ = try? SceneWire.inspect(fields, scene: session.scene, at: session.time)
            case "trace.start":
                // Decoding validates against the scene; sampling and writing never change it.
                if let request = try? TraceWire.decodeStart(fields, scene: session.scene),
                    let sample = try? session.scene.trace(
                        request.target, properties: request.properties, at: session.time)
                {
                    let message = TraceWire.message(sample, target: request.target, at: session.time)
                    if (try? JSONParser.parse(message)) == nil { fail("a trace message is not valid JSON") }
                }
            default:
                if SceneWire.handles(op) {
                    _ = try? session.apply(message, name: op, at: session.now)
                } else {
                    decodeServerOp(op, fields)
                }
            }
            _ = session.takeEvents()
            seq += 1
            let list = session.displayList()
            session.draw(into: &drawing)
            if drawing.displayList != list { fail("the incremental display list differs from the one drawn afresh") }
            _ = encoder.checksum(list)
            let frame = encoder.encodeFrame(list, seq: seq, time: session.time)
            // The server sends frames as text: they must be valid JSON.
            if (try? JSONParser.parse(frame, maxDepth: 512)) == nil { fail("an encoded frame is not valid JSON") }
            served.check(session: &session, list: list, frame: frame, seq: seq)
            core = session
        }
    }

    /// The field decoding of the ops the server glue handles itself.
    static func decodeServerOp(_ op: String, _ fields: FieldReader) {
        switch op {
        case "session.join":
            _ = try? fields.string("session", maxLength: 64)
            _ = try? fields.string("token", maxLength: 64)
        case "record.start", "replay.open":
            if let name = (try? fields.string("name", maxLength: 200))
                ?? (try? fields.string("recording", maxLength: 200))
            {
                _ = try? RecordingName.validate(name)
            }
            _ = try? fields.string("title", maxLength: 200)
        case "record.marker":
            _ = try? fields.string("label", maxLength: 200)
        case "replay.seek":
            _ = try? fields.requireNumber("t", in: 0...1e7)
        case "replay.speed":
            _ = try? fields.requireNumber("rate", in: 0.1...16)
        case "replay.step":
            _ = try? fields.integer("frames", in: -100_000...100_000)
        default:
            break
        }
    }

    /// The recording reader: parses `bytes` as a `.pcast` file; a readable recording with
    /// a modest number of lines is also rebuilt (its state at the end) and verified.
    public static func readRecording(_ bytes: [UInt8]) {
        guard let recording = try? RecordingReader.read(bytes) else { return }
        _ = recording.duration
        _ = recording.markers
        guard recording.events.count <= 512, let fonts else { return }
        let replayer = Replayer(recording: recording, fonts: fonts)
        let end = replayer.state(at: MediaTime.microseconds(min(max(recording.duration, 0), 3600)))
        _ = end.displayList()
        _ = replayer.verify()
    }

    /// Whether the canonical text of a parsed value parses again (the writer and the
    /// parser agree on every value the parser accepts).
    static func checkRoundTrip(_ value: JSONValue) {
        if (try? JSONParser.parse(value.canonicalString, maxDepth: 1024)) == nil {
            fail("the canonical text of a parsed value does not parse again")
        }
    }

    /// Stops the process: a property the fuzzer checks does not hold.
    static func fail(_ message: String) -> Never {
        preconditionFailure("fuzz property violated: \(message)")
    }
}

/// A session's frames as the server makes them: drawn into a list that keeps no shapes, each
/// frame's segments in a buffer lent for the frame, encoded in both encodings by incremental
/// encoders. Each frame must be byte for byte what the plain encoders write for the display list
/// drawn whole, and each encoding must decode to a list that encodes to both frames.
private struct ServerFrames {
    var drawing = IncrementalDisplayList(keepsShapes: false)
    var buffer: [Shape] = []
    var json = IncrementalFrameEncoder(.json)
    var binary = IncrementalFrameEncoder(.binary)
    var scratch = IncrementalFrameEncoder.Scratch()
    var wholeJSON = FrameEncoder(capacity: 1024)
    var wholeBinary = BinaryFrameEncoder(capacity: 1024)

    /// Draws and encodes `session`'s frame `seq`, checking it against `list` (the display list
    /// drawn whole) and `frame` (its canonical JSON frame).
    mutating func check(session: inout SessionCore, list: DisplayList, frame: [UInt8], seq: Int) {
        drawing.swapFrameShapes(&buffer)
        session.draw(into: &drawing)
        json.encodeFrame(drawing, seq: seq, time: session.time, headroom: 16, scratch: &scratch)
        binary.encodeFrame(drawing, seq: seq, time: session.time, headroom: 16, scratch: &scratch)
        drawing.swapFrameShapes(&buffer)
        let binaryFrame = wholeBinary.encodeFrame(list, seq: seq, time: session.time)
        if Array(json.frame) != frame { FuzzHarness.fail("the server's JSON frame differs from the whole list's") }
        if Array(binary.frame) != binaryFrame {
            FuzzHarness.fail("the server's binary frame differs from the whole list's")
        }
        for decoded in [try? JSONFrameDecoder.decode(frame), try? BinaryFrameDecoder.decode(binaryFrame)] {
            guard let decoded else { FuzzHarness.fail("a frame the server made does not decode") }
            if wholeJSON.encodeFrame(decoded.list, seq: decoded.seq, time: decoded.time) != frame
                || wholeBinary.encodeFrame(decoded.list, seq: decoded.seq, time: decoded.time) != binaryFrame
            {
                FuzzHarness.fail("a decoded frame encodes to other bytes")
            }
        }
    }
}
