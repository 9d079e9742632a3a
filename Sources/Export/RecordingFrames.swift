public import Geometry
public import Recording
import Session
public import Shapes
import Timing
public import Typesetting

/// The display lists of a recording at increasing media times, re-simulated in one pass on a
/// manual clock (no waiting): each call applies the commands up to its time (as
/// ``Replayer/state(at:)`` does) and advances there. Times must not decrease.
public struct RecordingFrames {
    private let recording: Recording
    private var core: SessionCore
    private var next = 0

    /// Starts at the beginning of `recording`, with the settings its session was created with.
    public init(recording: Recording, fonts: FontCatalog) {
        self.recording = recording
        core = SessionCore(settings: Replayer.settings(of: recording), fonts: fonts)
    }

    /// The canvas size in points (every frame's size).
    public var canvasSize: Size { core.settings.canvas }

    /// The frame at `seconds` of media time.
    public mutating func frame(at seconds: Double) -> DisplayList {
        let microseconds = MediaTime.microseconds(seconds)
        let events = recording.events
        while next < events.count, events[next].microseconds <= microseconds {
            if case let .command(op) = events[next].event {
                Replayer.apply(op, at: events[next].microseconds, to: &core)
            }
            next += 1
        }
        if microseconds > core.now { core.advance(to: microseconds) }
        return core.displayList()
    }
}
