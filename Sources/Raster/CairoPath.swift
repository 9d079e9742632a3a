import CCairo
import Foundation

/// Adds ``PathSegment``s to a Cairo path: quadratics raised to cubics, SVG arcs converted to
/// centre form (SVG 1.1 appendix F.6) and drawn as scaled circular arcs.
enum CairoPath {
    static func add(_ segments: [PathSegment], to cr: OpaquePointer) {
        var current = (x: 0.0, y: 0.0)
        var start = (x: 0.0, y: 0.0)
        var hasPoint = false
        for segment in segments {
            switch segment {
            case .move(let x, let y):
                cairo_move_to(cr, x, y)
                current = (x, y)
                start = current
                hasPoint = true
            case .line(let x, let y):
                ensurePoint(cr, &hasPoint, current)
                cairo_line_to(cr, x, y)
                current = (x, y)
            case .cubic(let x1, let y1, let x2, let y2, let x, let y):
                ensurePoint(cr, &hasPoint, current)
                cairo_curve_to(cr, x1, y1, x2, y2, x, y)
                current = (x, y)
            case .quadratic(let qx, let qy, let x, let y):
                ensurePoint(cr, &hasPoint, current)
                cairo_curve_to(
                    cr, current.x + 2 / 3 * (qx - current.x), current.y + 2 / 3 * (qy - current.y),
                    x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
                current = (x, y)
            case .arc(let rx, let ry, let rotation, let large, let sweep, let x, let y):
                ensurePoint(cr, &hasPoint, current)
                addArc(cr, from: current, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, to: (x, y))
                current = (x, y)
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// A segment with no current point starts at (0, 0), as in SVG.
    private static func ensurePoint(_ cr: OpaquePointer, _ hasPoint: inout Bool, _ point: (x: Double, y: Double)) {
        if !hasPoint {
            cairo_move_to(cr, point.x, point.y)
            hasPoint = true
        }
    }

    private static func addArc(
        _ cr: OpaquePointer, from p0: (x: Double, y: Double), rx: Double, ry: Double, rotation: Double,
        large: Bool, sweep: Bool, to p1: (x: Double, y: Double)
    ) {
        var rx = abs(rx), ry = abs(ry)
        if p0 == p1 { return }
        if rx == 0 || ry == 0 {
            cairo_line_to(cr, p1.x, p1.y)
            return
        }
        let phi = rotation * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small for the endpoints are scaled up (F.6.6).
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? max(0, numerator / denominator).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_rotate(cr, phi)
        cairo_scale(cr, rx, ry)
        if sweep {
            cairo_arc(cr, 0, 0, 1, theta1, theta1 + delta)
        } else {
            cairo_arc_negative(cr, 0, 0, 1, theta1, theta1 + delta)
        }
        cairo_restore(cr)
    }
}
