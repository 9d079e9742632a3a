import Geometry
import Shapes
import Timing

extension HUD {
    /// The presentation state of the HUD's layers at one instant.
    struct Presentation: Equatable, Sendable {
        var bezelAlpha: Double
        var backgroundAlpha: Double
        var transform: Transform
        var rotation: Double
    }

    /// Samples the layers at `time` (never changes the timeline). With `onlyDrawn`, the
    /// background's alpha is skipped without a background and the rotation without a spinner
    /// (each lookup walks the layer tree).
    func presentation(at time: Double, in timeline: Timeline, onlyDrawn: Bool = false) -> Presentation {
        Self.presentation(
            of: layers, background: !onlyDrawn || hasBackground, rotation: !onlyDrawn || spins, at: time, in: timeline)
    }

    /// Samples `layers` at `time`: the background's alpha only with `background`, the rotation
    /// only with `rotation`.
    private static func presentation(
        of layers: HUDLayers, background: Bool, rotation: Bool, at time: Double, in timeline: Timeline
    ) -> Presentation {
        Presentation(
            bezelAlpha: timeline.presentationScalar(.opacity, of: layers.bezel, at: time) ?? 0,
            backgroundAlpha: background
                ? timeline.presentationScalar(.opacity, of: layers.background, at: time) ?? 0 : 0,
            transform: timeline.presentation(.transform, of: layers.bezel, at: time)?.transform ?? .identity,
            rotation: rotation
                ? timeline.presentationScalar(HUDLayers.rotation, of: layers.indicator, at: time) ?? 0 : 0)
    }

    /// The indicator is the activity spinner.
    private var spins: Bool { layout.indicator == .activity }

    /// A background view is drawn behind the bezel.
    private var hasBackground: Bool { config.background != .clear }

    /// What a HUD's drawing key holds (``drawKey(_:at:timeline:)``), written into a ``DrawKey``
    /// by ``write(into:)``.
    struct DrawKeyValues {
        var visible: Bool
        var backgroundAlpha = 0.0
        var bezelAlpha = 0.0
        var transform = Transform.identity
        var spoke = 0
        /// Until when the values hold while the HUD's model state does.
        var holdsUntil = Double.infinity

        /// Writes the values, and the promise that they hold until ``holdsUntil``.
        func write(into key: inout DrawKey) {
            key.add(visible)
            if visible {
                key.add(backgroundAlpha)
                key.add(bezelAlpha)
                key.add(transform.translation)
                key.add(transform.scale.width)
                key.add(transform.scale.height)
                key.add(transform.rotation)
                key.add(spoke)
            }
            key.holds(until: holdsUntil)
        }
    }

    /// The few fields of a HUD its drawing key depends on besides its layers' presentation.
    struct DrawKeyInputs {
        var visible: Bool
        var layers: HUDLayers
        var spins: Bool
        var hasBackground: Bool
    }

    /// The fields ``drawKey(_:at:timeline:)`` reads, read where they are stored. A HUD is 866
    /// bytes (fourteen cache lines); a method called on one read in place (``HUDStack``) made
    /// Swift copy all of it first, every frame, where the key needs four fields.
    @inline(__always)
    var drawKeyInputs: DrawKeyInputs {
        DrawKeyInputs(visible: phase.isVisible, layers: layers, spins: spins, hasBackground: hasBackground)
    }

    /// The presentation ``draw(at:timeline:canvas:into:)`` uses at `time`, for drawing keys: the
    /// phase's visibility, the alphas, the bezel's transform and the highlighted spoke; and
    /// until when they hold while the HUD's model state does (its layers' animations and timing
    /// change only with it): the next start of an animation of the bezel or the background,
    /// the next step of the spinner, or now while one runs.
    static func drawKey(_ hud: DrawKeyInputs, at time: Double, timeline: Timeline) -> DrawKeyValues {
        guard hud.visible else {
            // Nothing is drawn until the phase changes, which is a new model state.
            return DrawKeyValues(visible: false)
        }
        let layers = hud.layers
        let state = presentation(of: layers, background: hud.hasBackground, rotation: hud.spins, at: time, in: timeline)
        var until = min(
            timeline.presentationSteadyUntil(.opacity, of: layers.bezel, at: time),
            timeline.presentationSteadyUntil(.transform, of: layers.bezel, at: time))
        if hud.hasBackground {
            until = min(until, timeline.presentationSteadyUntil(.opacity, of: layers.background, at: time))
        }
        if hud.spins {
            // The spin is linear, one turn per period of the indicator's local time.
            let rate = 2 * Double.pi / HUDMetrics.spinnerPeriod * timeline.timeScale(of: layers.indicator)
            until = min(until, ActivityIndicatorDrawing.nextStep(after: time, rotation: state.rotation, rate: rate))
        }
        return DrawKeyValues(
            visible: true, backgroundAlpha: state.backgroundAlpha, bezelAlpha: state.bezelAlpha,
            transform: state.transform,
            spoke: hud.spins ? ActivityIndicatorDrawing.highlightedSpoke(rotation: state.rotation) : 0,
            holdsUntil: until)
    }

    /// Appends the HUD's shapes at `time`, back to front: the background (if any), then the bezel
    /// group (the bezel's presentation alpha, and its transform about the bezel's centre) holding
    /// the bezel, the indicator, the label, the details and the button. Draws nothing unless the
    /// HUD is showing, shown or hiding.
    func draw(at time: Double, timeline: Timeline, canvas: Size, into shapes: inout [Shape]) {
        guard phase.isVisible else { return }
        let state = presentation(at: time, in: timeline, onlyDrawn: true)
        drawBackground(alpha: state.backgroundAlpha, canvas: canvas, into: &shapes)
        guard state.bezelAlpha > 0 else { return }
        var items: [Shape] = []
        items.reserveCapacity(20)
        drawBezel(into: &items)
        drawIndicator(rotation: state.rotation, into: &items)
        let color = config.contentColor
        if let label = layout.label { drawText(label, color: color, into: &items) }
        if let details = layout.details { drawText(details, color: color, into: &items) }
        drawButton(into: &items)
        let matrix = state.transform == .identity ? nil : state.transform.matrix(about: layout.bezel.center)
        shapes.append(
            .group(
                GroupShape(
                    id: target, alpha: state.bezelAlpha < 1 ? state.bezelAlpha : nil, matrix: matrix, items: items)))
    }

    /// MBProgressHUD's backgroundView over the whole canvas, at the background's alpha.
    private func drawBackground(alpha: Double, canvas: Size, into shapes: inout [Shape]) {
        guard alpha > 0 else { return }
        let area = Rect(origin: .zero, size: canvas)
        let shape: Shape
        switch config.background {
        case .clear:
            return
        case .solid:
            shape = .rect(RectShape(frame: area, fill: config.backgroundColor ?? HUDMetrics.dimColor))
        case .dim:
            shape = .rect(RectShape(frame: area, fill: HUDMetrics.dimColor))
        case .gradient:
            shape = .radial(
                RadialShape(
                    area: area, center: area.center, radius: min(canvas.width, canvas.height),
                    stops: [.init(offset: 0, color: .clear), .init(offset: 1, color: HUDMetrics.gradientEdge)]))
        }
        if alpha < 1 {
            shapes.append(.group(GroupShape(id: target + ".background", alpha: alpha, items: [shape])))
        } else {
            shapes.append(shape)
        }
    }

    /// The bezel: the bezel colour (default white 0.8 alpha 0.6), over a light frosted fill
    /// for the blur style (one rect of the two composited: the same pixels on any background).
    private func drawBezel(into items: inout [Shape]) {
        let radius = config.cornerRadius > 0 ? config.cornerRadius : nil
        let tint = config.bezelColor ?? HUDMetrics.defaultBezelColor
        let fill = config.bezelStyle == .blur ? tint.over(HUDMetrics.blurFrost) : tint
        items.append(.rect(RectShape(frame: layout.bezel, cornerRadius: radius, fill: fill)))
    }

    private func drawIndicator(rotation: Double, into items: inout [Shape]) {
        guard let frame = layout.indicatorFrame else { return }
        let color = config.contentColor
        switch layout.indicator {
        case .absent:
            break
        case .activity:
            ActivityIndicatorDrawing.draw(layout.spokes, color: color, rotation: rotation, into: &items)
        case .round(let annular):
            RoundProgressDrawing.draw(
                in: frame, annular: annular, progress: config.progress, color: color, into: &items)
        case .bar:
            BarProgressDrawing.draw(in: frame, progress: config.progress, color: color, into: &items)
        case .icon(let icon):
            StatusIconDrawing.draw(icon, in: frame, color: color, into: &items)
        }
    }

    /// Each line centred on the block's frame, on its baseline.
    private func drawText(_ block: HUDTextBlock, color: Color, into items: inout [Shape]) {
        for (index, line) in block.lines.enumerated() where !line.isEmpty {
            items.append(
                .text(
                    TextShape(
                        position: Point(x: block.frame.midX, y: block.baseline(ofLine: index)), text: line,
                        size: block.fontSize, weight: .bold, fill: color, align: .center,
                        isRightToLeft: block.rightToLeftLines.indices.contains(index) && block.rightToLeftLines[index]))
            )
        }
    }

    /// MBProgressHUDRoundedButton: a 1 pt border inside its bounds (CALayer borders are inset),
    /// corner radius ceil(h/2), the title colour alpha 0.1 behind it while highlighted.
    private func drawButton(into items: inout [Shape]) {
        guard let frame = layout.buttonFrame, let title = layout.button else { return }
        let color = config.contentColor
        let border = HUDMetrics.buttonBorderWidth
        let radius = (frame.height / 2).rounded(.up) - border / 2
        items.append(
            .rect(
                RectShape(
                    frame: frame.inset(by: border / 2), cornerRadius: max(radius, 0),
                    fill: buttonHighlighted ? color.withAlpha(HUDMetrics.buttonHighlightAlpha) : nil,
                    stroke: color, lineWidth: border)))
        drawText(title, color: color, into: &items)
    }
}
