import Foundation
public import Geometry
import JSON
public import Shapes

/// Renders a display list as a standalone SVG document, deterministically (same list, same bytes),
/// for headless export and golden files.
///
/// Mapping: groups become `<g transform="matrix(a b c d e f)" opacity="alpha">` (group opacity),
/// a group's clip `clip-path="url(#cN)"` on that `<g>` with a `<clipPath id="cN">` rectangle in
/// `<defs>` (ids `c1`, `c2`, ... in document order; the clip is in the group's transformed space);
/// arcs and pies become `<path>`s with SVG arc segments (full circles as two half arcs, full pies
/// as `<circle>`); radial shapes become a `<rect>` filled with a `<radialGradient>` in `<defs>`
/// (ids `g1`, `g2`, ... in document order, `gradientUnits="userSpaceOnUse"`); text uses
/// `font-family` "ProgressCast Sans" with "DejaVu Sans" and "Droid Sans Fallback" as fallbacks,
/// `text-anchor` start/middle/end for left/center/right (end/middle/start with `direction="rtl"`
/// for a right-to-left line, as SVG anchors follow the direction) and `dominant-baseline`
/// alphabetic/text-before-edge/central for alphabetic/top/middle. Colours with alpha are written
/// as `#rrggbb` plus `fill-opacity`/`stroke-opacity`/`stop-opacity`. Shape ids become `data-id`
/// attributes (ids need not be unique). Numbers have at most four decimals.
///
/// Shapes canvas would not draw are left out: arcs, pies and gradients with a negative,
/// zero (gradients) or non-finite radius, and empty arcs.
public struct SVGExporter: Sendable {
    /// A colour painted under everything (the page's canvas background), or nil for transparent.
    public var background: Color?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(background: Color? = nil) {
        self.background = background
    }

    /// The SVG document for `list`, as UTF-8 bytes.
    public func svgBytes(_ list: DisplayList) -> [UInt8] {
        var state = SVGWriterState()
        for shape in list.shapes { state.append(shape, depth: 1) }
        var out = JSONWriter(capacity: state.body.count + state.defs.count + 256)
        out.appendRaw(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
        out.appendNumber(list.size.width, decimals: JSONWriter.shapeDecimals)
        out.appendRaw(#"" height=""#)
        out.appendNumber(list.size.height, decimals: JSONWriter.shapeDecimals)
        out.appendRaw(#"" viewBox="0 0 "#)
        out.appendNumber(list.size.width, decimals: JSONWriter.shapeDecimals)
        out.appendByte(UInt8(ascii: " "))
        out.appendNumber(list.size.height, decimals: JSONWriter.shapeDecimals)
        out.appendRaw("\">\n")
        if !state.defs.bytes.isEmpty {
            out.appendRaw("<defs>\n")
            out.appendRaw(state.defs.bytes)
            out.appendRaw("</defs>\n")
        }
        if let background {
            out.appendRaw(#"<rect x="0" y="0" width="100%" height="100%""#)
            out.appendPaint("fill", ColorBytes(background))
            out.appendRaw("/>\n")
        }
        out.appendRaw(state.body.bytes)
        out.appendRaw("</svg>\n")
        return out.bytes
    }

    /// The SVG document for `list`.
    public func svg(_ list: DisplayList) -> String {
        String(decoding: svgBytes(list), as: UTF8.self)
    }
}

/// The document being built: the body and the gradient definitions it refers to.
private struct SVGWriterState {
    var body = JSONWriter(capacity: 4096)
    var defs = JSONWriter(capacity: 0)
    var gradientCount = 0
    var clipCount = 0

    mutating func append(_ shape: Shape, depth: Int) {
        body.appendIndent(depth)
        switch shape {
        case .rect(let rect): body.appendRect(rect)
        case .arc(let arc): body.appendArc(arc)
        case .pie(let pie): body.appendPie(pie)
        case .line(let line): body.appendLine(line)
        case .path(let path): body.appendPath(path)
        case .text(let text): body.appendText(text)
        case .radial(let radial): appendRadial(radial)
        case .group(let group):
            body.appendRaw("<g")
            body.appendID(group.id)
            if let matrix = group.matrix, matrix.count == 6 {
                body.appendRaw(#" transform="matrix("#)
                for (index, entry) in matrix.enumerated() {
                    if index > 0 { body.appendByte(UInt8(ascii: " ")) }
                    body.appendNumber(entry, decimals: JSONWriter.shapeDecimals)
                }
                body.appendRaw(")\"")
            }
            if let alpha = group.alpha {
                body.appendAttribute("opacity", min(max(alpha.isNaN ? 0 : alpha, 0), 1))
            }
            if let clip = group.clip {
                clipCount += 1
                defs.appendRaw(#"<clipPath id="c"#)
                defs.appendInteger(clipCount)
                defs.appendRaw(#""><rect"#)
                // Canvas's rect() takes negative sizes (it extends left/up); SVG's rect does not.
                defs.appendAttribute("x", clip.width < 0 ? clip.x + clip.width : clip.x)
                defs.appendAttribute("y", clip.height < 0 ? clip.y + clip.height : clip.y)
                defs.appendAttribute("width", abs(clip.width))
                defs.appendAttribute("height", abs(clip.height))
                defs.appendRaw("/></clipPath>\n")
                body.appendRaw(#" clip-path="url(#c"#)
                body.appendInteger(clipCount)
                body.appendRaw(#")""#)
            }
            body.appendRaw(">\n")
            for item in group.items { append(item, depth: depth + 1) }
            body.appendIndent(depth)
            body.appendRaw("</g>")
        }
        body.appendByte(UInt8(ascii: "\n"))
    }

    private mutating func appendRadial(_ radial: RadialShape) {
        guard radial.radius > 0, radial.radius.isFinite else {
            body.appendRaw("<!-- radial with no radius -->")
            return
        }
        gradientCount += 1
        defs.appendRaw(#"<radialGradient id="g"#)
        defs.appendInteger(gradientCount)
        defs.appendRaw(#"" gradientUnits="userSpaceOnUse""#)
        defs.appendAttribute("cx", radial.center.x)
        defs.appendAttribute("cy", radial.center.y)
        defs.appendAttribute("r", radial.radius)
        defs.appendRaw(">\n")
        // Canvas keeps stops sorted by offset (stably); SVG needs them in order.
        let stops = radial.stops.enumerated().sorted {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }
        for (_, stop) in stops {
            defs.appendRaw("  <stop")
            defs.appendAttribute("offset", min(max(stop.offset.isNaN ? 0 : stop.offset, 0), 1))
            defs.appendPaint("stop-color", stop.colorBytes, opacityName: "stop-opacity")
            defs.appendRaw("/>\n")
        }
        defs.appendRaw("</radialGradient>\n")
        body.appendRaw("<rect")
        body.appendID(radial.id)
        body.appendRectGeometry(radial.area)
        body.appendRaw(#" fill="url(#g"#)
        body.appendInteger(gradientCount)
        body.appendRaw(")\"/>")
    }
}

/// Element writers (one line each, no trailing newline).
private extension JSONWriter {
    mutating func appendIndent(_ depth: Int) {
        for _ in 0..<depth { appendRaw("  ") }
    }

    mutating func appendID(_ id: String?) {
        guard let id else { return }
        appendRaw(#" data-id=""#)
        appendXMLEscaped(id)
        appendByte(UInt8(ascii: "\""))
    }

    mutating func appendAttribute(_ name: StaticString, _ value: Double) {
        appendByte(UInt8(ascii: " "))
        appendRaw(name)
        appendRaw("=\"")
        appendNumber(value, decimals: JSONWriter.shapeDecimals)
        appendByte(UInt8(ascii: "\""))
    }

    mutating func appendNameAttribute(_ name: StaticString, _ value: String) {
        appendByte(UInt8(ascii: " "))
        appendRaw(name)
        appendRaw("=\"")
        appendRawString(value)
        appendByte(UInt8(ascii: "\""))
    }

    /// ` fill="#rrggbb"` plus ` fill-opacity="a"` when not opaque; `none` when nil.
    mutating func appendPaint(_ name: StaticString, _ channels: ColorBytes?, opacityName: StaticString? = nil) {
        appendByte(UInt8(ascii: " "))
        appendRaw(name)
        appendRaw("=\"")
        guard let channels else {
            appendRaw("none\"")
            return
        }
        appendHexColor(channels, includeAlpha: false)
        appendByte(UInt8(ascii: "\""))
        let alpha = channels.alpha
        guard alpha != 255 else { return }
        appendByte(UInt8(ascii: " "))
        if let opacityName {
            appendRaw(opacityName)
        } else {
            appendRaw(name)
            appendRaw("-opacity")
        }
        appendRaw("=\"")
        appendNumber(Double(alpha) / 255, decimals: JSONWriter.shapeDecimals)
        appendByte(UInt8(ascii: "\""))
    }

    mutating func appendStroke(_ color: ColorBytes, width: Double?, cap: LineCap?, join: LineJoin? = nil) {
        appendPaint("stroke", color)
        if let width { appendAttribute("stroke-width", width) }
        if let cap, cap != .butt { appendNameAttribute("stroke-linecap", cap.rawValue) }
        if let join, join != .miter { appendNameAttribute("stroke-linejoin", join.rawValue) }
    }

    /// x, y, width, height of a rectangle normalised to a non-negative size (canvas accepts
    /// negative sizes; SVG does not).
    mutating func appendRectGeometry(_ frame: Rect) {
        appendAttribute("x", min(frame.x, frame.x + frame.width))
        appendAttribute("y", min(frame.y, frame.y + frame.height))
        appendAttribute("width", frame.width.magnitude)
        appendAttribute("height", frame.height.magnitude)
    }

    mutating func appendRect(_ rect: RectShape) {
        appendRaw("<rect")
        appendID(rect.id)
        appendRectGeometry(rect.frame)
        if let radius = rect.cornerRadius, radius > 0 {
            let clamped = min(radius, rect.frame.width.magnitude / 2, rect.frame.height.magnitude / 2)
            appendAttribute("rx", clamped)
            appendAttribute("ry", clamped)
        }
        appendPaint("fill", rect.fillBytes)
        if let stroke = rect.strokeBytes { appendStroke(stroke, width: rect.lineWidth, cap: nil) }
        appendRaw("/>")
    }

    mutating func appendArc(_ arc: ArcShape) {
        guard
            let sweep = drawnSweep(
                radius: arc.radius, start: arc.startAngle, end: arc.endAngle, orComment: "<!-- empty arc -->")
        else {
            return
        }
        appendRaw("<path")
        appendID(arc.id)
        appendRaw(#" d=""#)
        appendArcSegments(
            center: arc.center, radius: arc.radius, start: arc.startAngle, sweep: sweep, moveToStart: true)
        appendByte(UInt8(ascii: "\""))
        appendRaw(#" fill="none""#)
        appendStroke(arc.strokeBytes, width: arc.lineWidth, cap: arc.cap)
        appendRaw("/>")
    }

    mutating func appendPie(_ pie: PieShape) {
        guard
            let sweep = drawnSweep(
                radius: pie.radius, start: pie.startAngle, end: pie.endAngle, orComment: "<!-- empty pie -->")
        else {
            return
        }
        if sweep == .fullCircle {
            appendRaw("<circle")
            appendID(pie.id)
            appendAttribute("cx", pie.center.x)
            appendAttribute("cy", pie.center.y)
            appendAttribute("r", pie.radius)
        } else {
            appendRaw("<path")
            appendID(pie.id)
            appendRaw(#" d="M"#)
            appendPoint(pie.center)
            appendByte(UInt8(ascii: "L"))
            appendArcSegments(
                center: pie.center, radius: pie.radius, start: pie.startAngle, sweep: sweep, moveToStart: false)
            appendRaw("Z\"")
        }
        appendPaint("fill", pie.fillBytes)
        appendRaw("/>")
    }

    /// The part of the circle an arc or pie covers, or nil after writing `comment` when canvas
    /// would draw nothing (a negative or non-finite radius, or an empty sweep).
    mutating func drawnSweep(radius: Double, start: Double, end: Double, orComment comment: StaticString) -> ArcSweep? {
        let sweep = ArcSweep(start: start, end: end)
        guard radius >= 0, radius.isFinite, sweep != .empty else {
            appendRaw(comment)
            return nil
        }
        return sweep
    }

    /// `start point` (after `M` when `moveToStart`) then one `A` segment, or two for a full circle.
    mutating func appendArcSegments(center: Point, radius: Double, start: Double, sweep: ArcSweep, moveToStart: Bool) {
        func point(at angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        if moveToStart { appendByte(UInt8(ascii: "M")) }
        appendPoint(point(at: start))
        switch sweep {
        case .empty:
            return
        case .fullCircle:
            appendArcTo(radius: radius, large: false, end: point(at: start + Double.pi))
            appendArcTo(radius: radius, large: false, end: point(at: start))
        case .partial(let angle):
            appendArcTo(radius: radius, large: angle > Double.pi, end: point(at: start + angle))
        }
    }

    /// ` A r r 0 large 1 x y` (sweep flag 1: clockwise on screen).
    mutating func appendArcTo(radius: Double, large: Bool, end: Point) {
        appendByte(UInt8(ascii: "A"))
        appendNumber(radius, decimals: JSONWriter.shapeDecimals)
        appendByte(UInt8(ascii: " "))
        appendNumber(radius, decimals: JSONWriter.shapeDecimals)
        appendRaw(large ? " 0 1 1 " : " 0 0 1 ")
        appendPoint(end)
    }

    mutating func appendPoint(_ point: Point) {
        appendNumber(point.x, decimals: JSONWriter.shapeDecimals)
        appendByte(UInt8(ascii: " "))
        appendNumber(point.y, decimals: JSONWriter.shapeDecimals)
    }

    mutating func appendLine(_ line: LineShape) {
        appendRaw("<line")
        appendID(line.id)
        appendAttribute("x1", line.start.x)
        appendAttribute("y1", line.start.y)
        appendAttribute("x2", line.end.x)
        appendAttribute("y2", line.end.y)
        appendStroke(line.strokeBytes, width: line.lineWidth, cap: line.cap)
        appendRaw("/>")
    }

    mutating func appendPath(_ path: PathShape) {
        appendRaw("<path")
        appendID(path.id)
        appendRaw(#" d=""#)
        appendXMLEscaped(path.data)
        appendByte(UInt8(ascii: "\""))
        appendPaint("fill", path.fillBytes)
        if let stroke = path.strokeBytes { appendStroke(stroke, width: path.lineWidth, cap: path.cap, join: path.join) }
        appendRaw("/>")
    }

    mutating func appendText(_ text: TextShape) {
        appendRaw("<text")
        appendID(text.id)
        appendAttribute("x", text.position.x)
        appendAttribute("y", text.position.y)
        appendRaw(
            #" font-family="&apos;ProgressCast Sans&apos;, &apos;DejaVu Sans&apos;, &apos;Droid Sans Fallback&apos;, sans-serif""#
        )
        appendAttribute("font-size", text.size)
        appendRaw(#" font-weight=""#)
        appendInteger(text.weight.rawValue)
        appendByte(UInt8(ascii: "\""))
        appendPaint("fill", text.fillBytes)
        // SVG's text-anchor is relative to the direction (start is the right end of a right-to-left
        // line); canvas's textAlign left and right are absolute.
        switch (text.align ?? .left, text.isRightToLeft) {
        case (.left, false), (.right, true): break
        case (.center, _): appendRaw(#" text-anchor="middle""#)
        case (.right, false), (.left, true): appendRaw(#" text-anchor="end""#)
        }
        if text.isRightToLeft { appendRaw(#" direction="rtl""#) }
        switch text.baseline ?? .alphabetic {
        case .alphabetic: break
        case .top: appendRaw(#" dominant-baseline="text-before-edge""#)
        case .middle: appendRaw(#" dominant-baseline="central""#)
        }
        appendRaw(#" xml:space="preserve">"#)
        appendXMLEscaped(text.text)
        appendRaw("</text>")
    }
}
