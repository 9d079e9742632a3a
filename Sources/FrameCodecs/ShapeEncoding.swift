import Geometry
import InPlace
import JSON
import Shapes

/// The canonical JSON of shapes (docs/protocol.md section 5).
///
/// Key order: `"kind"` first, then `"id"` when present, then the kind's fields in the order
/// docs/protocol.md lists them:
/// - rect: x, y, w, h, r, fill, stroke, lw
/// - arc: cx, cy, r, a0, a1, lw, stroke, cap
/// - pie: cx, cy, r, a0, a1, fill
/// - line: x1, y1, x2, y2, lw, stroke, cap
/// - path: d, fill, stroke, lw, cap, join
/// - text: x, y, text, size, weight, fill, align, baseline, dir
/// - radial: x, y, w, h, cx, cy, r, stops
/// - group: alpha, m, clip, items
///
/// Optional fields are omitted when nil. Every number except `weight` (an integer) is rounded half
/// away from zero to at most four decimals, after clamping to ±1e9 (no canvas coordinate is that
/// large; NaN and the infinities become 0); see `JSONByteCursor.appendBoundedNumber`. Colours
/// are quoted lowercase `#rrggbb`/`#rrggbbaa`, as `Color.hex`.
extension JSONWriter {
    /// Decimal places of geometry, angles, alpha, matrix entries and gradient offsets.
    static let shapeDecimals = DisplayList.decimals

    /// Appends `[shape,...]`.
    mutating func appendShapes(_ shapes: [Shape]) {
        appendByte(UInt8(ascii: "["))
        appendShapeRun(shapes)
        appendByte(UInt8(ascii: "]"))
    }

    /// Appends the shapes separated by commas, without the brackets: a run of an array's items,
    /// copying numbers' text from `numbers` when it has them (see ``NumberTextCache``).
    mutating func appendShapeRun(_ shapes: [Shape], numbers: NumberTextCache? = nil) {
        appendShapeRun(shapes, shapes.indices, numbers: numbers)
    }

    /// Appends `shapes[range]` separated by commas (see ``appendShapeRun(_:numbers:)``).
    mutating func appendShapeRun(_ shapes: [Shape], _ range: Range<Int>, numbers: NumberTextCache? = nil) {
        withCursor { cursor in
            if let numbers { cursor.useNumberCache(numbers) }
            cursor.appendShapeItems(shapes, range)
        }
    }
}

extension JSONByteCursor {
    /// Appends the shapes separated by commas (an array's items, without its brackets).
    mutating func appendShapeItems(_ shapes: [Shape]) {
        appendShapeItems(shapes, shapes.indices)
    }

    /// Appends `shapes[range]` separated by commas.
    mutating func appendShapeItems(_ shapes: [Shape], _ range: Range<Int>) {
        // In place: a shape passed from the array would be copied (retaining its strings and
        // items) per call.
        var first = true
        shapes.forEachInPlace(range) { shape in
            if !first { appendByte(UInt8(ascii: ",")) }
            first = false
            appendShape(shape)
        }
    }

    /// Appends one shape object. The shape is borrowed, not copied (the switch binds its payload in place).
    mutating func appendShape(_ shape: borrowing Shape) {
        switch shape {
        case .rect(let rect):
            appendHeader(#"{"kind":"rect""#, id: rect.id)
            appendNumberField(#","x":"#, rect.frame.x)
            appendNumberField(#","y":"#, rect.frame.y)
            appendNumberField(#","w":"#, rect.frame.width)
            appendNumberField(#","h":"#, rect.frame.height)
            appendNumberField(#","r":"#, rect.cornerRadius)
            appendColorField(#","fill":"#, rect.fillBytes)
            appendColorField(#","stroke":"#, rect.strokeBytes)
            appendNumberField(#","lw":"#, rect.lineWidth)
        case .arc(let arc):
            appendHeader(#"{"kind":"arc""#, id: arc.id)
            appendNumberField(#","cx":"#, arc.center.x)
            appendNumberField(#","cy":"#, arc.center.y)
            appendNumberField(#","r":"#, arc.radius)
            appendNumberField(#","a0":"#, arc.startAngle)
            appendNumberField(#","a1":"#, arc.endAngle)
            appendNumberField(#","lw":"#, arc.lineWidth)
            appendColorField(#","stroke":"#, arc.strokeBytes)
            appendCap(arc.cap)
        case .pie(let pie):
            appendHeader(#"{"kind":"pie""#, id: pie.id)
            appendNumberField(#","cx":"#, pie.center.x)
            appendNumberField(#","cy":"#, pie.center.y)
            appendNumberField(#","r":"#, pie.radius)
            appendNumberField(#","a0":"#, pie.startAngle)
            appendNumberField(#","a1":"#, pie.endAngle)
            appendColorField(#","fill":"#, pie.fillBytes)
        case .line(let line):
            appendHeader(#"{"kind":"line""#, id: line.id)
            appendNumberField(#","x1":"#, line.start.x)
            appendNumberField(#","y1":"#, line.start.y)
            appendNumberField(#","x2":"#, line.end.x)
            appendNumberField(#","y2":"#, line.end.y)
            appendNumberField(#","lw":"#, line.lineWidth)
            appendColorField(#","stroke":"#, line.strokeBytes)
            appendCap(line.cap)
        case .path(let path):
            appendHeader(#"{"kind":"path""#, id: path.id)
            appendRaw(#","d":"#)
            appendString(path.data)
            appendColorField(#","fill":"#, path.fillBytes)
            appendColorField(#","stroke":"#, path.strokeBytes)
            appendNumberField(#","lw":"#, path.lineWidth)
            appendCap(path.cap)
            switch path.join {
            case nil: break
            case .miter: appendRaw(#","join":"miter""#)
            case .round: appendRaw(#","join":"round""#)
            case .bevel: appendRaw(#","join":"bevel""#)
            }
        case .text(let text):
            appendHeader(#"{"kind":"text""#, id: text.id)
            appendNumberField(#","x":"#, text.position.x)
            appendNumberField(#","y":"#, text.position.y)
            appendRaw(#","text":"#)
            appendString(text.text)
            appendNumberField(#","size":"#, text.size)
            appendRaw(text.weight == .bold ? #","weight":700"# : #","weight":400"#)
            appendColorField(#","fill":"#, text.fillBytes)
            switch text.align {
            case nil: break
            case .left: appendRaw(#","align":"left""#)
            case .center: appendRaw(#","align":"center""#)
            case .right: appendRaw(#","align":"right""#)
            }
            switch text.baseline {
            case nil: break
            case .alphabetic: appendRaw(#","baseline":"alphabetic""#)
            case .top: appendRaw(#","baseline":"top""#)
            case .middle: appendRaw(#","baseline":"middle""#)
            }
            if text.isRightToLeft { appendRaw(#","dir":"rtl""#) }
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
                appendBoundedNumber(stop.offset, decimals: JSONWriter.shapeDecimals)
                appendColorField(",", stop.colorBytes)
                appendByte(UInt8(ascii: "]"))
            }
            appendByte(UInt8(ascii: "]"))
        case .group(let group):
            appendGroup(group)
        }
        appendByte(UInt8(ascii: "}"))
    }

    private mutating func appendGroup(_ group: borrowing GroupShape) {
        appendHeader(#"{"kind":"group""#, id: group.id)
        appendNumberField(#","alpha":"#, group.alpha)
        if let matrix = group.matrix {
            appendRaw(#","m":["#)
            for index in 0..<6 {
                if index > 0 { appendByte(UInt8(ascii: ",")) }
                let identity: Double = index == 0 || index == 3 ? 1 : 0
                appendBoundedNumber(matrix.count == 6 ? matrix[index] : identity, decimals: JSONWriter.shapeDecimals)
            }
            appendByte(UInt8(ascii: "]"))
        }
        if let clip = group.clip {
            appendRaw(#","clip":["#)
            appendBoundedNumber(clip.x, decimals: JSONWriter.shapeDecimals)
            appendByte(UInt8(ascii: ","))
            appendBoundedNumber(clip.y, decimals: JSONWriter.shapeDecimals)
            appendByte(UInt8(ascii: ","))
            appendBoundedNumber(clip.width, decimals: JSONWriter.shapeDecimals)
            appendByte(UInt8(ascii: ","))
            appendBoundedNumber(clip.height, decimals: JSONWriter.shapeDecimals)
            appendByte(UInt8(ascii: "]"))
        }
        appendRaw(#","items":["#)
        appendShapeItems(group.items)
        appendByte(UInt8(ascii: "]"))
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
        appendRaw(key, boundedNumber: value, decimals: JSONWriter.shapeDecimals)
    }

    /// The key, then `"#rrggbb"` (`"#rrggbbaa"` unless opaque), in one write: a frame has about
    /// 25 colours, and a bounds check per byte made them 7% of a JSON frame's instructions.
    @inline(__always)
    private mutating func appendColorField(_ key: StaticString, _ channels: ColorBytes?) {
        guard let channels else { return }
        let keyCount = key.utf8CodeUnitCount
        append(maxCount: keyCount + 11) { output in
            var count = JSONWriter.copy(key.utf8Start, count: keyCount, to: output)
            output[count] = UInt8(ascii: "\"")
            output[count + 1] = UInt8(ascii: "#")
            count += 2
            func hex(_ byte: UInt8) {
                output[count] = JSONWriter.hexDigit(byte >> 4)
                output[count + 1] = JSONWriter.hexDigit(byte & 0xF)
                count += 2
            }
            hex(channels.red)
            hex(channels.green)
            hex(channels.blue)
            if channels.alpha != 255 { hex(channels.alpha) }
            output[count] = UInt8(ascii: "\"")
            return count + 1
        }
    }

    @inline(__always)
    private mutating func appendCap(_ cap: LineCap?) {
        switch cap {
        case nil: break
        case .butt: appendRaw(#","cap":"butt""#)
        case .round: appendRaw(#","cap":"round""#)
        case .square: appendRaw(#","cap":"square""#)
        }
    }
}
