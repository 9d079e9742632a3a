/// What to export: the part of the recording, the frame rate, the scale and the speed.
public struct ExportSettings: Equatable, Sendable {
    /// The file format.
    public var format: ExportFormat
    /// Frames per second of the output, 1...120.
    public var fps: Double
    /// Pixels per point (the page's devicePixelRatio), 0.25...4.
    public var scale: Double
    /// Media time of the first frame, seconds.
    public var from: Double
    /// Media time where the export ends, seconds; nil for the recording's end.
    public var to: Double?
    /// Media seconds per output second (2 plays twice as fast), 0.1...16.
    public var speed: Double

    /// The allowed ranges (error messages quote them).
    public static let fpsRange = 1.0...120.0
    public static let scaleRange = 0.25...4.0
    public static let speedRange = 0.1...16.0
    /// The highest frame rate of a GIF: its frame delays are whole hundredths of a second, and
    /// browsers (and ffmpeg's reader) slow delays under 0.02 s to 0.1 s.
    public static let gifMaxFPS = 50.0

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(
        format: ExportFormat, fps: Double = 30, scale: Double = 1, from: Double = 0, to: Double? = nil,
        speed: Double = 1
    ) {
        self.format = format
        self.fps = fps
        self.scale = scale
        self.from = from
        self.to = to
        self.speed = speed
    }

    /// The media times of the frames for a recording of `duration` seconds: `from + k * speed / fps`
    /// for every k whose time is before `to` (at least one frame, at `from`).
    /// - Throws: ``ExportError/Kind/badSettings`` naming the first setting out of range.
    public func frameTimes(duration: Double) throws(ExportError) -> [Double] {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws(ExportError) {
            guard value.isFinite, range.contains(value) else {
                throw ExportError(
                    .badSettings,
                    "\(name) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), got \(Self.format(value))"
                )
            }
        }
        try check(fps, Self.fpsRange, "fps")
        if format == .gif, fps > Self.gifMaxFPS {
            throw ExportError(
                .badSettings,
                "fps must be between 1 and \(Self.format(Self.gifMaxFPS)) for a GIF (its frame delays are whole hundredths of a second, and browsers play delays under 0.02 s as 0.1 s), got \(Self.format(fps))"
            )
        }
        try check(scale, Self.scaleRange, "scale")
        try check(speed, Self.speedRange, "speed")
        let end = to ?? duration
        guard from.isFinite, from >= 0, from <= duration else {
            throw ExportError(
                .badSettings,
                "from must be a time in the recording (0 to \(Self.format(duration)) s), got \(Self.format(from))")
        }
        // `to` equal to `from` is one frame (a still, in the export's format).
        guard end.isFinite, end >= from, end <= duration + 1e-6 else {
            throw ExportError(
                .badSettings,
                "to must be a time in the recording at or after from (\(Self.format(from)) to \(Self.format(duration)) s), got \(Self.format(end))"
            )
        }
        let step = speed / fps
        let count = max(1, Int(((end - from) / step - 1e-9).rounded(.up)))
        guard count <= Self.maxFrames else {
            throw ExportError(
                .badSettings, "\(count) frames is more than \(Self.maxFrames): shorten the range or lower fps")
        }
        return (0..<count).map { from + Double($0) * step }
    }

    /// The most frames one export writes (an hour at 30 fps).
    public static let maxFrames = 108_000

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
