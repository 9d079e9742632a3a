/// The fields of `player.create` (docs/protocol.md section 4.3).
public struct PlayerOptions: Equatable, Sendable {
    /// The bar the player drives.
    public var bar: String
    /// Media length in seconds.
    public var duration: Double
    /// Seconds between ticks (the seed's player calls back about every 0.25 s).
    public var tick: Double
    /// What pausing does to the bar.
    public var pauseStrategy: PauseStrategy

    /// Options; ranges are checked when the player is created.
    public init(bar: String, duration: Double, tick: Double = 0.25, pauseStrategy: PauseStrategy = .timing) {
        self.bar = bar
        self.duration = duration
        self.tick = tick
        self.pauseStrategy = pauseStrategy
    }

    /// Accepted `duration`: more than a millisecond, at most a day.
    public static let durationRange: ClosedRange<Double> = 0.001...86_400
    /// Accepted `tick`.
    public static let tickRange: ClosedRange<Double> = 0.01...10
}
