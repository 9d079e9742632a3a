import CCairo
import Foundation
public import Geometry
public import Shapes
public import Typesetting

/// Draws display lists into pixels with Cairo, with the page's canvas semantics
/// (Public/js/renderer.js): shapes in order, groups multiplying a global alpha into each shape
/// they hold (canvas `globalAlpha`, not a composited layer), arcs clockwise on screen with
/// canvas's sweep rule, SVG paint defaults, butt caps and miter joins unless told, radial
/// gradients padded with their end colours, and text drawn glyph by glyph where the server
/// measured it (``Font/glyphRuns(_:)``), aligned on the em box as Chromium's canvas aligns it.
///
/// A rasterizer keeps its font faces and its last surface between frames; it is not
/// thread-safe (use one per thread).
public final class Rasterizer {
    private let fonts: FontCatalog
    private let faces: CairoFontFaces
    private let masks: GlyphMasks
    private var surface: OpaquePointer?
    private var surfaceSize = (width: 0, height: 0)

    /// The deepest group nesting drawn (the page's `MAX_DEPTH`).
    static let maxDepth = 32

    /// A rasterizer that measures and draws text with `fonts`.
    public init(fonts: FontCatalog) throws(RasterError) {
        self.fonts = fonts
        faces = try CairoFontFaces()
        masks = GlyphMasks(faces: faces)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// The pixel size of a canvas of `size` points at `scale` (the page's
    /// `Math.round(w * devicePixelRatio)`), at least 1 x 1.
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let value = (points * scale).rounded()
            return value.isFinite ? max(1, Int(min(value, 32768))) : 1
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// The frame `list` at `scale` pixels per point over `background` (nil: transparent).
    /// - Throws: ``RasterError`` when the scale is not in 0.1...8, or Cairo fails.
    public func render(
        _ list: DisplayList, scale: Double, background: Color? = .white
    ) throws(RasterError)
        -> RasterImage
    {
        guard scale.isFinite, scale >= 0.1, scale <= 8 else {
            throw RasterError("scale must be between 0.1 and 8, got \(scale)")
        }
        let (width, height) = Self.pixelSize(of: list.size, scale: scale)
        let surface = try surface(width: width, height: height)
        guard let cr = cairo_create(surface) else { throw RasterError("Cairo cannot draw") }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let paper = background ?? .clear
        cairo_set_source_rgba(cr, paper.red, paper.green, paper.blue, paper.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, scale, scale)
        // Canvas defaults that differ from Cairo's.
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        var drawing = Drawing(cr: cr, fonts: fonts, faces: faces, masks: masks)
        try drawing.draw(list.shapes, alpha: 1, depth: 0)
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            throw RasterError("Cairo failed: \(String(cString: cairo_status_to_string(cairo_status(cr))))")
        }
        guard let data = cairo_image_surface_get_data(surface) else { throw RasterError("Cairo has no pixels") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress else { return }
            if stride == width * 4 {
                target.copyMemory(from: data, byteCount: width * height * 4)
            } else {
                for row in 0..<height {
                    (target + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
                }
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// The image surface, reused while the size stays the same.
    private func surface(width: Int, height: Int) throws(RasterError) -> OpaquePointer {
        if let surface, surfaceSize == (width, height) { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        guard let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(created) == CAIRO_STATUS_SUCCESS
        else {
            throw RasterError("Cairo cannot make a \(width) x \(height) image")
        }
        surface = created
        surfaceSize = (width, height)
        return created
    }
}

/// One frame being drawn on a Cairo context.
private struct Drawing {
    let cr: OpaquePointer
    let fonts: FontCatalog
    let faces: CairoFontFaces
    let masks: GlyphMasks

    mutating func draw(_ shapes: [Shape], alpha: Double, depth: Int) throws(RasterError) {
        for shape in shapes {
            switch shape {
            case .rect(let rect): drawRect(rect, alpha: alpha)
            case .arc(let arc): drawArc(arc, alpha: alpha)
            case .pie(let pie): drawPie(pie, alpha: alpha)
            case .line(let line):
                cairo_new_path(cr)
                cairo_move_to(cr, line.start.x, line.start.y)
                cairo_line_to(cr, line.end.x, line.end.y)
                stroke(line.strokeBytes, width: line.lineWidth, cap: line.cap, join: nil, alpha: alpha)
            case .path(let path): drawPath(path, alpha: alpha)
            case .text(let text): try drawText(text, alpha: alpha)
            case .radial(let radial): drawRadial(radial, alpha: alpha)
            case .group(let group): try drawGroup(group, alpha: alpha, depth: depth)
            }
        }
    }

    // MARK: Paint

    /// Colours reach the page as `#rrggbb[aa]` text, so they are drawn at byte precision: the
    /// shapes' own bytes.
    private func setSource(_ color: ColorBytes, alpha: Double) {
        let channels = Self.channels(color)
        cairo_set_source_rgba(cr, channels.red, channels.green, channels.blue, channels.alpha * alpha)
    }

    /// Each byte / 255.
    private static func channels(_ color: ColorBytes) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    /// Canvas ignores a line width that is not a positive finite number (the previous one stays).
    private func setLineWidth(_ width: Double?) {
        let width = width ?? 1
        if width > 0, width.isFinite { cairo_set_line_width(cr, width) }
    }

    /// Strokes the current path, leaving it in place.
    private func stroke(_ color: ColorBytes, width: Double?, cap: LineCap?, join: LineJoin?, alpha: Double) {
        setSource(color, alpha: alpha)
        setLineWidth(width)
        if let cap { cairo_set_line_cap(cr, Self.cairoCap(cap)) } else { cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT) }
        if let join { cairo_set_line_join(cr, Self.cairoJoin(join)) }
        cairo_stroke_preserve(cr)
    }

    /// SVG's paint rule, as the page applies it: no fill and no stroke fills black.
    private func paint(fill: ColorBytes?, stroke strokeColor: ColorBytes?, width: Double?, alpha: Double) {
        if let fill = fill ?? (strokeColor == nil ? .black : nil) {
            setSource(fill, alpha: alpha)
            cairo_fill_preserve(cr)
        }
        if let strokeColor {
            setSource(strokeColor, alpha: alpha)
            setLineWidth(width)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    private static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    // MARK: Shapes

    private func drawRect(_ rect: RectShape, alpha: Double) {
        let frame = rect.frame
        cairo_new_path(cr)
        let radius = max(0, rect.cornerRadius ?? 0)
        if radius > 0 {
            // Canvas roundRect on the normalised rectangle, the radius clamped to half the shorter side.
            let x = min(frame.x, frame.x + frame.width), y = min(frame.y, frame.y + frame.height)
            let w = abs(frame.width), h = abs(frame.height)
            let r = min(radius, w / 2, h / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
            cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
            cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
            cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        }
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        paint(fill: rect.fillBytes, stroke: rect.strokeBytes, width: rect.lineWidth, alpha: alpha)
    }

    /// Adds canvas `arc(cx, cy, r, a0, a1)` (clockwise) to the path; false when canvas draws no arc.
    private func addArc(center: Point, radius: Double, start: Double, end: Double) -> Bool {
        switch ArcSweep(start: start, end: end) {
        case .empty:
            return false
        case .fullCircle:
            cairo_arc(cr, center.x, center.y, radius, start, start + 2 * Double.pi)
        case .partial(let sweep):
            cairo_arc(cr, center.x, center.y, radius, start, start + sweep)
        }
        return true
    }

    private func drawArc(_ arc: ArcShape, alpha: Double) {
        guard arc.radius > 0, arc.radius.isFinite else { return }
        cairo_new_path(cr)
        if addArc(center: arc.center, radius: arc.radius, start: arc.startAngle, end: arc.endAngle) {
            stroke(arc.strokeBytes, width: arc.lineWidth, cap: arc.cap, join: nil, alpha: alpha)
        }
        cairo_new_path(cr)
    }

    private func drawPie(_ pie: PieShape, alpha: Double) {
        guard pie.radius > 0, pie.radius.isFinite else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, pie.center.x, pie.center.y)
        if addArc(center: pie.center, radius: pie.radius, start: pie.startAngle, end: pie.endAngle) {
            cairo_close_path(cr)
            setSource(pie.fillBytes, alpha: alpha)
            cairo_fill(cr)
        }
        cairo_new_path(cr)
    }

    private func drawPath(_ path: PathShape, alpha: Double) {
        guard !path.data.isEmpty else { return }
        cairo_new_path(cr)
        CairoPath.add(PathDataReader.segments(path.data), to: cr)
        cairo_set_line_cap(cr, Self.cairoCap(path.cap ?? .butt))
        cairo_set_line_join(cr, Self.cairoJoin(path.join ?? .miter))
        paint(fill: path.fillBytes, stroke: path.strokeBytes, width: path.lineWidth, alpha: alpha)
    }

    private func drawRadial(_ radial: RadialShape, alpha: Double) {
        guard radial.radius > 0, radial.radius.isFinite else { return }
        guard
            let pattern = cairo_pattern_create_radial(
                radial.center.x, radial.center.y, 0, radial.center.x, radial.center.y, radial.radius)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Cairo, like canvas, keeps stops sorted by offset and equal offsets in the order added.
        for stop in radial.stops {
            let offset = stop.offset.isNaN ? 0 : min(max(stop.offset, 0), 1)
            let color = Self.channels(stop.colorBytes)
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha)
        }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, radial.area.x, radial.area.y, radial.area.width, radial.area.height)
        cairo_clip(cr)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    private func drawText(_ text: TextShape, alpha: Double) throws(RasterError) {
        guard text.size > 0, text.size.isFinite, !text.text.isEmpty else { return }
        let font = fonts.font(size: text.size, weight: text.weight)
        // Laid out in the paragraph direction the page gives canvas (`ctx.direction` from `dir`).
        let runs = font.glyphRuns(text.text, rightToLeft: text.isRightToLeft)
        guard !runs.isEmpty else { return }
        var originX = text.position.x
        switch text.align ?? .left {
        case .left: break
        case .center: originX -= font.width(of: text.text) / 2
        case .right: originX -= font.width(of: text.text)
        }
        // The first face of the font list sets the em box (blink's primary font data).
        let primary = try faces.face(path: font.primary.path)
        var baseline = text.position.y
        switch text.baseline ?? .alphabetic {
        case .alphabetic: break
        case .top: baseline += primary.emAscent * text.size
        case .middle: baseline += (primary.emAscent - primary.emDescent) / 2 * text.size
        }
        setSource(text.fillBytes, alpha: alpha)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        // Upright text at any uniform scale gets Chromium's glyph masks; rotated, skewed or
        // stretched text (which no component draws) is filled as outlines, and so are glyphs
        // over 256 pixels, as Skia draws them as paths.
        let upright =
            matrix.xy == 0 && matrix.yx == 0 && matrix.xx == matrix.yy && matrix.xx > 0
            && text.size * matrix.xx <= GlyphMasks.largestSize
        let level = MaskGamma.level(of: text.fillBytes)
        for run in runs {
            if upright {
                cairo_save(cr)
                cairo_identity_matrix(cr)
                for glyph in run.glyphs {
                    let x = matrix.xx * (originX + glyph.x) + matrix.x0
                    let y = matrix.yy * (baseline + glyph.y) + matrix.y0
                    try masks.paint(
                        glyph.id, path: run.face.path, pixelSize: run.size * matrix.xx, x: x, y: y, level: level, on: cr
                    )
                }
                cairo_restore(cr)
                continue
            }
            let loaded = try faces.face(path: run.face.path)
            cairo_set_font_face(cr, loaded.face)
            cairo_set_font_size(cr, run.size)
            var glyphs = run.glyphs.map {
                cairo_glyph_t(index: UInt($0.id), x: originX + $0.x, y: baseline + $0.y)
            }
            cairo_new_path(cr)
            cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
            cairo_fill(cr)
        }
    }

    private mutating func drawGroup(_ group: GroupShape, alpha: Double, depth: Int) throws(RasterError) {
        guard depth < Rasterizer.maxDepth else { return }
        let groupAlpha = group.alpha.map { $0.isNaN ? 0 : min(max($0, 0), 1) } ?? 1
        let combined = alpha * groupAlpha
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let m = group.matrix, m.count == 6, m.allSatisfy(\.isFinite) {
            // A matrix canvas cannot invert draws nothing (and would put Cairo in an error state).
            let determinant = m[0] * m[3] - m[1] * m[2]
            guard determinant != 0, determinant.isFinite else { return }
            var matrix = cairo_matrix_t(xx: m[0], yx: m[1], xy: m[2], yy: m[3], x0: m[4], y0: m[5])
            cairo_transform(cr, &matrix)
        }
        if let clip = group.clip, [clip.x, clip.y, clip.width, clip.height].allSatisfy(\.isFinite) {
            cairo_new_path(cr)
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        if combined > 0 { try draw(group.items, alpha: combined, depth: depth + 1) }
    }
}
