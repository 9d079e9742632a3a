import Geometry
import ScrollView
import Shapes
import Timing

extension NavController {
    /// What moves during a transition, sampled at one instant.
    struct Pose {
        /// Progress of the transition (0 when idle).
        var progress: Double
        /// How far the front screen covers the back one (1 when idle).
        var cover: Double
        /// Horizontal offsets in points.
        var frontOffset: Double
        var backOffset: Double
        var dimAlpha: Double
        var barVisibility: Double
    }

    /// The few fields ``pose(_:at:in:)`` reads, read where they are stored. A controller is 712
    /// bytes; a method called on one read in place (``NavStack``) made Swift copy all of it
    /// (eleven cache lines) first, every frame, where the pose needs five fields.
    struct PoseInputs {
        var kind: NavTransitionKind?
        var layer: LayerID
        var barLink: BarLink?
        var width: Double
        var sign: Double
    }

    /// This controller's ``PoseInputs``.
    @inline(__always)
    var poseInputs: PoseInputs {
        PoseInputs(kind: transitionKind, layer: layer, barLink: barLink, width: frame.width, sign: sign)
    }

    /// The pose at `time`: the front screen slides in from the trailing edge (mirrored in
    /// right-to-left) while the back one moves ``NavMetrics/parallax`` of the width the other way
    /// under a dimming view whose alpha follows the cover.
    func pose(at time: Double, in timeline: Timeline) -> Pose {
        Self.pose(poseInputs, at: time, in: timeline)
    }

    /// ``pose(at:in:)`` of the controller with `inputs`.
    static func pose(_ inputs: PoseInputs, at time: Double, in timeline: Timeline) -> Pose {
        guard let kind = inputs.kind else {
            return Pose(
                progress: 0, cover: 1, frontOffset: 0, backOffset: 0, dimAlpha: 0,
                barVisibility: barVisibility(of: inputs.layer, at: time, in: timeline))
        }
        let p = progress(of: inputs.layer, at: time, in: timeline)
        let c = kind.cover(progress: p)
        let bar =
            inputs.barLink?.visibility(atProgress: p) ?? barVisibility(of: inputs.layer, at: time, in: timeline)
        return Pose(
            progress: p, cover: c, frontOffset: inputs.sign * (1 - c) * inputs.width,
            backOffset: -inputs.sign * NavMetrics.parallax * inputs.width * c,
            dimAlpha: NavMetrics.dimAlpha * c, barVisibility: bar)
    }

    /// A media time before which ``pose(at:in:)`` stays the one it has at `time` while the
    /// stack's model state does (a transition, a bar change or a gesture is a new model state):
    /// the next start of an animation of the transition's progress or the bar's visibility, `time`
    /// while one runs, infinity when none will (a stack at rest, or a transition held by a finger).
    func poseSteadyUntil(at time: Double, in timeline: Timeline) -> Double {
        Self.poseSteadyUntil(of: layer, at: time, in: timeline)
    }

    /// ``poseSteadyUntil(at:in:)`` of the controller whose layer is `layer`.
    static func poseSteadyUntil(of layer: LayerID, at time: Double, in timeline: Timeline) -> Double {
        min(
            timeline.presentationSteadyUntil(NavController.progressKey, of: layer, at: time),
            timeline.presentationSteadyUntil(NavController.barKey, of: layer, at: time))
    }

    /// The back button's frame when it can be tapped (idle, bar fully shown, not the root).
    func backButtonFrame(at time: Double, timeline: Timeline) -> Rect? {
        guard transition == nil, let top, top.backTitle != nil, barVisibility(at: time, in: timeline) >= 1 else {
            return nil
        }
        let width = ScreenEntry.backTitleOffset + top.backTitleWidth + NavMetrics.chevronInset
        let x = direction == .ltr ? frame.minX : frame.maxX - width
        return Rect(
            x: x, y: frame.minY + NavMetrics.statusBarHeight, width: width, height: NavMetrics.navigationBarHeight)
    }

    /// Appends the stack's shapes at `time`, back to front: the back screen, the dimming view,
    /// the edge shadow, the front screen, then the bar (background, hairline, and the two screens'
    /// titles and back buttons cross-fading). No groups and no string building: every text is laid
    /// out beforehand. Never changes state.
    func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        let pose = pose(at: time, in: timeline)
        if let t = transition {
            drawScreen(t.back, offset: pose.backOffset, into: &shapes)
            if pose.dimAlpha > 0 {
                shapes.append(.rect(RectShape(frame: frame, fill: Color(white: 0, alpha: pose.dimAlpha))))
            }
            drawShadow(frontOffset: pose.frontOffset, cover: pose.cover, into: &shapes)
            drawScreen(t.front, offset: pose.frontOffset, into: &shapes)
            drawBar(
                pose.barVisibility, back: t.back, backAlpha: 1 - pose.cover, front: t.front, frontAlpha: pose.cover,
                cover: pose.cover, into: &shapes)
        } else if let top {
            drawScreen(top, offset: 0, into: &shapes)
            drawBar(pose.barVisibility, back: nil, backAlpha: 0, front: top, frontAlpha: 1, cover: 1, into: &shapes)
        }
    }

    private func drawScreen(_ entry: ScreenEntry, offset: Double, into shapes: inout [Shape]) {
        let minX = max(frame.minX, frame.minX + offset)
        let maxX = min(frame.maxX, frame.maxX + offset)
        guard maxX > minX else { return }
        shapes.append(
            .rect(
                RectShape(
                    frame: Rect(x: minX, y: frame.minY, width: maxX - minX, height: frame.height),
                    fill: entry.screen.color)))
        guard let rows = entry.screen.rows, !entry.rowTitles.isEmpty else { return }
        let ltr = direction == .ltr
        let textX = ltr ? frame.minX + offset + NavMetrics.rowInset : frame.maxX + offset - NavMetrics.rowInset
        // The anchor may sit off the frame while the text still shows (half a width of slack).
        let drawText =
            ltr
            ? textX < frame.maxX && textX > frame.minX - frame.width / 2
            : textX > frame.minX && textX < frame.maxX + frame.width / 2
        let lineStart = ltr ? max(minX, textX) : minX
        let lineEnd = ltr ? maxX : min(maxX, textX)
        let top = frame.minY + entry.contentTop
        var y = top
        // The separators go out as one path (a subpath per row): a table's hairlines are the
        // same stroke, and one shape instead of one per row keeps the frame small (it is
        // encoded every frame while a screen slides). Their y text was formatted at layout.
        var separators = PathBuilder(commands: 2 * entry.rowTitles.count)
        var anySeparator = false
        // Formatted at layout; formatted here instead should the layout have been for another
        // top or row height.
        let formattedYs = entry.separatorYs.fit(top: top, rowHeight: rows.height) ? entry.separatorYs.numbers : nil
        for (index, title) in entry.rowTitles.enumerated() {
            guard y < frame.maxY else { break }
            if drawText {
                shapes.append(
                    .text(
                        TextShape(
                            position: Point(x: textX, y: y + rows.height / 2), text: title,
                            size: NavMetrics.rowFontSize,
                            fillBytes: NavMetrics.rowTextBytes, align: ltr ? .left : .right, baseline: .middle,
                            isRightToLeft: entry.rowTitlesAreRightToLeft)))
            }
            let lineY = y + rows.height - 0.25
            if lineEnd > lineStart, lineY < frame.maxY {
                if let formattedYs, index < formattedYs.count {
                    separators.horizontalLine(from: lineStart, to: lineEnd, y: index, of: formattedYs)
                } else {
                    separators.horizontalLine(from: lineStart, to: lineEnd, y: lineY)
                }
                anySeparator = true
            }
            y += rows.height
        }
        if anySeparator {
            shapes.append(.path(PathShape(data: separators.data, stroke: NavMetrics.separatorColor, lineWidth: 0.5)))
        }
    }

    /// The shadow cast by the front screen's moving edge: a few bands fading outward, stronger
    /// as the front screen covers more.
    private func drawShadow(frontOffset: Double, cover: Double, into shapes: inout [Shape]) {
        guard cover > 0, cover < 1 else { return }
        let edge = direction == .ltr ? frame.minX + frontOffset : frame.maxX + frontOffset
        let bands = NavMetrics.shadowBandAlphas
        let band = NavMetrics.shadowBandWidth
        for index in bands.indices {
            let distance = Double(bands.count - index) * band
            let x = direction == .ltr ? edge - distance : edge + distance - band
            guard x + band > frame.minX, x < frame.maxX else { continue }
            shapes.append(
                .rect(
                    RectShape(
                        frame: Rect(x: x, y: frame.minY, width: band, height: frame.height),
                        fill: Color(white: 0, alpha: bands[index] * cover))))
        }
    }

    private func drawBar(
        _ visibility: Double, back: ScreenEntry?, backAlpha: Double, front: ScreenEntry, frontAlpha: Double,
        cover: Double, into shapes: inout [Shape]
    ) {
        guard visibility > 0 else { return }
        let fullHeight = NavMetrics.statusBarHeight + NavMetrics.navigationBarHeight
        let shown = fullHeight * visibility
        shapes.append(
            .rect(
                RectShape(
                    frame: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: shown),
                    fill: NavMetrics.barColor)))
        shapes.append(
            .line(
                LineShape(
                    start: Point(x: frame.minX, y: frame.minY + shown),
                    end: Point(x: frame.maxX, y: frame.minY + shown),
                    lineWidth: 0.5, stroke: NavMetrics.hairlineColor)))
        // The bar slides up by its hidden part; its items also fade with it so none is drawn
        // visibly above the frame.
        let midY = frame.minY + NavMetrics.statusBarHeight + NavMetrics.navigationBarHeight / 2 - (fullHeight - shown)
        // UIKit's bar transition, as the screens slide (cover 1: the front screen fully in): the
        // front title moves towards the trailing edge and the back screen's title comes from the
        // leading side, so the two never print over each other; the front's back-button title moves
        // to the centre with the title it names, and the back screen's own back-button title comes
        // in from the leading edge. Every text stays inside the bar; the chevrons stay put.
        if let back, backAlpha > 0 {
            // The back screen's title follows the front's back-button title naming it, so the
            // two cross-fade in one place (the button's label turning into the title).
            let named = front.backTitle == back.title && !back.title.isEmpty
            drawItems(
                back, alpha: backAlpha * visibility, midY: midY,
                titleShift: -sign * cover * (named ? backTitleTravel(front) : titleTravel(back)),
                backTitleShift: -sign * cover * ScreenEntry.backTitleOffset, into: &shapes)
        }
        if frontAlpha > 0 {
            drawItems(
                front, alpha: frontAlpha * visibility, midY: midY,
                titleShift: sign * (1 - cover) * titleTravel(front),
                backTitleShift: sign * (1 - cover) * backTitleTravel(front), into: &shapes)
        }
    }

    /// How far a centred title moves to reach an edge of the bar (its far end at the edge).
    private func titleTravel(_ entry: ScreenEntry) -> Double {
        max(0, (frame.width - entry.titleWidth) / 2)
    }

    /// How far a back-button title moves to stand centred in the bar.
    private func backTitleTravel(_ entry: ScreenEntry) -> Double {
        max(0, frame.width / 2 - ScreenEntry.backTitleOffset - entry.backTitleWidth / 2)
    }

    private func drawItems(
        _ entry: ScreenEntry, alpha: Double, midY: Double, titleShift: Double, backTitleShift: Double,
        into shapes: inout [Shape]
    ) {
        if !entry.title.isEmpty {
            shapes.append(
                .text(
                    TextShape(
                        position: Point(x: frame.midX + titleShift, y: midY), text: entry.title,
                        size: NavMetrics.titleFontSize,
                        weight: .bold, fill: NavMetrics.titleColor.withAlpha(alpha), align: .center, baseline: .middle,
                        isRightToLeft: entry.titleIsRightToLeft))
            )
        }
        guard let backTitle = entry.backTitle else { return }
        let ink = NavMetrics.tintColor.withAlpha(alpha)
        let tipX = direction == .ltr ? frame.minX + NavMetrics.chevronInset : frame.maxX - NavMetrics.chevronInset
        let armX = tipX + sign * NavMetrics.chevronWidth
        let half = NavMetrics.chevronHeight / 2
        shapes.append(
            .line(
                LineShape(
                    start: Point(x: armX, y: midY - half), end: Point(x: tipX, y: midY), lineWidth: 3, stroke: ink,
                    cap: .round)))
        shapes.append(
            .line(
                LineShape(
                    start: Point(x: tipX, y: midY), end: Point(x: armX, y: midY + half), lineWidth: 3, stroke: ink,
                    cap: .round)))
        guard !backTitle.isEmpty else { return }
        let textX =
            (direction == .ltr ? frame.minX + ScreenEntry.backTitleOffset : frame.maxX - ScreenEntry.backTitleOffset)
            + backTitleShift
        shapes.append(
            .text(
                TextShape(
                    position: Point(x: textX, y: midY), text: backTitle, size: NavMetrics.backFontSize,
                    fill: ink, align: direction == .ltr ? .left : .right, baseline: .middle,
                    isRightToLeft: entry.backTitleIsRightToLeft)))
    }
}
