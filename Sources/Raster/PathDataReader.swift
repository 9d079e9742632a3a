import Foundation

/// One segment of SVG path data in absolute coordinates, with the shorthand commands
/// (`H`, `V`, `S`, `T`) expanded and quadratics kept as they are.
enum PathSegment: Equatable {
    case move(Double, Double)
    case line(Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case quadratic(Double, Double, Double, Double)
    /// An elliptical arc: radii, x-axis rotation in degrees, flags, end point.
    case arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, x: Double, y: Double)
    case close
}

/// Reads SVG path data (`d`) as canvas `Path2D` does: every command of SVG 1.1, absolute and
/// relative, implicit repeats; at the first error the path keeps what was read before it
/// (SVG's error handling, which Chromium's `Path2D` follows).
struct PathDataReader {
    private let bytes: [UInt8]
    private var index = 0

    /// The segments of `data`.
    static func segments(_ data: String) -> [PathSegment] {
        var reader = PathDataReader(bytes: Array(data.utf8))
        return reader.read()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func read() -> [PathSegment] {
        var out: [PathSegment] = []
        var current = (x: 0.0, y: 0.0)
        var start = (x: 0.0, y: 0.0)
        // The previous cubic or quadratic control point, for S and T reflections.
        var lastCubic: (Double, Double)?
        var lastQuad: (Double, Double)?
        var command: UInt8?
        while true {
            skipSeparators()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if Self.isCommand(byte) {
                command = byte
                index += 1
            } else if command == nil || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                break  // numbers with no command, or after Z: an error
            }
            guard let letter = command else { break }
            let relative = letter >= UInt8(ascii: "a")
            let dx = relative ? current.x : 0, dy = relative ? current.y : 0
            var segment: PathSegment?
            switch letter | 0x20 {
            case UInt8(ascii: "m"):
                guard let p = point() else { return out }
                current = (p.0 + dx, p.1 + dy)
                start = current
                segment = .move(current.x, current.y)
                // Coordinates after a moveto are implicit linetos.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "l"):
                guard let p = point() else { return out }
                current = (p.0 + dx, p.1 + dy)
                segment = .line(current.x, current.y)
            case UInt8(ascii: "h"):
                guard let x = number() else { return out }
                current.x = x + dx
                segment = .line(current.x, current.y)
            case UInt8(ascii: "v"):
                guard let y = number() else { return out }
                current.y = y + dy
                segment = .line(current.x, current.y)
            case UInt8(ascii: "c"):
                guard let c1 = point(), let c2 = point(), let p = point() else { return out }
                segment = .cubic(c1.0 + dx, c1.1 + dy, c2.0 + dx, c2.1 + dy, p.0 + dx, p.1 + dy)
                lastCubic = (c2.0 + dx, c2.1 + dy)
                current = (p.0 + dx, p.1 + dy)
            case UInt8(ascii: "s"):
                guard let c2 = point(), let p = point() else { return out }
                let c1 = lastCubic.map { (2 * current.x - $0.0, 2 * current.y - $0.1) } ?? current
                segment = .cubic(c1.0, c1.1, c2.0 + dx, c2.1 + dy, p.0 + dx, p.1 + dy)
                lastCubic = (c2.0 + dx, c2.1 + dy)
                current = (p.0 + dx, p.1 + dy)
            case UInt8(ascii: "q"):
                guard let c = point(), let p = point() else { return out }
                segment = .quadratic(c.0 + dx, c.1 + dy, p.0 + dx, p.1 + dy)
                lastQuad = (c.0 + dx, c.1 + dy)
                current = (p.0 + dx, p.1 + dy)
            case UInt8(ascii: "t"):
                guard let p = point() else { return out }
                let c = lastQuad.map { (2 * current.x - $0.0, 2 * current.y - $0.1) } ?? current
                segment = .quadratic(c.0, c.1, p.0 + dx, p.1 + dy)
                lastQuad = c
                current = (p.0 + dx, p.1 + dy)
            case UInt8(ascii: "a"):
                guard let rx = number(), let ry = number(), let rotation = number(), let large = flag(),
                    let sweep = flag(), let p = point()
                else { return out }
                current = (p.0 + dx, p.1 + dy)
                segment = .arc(
                    rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, x: current.x, y: current.y)
            default:  // z
                current = start
                segment = .close
            }
            if let segment {
                let kind = letter | 0x20
                if kind != UInt8(ascii: "c"), kind != UInt8(ascii: "s") { lastCubic = nil }
                if kind != UInt8(ascii: "q"), kind != UInt8(ascii: "t") { lastQuad = nil }
                out.append(segment)
            }
        }
        return out
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return byte >= UInt8(ascii: "A")
        default:
            return false
        }
    }

    private mutating func skipSeparators() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ","): index += 1
            default: return
            }
        }
    }

    private mutating func point() -> (Double, Double)? {
        guard let x = number(), let y = number() else { return nil }
        return (x, y)
    }

    /// An arc flag: a single 0 or 1 (it needs no separator after it).
    private mutating func flag() -> Bool? {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            return nil
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// A number: sign, digits, fraction, exponent (`-.5e2`); nil when there is none or it is not finite.
    private mutating func number() -> Double? {
        skipSeparators()
        let begin = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = begin
            return nil
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { index = mark }
        }
        guard let value = Double(String(decoding: bytes[begin..<index], as: UTF8.self)), value.isFinite else {
            return nil
        }
        return value
    }
}
