public import ComponentSupport
import Geometry

extension PointerEvent {
    /// The accepted range of `x` and `y` in points: generous (pointers may leave the canvas
    /// while dragging) but finite, so nothing downstream meets a huge coordinate.
    public static let coordinateRange: ClosedRange<Double> = -100_000...100_000

    /// The accepted range of `pointer` ids (DOM pointerId values are small non-negative integers).
    public static let pointerIDRange: ClosedRange<Int> = 0...2_147_483_647

    /// Decodes the fields of a `pointer` op (docs/protocol.md section 4.4): `phase` (required:
    /// `"down"`, `"move"`, `"up"`, `"cancel"`), `x` and `y` (required, within
    /// ``coordinateRange``), `pointer` (optional id within ``pointerIDRange``, default 0).
    /// `time` is the media time the Scene applies the op at.
    public init(fields: FieldReader, at time: Double) throws(CommandError) {
        guard let phase = try fields.choice("phase", as: PointerPhase.self) else {
            throw .badField("phase", "is required (one of \"down\", \"move\", \"up\", \"cancel\")")
        }
        let x = try fields.requireNumber("x", in: PointerEvent.coordinateRange)
        let y = try fields.requireNumber("y", in: PointerEvent.coordinateRange)
        let pointer = try fields.integer("pointer", in: PointerEvent.pointerIDRange) ?? 0
        self.init(phase: phase, location: Point(x: x, y: y), pointer: pointer, time: time)
    }
}
