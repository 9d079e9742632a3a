import Timing

/// The video player of the seed (docs/protocol.md section 4.3): it plays media of a given length
/// and, when play starts and then every `tick` seconds, tells its bar where to be one tick
/// later (`bar.set` with value (position + tick) / duration over `tick` seconds).
///
/// The position is derived from media time, never accumulated: while playing it is
/// `anchorPosition + (t - anchorTime)` (capped at the duration), where the anchor is the last
/// play, pause or seek; tick k after an anchor is due at exactly `anchorTime + k * tick`.
public struct Player: Equatable, Sendable {
    /// Timer codes in `TimerTag(owner: target, code:)`.
    enum TimerCode: Int {
        case tick = 1
        /// The end of the media.
        case end = 2
    }

    /// The player's target id (the owner of its timers).
    public let target: String
    /// The fields it was created with.
    public let options: PlayerOptions
    /// Paused at position 0 when created.
    public internal(set) var state: PlayerState = .paused
    /// The position at `anchorTime`.
    var anchorPosition: Double = 0
    /// The media time of the last play, pause or seek.
    var anchorTime: Double = 0
    /// Ticks scheduled since the anchor (the next one is due at anchorTime + (n + 1) * tick).
    var ticksSinceAnchor = 0
    /// The pending tick or end timer while playing.
    var timer: TimerID?

    init(target: String, options: PlayerOptions) {
        self.target = target
        self.options = options
    }

    /// The bar's target.
    public var bar: String { options.bar }

    /// The media position in seconds at `time` (the media time of the event being handled or
    /// later; never changes state).
    public func position(at time: Double) -> Double {
        guard state == .playing else { return anchorPosition }
        return min(options.duration, anchorPosition + max(0, time - anchorTime))
    }
}
