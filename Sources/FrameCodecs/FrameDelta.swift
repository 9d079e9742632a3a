public import Shapes

/// Why a delta does not apply to a frame.
public struct FrameDeltaError: Error, Equatable, CustomStringConvertible {
    public var reason: String

    public var description: String { "delta: \(reason)" }
}

/// A decoded `delta` message (docs/protocol.md section 10), from either encoding
/// (``JSONFrameDecoder/decodeDelta(_:)``, ``BinaryFrameDecoder/decodeDelta(_:)``): the changes
/// from the frame numbered ``base`` to the frame numbered ``seq``, as edits of the base frame's
/// top-level shapes.
public struct FrameDelta: Equatable, Sendable {
    /// From the base frame's top-level shape `at`, `removed` shapes are replaced by `shapes`.
    public struct Edit: Equatable, Sendable {
        public var at: Int
        public var removed: Int
        public var shapes: [Shape]

        public init(at: Int, removed: Int, shapes: [Shape]) {
            self.at = at
            self.removed = removed
            self.shapes = shapes
        }
    }

    public var seq: Int
    /// The `seq` of the frame the edits apply to.
    public var base: Int
    /// Media time in seconds (whole microseconds), as a frame's `t`.
    public var time: Double
    /// How many top-level shapes the frame has once the edits are applied.
    public var shapeCount: Int
    /// In increasing `at`, not overlapping, all positions counted in the base frame.
    public var edits: [Edit]

    public init(seq: Int, base: Int, time: Double, shapeCount: Int, edits: [Edit]) {
        self.seq = seq
        self.base = base
        self.time = time
        self.shapeCount = shapeCount
        self.edits = edits
    }

    /// The frame this delta makes of `frame`, which must be its base (the same `seq`): as a
    /// client applies it. Refuses a delta of another base, edits out of order, overlapping or
    /// past the end, and a result whose shape count is not ``shapeCount``.
    public func apply(to frame: DecodedFrame) throws(FrameDeltaError) -> DecodedFrame {
        guard frame.seq == base else {
            throw FrameDeltaError(reason: "base \(base) is not the frame shown (\(frame.seq))")
        }
        let old = frame.list.shapes
        var shapes: [Shape] = []
        shapes.reserveCapacity(shapeCount)
        var next = 0
        for edit in edits {
            guard edit.at >= next, edit.removed >= 0, edit.at + edit.removed <= old.count else {
                throw FrameDeltaError(reason: "edit at \(edit.at) removing \(edit.removed) does not fit")
            }
            shapes += old[next..<edit.at]
            shapes += edit.shapes
            next = edit.at + edit.removed
        }
        shapes += old[next...]
        guard shapes.count == shapeCount else {
            throw FrameDeltaError(reason: "\(shapes.count) shapes after the edits, not \(shapeCount)")
        }
        return DecodedFrame(seq: seq, time: time, list: DisplayList(size: frame.list.size, shapes: shapes))
    }
}
