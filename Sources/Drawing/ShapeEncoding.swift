import Geometry
import JSON

/// The canonical JSON of shapes (PROTOCOL.md section 5).
///
/// Key order: `"kind"` first, then `"id"` when present, then the kind's fields in the order
/// PROTOCOL.md lists them:
/// - rect: x, y, w, h, r, fill, stroke, lw
/// - arc: cx, cy, r, a0, a1, lw, stroke, cap
/// - pie: cx, cy, r, a0, a1, fill
/// - line: x1, y1, x2, y2, lw, stroke, cap
/// - path: d, fill, stroke, lw, cap, join
/// - text: x, y, text, size, weight, fill, align, baseline
/// - radial: x, y, w, h, cx, cy, r, stops
/// - group: alpha, m, items
///
/// Optional fields are omitted when nil. Every number except `weight` (an integer) has four
/// decimals at most (``JSONWriter/appendNumber(_:decimals:)``); colours are quoted lowercase hex.
extension JSONWriter {
    /// Decimal places of geometry, angles, alpha, matrix entries and gradient offsets.
    static let shapeDecimals = 4

    /// Appends `[shape,...]`.
    mutating func appendShapes(_ shapes: [Shape]) {
        appendByte(UInt8(ascii: "["))
        var first = true
        for shape in shapes {
            if !first { appendByte(UInt8(ascii: ",")) }
            first = false
            appendShape(shape)
        }
        appendByte(UInt8(ascii: "]"))
    }

    /// Appends one shape object.
    mutating func appendShape(_ shape: Shape) {
        switch shape {
        case .rect(let rect):
            appendHeader(#"{"kind":"rect""#, id: rect.id)
            appendNumberField(#","x":"#, rect.frame.x)
            appendNumberField(#","y":"#, rect.frame.y)
            appendNumberField(#","w":"#, rect.frame.width)
            appendNumberField(#","h":"#, rect.frame.height)
            appendNumberField(#","r":"#, rect.cornerRadius)
            appendColorField(#","fill":"#, rect.fill)
            appendColorField(#","stroke":"#, rect.stroke)
            appendNumberField(#","lw":"#, rect.lineWidth)
        case .arc(let arc):
            appendHeader(#"{"kind":"arc""#, id: arc.id)
            appendNumberField(#","cx":"#, arc.center.x)
            appendNumberField(#","cy":"#, arc.center.y)
            appendNumberField(#","r":"#, arc.radius)
            appendNumberField(#","a0":"#, arc.startAngle)
            appendNumberField(#","a1":"#, arc.endAngle)
            appendNumberField(#","lw":"#, arc.lineWidth)
            appendColorField(#","stroke":"#, arc.stroke)
            appendNameField(#","cap":"#, arc.cap?.rawValue)
        case .pie(let pie):
            appendHeader(#"{"kind":"pie""#, id: pie.id)
            appendNumberField(#","cx":"#, pie.center.x)
            appendNumberField(#","cy":"#, pie.center.y)
            appendNumberField(#","r":"#, pie.radius)
            appendNumberField(#","a0":"#, pie.startAngle)
            appendNumberField(#","a1":"#, pie.endAngle)
            appendColorField(#","fill":"#, pie.fill)
        case .line(let line):
            appendHeader(#"{"kind":"line""#, id: line.id)
            appendNumberField(#","x1":"#, line.start.x)
            appendNumberField(#","y1":"#, line.start.y)
            appendNumberField(#","x2":"#, line.end.x)
            appendNumberField(#","y2":"#, line.end.y)
            appendNumberField(#","lw":"#, line.lineWidth)
            appendColorField(#","stroke":"#, line.stroke)
            appendNameField(#","cap":"#, line.cap?.rawValue)
        case .path(let path):
            appendHeader(#"{"kind":"path""#, id: path.id)
            appendRaw(#","d":"#)
            appendString(path.data)
            appendColorField(#","fill":"#, path.fill)
            appendColorField(#","stroke":"#, path.stroke)
            appendNumberField(#","lw":"#, path.lineWidth)
            appendNameField(#","cap":"#, path.cap?.rawValue)
            appendNameField(#","join":"#, path.join?.rawValue)
        case .text(let text):
            appendHeader(#"{"kind":"text""#, id: text.id)
            appendNumberField(#","x":"#, text.position.x)
            appendNumberField(#","y":"#, text.position.y)
            appendRaw(#","text":"#)
            appendString(text.text)
            appendNumberField(#","size":"#, text.size)
            appendRaw(#","weight":"#)
            appendInteger(text.weight.rawValue)
            appendColorField(#","fill":"#, text.fill)
            appendNameField(#","align":"#, text.align?.rawValue)
            appendNameField(#","baseline":"#, text.baseline?.rawValue)
        case .radial(let radial):
            appendHeader(#"{"kind":"radial""#, id: radial.id)
            appendNumberField(#","x":"#, radial.area.x)
            appendNumberField(#","y":"#, radial.area.y)
            appendNumberField(#","w":"#, radial.area.width)
            appendNumberField(#","h":"#, radial.area.height)
            appendNumberField(#","cx":"#, radial.center.x)
            appendNumberField(#","cy":"#, radial.center.y)
            appendNumberField(#","r":"#, radial.radius)
            appendRaw(#","stops":["#)
            for (index, stop) in radial.stops.enumerated() {
                appendRaw(index == 0 ? "[" : ",[")
                appendNumber(stop.offset, decimals: JSONWriter.shapeDecimals)
                appendColorField(",", stop.color)
                appendByte(UInt8(ascii: "]"))
            }
            appendByte(UInt8(ascii: "]"))
        case .group(let group):
            appendHeader(#"{"kind":"group""#, id: group.id)
            appendNumberField(#","alpha":"#, group.alpha)
            if let matrix = group.matrix {
                let entries = matrix.count == 6 ? matrix : [1, 0, 0, 1, 0, 0]
                appendRaw(#","m":["#)
                for (index, entry) in entries.enumerated() {
                    if index > 0 { appendByte(UInt8(ascii: ",")) }
                    appendNumber(entry, decimals: JSONWriter.shapeDecimals)
                }
                appendByte(UInt8(ascii: "]"))
            }
            appendRaw(#","items":"#)
            appendShapes(group.items)
        }
        appendByte(UInt8(ascii: "}"))
    }

    @inline(__always)
    private mutating func appendHeader(_ opening: StaticString, id: String?) {
        appendRaw(opening)
        if let id {
            appendRaw(#","id":"#)
            appendString(id)
        }
    }

    @inline(__always)
    private mutating func appendNumberField(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        appendRaw(key)
        appendNumber(value, decimals: JSONWriter.shapeDecimals)
    }

    @inline(__always)
    private mutating func appendColorField(_ key: StaticString, _ color: Color?) {
        guard let color else { return }
        appendRaw(key)
        appendByte(UInt8(ascii: "\""))
        appendHexColor(color)
        appendByte(UInt8(ascii: "\""))
    }

    /// Writes an enum's raw value (always plain ASCII) as a string field.
    @inline(__always)
    private mutating func appendNameField(_ key: StaticString, _ name: String?) {
        guard let name else { return }
        appendRaw(key)
        appendString(name)
    }
}
