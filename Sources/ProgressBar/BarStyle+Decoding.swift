import ComponentSupport
import Geometry

extension BarStyle {
    /// Accepted `frame.x` and `frame.y`.
    public static let originRange: ClosedRange<Double> = -100_000...100_000
    /// Accepted `frame.width` (at least 1 pt: values are x / width) and `frame.height`.
    public static let widthRange: ClosedRange<Double> = 1...100_000
    /// Accepted `frame.height`.
    public static let heightRange: ClosedRange<Double> = 0...100_000
    /// Accepted `barHeight`.
    public static let barHeightRange: ClosedRange<Double> = 0.5...100
    /// Accepted `dotSize`.
    public static let dotSizeRange: ClosedRange<Double> = 0...200
    /// Accepted `cornerRadius`.
    public static let cornerRadiusRange: ClosedRange<Double> = 0...100
    /// Accepted `hitInset`.
    public static let hitInsetRange: ClosedRange<Double> = 0...200

    /// The style fields present in `fields` applied over `self` (`bar.create` starts from the
    /// defaults, `bar.update` from the bar's style). Unknown fields are ignored; a bad field
    /// throws `bad_request` naming it and leaves nothing changed.
    public func updated(with fields: FieldReader) throws(CommandError) -> BarStyle {
        var style = self
        if fields.has("frame") {
            guard let object = fields.object["frame"]?.objectValue else {
                throw .badField("frame", "must be an object {\"x\",\"y\",\"width\",\"height\"}, got \(FieldReader.describe(fields.object["frame"] ?? .null))")
            }
            let inner = FieldReader(object)
            do {
                let x = try inner.requireNumber("x", in: BarStyle.originRange)
                let y = try inner.requireNumber("y", in: BarStyle.originRange)
                let width = try inner.requireNumber("width", in: BarStyle.widthRange)
                let height = try inner.requireNumber("height", in: BarStyle.heightRange)
                style.frame = Rect(x: x, y: y, width: width, height: height)
            } catch {
                throw .badField("frame", "." + error.message)
            }
        }
        if let v = try fields.number("barHeight", in: BarStyle.barHeightRange) { style.barHeight = v }
        if let v = try fields.number("dotSize", in: BarStyle.dotSizeRange) { style.dotSize = v }
        if let v = try fields.color("trackColor") { style.trackColor = v }
        if let v = try fields.color("fillColor") { style.fillColor = v }
        if let v = try fields.color("dragColor") { style.dragColor = v }
        if let v = try fields.color("bufferColor") { style.bufferColor = v }
        if let v = try fields.number("cornerRadius", in: BarStyle.cornerRadiusRange) { style.cornerRadius = v }
        if let v = try fields.bool("showDot") { style.showDot = v }
        if let v = try fields.bool("draggable") { style.draggable = v }
        if let v = try fields.number("hitInset", in: BarStyle.hitInsetRange) { style.hitInset = v }
        if let v = try fields.choice("curve", as: BarCurve.self) { style.curve = v }
        return style
    }
}
