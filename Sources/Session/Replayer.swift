public import ComponentSupport
import FrameCodecs
import Geometry
public import JSON
public import Recording
import Scene
import Timing
public import Typesetting
import Wire

/// Re-simulates a recording on a manual clock: the state at any time, and checksum verification.
/// Seeking starts from the nearest snapshot (taken every `snapshotInterval` commands while
/// building), so seeking in a long recording does not replay it from the start.
public struct Replayer: Sendable {
    public let recording: Recording
    public let settings: SessionSettings
    private let fonts: FontCatalog
    /// (microseconds, index of the next event to apply, state) in time order.
    private var snapshots: [(time: Int64, next: Int, core: SessionCore)] = []

    public static let snapshotInterval = 500

    public init(recording: Recording, fonts: FontCatalog) {
        self.recording = recording
        self.fonts = fonts
        let settings = Replayer.settings(of: recording)
        self.settings = settings
        var core = SessionCore(settings: settings, fonts: fonts)
        snapshots.append((0, 0, core))
        var commands = 0
        for (index, event) in recording.events.enumerated() {
            guard case let .command(op) = event.event else { continue }
            Replayer.apply(op, at: event.microseconds, to: &core)
            commands += 1
            if commands % Replayer.snapshotInterval == 0 {
                // A snapshot without the command log: a replay is never recorded, and a log kept
                // in every snapshot was copied whole at the next command, which made opening a
                // recording quadratic in its commands (100,000 took 0.5-2.3 s and 730 MB).
                core.dropLog(before: core.log.count)
                snapshots.append((event.microseconds, index + 1, core))
            }
        }
    }

    /// Duration in seconds (time of the last event).
    public var duration: Double { recording.duration }

    /// The session as it was at `microseconds` (every command at or before it applied).
    public func state(at microseconds: Int64) -> SessionCore {
        var lo = 0
        for (i, s) in snapshots.enumerated() where s.time <= microseconds { lo = i }
        var core = snapshots[lo].core
        var index = snapshots[lo].next
        let events = recording.events
        while index < events.count, events[index].microseconds <= microseconds {
            if case let .command(op) = events[index].event {
                Replayer.apply(op, at: events[index].microseconds, to: &core)
            }
            index += 1
        }
        core.advance(to: microseconds)
        return core
    }

    /// Applies one recorded command (session ops only move time). A command that fails changes
    /// nothing, as it did live; the error is returned for whoever reports it: the scene's, or
    /// `unknown_op` for an op no version of the server takes (a file edited by hand, say).
    @discardableResult
    public static func apply(_ op: JSONObject, at microseconds: Int64, to core: inout SessionCore) -> CommandError? {
        let name = op["op"]?.stringValue ?? ""
        guard SceneWire.handles(name) else {
            core.advance(to: microseconds)
            return OpCatalog.contains(name) ? nil : OpCatalog.unknownOpError(name)
        }
        defer { _ = core.takeEvents() }
        do {
            _ = try core.apply(op, name: name, at: microseconds)
            return nil
        } catch {
            return error
        }
    }

    /// The settings a recording's session was created with: its first `session.create` line
    /// when present (authoritative), else its header; always on a manual clock.
    public static func settings(of recording: Recording) -> SessionSettings {
        var settings = SessionSettings(
            canvas: .init(width: recording.header.canvasWidth, height: recording.header.canvasHeight),
            clock: .manual, fps: recording.header.fps, title: recording.header.title)
        if let first = recording.events.first, case let .command(op) = first.event,
            op["op"]?.stringValue == "session.create",
            let decoded = try? SessionSettings.decode(FieldReader(op))
        {
            settings = decoded
        }
        // A replay re-simulates on a manual clock whatever clock the recorded session had.
        settings.clock = .manual
        return settings
    }

    /// Re-simulates from the start and compares every `"h"` checksum.
    public func verify() -> VerificationResult {
        Replayer.verify(recording, fonts: fonts)
    }

    /// Re-simulates `recording` from the start and compares every `"h"` checksum, without
    /// building a replayer first (no seek snapshots: one pass over the recording). With
    /// `compareChecksums` false it only applies the commands (to list those that fail), drawing
    /// no display list.
    public static func verify(
        _ recording: Recording, fonts: FontCatalog, compareChecksums: Bool = true
    ) -> VerificationResult {
        var core = SessionCore(settings: settings(of: recording), fonts: fonts)
        var encoder = FrameEncoder(capacity: 8192)
        var checked = 0
        var lastCommandLine = 0
        var failed: [VerificationResult.FailedCommand] = []
        for event in recording.events {
            switch event.event {
            case let .command(op):
                if let error = Replayer.apply(op, at: event.microseconds, to: &core) {
                    failed.append(.init(line: event.line, op: op["op"]?.stringValue ?? "", error: error))
                }
                lastCommandLine = event.line
            case let .checksum(_, hash) where compareChecksums:
                core.advance(to: event.microseconds)
                _ = core.takeEvents()
                let got = encoder.checksum(core.displayList())
                checked += 1
                if got != hash {
                    return VerificationResult(
                        checked: checked,
                        mismatch: .init(
                            line: event.line, time: Double(event.microseconds) / 1_000_000, expected: hash, got: got,
                            lastCommandLine: lastCommandLine),
                        failedCommands: failed)
                }
            default:
                continue
            }
        }
        return VerificationResult(checked: checked, mismatch: nil, failedCommands: failed)
    }
}

/// The outcome of `Replayer.verify()`.
public struct VerificationResult: Equatable, Sendable {
    public struct Mismatch: Equatable, Sendable {
        public var line: Int
        public var time: Double
        public var expected: String
        public var got: String
        /// The last `"c"` line applied before the mismatch (the likeliest culprit).
        public var lastCommandLine: Int
    }

    /// A recorded command that failed when applied again (as it did live, unless the file was
    /// changed): it changed nothing.
    public struct FailedCommand: Equatable, Sendable {
        /// Its 1-based line in the file.
        public var line: Int
        public var op: String
        public var error: CommandError
    }

    /// How many checksums were compared (up to and including a mismatch).
    public var checked: Int
    /// The first mismatching checksum line, if any.
    public var mismatch: Mismatch?
    /// The commands that failed, in file order (up to the mismatch, if any).
    public var failedCommands: [FailedCommand] = []
}
