public import Shapes

/// A decoded `frame` message, from either encoding (``BinaryFrameDecoder``,
/// ``JSONFrameDecoder``): what the frame holds.
public struct DecodedFrame: Equatable, Sendable {
    public var seq: Int
    /// Media time in seconds (whole microseconds).
    public var time: Double
    public var list: DisplayList
}
