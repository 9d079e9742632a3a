import Foundation
import Geometry
import InPlace
import ScrollView
public import Shapes
public import Timing
import Typesetting

extension ScrollStack {
    /// Appends every scroll view at `time`, back to front: its background, a group
    /// (`target.content`, clipped to the view's frame) with its refresh components and visible
    /// rows, and its indicators (always inside the frame).
    /// Never changes state.
    public func draw(at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        for s in scrollViews.indices { drawScrollView(s, at: time, timeline: timeline, into: &shapes) }
    }

    /// Like ``draw(at:timeline:into:)``, a segment per scroll view in `list`, kept while its key
    /// stays the same: the `revision` of this stack's model state, the view's position, and what
    /// its drawing samples at `time` (the offset, the indicators' alpha, and each refresh
    /// component's alpha, arrow angle, spinner alpha and step, and GIF frame). A refreshing
    /// table at rest keeps its rows' shapes between two steps of its spinner.
    public func draw(at time: Double, timeline: Timeline, revision: UInt64, into list: inout IncrementalDisplayList) {
        list.segments(count: scrollViews.count, revision: revision, at: time) { s, key in
            writeDrawKey(s, at: time, timeline: timeline, into: &key)
        } draw: { s, shapes in
            drawScrollView(s, at: time, timeline: timeline, into: &shapes)
        }
    }

    private func writeDrawKey(_ s: Int, at time: Double, timeline: Timeline, into key: inout DrawKey) {
        // The scroll view and its components are read in place: `let scroll = scrollViews[s]` (or
        // a call on it) copies it, retaining all it holds, per frame.
        scrollViews.withElementInPlace(at: s) { scroll in
            key.add(scroll.offset(at: time, timeline: timeline))
            key.add(scroll.indicatorAlpha(at: time))
            // Each value holds while the model state does, until the time it promises.
            key.holds(until: scroll.offsetSteadyUntil(at: time, timeline: timeline))
            key.holds(until: scroll.indicatorAlphaSteadyUntil(at: time))
            // What `drawComponent` samples, under the same conditions (the rest is model state).
            for c in components.indices where components[c].scroll == scroll.target {
                let alpha = alpha(c, scroll: scroll, at: time, timeline: timeline)
                key.add(alpha)
                // Apart from its own animation, the alpha moves only with the offset.
                key.holds(until: alphaSteadyUntil(c, at: time, timeline: timeline))
                guard alpha > 0 else { continue }
                components.withElementInPlace(at: c) { component in
                    switch component.options.style {
                    case .state:
                        break
                    case .normal:
                        if (component.state == .idle || component.state == .pulling) && component.kind != .autoFooter {
                            key.add(
                                timeline.presentationScalar(RefreshComponent.arrowKey, of: component.layer, at: time)
                                    ?? 0)
                            key.holds(
                                until: timeline.presentationSteadyUntil(
                                    RefreshComponent.arrowKey, of: component.layer, at: time))
                        }
                        let spinner =
                            timeline.presentationScalar(RefreshComponent.spinnerKey, of: component.layer, at: time) ?? 0
                        key.add(spinner)
                        key.holds(
                            until: timeline.presentationSteadyUntil(
                                RefreshComponent.spinnerKey, of: component.layer, at: time))
                        if spinner > 0 {
                            key.add(Self.spinnerHead(at: time) ?? -1)
                            key.holds(until: Self.spinnerHeadSteadyUntil(at: time))
                        }
                    case .gif:
                        key.add(gifFrame(c, scroll: scroll, at: time, timeline: timeline))
                        key.holds(until: gifFrameSteadyUntil(c, at: time))
                    }
                }
            }
        }
    }

    private func drawScrollView(_ s: Int, at time: Double, timeline: Timeline, into shapes: inout [Shape]) {
        scrollViews.withElementInPlace(at: s) { scroll in
            let offset = scroll.offset(at: time, timeline: timeline)
            scroll.appendBackground(into: &shapes)
            var items: [Shape] = []
            items.reserveCapacity(scroll.rowShapeEstimate + 2)
            for c in components.indices where components[c].scroll == scroll.target {
                drawComponent(c, scroll: scroll, offset: offset, at: time, timeline: timeline, into: &items)
            }
            scroll.appendRows(offset: offset, into: &items)
            // Clipped to the frame, as UIScrollView's clipsToBounds; the indicators are laid out inside it.
            shapes.append(.group(GroupShape(id: scroll.contentGroupID, clip: scroll.frame, items: items)))
            scroll.appendIndicators(offset: offset, at: time, into: &shapes)
        }
    }

    /// The component's frame on the canvas at presentation offset `offset`.
    func canvasFrame(_ c: Int, scroll: ScrollView, offset: Point) -> Rect {
        let frame = components[c].frame(in: scroll)
        return Rect(origin: scroll.canvasPoint(contentX: frame.minX, y: frame.minY, offset: offset), size: frame.size)
    }

    private func drawComponent(
        _ c: Int, scroll: ScrollView, offset: Point, at time: Double, timeline: Timeline, into items: inout [Shape]
    ) {
        // In place (see writeDrawKey).
        components.withElementInPlace(at: c) { component in
            let frame = canvasFrame(c, scroll: scroll, offset: offset)
            // Culled to the scroll view's frame.
            guard frame.maxY > scroll.frame.minY, frame.minY < scroll.frame.maxY, frame.maxX > scroll.frame.minX,
                frame.minX < scroll.frame.maxX
            else { return }
            let alpha = alpha(c, scroll: scroll, at: time, timeline: timeline)
            guard alpha > 0 else { return }
            var shapes: [Shape] = []
            // Two labels and the spinner's spokes (or the arrow): room for all, allocated once.
            shapes.reserveCapacity(2 + RefreshLook.spokes)
            let texts = component.texts
            let ids = texts.ids
            let showState = !component.options.stateHidden && !texts.state.isEmpty
            let showTime = component.kind == .header && !component.options.lastUpdatedTimeHidden
            var textWidth = 0.0

            if component.kind == .trailer {
                if showState {
                    let top = frame.midY - Double(texts.verticalLines.count) * RefreshLook.verticalLineHeight / 2
                    for (index, line) in texts.verticalLines.enumerated() {
                        shapes.append(
                            .text(
                                TextShape(
                                    id: ids.state,
                                    position: Point(
                                        x: frame.midX, y: top + (Double(index) + 0.5) * RefreshLook.verticalLineHeight),
                                    text: line, size: RefreshLook.labelSize, weight: .bold,
                                    fill: RefreshLook.labelColor,
                                    align: .center, baseline: .middle, isRightToLeft: Font.isRightToLeft(line))))
                    }
                    textWidth = RefreshLook.labelSize
                }
            } else {
                let stateY = showTime ? frame.minY + frame.height / 4 : frame.midY
                if showState {
                    shapes.append(
                        .text(
                            TextShape(
                                id: ids.state, position: Point(x: frame.midX, y: stateY), text: texts.state,
                                size: RefreshLook.labelSize,
                                weight: .bold, fill: RefreshLook.labelColor, align: .center, baseline: .middle,
                                isRightToLeft: Font.isRightToLeft(texts.state))))
                    textWidth = texts.stateWidth
                }
                if showTime {
                    shapes.append(
                        .text(
                            TextShape(
                                id: ids.time, position: Point(x: frame.midX, y: frame.minY + frame.height * 3 / 4),
                                text: texts.time,
                                size: RefreshLook.labelSize, weight: .bold, fill: RefreshLook.labelColor,
                                align: .center,
                                baseline: .middle, isRightToLeft: Font.isRightToLeft(texts.time))))
                    textWidth = max(textWidth, texts.timeWidth)
                }
            }

            switch component.options.style {
            case .state:
                break
            case .normal:
                let inset = textWidth > 0 ? textWidth / 2 + RefreshLook.labelLeftInset : 0
                let center =
                    component.kind == .trailer
                    ? Point(x: frame.midX, y: frame.midY - inset)
                    : Point(x: frame.midX - inset, y: frame.midY)
                let spinner =
                    timeline.presentationScalar(RefreshComponent.spinnerKey, of: component.layer, at: time) ?? 0
                // MJRefreshNormalHeader: Pulling shows the arrow and stops the spinner; back to Idle
                // from Refreshing, the arrow stays hidden until the spinner's 0.4 s fade completes.
                let arrowVisible = component.state == .pulling || (component.state == .idle && spinner <= 0)
                if arrowVisible && component.kind != .autoFooter {
                    var angle =
                        timeline.presentationScalar(RefreshComponent.arrowKey, of: component.layer, at: time) ?? 0
                    if component.kind == .trailer { angle -= Double.pi / 2 }
                    let cosA = cos(angle), sinA = sin(angle)
                    shapes.append(
                        .group(
                            GroupShape(
                                id: ids.arrow, matrix: [cosA, sinA, -sinA, cosA, center.x, center.y],
                                items: [
                                    .path(
                                        PathShape(
                                            data: RefreshLook.arrowPath, stroke: RefreshLook.labelColor, lineWidth: 2,
                                            cap: .round, join: .round))
                                ])))
                }
                if spinner > 0 && component.state != .pulling {
                    appendSpinner(center: center, alpha: spinner, at: time, id: ids.spinner, into: &shapes)
                }
            case .gif:
                let frames = component.options.gifFrames
                let count =
                    component.state == .pulling
                    ? frames.pulling : (component.state.isRefreshing ? frames.refreshing : frames.idle)
                let index = gifFrame(c, scroll: scroll, at: time, timeline: timeline)
                let right =
                    textWidth > 0
                    ? frame.midX - textWidth / 2 - RefreshLook.gifLabelLeftInset : frame.midX + RefreshLook.gifRadius
                let center = Point(x: right - RefreshLook.gifRadius, y: frame.midY)
                let sweep = 2 * Double.pi * Double(index + 1) / Double(max(count, 1))
                shapes.append(
                    .pie(
                        PieShape(
                            id: ids.gif, center: center, radius: RefreshLook.gifRadius, startAngle: -Double.pi / 2,
                            endAngle: -Double.pi / 2 + sweep, fill: RefreshLook.labelColor)))
            }
            items.append(.group(GroupShape(id: ids.group, alpha: alpha < 1 ? alpha : nil, items: shapes)))
        }
    }

    /// The spinner's highlighted spoke at `time` (one turn a second), nil at a time that is not finite.
    static func spinnerHead(at time: Double) -> Int? {
        guard time.isFinite else { return nil }
        return Int(spinnerStep(at: time).step) % RefreshLook.spokes
    }

    /// A media time before which ``spinnerHead(at:)`` stays the one at `time`: a microsecond
    /// before its next step (against rounding); `time` itself at a time that is not finite.
    static func spinnerHeadSteadyUntil(at time: Double) -> Double {
        guard time.isFinite else { return time }
        let (second, step) = spinnerStep(at: time)
        return max(time, second + (step + 1) / Double(RefreshLook.spokes) - Timeline.steadyMargin)
    }

    /// The whole second `time` is in, and the spinner's whole steps since it (one spoke a step).
    private static func spinnerStep(at time: Double) -> (second: Double, step: Double) {
        let second = time.rounded(.down)
        return (second, ((time - second) * Double(RefreshLook.spokes)).rounded(.down))
    }

    /// UIActivityIndicatorView: spokes whose highlight turns clockwise once per second.
    private func appendSpinner(center: Point, alpha: Double, at time: Double, id: String, into shapes: inout [Shape]) {
        let count = RefreshLook.spokes
        guard let head = Self.spinnerHead(at: time) else { return }
        for k in 0..<count {
            let direction = RefreshLook.spokeDirections[k]
            let age = Double((head - k + count) % count) / Double(count)
            let color = RefreshLook.labelColor.withAlpha(alpha * (1 - 0.75 * age))
            // Only the first spoke carries the id (it marks the spinner; the others would repeat it
            // every frame).
            shapes.append(
                .line(
                    LineShape(
                        id: k == 0 ? id : nil,
                        start: Point(
                            x: center.x + direction.x * RefreshLook.spokeInner,
                            y: center.y + direction.y * RefreshLook.spokeInner),
                        end: Point(
                            x: center.x + direction.x * RefreshLook.spokeOuter,
                            y: center.y + direction.y * RefreshLook.spokeOuter),
                        lineWidth: RefreshLook.spokeWidth, stroke: color, cap: .round)))
        }
    }
}
