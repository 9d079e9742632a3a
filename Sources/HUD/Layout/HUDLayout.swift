import Geometry
import Shapes
import Typesetting

/// Where everything of one HUD goes on the canvas, computed as MBProgressHUD 1.2's Auto Layout
/// constraints resolve (`updateConstraints`, `updatePaddingConstraints`):
/// - a vertical stack of indicator, label, details and button, each centred horizontally,
///   with `MBDefaultPadding` (4) only between two visible items and equal top and bottom
///   spacers of at least `margin`;
/// - bezel = content + 2 * margin, at least `minSize`, height = width when `square`;
/// - bezel centre = canvas centre + `offset` (or the edge/corner anchor of `position`), kept at
///   least `margin` from every canvas edge: the bezel is at most (canvas - 2 * margin), and every
///   item at most (bezel maximum - 2 * margin) wide, since items are compressed before the bezel
///   leaves its margins (compression resistance 998 < 999). So a long label truncates with an
///   ellipsis, details wrap within that width, and details lines that do not fit the canvas
///   height are left out (the last kept line ends with an ellipsis): nothing overflows the bezel.
///
/// Intrinsic sizes: text items are their widest line rounded up to a whole point by the lines'
/// height rounded up (UILabel); the button is its title plus 20 (MBProgressHUDRoundedButton) by
/// the title's height plus 6 above and below (UIButton's intrinsic size), shown only with a title; the round and activity indicators are 37x37 and the bar 120x10 (compressed, and
/// drawn scaled, only on a canvas too narrow for them). Positions are not rounded to pixels.
struct HUDLayout: Equatable, Sendable {
    var bezel: Rect
    var indicator: HUDIndicatorKind
    /// The indicator's frame; nil when there is none.
    var indicatorFrame: Rect?
    var label: HUDTextBlock?
    var details: HUDTextBlock?
    /// The button's frame and title (the block's frame is the title's, centred in the button).
    var button: HUDTextBlock?
    var buttonFrame: Rect?
    /// The activity indicator's spokes (empty for other indicators).
    var spokes = HUDSpokes()
    /// What ``details`` was wrapped from: a layout computed from this one reuses the wrapped
    /// block while the text and its room stay the same (a label change wrapped the unchanged
    /// details again: 1.5-2% of a loaded server's CPU, docs/benchmarks.md). A function of the
    /// configuration and canvas, like every other field.
    private(set) var detailsSource: DetailsSource?

    /// See ``detailsSource``.
    struct DetailsSource: Equatable, Sendable {
        var text: String
        var maxWidth: Double
        var maxHeight: Double
    }

    /// The layout of `config` on `canvas`. With `previous` (a layout computed with the same
    /// `text`), its wrapped details are reused when the details and their room did not change.
    static func compute(
        _ config: HUDConfiguration, canvas: Size, text: TextLayout, previous: HUDLayout? = nil
    ) -> HUDLayout {
        let margin = config.margin
        let bezelMax = Size(width: max(0, canvas.width - 2 * margin), height: max(0, canvas.height - 2 * margin))
        let itemMaxWidth = max(0, bezelMax.width - 2 * margin)

        // Intrinsic sizes of the fixed items.
        let indicator = config.indicator
        let indicatorSize = HUDLayout.indicatorSize(indicator, maxWidth: itemMaxWidth)
        var label =
            config.label.isEmpty
            ? nil : HUDLayout.line(config.label, size: HUDMetrics.labelFontSize, maxWidth: itemMaxWidth, text: text)
        if config.wrapsLabel, label?.isTruncated == true {
            // SVProgressHUD's status label wraps (`numberOfLines = 0`) within at most 300 pt of
            // height (`boundingRectWithSize:CGSizeMake(200, 300)`); here within the item width,
            // so a status that fits one line is laid out exactly as before.
            let room =
                bezelMax.height - 2 * margin
                - (indicatorSize.map { $0.height + HUDMetrics.padding } ?? 0)
            label =
                HUDLayout.wrapped(
                    config.label, size: HUDMetrics.labelFontSize, maxWidth: itemMaxWidth,
                    maxHeight: min(HUDMetrics.statusMaxHeight, room), text: text) ?? label
        }
        let button =
            config.button.isEmpty
            ? nil
            : HUDLayout.line(
                config.button, size: HUDMetrics.detailsFontSize,
                maxWidth: max(0, itemMaxWidth - HUDMetrics.buttonExtraWidth), text: text)
        let buttonSize = button.map {
            Size(
                width: $0.frame.width + HUDMetrics.buttonExtraWidth,
                height: $0.frame.height + 2 * HUDMetrics.buttonVerticalInset)
        }

        // Details get what height is left once the fixed items are placed.
        var fixedHeights: [Double] = []
        if let indicatorSize { fixedHeights.append(indicatorSize.height) }
        if let label { fixedHeights.append(label.frame.height) }
        if let buttonSize { fixedHeights.append(buttonSize.height) }
        var detailsSource: DetailsSource?
        var details: HUDTextBlock?
        if !config.details.isEmpty {
            let source = DetailsSource(
                text: config.details, maxWidth: itemMaxWidth,
                maxHeight: bezelMax.height - 2 * margin - fixedHeights.reduce(0, +)
                    - HUDMetrics.padding * Double(fixedHeights.count))
            if let previous, previous.detailsSource == source {
                // Placing it below sets its frame's origin again; its size is the wrapped one.
                details = previous.details
            } else {
                details = HUDLayout.details(
                    source.text, maxWidth: source.maxWidth, maxHeight: source.maxHeight, text: text)
            }
            detailsSource = source
        }

        // The stack, top to bottom: sizes of the visible items.
        var sizes: [Size] = []
        if let indicatorSize { sizes.append(indicatorSize) }
        if let label { sizes.append(label.frame.size) }
        if let details { sizes.append(details.frame.size) }
        if let buttonSize { sizes.append(buttonSize) }
        let contentWidth = sizes.reduce(0) { max($0, $1.width) }
        let contentHeight = sizes.reduce(0) { $0 + $1.height } + HUDMetrics.padding * Double(max(sizes.count - 1, 0))

        // Bezel size: content + margins, minSize, square, then the canvas margins.
        var width = max(contentWidth + 2 * margin, config.minSize.width)
        var height = max(contentHeight + 2 * margin, config.minSize.height)
        if config.square {
            width = max(width, height)
            height = width
        }
        width = max(contentWidth + 2 * margin, min(width, bezelMax.width))
        height = max(contentHeight + 2 * margin, min(height, bezelMax.height))

        let x = HUDLayout.place(
            extent: width, in: canvas.width, anchor: config.position.horizontal,
            offset: config.offset.x, margin: margin)
        let y = HUDLayout.place(
            extent: height, in: canvas.height, anchor: config.position.vertical,
            offset: config.offset.y, margin: margin)
        let bezel = Rect(x: x, y: y, width: width, height: height)

        // Items: centred, starting below the (equal) top spacer.
        var top = y + (height - contentHeight) / 2
        func next(_ size: Size) -> Rect {
            let frame = Rect(x: bezel.midX - size.width / 2, y: top, width: size.width, height: size.height)
            top += size.height + HUDMetrics.padding
            return frame
        }
        var layout = HUDLayout(bezel: bezel, indicator: indicator)
        layout.detailsSource = detailsSource
        if let indicatorSize {
            let frame = next(indicatorSize)
            layout.indicatorFrame = frame
            if indicator == .activity { layout.spokes = HUDSpokes(frame: frame) }
        }
        if var label {
            label.frame = next(label.frame.size)
            layout.label = label
        }
        if var details {
            details.frame = next(details.frame.size)
            layout.details = details
        }
        if var button, let buttonSize {
            let frame = next(buttonSize)
            button.frame = Rect(
                x: frame.midX - button.frame.width / 2, y: frame.minY + HUDMetrics.buttonVerticalInset,
                width: button.frame.width, height: button.frame.height)
            layout.button = button
            layout.buttonFrame = frame
        }
        return layout
    }

    /// The indicator's intrinsic size, compressed to `maxWidth`; nil when there is none.
    static func indicatorSize(_ kind: HUDIndicatorKind, maxWidth: Double) -> Size? {
        switch kind {
        case .absent:
            return nil
        case .bar:
            return Size(width: min(HUDMetrics.barSize.width, maxWidth), height: HUDMetrics.barSize.height)
        case .activity, .round, .icon:
            let side = min(HUDMetrics.roundSide, maxWidth)
            return Size(width: side, height: side)
        }
    }

    /// One bold line truncated to `maxWidth`, at the origin. A line break ends it (UILabel with
    /// one line shows the first line, its end cut with an ellipsis): a text shape is one line.
    static func line(_ string: String, size: Double, maxWidth: Double, text: TextLayout) -> HUDTextBlock {
        let font = text.font(size: size, weight: .bold)
        let firstLine = string.firstIndex(where: \.isNewline).map { String(string[..<$0]) + "\u{2026}" }
        var line = font.truncate(firstLine ?? string, maxWidth: maxWidth)
        if firstLine != nil { line.isTruncated = true }
        let frame = Rect(
            x: 0, y: 0, width: min(line.width.rounded(.up), maxWidth), height: font.lineHeight.rounded(.up))
        return HUDTextBlock(
            frame: frame, lines: [line.text], rightToLeftLines: [line.isRightToLeft], fontSize: size,
            ascender: font.ascender,
            lineHeight: font.lineHeight, isTruncated: line.isTruncated)
    }

    /// The details (bold 12) wrapped within `maxWidth`, keeping only the lines whose block fits
    /// `maxHeight`; nil when no line fits or the text has no lines.
    static func details(_ string: String, maxWidth: Double, maxHeight: Double, text: TextLayout) -> HUDTextBlock? {
        wrapped(string, size: HUDMetrics.detailsFontSize, maxWidth: maxWidth, maxHeight: maxHeight, text: text)
    }

    /// `string` in bold `size` wrapped within `maxWidth`, keeping only the lines whose block fits
    /// `maxHeight` (the last kept line ends with an ellipsis when some were left out); nil when no
    /// line fits or the text has no lines.
    static func wrapped(
        _ string: String, size: Double, maxWidth: Double, maxHeight: Double, text: TextLayout
    ) -> HUDTextBlock? {
        let font = text.font(size: size, weight: .bold)
        let wrapped = font.wrap(string, maxWidth: maxWidth)
        var lines = wrapped.lines
        var truncated = false
        var count = lines.count
        while count > 0 && (Double(count) * font.lineHeight).rounded(.up) > maxHeight { count -= 1 }
        if count < lines.count {
            truncated = true
            guard count > 0 else { return nil }
            let joined = lines[count - 1].text + " " + lines[count].text
            lines = Array(lines[0..<count])
            lines[count - 1] = font.truncate(joined, maxWidth: maxWidth)
        }
        guard !lines.isEmpty else { return nil }
        let widest = lines.reduce(0) { max($0, $1.width) }
        let frame = Rect(
            x: 0, y: 0, width: min(widest.rounded(.up), maxWidth),
            height: (Double(lines.count) * font.lineHeight).rounded(.up))
        return HUDTextBlock(
            frame: frame, lines: lines.map(\.text), rightToLeftLines: lines.map(\.isRightToLeft),
            fontSize: size,
            ascender: font.ascender, lineHeight: font.lineHeight, isTruncated: truncated)
    }

    /// The bezel's origin on one axis: anchored at the start (-1), centre (0) or end (1), moved by
    /// `offset`, then kept `margin` from both edges (centred when it cannot be).
    static func place(extent: Double, in length: Double, anchor: Double, offset: Double, margin: Double) -> Double {
        let low = margin, high = length - margin - extent
        guard high >= low else { return (length - extent) / 2 }
        let anchored: Double
        if anchor < 0 {
            anchored = low
        } else if anchor > 0 {
            anchored = high
        } else {
            anchored = (length - extent) / 2
        }
        return min(max(anchored + offset, low), high)
    }
}

extension HUDLayout {
    init(bezel: Rect, indicator: HUDIndicatorKind) {
        self.bezel = bezel
        self.indicator = indicator
    }
}
