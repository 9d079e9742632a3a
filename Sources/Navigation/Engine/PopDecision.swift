import ComponentSupport

/// The system interactive pop's release rule (UIKit's _UINavigationInteractiveTransition): from
/// the last samples of the transition's percent, whether to finish or cancel and how long the
/// rest takes.
///
/// - Velocity and acceleration come from the last three samples (fractions of the width per
///   second): v1 and v2 between consecutive samples, v = (v1 + v2) / 2, a = (v2 - v1) divided by
///   the time between the two intervals' midpoints.
/// - Finish when `p + v*t + a*t²/2 > min(187.5 / width, 0.5)` with t = T (the transition
///   duration), or, when the fitted motion slows to a stop within T (v and a of opposite signs,
///   -v/a < T), at that stop: a slowing finger stops, it does not turn back. Without that, one
///   slow interval among the three (the page sends at most one move per animation frame, and
///   frames jitter) gave an acceleration that turned a fast swipe past the middle into a
///   cancel. With fewer than three samples, finish when the average velocity is positive.
/// - A finger that stood still for longer than ``velocityWindow`` before the release has no
///   velocity (v = a = 0, so the percent alone decides), as the pan recogniser's velocity is
///   zero then: the browser sends no moves while the finger rests, so the samples are the
///   movement before the rest.
/// - The rest runs at completion speed `s = max(r, T*|v|)` (r = the remaining fraction; T*|v|
///   is `duration / (width / |v|)` with v in points), so it lasts `r*T/s` seconds, linearly.
public struct PopDecision: Equatable, Sendable {
    /// One percent update (a pointer event of the pan).
    public struct Sample: Equatable, Sendable {
        /// Media time in seconds.
        public var time: Double
        /// The transition's percent then.
        public var percent: Double

        /// A sample.
        public init(time: Double, percent: Double) {
            self.time = time
            self.percent = percent
        }
    }

    /// Whether the pop finishes (false: it is cancelled).
    public var finish: Bool
    /// Average velocity, fractions of the width per second.
    public var velocity: Double
    /// Average acceleration, fractions of the width per second squared (0 with fewer samples).
    public var acceleration: Double
    /// Seconds the completion (or cancellation) animation lasts.
    public var remainingDuration: Double

    /// Samples older than this before the release carry no velocity (seconds): the window
    /// ``PanGestureRecognizer`` measures velocity over (UIKit weighs about the last 100 ms).
    public static let velocityWindow = PanGestureRecognizer.defaultVelocityWindow

    /// The decision for `samples` (oldest first; only the last three count) released at percent
    /// `percent` at media time `releaseTime` (nil: at the last sample), on a stack `width` points
    /// wide with transition duration `duration`. With `cancelled` (the pointer was taken away)
    /// the pop is cancelled whatever the samples say.
    public init(
        samples: [Sample], percent: Double, width: Double, duration: Double, releaseTime: Double? = nil,
        cancelled: Bool = false
    ) {
        let n = samples.count
        var v = 0.0
        var a = 0.0
        var threeSamples = false
        let rested = n > 0 && (releaseTime ?? samples[n - 1].time) - samples[n - 1].time > PopDecision.velocityWindow
        if rested {
            // Still since the last sample: no velocity; the percent decides.
            threeSamples = true
        } else if n >= 3 {
            let s0 = samples[n - 3], s1 = samples[n - 2], s2 = samples[n - 1]
            let v1 = PopDecision.slope(s0, s1), v2 = PopDecision.slope(s1, s2)
            v = (v1 + v2) / 2
            let span = (s2.time - s0.time) / 2
            a = span > 0 ? (v2 - v1) / span : 0
            threeSamples = true
        } else if n == 2 {
            v = PopDecision.slope(samples[0], samples[1])
        }
        let threshold = min(187.5 / max(width, 1), 0.5)
        // Projected to T, or to where the fitted motion stops if that comes first.
        let stop = v * a < 0 ? -v / a : duration
        let t = min(duration, stop)
        let projected = percent + v * t + a * t * t / 2
        finish = !cancelled && (threeSamples ? projected > threshold : v > 0)
        velocity = v
        acceleration = a
        let remaining = finish ? 1 - percent : percent
        let speed = max(remaining, duration * abs(v))
        remainingDuration = speed > 0 ? remaining * duration / speed : 0
    }

    private static func slope(_ a: Sample, _ b: Sample) -> Double {
        let dt = b.time - a.time
        return dt > 0 ? (b.percent - a.percent) / dt : 0
    }
}
