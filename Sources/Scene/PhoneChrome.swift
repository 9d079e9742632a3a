import ComponentSupport
import Geometry
import Shapes

/// The device around the components when a session is created with `chrome: true`
/// (docs/protocol.md section 8): the screen's background under everything, and over everything
/// the status bar (the session's clock and a battery), the home indicator that marks the bottom
/// safe area, and the screen's rounded corners. Drawn as shapes like the components; a pure
/// function of the canvas, the session's date and the media time.
struct PhoneChrome: Sendable {
    let canvas: Size
    let date: SessionDate
    /// What does not change with time, built once (the corners' path data and the battery's
    /// text would otherwise be formatted again for every frame).
    private let background: Shape
    private let overlay: [Shape]

    init(canvas: Size, date: SessionDate) {
        self.canvas = canvas
        self.date = date
        background = .rect(
            RectShape(
                id: "chrome.background", frame: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                fill: PhoneChrome.background))
        var shapes: [Shape] = []
        PhoneChrome.drawStill(canvas: canvas, into: &shapes)
        overlay = shapes
    }

    /// The status bar's height: the top safe area (the navigation bar sits under it).
    static let statusBarHeight = 20.0
    /// The screen's corner radius.
    static let cornerRadius = 28.0
    /// iOS light-mode systemGroupedBackground (#f2f2f7).
    static let background = Color(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)
    /// The device's bezel, outside the rounded screen.
    static let bezel = Color(white: 0.07)
    /// Status bar text and glyphs: black, as over a light app.
    static let ink = Color.black
    /// The battery's charge shown (a fixed level: the simulation has no power model).
    static let batteryLevel = 0.8

    /// The screen's background, drawn before every component.
    func drawBackground(into shapes: inout [Shape]) {
        shapes.append(background)
    }

    /// The status bar, home indicator and corners at `time`, drawn after every component.
    func drawOverlay(at time: Double, into shapes: inout [Shape]) {
        let local = date.local(at: time)
        let clock = String(local.hour) + ":" + (local.minute < 10 ? "0" : "") + String(local.minute)
        shapes.append(
            .text(
                TextShape(
                    id: "chrome.time", position: Point(x: canvas.width / 2, y: PhoneChrome.statusBarHeight / 2),
                    text: clock, size: 12, weight: .bold, fill: PhoneChrome.ink, align: .center, baseline: .middle)))
        shapes.append(contentsOf: overlay)
    }

    /// The overlay's drawing key: the scene (`scene`, its own revision) and the clock's hour and
    /// minute at `time`, the one input that changes.
    func writeOverlayKey(at time: Double, scene: UInt64, into key: inout DrawKey) {
        let local = date.local(at: time)
        key.add(scene)
        key.add(local.hour)
        key.add(local.minute)
    }

    /// The status bar's signal bars and battery, the home indicator and the corners.
    private static func drawStill(canvas: Size, into shapes: inout [Shape]) {
        let mid = PhoneChrome.statusBarHeight / 2
        // Signal strength: four bars of rising height at the leading edge.
        for index in 0..<4 {
            let height = 3 + Double(index) * 2
            shapes.append(
                .rect(
                    RectShape(
                        id: "chrome.signal\(index)",
                        frame: Rect(x: 8 + Double(index) * 4.5, y: mid + 4.5 - height, width: 3, height: height),
                        cornerRadius: 0.75, fill: PhoneChrome.ink)))
        }
        drawBattery(canvas: canvas, into: &shapes)
        // The home indicator: the bottom safe area's handle.
        shapes.append(
            .rect(
                RectShape(
                    id: "chrome.home",
                    frame: Rect(x: canvas.width / 2 - 67, y: canvas.height - 13, width: 134, height: 5),
                    cornerRadius: 2.5, fill: Color(white: 0, alpha: 0.8))))
        shapes.append(
            .path(PathShape(id: "chrome.corners", data: cornerMask(canvas: canvas), fill: PhoneChrome.bezel)))
    }

    /// The battery at the trailing edge: its percentage, a rounded outline, the charge and the cap.
    private static func drawBattery(canvas: Size, into shapes: inout [Shape]) {
        let mid = PhoneChrome.statusBarHeight / 2
        let body = Rect(x: canvas.width - 34, y: mid - 5.5, width: 22, height: 11)
        shapes.append(
            .text(
                TextShape(
                    id: "chrome.batteryText", position: Point(x: body.minX - 4, y: mid),
                    text: String(Int((PhoneChrome.batteryLevel * 100).rounded())) + "%", size: 11,
                    fill: PhoneChrome.ink, align: .right, baseline: .middle)))
        shapes.append(
            .rect(
                RectShape(
                    id: "chrome.battery", frame: body, cornerRadius: 2.5, stroke: Color(white: 0, alpha: 0.4),
                    lineWidth: 1)))
        shapes.append(
            .rect(
                RectShape(
                    id: "chrome.charge",
                    frame: Rect(
                        x: body.minX + 2, y: body.minY + 2, width: (body.width - 4) * PhoneChrome.batteryLevel,
                        height: body.height - 4),
                    cornerRadius: 1, fill: PhoneChrome.ink)))
        shapes.append(
            .rect(
                RectShape(
                    id: "chrome.cap", frame: Rect(x: body.maxX + 1, y: mid - 2, width: 1.5, height: 4),
                    cornerRadius: 0.75, fill: Color(white: 0, alpha: 0.4))))
    }

    /// The four areas outside the rounded screen, one path (cubic quarter circles).
    private static func cornerMask(canvas: Size) -> String {
        let r = min(PhoneChrome.cornerRadius, canvas.width / 2, canvas.height / 2)
        // A cubic Bezier's control points for a quarter circle sit 0.5523 r along the tangents.
        let k = r * (1 - 0.552_284_75)
        let w = canvas.width, h = canvas.height
        var path = PathBuilder()
        path.move(to: Point(x: 0, y: 0))
        path.line(to: Point(x: r, y: 0))
        path.curve(to: Point(x: 0, y: r), control1: Point(x: k, y: 0), control2: Point(x: 0, y: k))
        path.close()
        path.move(to: Point(x: w, y: 0))
        path.line(to: Point(x: w, y: r))
        path.curve(to: Point(x: w - r, y: 0), control1: Point(x: w, y: k), control2: Point(x: w - k, y: 0))
        path.close()
        path.move(to: Point(x: w, y: h))
        path.line(to: Point(x: w - r, y: h))
        path.curve(to: Point(x: w, y: h - r), control1: Point(x: w - k, y: h), control2: Point(x: w, y: h - k))
        path.close()
        path.move(to: Point(x: 0, y: h))
        path.line(to: Point(x: 0, y: h - r))
        path.curve(to: Point(x: r, y: h), control1: Point(x: 0, y: h - k), control2: Point(x: k, y: h))
        path.close()
        return path.data
    }
}
