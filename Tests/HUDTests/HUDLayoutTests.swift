import Foundation
import Geometry
import HUD
import Shapes
import Testing
import Timing
import Typesetting

/// Layout against MBProgressHUD's rules, computed here from the font's measured widths:
/// margin 20; padding 4 only between visible items; items centred; bezel = content + 2 margin,
/// centred (+ offset), at least minSize, square on demand, and at least margin from each edge.
@Suite struct HUDLayoutTests {
    enum Texts: String, CaseIterable, Sendable {
        case noText, label, labelDetails, labelDetailsButton, detailsOnly, buttonOnly
        var label: String { self == .label || self == .labelDetails || self == .labelDetailsButton ? "Loading" : "" }
        var details: String {
            self == .labelDetails || self == .labelDetailsButton || self == .detailsOnly ? "Fetching 3 of 7 files" : ""
        }
        var button: String { self == .labelDetailsButton || self == .buttonOnly ? "Cancel" : "" }
    }

    static let modes: [HUDMode] = [.indeterminate, .determinate, .annular, .bar, .custom, .text]

    /// The expected frames by MBProgressHUD's rules (independent of the HUD module's code).
    struct Expected {
        var bezel: Rect
        var indicator: Rect?
        var label: Rect?
        var details: Rect?
        var button: Rect?
    }

    static func expected(mode: HUDMode, texts: Texts, canvas: Size = Fixture.canvas) -> Expected {
        let m = Fixture.margin, pad = Fixture.padding
        let maxItemWidth = canvas.width - 4 * m
        var sizes: [(String, Size)] = []
        switch mode {
        case .indeterminate, .determinate, .annular, .custom: sizes.append(("indicator", Size(width: 37, height: 37)))
        case .bar: sizes.append(("indicator", Size(width: 120, height: 10)))
        case .text: break
        }
        let f16 = Fixture.bold(16), f12 = Fixture.bold(12)
        if !texts.label.isEmpty {
            sizes.append(("label", Size(width: ceil(f16.width(of: texts.label)), height: ceil(f16.lineHeight))))
        }
        if !texts.details.isEmpty {
            let lines = f12.wrap(texts.details, maxWidth: maxItemWidth).lines
            let widest = lines.map(\.width).max() ?? 0
            sizes.append(("details", Size(width: ceil(widest), height: ceil(Double(lines.count) * f12.lineHeight))))
        }
        if !texts.button.isEmpty {
            // MBProgressHUDRoundedButton: intrinsic width + 20; UIButton: title height + 6 above and below.
            sizes.append(
                ("button", Size(width: ceil(f12.width(of: texts.button)) + 20, height: ceil(f12.lineHeight) + 12)))
        }
        let contentWidth = sizes.map(\.1.width).max() ?? 0
        let contentHeight = sizes.map(\.1.height).reduce(0, +) + pad * Double(max(sizes.count - 1, 0))
        let bezel = Rect(
            x: (canvas.width - contentWidth - 2 * m) / 2, y: (canvas.height - contentHeight - 2 * m) / 2,
            width: contentWidth + 2 * m, height: contentHeight + 2 * m)
        var result = Expected(bezel: bezel)
        var y = bezel.y + m
        for (name, size) in sizes {
            let frame = Rect(x: bezel.midX - size.width / 2, y: y, width: size.width, height: size.height)
            y += size.height + pad
            switch name {
            case "indicator": result.indicator = frame
            case "label": result.label = frame
            case "details": result.details = frame
            default: result.button = frame
            }
        }
        return result
    }

    private func frames(_ properties: HUDProperties, canvas: Size = Fixture.canvas) throws -> HUDFrames {
        var d = Driver(canvas: canvas)
        try d.show("h", properties, animated: false, at: 0)
        return try #require(d.stack.frames(of: "h"))
    }

    private func expectClose(_ a: Rect?, _ b: Rect?, _ what: String) {
        guard let a, let b else {
            #expect(a == nil && b == nil, "\(what): \(String(describing: a)) vs \(String(describing: b))")
            return
        }
        let close =
            abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9
            && abs(a.height - b.height) < 1e-9
        #expect(close, "\(what): \(a) vs \(b)")
    }

    @Test(arguments: HUDLayoutTests.modes, Texts.allCases)
    func modeAndTexts(_ mode: HUDMode, _ texts: Texts) throws {
        let got = try frames(
            HUDProperties(
                mode: mode, label: texts.label, details: texts.details, button: texts.button,
                customView: .checkmark))
        let want = HUDLayoutTests.expected(mode: mode, texts: texts)
        expectClose(got.bezel, want.bezel, "bezel")
        expectClose(got.indicator, want.indicator, "indicator")
        expectClose(got.label, want.label, "label")
        expectClose(got.details, want.details, "details")
        expectClose(got.button, want.button, "button")
    }

    /// Custom mode without a view has no indicator (MBProgressHUD with a nil customView).
    @Test func customWithoutViewHasNoIndicator() throws {
        let got = try frames(HUDProperties(mode: .custom, label: "Loading"))
        #expect(got.indicator == nil)
        expectClose(got.bezel, HUDLayoutTests.expected(mode: .text, texts: .label).bezel, "bezel")
    }

    @Test func longDetailsWrapWithinTheCanvasMargins() throws {
        let details = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6)
        let got = try frames(HUDProperties(mode: .text, details: details))
        let f12 = Fixture.bold(12)
        let maxItemWidth = 375 - 4 * Fixture.margin
        let lines = f12.wrap(details, maxWidth: maxItemWidth).lines
        #expect(lines.count > 3)
        #expect(got.detailsLines == lines.map(\.text))
        for line in got.detailsLines { #expect(f12.width(of: line) <= maxItemWidth) }
        let widest = ceil(lines.map(\.width).max() ?? 0)
        expectClose(
            got.bezel,
            Rect(
                x: (375 - widest - 40) / 2, y: (667 - ceil(Double(lines.count) * f12.lineHeight) - 40) / 2,
                width: widest + 40, height: ceil(Double(lines.count) * f12.lineHeight) + 40), "bezel")
        #expect(got.bezel.width <= 375 - 2 * Fixture.margin)
        #expect(got.bezel.minX >= Fixture.margin && got.bezel.maxX <= 375 - Fixture.margin)
    }

    /// Details taller than the canvas allow keep only the lines that fit, the last one ending
    /// with an ellipsis: the bezel stays margin from the top and bottom.
    @Test func detailsTallerThanTheCanvasAreCut() throws {
        let details = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 15)
        let canvas = Size(width: 375, height: 300)
        let got = try frames(HUDProperties(mode: .indeterminate, label: "Title", details: details), canvas: canvas)
        let f12 = Fixture.bold(12), f16 = Fixture.bold(16)
        let available = 300 - 4 * Fixture.margin - 37 - ceil(f16.lineHeight) - 2 * Fixture.padding
        let fitting = Int(available / f12.lineHeight)
        #expect(got.detailsLines.count == fitting)
        #expect(got.detailsLines.last?.hasSuffix("\u{2026}") == true)
        #expect(got.bezel.minY >= Fixture.margin - 1e-9 && got.bezel.maxY <= 300 - Fixture.margin + 1e-9)
        let details_ = try #require(got.details)
        #expect(details_.maxY <= got.bezel.maxY - Fixture.margin + 1e-9)
    }

    @Test func longLabelTruncatesWithAnEllipsis() throws {
        let label = String(repeating: "Downloading ", count: 8)
        let got = try frames(HUDProperties(mode: .text, label: label))
        let text = try #require(got.labelText)
        #expect(text.hasSuffix("\u{2026}"))
        let maxItemWidth = 375 - 4 * Fixture.margin
        #expect(Fixture.bold(16).width(of: text) <= maxItemWidth)
        #expect(text == Fixture.bold(16).truncate(label, maxWidth: maxItemWidth).text)
        let frame = try #require(got.label)
        #expect(frame.width <= maxItemWidth && got.bezel.width <= 375 - 2 * Fixture.margin)
    }

    /// A label with a line break shows its first line ending in an ellipsis (UILabel with one
    /// line): a text shape never carries a line break.
    @Test func labelWithALineBreakShowsItsFirstLine() throws {
        let got = try frames(HUDProperties(mode: .text, label: "Line one\nLine two"))
        #expect(got.labelLines == ["Line one\u{2026}"])
        let f16 = Fixture.bold(16)
        #expect(got.label?.width == ceil(f16.width(of: "Line one\u{2026}")))
    }

    /// The frames of `target` after `hud.status` with `text` (shown at once) on `d`.
    private func status(
        _ text: String, target: String = "s", kind: HUDStatusKind = .success, on d: inout Driver
    ) throws -> HUDFrames {
        try d.stack.status(
            target: target, kind: kind, text: text, duration: 30, animated: false, at: 0, timeline: &d.timeline,
            events: &d.events)
        return try #require(d.stack.frames(of: target))
    }

    /// SVProgressHUD wraps a long status (`numberOfLines = 0`, at most 300 pt tall) where
    /// MBProgressHUD's label truncates; a status that fits one line is laid out as any label.
    @Test func longStatusWrapsAndShortStatusStaysOneLine() throws {
        let long = String(repeating: "All your changes were saved. ", count: 4)
        var d = Driver()
        let got = try status(long, on: &d)
        let f16 = Fixture.bold(16)
        let maxItemWidth = 375 - 4 * Fixture.margin
        let lines = f16.wrap(long, maxWidth: maxItemWidth).lines
        #expect(lines.count > 1)
        #expect(got.labelLines == lines.map(\.text))
        let label = try #require(got.label)
        #expect(label.height == ceil(Double(lines.count) * f16.lineHeight))
        #expect(label.width <= maxItemWidth && label.maxY <= got.bezel.maxY - Fixture.margin + 1e-9)

        // A status that fits: the frames of a custom-mode HUD with that label.
        let short = try status("Saved", target: "short", on: &d)
        let plain = try frames(HUDProperties(mode: .custom, label: "Saved", customView: .checkmark))
        #expect(short == plain)

        // Shown again with hud.show, the same HUD truncates its label like any MBProgressHUD.
        try d.show("s", HUDProperties(mode: .text, label: long), animated: false, at: 1)
        let shown = try #require(d.stack.frames(of: "s"))
        #expect(shown.labelLines.count == 1 && shown.labelText?.hasSuffix("\u{2026}") == true)
    }

    /// A status taller than 300 pt keeps the lines that fit, the last ending in an ellipsis.
    @Test func statusIsAtMostThreeHundredPointsTall() throws {
        let long = String(repeating: "Syncing every photo in the library. ", count: 40)
        var d = Driver()
        let got = try status(long, kind: .info, on: &d)
        let f16 = Fixture.bold(16)
        #expect(got.labelLines.count == Int(300 / f16.lineHeight))
        #expect(got.labelLines.last?.hasSuffix("\u{2026}") == true)
        #expect((got.label?.height ?? 0) <= 300)
    }

    @Test func chineseLabelIsMeasuredWithTheFallbackFont() throws {
        let got = try frames(HUDProperties(label: "加载中..."))
        let f16 = Fixture.bold(16)
        let width = f16.width(of: "加载中...")
        #expect(width > 3 * 12)  // three CJK ideographs are about an em each
        #expect(got.labelText == "加载中...")
        expectClose(
            got.label,
            Rect(
                x: 187.5 - ceil(width) / 2, y: got.bezel.y + 20 + 37 + 4, width: ceil(width),
                height: ceil(f16.lineHeight)), "label")
    }

    @Test func minSizeIsALowerBound() throws {
        let got = try frames(HUDProperties(mode: .text, label: "Hi", minSize: Size(width: 200, height: 150)))
        expectClose(got.bezel, Rect(x: 87.5, y: (667 - 150) / 2, width: 200, height: 150), "bezel")
        let labelHeight = ceil(Fixture.bold(16).lineHeight)
        let labelWidth = ceil(Fixture.bold(16).width(of: "Hi"))
        expectClose(
            got.label,
            Rect(
                x: 187.5 - labelWidth / 2, y: got.bezel.y + (150 - labelHeight) / 2, width: labelWidth,
                height: labelHeight), "label")
        // minSize never pushes the bezel past the canvas margins.
        let huge = try frames(HUDProperties(mode: .text, label: "Hi", minSize: Size(width: 1000, height: 1000)))
        expectClose(huge.bezel, Rect(x: 20, y: 20, width: 335, height: 627), "clamped bezel")
    }

    @Test func squareMakesHeightEqualWidth() throws {
        let label = "Loading your files"
        let got = try frames(HUDProperties(mode: .determinate, label: label, square: true))
        let f16 = Fixture.bold(16)
        let side = ceil(f16.width(of: label)) + 40
        expectClose(got.bezel, Rect(x: (375 - side) / 2, y: (667 - side) / 2, width: side, height: side), "bezel")
        let content = 37 + 4 + ceil(f16.lineHeight)
        expectClose(
            got.indicator, Rect(x: 187.5 - 18.5, y: got.bezel.y + (side - content) / 2, width: 37, height: 37),
            "indicator")
        // A tall content makes the width grow instead.
        let tall = try frames(HUDProperties(mode: .indeterminate, square: true))
        #expect(tall.bezel.width == tall.bezel.height && tall.bezel.width == 77)
    }

    @Test func offsetMovesTheBezelAndEdgesClampIt() throws {
        let base = HUDLayoutTests.expected(mode: .indeterminate, texts: .noText).bezel
        let moved = try frames(HUDProperties(offset: Point(x: 30, y: -100)))
        expectClose(
            moved.bezel, Rect(x: base.x + 30, y: base.y - 100, width: base.width, height: base.height), "offset")
        let bottom = try frames(HUDProperties(offset: Point(x: 0, y: 1_000_000)))
        expectClose(
            bottom.bezel, Rect(x: base.x, y: 667 - 20 - base.height, width: base.width, height: base.height),
            "MBProgressMaxOffset")
        let left = try frames(HUDProperties(offset: Point(x: -1_000_000, y: 0)))
        expectClose(left.bezel, Rect(x: 20, y: base.y, width: base.width, height: base.height), "left edge")
    }

    @Test func positionsPinToEdgesAndCorners() throws {
        let size = HUDLayoutTests.expected(mode: .indeterminate, texts: .noText).bezel.size
        let cases: [(HUDPosition, Double, Double)] = [
            (.center, (375 - size.width) / 2, (667 - size.height) / 2),
            (.top, (375 - size.width) / 2, 20), (.bottom, (375 - size.width) / 2, 667 - 20 - size.height),
            (.left, 20, (667 - size.height) / 2), (.right, 375 - 20 - size.width, (667 - size.height) / 2),
            (.topLeft, 20, 20), (.topRight, 375 - 20 - size.width, 20),
            (.bottomLeft, 20, 667 - 20 - size.height), (.bottomRight, 375 - 20 - size.width, 667 - 20 - size.height),
        ]
        for (position, x, y) in cases {
            let got = try frames(HUDProperties(position: position))
            expectClose(got.bezel, Rect(origin: Point(x: x, y: y), size: size), position.rawValue)
        }
        // An offset moves a pinned bezel inwards but never past the margin.
        let nudged = try frames(HUDProperties(offset: Point(x: -10, y: 15), position: .topRight))
        expectClose(
            nudged.bezel, Rect(x: 375 - 20 - size.width - 10, y: 35, width: size.width, height: size.height), "nudged")
    }

    /// Nothing overflows the bezel, whatever the texts.
    @Test(arguments: HUDLayoutTests.modes)
    func everyItemStaysInsideTheBezel(_ mode: HUDMode) throws {
        let got = try frames(
            HUDProperties(
                mode: mode, label: String(repeating: "W", count: 60),
                details: String(repeating: "加载中 wide text ", count: 40),
                button: String(repeating: "M", count: 60), customView: .info))
        for frame in [got.indicator, got.label, got.details, got.button].compactMap({ $0 }) {
            #expect(frame.minX >= got.bezel.minX + 20 - 1e-9 && frame.maxX <= got.bezel.maxX - 20 + 1e-9)
            #expect(frame.minY >= got.bezel.minY + 20 - 1e-9 && frame.maxY <= got.bezel.maxY - 20 + 1e-9)
        }
        #expect(
            got.bezel.minX >= 20 && got.bezel.maxX <= 355 && got.bezel.minY >= 20 - 1e-9 && got.bezel.maxY <= 647 + 1e-9
        )
    }
}
