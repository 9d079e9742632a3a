public import Geometry

/// A shape with an optional fill and an optional stroke, stored as ``ColorBytes`` (rect and
/// path): gives both the ``Color`` accessors.
public protocol FilledAndStroked {
    /// The fill colour as the encodings carry it; nil for no fill.
    var fillBytes: ColorBytes? { get set }
    /// The stroke colour as the encodings carry it; nil for no stroke.
    var strokeBytes: ColorBytes? { get set }
}

extension FilledAndStroked {
    /// Fill colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var fill: Color? {
        get { fillBytes?.color }
        set { fillBytes = newValue.map(ColorBytes.init) }
    }

    /// Stroke colour. Reads the bytes as a ``Color``; setting it rounds to bytes.
    public var stroke: Color? {
        get { strokeBytes?.color }
        set { strokeBytes = newValue.map(ColorBytes.init) }
    }
}
