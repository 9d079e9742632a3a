/// The system interactive pop's release rule (UIKit's _UINavigationInteractiveTransition): from
/// the last samples of the transition's percent, whether to finish or cancel and how long the
/// rest takes.
///
/// - Velocity and acceleration come from the last three samples (fractions of the width per
///   second): v1 and v2 between consecutive samples, v = (v1 + v2) / 2, a = (v2 - v1) divided by
///   the time between the two intervals' midpoints.
/// - Finish when `p + a*T²/2 + v*T > min(187.5 / width, 0.5)` (T = the transition duration);
///   with fewer than three samples, finish when the average velocity is positive.
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

    /// The decision for `samples` (oldest first; only the last three count) released at percent
    /// `percent`, on a stack `width` points wide with transition duration `duration`. With
    /// `cancelled` (the pointer was taken away) the pop is cancelled whatever the samples say.
    public init(samples: [Sample], percent: Double, width: Double, duration: Double, cancelled: Bool = false) {
        let n = samples.count
        var v = 0.0
        var a = 0.0
        var threeSamples = false
        if n >= 3 {
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
        let projected = percent + a * duration * duration / 2 + v * duration
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
