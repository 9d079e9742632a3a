import ComponentSupport
import Foundation
import JSON
import Recording
import Session
import Synchronization
import Typesetting
import WebSocketServer
import Wire

/// One `replay.open` being read and simulated on a thread of its own, so the service thread goes
/// on serving every other connection meanwhile (a recording of 400,000 commands takes about a
/// second to simulate, docs/benchmarks.md); it wakes the service thread when done, which opens
/// the replay session and sends the ack then.
final class ReplayOpening: Sendable {
    /// A recording read and simulated, ready to play.
    struct Opened: Sendable {
        let recording: Recording
        let replayer: Replayer
    }

    /// The recording's name (without its extension).
    let name: String
    private let path: String
    private let fonts: FontCatalog
    private let outcome = Mutex<Result<Opened, CommandError>?>(nil)

    init(name: String, path: String, fonts: FontCatalog) {
        self.name = name
        self.path = path
        self.fonts = fonts
    }

    /// Reads, parses and simulates the recording on a new thread, then wakes the service thread.
    func start(waker: ServerWaker) {
        let thread = Thread { [self] in
            let result: Result<Opened, CommandError>
            do throws(CommandError) {
                let recording = try ReplayOpening.read(name: name, path: path)
                result = .success(Opened(recording: recording, replayer: Replayer(recording: recording, fonts: fonts)))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            waker.wake()
        }
        thread.name = "pc-replay-open"
        thread.start()
    }

    /// The recording or why it cannot be played, once the thread is done.
    var result: Result<Opened, CommandError>? { outcome.withLock { $0 } }

    /// `NAME.pcast` read and parsed (still a regular file: it may have gone since the check).
    static func read(name: String, path: String) throws(CommandError) -> Recording {
        guard RecordingFiles.regularFileAttributes(path) != nil, let data = FileManager.default.contents(atPath: path)
        else { throw CommandError(.notFound, "no recording \"\(name)\"") }
        do {
            return try RecordingReader.read(Array(data))
        } catch {
            throw CommandError(.badRequest, "recording \"\(name)\" cannot be read: \(error.description)")
        }
    }
}

/// A connection's `replay.open` waiting for its ``ReplayOpening``: what the ack needs, and the
/// connection's later messages, held so they are applied after the ack, in order.
struct PendingReplayOpen {
    /// The most messages held while a replay opens; more are refused with `limit`.
    static let maxHeldMessages = 64

    let opening: ReplayOpening
    let id: JSONValue?
    let frames: FrameFormat
    let deltas: Bool
    var held: [[UInt8]] = []
}
