import Geometry
import Shapes

/// Why bytes are not a binary frame.
public struct BinaryFrameError: Error, Equatable, CustomStringConvertible {
    /// Where decoding stopped (a byte offset).
    public var offset: Int
    public var reason: String

    public var description: String { "binary frame: \(reason) at byte \(offset)" }
}

/// Decodes binary frames (docs/protocol.md section 9), refusing anything malformed rather than
/// guessing: an unknown magic, kind or enumeration byte, an overlong varint, a length past the end,
/// nesting deeper than ``maxDepth``, or bytes left over. Numbers come back as the doubles the
/// JSON text would parse to (the integer divided by 10^4), so ``FrameEncoder`` writes the same
/// canonical JSON frame.
public struct BinaryFrameDecoder {
    /// The deepest group nesting accepted (the server's scenes nest two levels).
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var offset = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Decodes one whole message.
    public static func decode(_ bytes: [UInt8]) throws(BinaryFrameError) -> DecodedFrame {
        var decoder = BinaryFrameDecoder(bytes)
        return try decoder.frame()
    }

    /// Decodes one whole binary `delta` message (docs/protocol.md section 10: magic `PCD1`).
    public static func decodeDelta(_ bytes: [UInt8]) throws(BinaryFrameError) -> FrameDelta {
        var decoder = BinaryFrameDecoder(bytes)
        return try decoder.delta()
    }

    private mutating func delta() throws(BinaryFrameError) -> FrameDelta {
        try skipMagic(BinaryFrameFormat.deltaMagic, "not a binary delta (magic is not PCD1)")
        let seq = try count("seq")
        let base = try count("base")
        let time = Double(try svarint()) / 1e6
        let shapeCount = try count("n")
        let editCount = try count("edit count")
        var edits: [FrameDelta.Edit] = []
        for _ in 0..<min(editCount, bytes.count) {
            let at = try count("at")
            let removed = try count("removed")
            let shapes = try shapeList(depth: 0)
            edits.append(FrameDelta.Edit(at: at, removed: removed, shapes: shapes))
        }
        guard edits.count == editCount else { throw failure("more edits than bytes") }
        guard offset == bytes.count else { throw failure("\(bytes.count - offset) bytes left over") }
        return FrameDelta(seq: seq, base: base, time: time, shapeCount: shapeCount, edits: edits)
    }

    /// Moves past `magic`, the message's first bytes, or throws `reason`.
    private mutating func skipMagic(_ magic: [UInt8], _ reason: String) throws(BinaryFrameError) {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw BinaryFrameError(offset: 0, reason: reason)
        }
        offset = magic.count
    }

    /// A uvarint that counts or numbers something (below 2^62).
    private mutating func count(_ name: String) throws(BinaryFrameError) -> Int {
        let value = try uvarint()
        guard value <= UInt64(Int.max / 2) else { throw failure("\(name) out of range") }
        return Int(value)
    }

    private mutating func frame() throws(BinaryFrameError) -> DecodedFrame {
        try skipMagic(BinaryFrameFormat.magic, "not a binary frame (magic is not PCF1)")
        let seqValue = try uvarint()
        guard seqValue <= UInt64(Int.max) else { throw failure("seq out of range") }
        let time = Double(try svarint()) / 1e6
        let width = try number()
        let height = try number()
        let shapes = try shapeList(depth: 0)
        guard offset == bytes.count else { throw failure("\(bytes.count - offset) bytes left over") }
        return DecodedFrame(
            seq: Int(seqValue), time: time, list: DisplayList(size: Size(width: width, height: height), shapes: shapes))
    }

    private func failure(_ reason: String) -> BinaryFrameError {
        BinaryFrameError(offset: offset, reason: reason)
    }

    private mutating func byte() throws(BinaryFrameError) -> UInt8 {
        guard offset < bytes.count else { throw failure("unexpected end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func uvarint() throws(BinaryFrameError) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<BinaryFrameFormat.maxVarintBytes {
            let next = try byte()
            let group = UInt64(next & 0x7F)
            // The tenth byte may carry only the top bit of 64.
            guard index < 9 || group <= 1 else { throw failure("varint overflows 64 bits") }
            value |= group << (7 * UInt64(index))
            if next & 0x80 == 0 { return value }
        }
        throw failure("varint longer than \(BinaryFrameFormat.maxVarintBytes) bytes")
    }

    private mutating func svarint() throws(BinaryFrameError) -> Int64 {
        let zigzag = try uvarint()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    private mutating func number() throws(BinaryFrameError) -> Double {
        Double(try svarint()) / 1e4
    }

    private mutating func color() throws(BinaryFrameError) -> Color {
        let red = try byte(), green = try byte(), blue = try byte(), alpha = try byte()
        return Color(
            red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: Double(alpha) / 255)
    }

    private mutating func string() throws(BinaryFrameError) -> String {
        let length = try uvarint()
        guard length <= UInt64(bytes.count - offset) else {
            throw failure("string of \(length) bytes runs past the end")
        }
        let end = offset + Int(length)
        guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else {
            throw failure("string is not UTF-8")
        }
        offset = end
        return text
    }

    private mutating func count(minimumBytesEach: Int) throws(BinaryFrameError) -> Int {
        let value = try uvarint()
        guard value <= UInt64((bytes.count - offset) / minimumBytesEach) else {
            throw failure("count \(value) runs past the end")
        }
        return Int(value)
    }

    private mutating func enumeration<Value>(
        _ name: String, _ decode: (UInt8) -> Value?
    ) throws(BinaryFrameError) -> Value {
        let code = try byte()
        guard let value = decode(code) else {
            offset -= 1
            throw failure("unknown \(name) \(code)")
        }
        return value
    }

    /// The flag bits each kind defines (bit 0, the id, for all).
    private static func knownFlags(_ kind: BinaryFrameFormat.Kind) -> UInt8 {
        switch kind {
        case .rect: BinaryFrameFormat.hasID | 2 | 4 | 8 | 16
        case .arc, .line: BinaryFrameFormat.hasID | BinaryFrameFormat.StrokeFlag.cap
        case .pie, .radial: BinaryFrameFormat.hasID
        case .path: BinaryFrameFormat.hasID | 2 | 4 | 8 | 16 | 32
        case .text: BinaryFrameFormat.hasID | 2 | 4 | 8 | 16
        case .group: BinaryFrameFormat.hasID | 2 | 4 | 8
        }
    }

    private mutating func shapeList(depth: Int) throws(BinaryFrameError) -> [Shape] {
        // Every shape takes at least its kind and flags bytes.
        let count = try count(minimumBytesEach: 2)
        var shapes: [Shape] = []
        shapes.reserveCapacity(count)
        for _ in 0..<count { shapes.append(try shape(depth: depth)) }
        return shapes
    }

    private mutating func shape(depth: Int) throws(BinaryFrameError) -> Shape {
        let kindByte = try byte()
        guard let kind = BinaryFrameFormat.Kind(rawValue: kindByte) else {
            offset -= 1
            throw failure("unknown shape kind \(kindByte)")
        }
        let flags = try byte()
        guard flags & ~Self.knownFlags(kind) == 0 else {
            offset -= 1
            throw failure("unknown flag bits \(flags & ~Self.knownFlags(kind)) for kind \(kindByte)")
        }
        let id = flags & BinaryFrameFormat.hasID != 0 ? try string() : nil
        func has(_ bit: UInt8) -> Bool { flags & bit != 0 }
        switch kind {
        case .rect:
            let frame = Rect(x: try number(), y: try number(), width: try number(), height: try number())
            let radius = has(BinaryFrameFormat.RectFlag.cornerRadius) ? try number() : nil
            let fill = has(BinaryFrameFormat.RectFlag.fill) ? try color() : nil
            let stroke = has(BinaryFrameFormat.RectFlag.stroke) ? try color() : nil
            let lineWidth = has(BinaryFrameFormat.RectFlag.lineWidth) ? try number() : nil
            return .rect(
                RectShape(id: id, frame: frame, cornerRadius: radius, fill: fill, stroke: stroke, lineWidth: lineWidth))
        case .arc:
            let center = Point(x: try number(), y: try number())
            let radius = try number(), start = try number(), end = try number(), lineWidth = try number()
            let stroke = try color()
            let cap = has(BinaryFrameFormat.StrokeFlag.cap) ? try enumeration("cap", BinaryFrameFormat.cap) : nil
            return .arc(
                ArcShape(
                    id: id, center: center, radius: radius, startAngle: start, endAngle: end,
                    lineWidth: lineWidth, stroke: stroke, cap: cap))
        case .pie:
            let center = Point(x: try number(), y: try number())
            let radius = try number(), start = try number(), end = try number()
            return .pie(
                PieShape(id: id, center: center, radius: radius, startAngle: start, endAngle: end, fill: try color()))
        case .line:
            let start = Point(x: try number(), y: try number())
            let end = Point(x: try number(), y: try number())
            let lineWidth = try number()
            let stroke = try color()
            let cap = has(BinaryFrameFormat.StrokeFlag.cap) ? try enumeration("cap", BinaryFrameFormat.cap) : nil
            return .line(LineShape(id: id, start: start, end: end, lineWidth: lineWidth, stroke: stroke, cap: cap))
        case .path:
            let data = try string()
            let fill = has(BinaryFrameFormat.PathFlag.fill) ? try color() : nil
            let stroke = has(BinaryFrameFormat.PathFlag.stroke) ? try color() : nil
            let lineWidth = has(BinaryFrameFormat.PathFlag.lineWidth) ? try number() : nil
            let cap = has(BinaryFrameFormat.PathFlag.cap) ? try enumeration("cap", BinaryFrameFormat.cap) : nil
            let join = has(BinaryFrameFormat.PathFlag.join) ? try enumeration("join", BinaryFrameFormat.join) : nil
            return .path(
                PathShape(id: id, data: data, fill: fill, stroke: stroke, lineWidth: lineWidth, cap: cap, join: join))
        case .text:
            let position = Point(x: try number(), y: try number())
            let text = try string()
            let size = try number()
            let fill = try color()
            let align = has(BinaryFrameFormat.TextFlag.align) ? try enumeration("align", BinaryFrameFormat.align) : nil
            let baseline =
                has(BinaryFrameFormat.TextFlag.baseline) ? try enumeration("baseline", BinaryFrameFormat.baseline) : nil
            return .text(
                TextShape(
                    id: id, position: position, text: text, size: size,
                    weight: has(BinaryFrameFormat.TextFlag.bold) ? .bold : .regular,
                    fill: fill, align: align, baseline: baseline,
                    isRightToLeft: has(BinaryFrameFormat.TextFlag.rightToLeft)))
        case .radial:
            let area = Rect(x: try number(), y: try number(), width: try number(), height: try number())
            let center = Point(x: try number(), y: try number())
            let radius = try number()
            // Each stop: a number (at least one byte) and a colour (four).
            let stopCount = try count(minimumBytesEach: 5)
            var stops: [RadialShape.Stop] = []
            for _ in 0..<stopCount { stops.append(RadialShape.Stop(offset: try number(), color: try color())) }
            return .radial(RadialShape(id: id, area: area, center: center, radius: radius, stops: stops))
        case .group:
            guard depth < Self.maxDepth else { throw failure("groups nested deeper than \(Self.maxDepth)") }
            let alpha = has(BinaryFrameFormat.GroupFlag.alpha) ? try number() : nil
            var matrix: [Double]?
            if has(BinaryFrameFormat.GroupFlag.matrix) {
                var entries: [Double] = []
                for _ in 0..<6 { entries.append(try number()) }
                matrix = entries
            }
            var clip: Rect?
            if has(BinaryFrameFormat.GroupFlag.clip) {
                clip = Rect(x: try number(), y: try number(), width: try number(), height: try number())
            }
            return .group(
                GroupShape(
                    id: id, alpha: alpha, matrix: matrix, clip: clip,
                    items: try shapeList(depth: depth + 1)))
        }
    }
}
