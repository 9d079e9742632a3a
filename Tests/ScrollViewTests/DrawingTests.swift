import ComponentSupport
import Geometry
import Shapes
import Testing
import Timing

@testable import ScrollView

@Suite struct ScrollDrawingTests {
    /// The separators' group (last in the content group) and its path.
    func separators(in shapes: [Shape]) -> (GroupShape, PathShape)? {
        guard case let .group(content)? = shapes.first(where: { $0.id == "s.content" }),
            case let .group(translated)? = content.items.last,
            case let .path(path)? = translated.items.first
        else { return nil }
        return (translated, path)
    }

    func rows(in shapes: [Shape]) -> [TextShape] {
        guard case let .group(group)? = shapes.first(where: { $0.id == "s.content" }) else { return [] }
        return group.items.compactMap { if case let .text(text) = $0 { return text } else { return nil } }
    }

    @Test func onlyTheRowsInTheFrameAreDrawnInsideTheContentGroup() {
        var rig = ScrollRig(contentHeight: 44 * 100, rows: TableRows(count: 100, height: 44))
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 100), duration: 0, at: 0, timeline: &rig.timeline)
        var shapes: [Shape] = []
        rig.scroll.draw(at: 0, timeline: rig.timeline, into: &shapes)
        let texts = rows(in: shapes)
        // Content y 100...700: rows 2 (88...132) to 15 (660...704).
        #expect(texts.map(\.text) == (2...15).map { "Row \($0)" })
        #expect(abs((texts.first?.position.y ?? 0) - 10) < 1e-9)
        #expect(shapes.first?.id == "s.background")
        // UIScrollView clips to its bounds: the content group carries the frame as its clip.
        guard case let .group(group)? = shapes.first(where: { $0.id == "s.content" }) else {
            Issue.record("no content group")
            return
        }
        #expect(group.clip == rig.scroll.frame)
    }

    /// Each drawn row's separator is a subpath of one path: a 1 pt hairline stroked along
    /// y = row bottom - 0.5, from the title's inset to the right edge, in a group translated to
    /// the first drawn row's top-left (the path is formatted once per row count).
    @Test func theSeparatorsAreOnePathWithASubpathPerDrawnRow() throws {
        var rig = ScrollRig(contentHeight: 44 * 100, rows: TableRows(count: 100, height: 44))
        _ = rig.scroll.setContentOffset(Point(x: 0, y: 100), duration: 0, at: 0, timeline: &rig.timeline)
        var shapes: [Shape] = []
        rig.scroll.draw(at: 0, timeline: rig.timeline, into: &shapes)
        guard let (translated, path) = separators(in: shapes) else {
            Issue.record("no translated separators path at the end of the content group")
            return
        }
        let frame = rig.scroll.frame
        // Rows 2...15 are drawn; row 2's top is at frame.minY + 88 - 100.
        #expect(translated.matrix == [1, 0, 0, 1, frame.minX, frame.minY - 12])
        #expect(path.id == "s.separators" && path.lineWidth == 1 && path.fill == nil)
        let expected = (0..<14).map { i -> String in
            let y = 44 * Double(i) + 43.5
            func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
            return "M\(n(ScrollView.Look.titleInset)) \(n(y))L\(n(frame.width)) \(n(y))"
        }
        #expect(path.data == expected.joined())
        // The same data as a path built for this count on the spot: the cache is only a cache.
        #expect(path.data == ScrollView.separatorPath(count: 14, rowHeight: 44, width: frame.width))
    }

    /// Every row count gets the same separators' path data as formatting it afresh: the counts a
    /// frame usually shows are kept, fewer rows (a table pulled down, refreshing under its header,
    /// or at its end) are the longest kept path's first subpaths, and more rows are formatted.
    @Test func theSeparatorsPathForAnyRowCountIsTheFormattedOne() {
        let rig = ScrollRig(contentHeight: 30 * 100, height: 667, rows: TableRows(count: 100, height: 30))
        let kept = rig.scroll.separatorPaths.map(\.count)
        #expect(kept == [22, 23, 24])
        for count in 0...30 {
            var path = PathBuilder()
            for index in 0..<count {
                let y = 30 * Double(index) + 29.5
                path.move(to: Point(x: ScrollView.Look.titleInset, y: y))
                path.line(to: Point(x: 320, y: y))
            }
            #expect(rig.scroll.separatorPathData(count: count) == path.data, "\(count) rows")
        }
    }

    /// A refreshing table rests under its header (the content inset pushes it down), so it draws
    /// fewer rows than fit: their separators are the kept path's first subpaths.
    @Test func aTablePushedDownDrawsTheSeparatorsOfItsVisibleRows() throws {
        let rig = ScrollRig(
            contentHeight: 30 * 100, height: 667, inset: ScrollInsets(top: 54, left: 0, bottom: 0, right: 0),
            rows: TableRows(count: 100, height: 30))
        var shapes: [Shape] = []
        rig.scroll.draw(at: 0, timeline: rig.timeline, into: &shapes)
        guard let (_, path) = separators(in: shapes) else {
            Issue.record("no translated separators path at the end of the content group")
            return
        }
        // 54 pt down: rows 0...20 show (the 21st row's top is at 54 + 600 = 654 < 667).
        #expect(rows(in: shapes).count == 21)
        #expect(path.data.filter { $0 == "M" }.count == 21)
        #expect(path.data == ScrollView.separatorPath(count: 21, rowHeight: 30, width: 320))
    }

    @Test func theTitleTemplateIsFormattedOnce() {
        let rows = TableRows(count: 3, height: 30, title: "Item %d of list %d")
        #expect(rows.title(at: 2) == "Item 2 of list 2")
        #expect(ScrollView.titles(for: rows) == ["Item 0 of list 0", "Item 1 of list 1", "Item 2 of list 2"])
    }

    @Test func theIndicatorShowsWhileScrollingAndFadesAfter() {
        var rig = ScrollRig()
        var shapes: [Shape] = []
        rig.scroll.draw(at: 0, timeline: rig.timeline, into: &shapes)
        #expect(!shapes.contains { $0.id == "s.indicatorV" })
        rig.drag(by: -100, release: false)
        shapes = []
        rig.scroll.draw(at: 0.2, timeline: rig.timeline, into: &shapes)
        guard case let .rect(bar)? = shapes.first(where: { $0.id == "s.indicatorV" }) else {
            Issue.record("no indicator while dragging")
            return
        }
        #expect(bar.frame.width == 2.5)
        #expect(bar.frame.maxX == 320 - 3)
        // Shapes carry colours as the wire's bytes.
        #expect(bar.fillBytes == ColorBytes(Color(white: 0, alpha: 0.35)))
        // 600 / 2000 of the 594 pt track.
        #expect(abs(bar.frame.height - 594 * 0.3) < 1e-9)
        rig.pointer(.up, y: 200, at: 0.7)
        #expect(rig.scroll.phase == .idle)
        #expect(rig.scroll.indicatorAlpha(at: 0.7 + 0.25) == 1)
        #expect(abs(rig.scroll.indicatorAlpha(at: 0.7 + 0.4) - 0.5) < 1e-9)
        #expect(rig.scroll.indicatorAlpha(at: 0.7 + 0.55) == 0)
    }

    /// `indicatorAlphaSteadyUntil`: the alpha holds up to the time it gives and changes just
    /// after it; infinity while moving and once faded, `time` while fading.
    @Test func theIndicatorAlphaHoldsUntilTheTimeItPromises() {
        var rig = ScrollRig()
        rig.drag(by: -100, release: false)
        #expect(rig.scroll.indicatorAlphaSteadyUntil(at: 0.2) == .infinity, "moving: 1 until the model changes")
        rig.pointer(.up, y: 200, at: 0.7)
        #expect(rig.scroll.phase == .idle)
        for k in 0..<2000 {
            let time = 0.6 + Double(k) * 0.000_41 + Double(k % 3) * 1e-7
            let alpha = rig.scroll.indicatorAlpha(at: time)
            let until = rig.scroll.indicatorAlphaSteadyUntil(at: time)
            #expect(until >= time, "t = \(time)")
            if until == .infinity {
                #expect(rig.scroll.indicatorAlpha(at: time + 100) == alpha, "t = \(time)")
            } else if until > time {
                #expect(rig.scroll.indicatorAlpha(at: until) == alpha, "t = \(time)")
                #expect(rig.scroll.indicatorAlpha(at: until + 3e-6) != alpha, "t = \(time)")
            }
        }
        #expect(rig.scroll.indicatorAlphaSteadyUntil(at: 0.65) > 0.69, "before the end: 0 until it")
        #expect(rig.scroll.indicatorAlphaSteadyUntil(at: 0.8) > 0.94, "waiting to fade: 1 until the delay ends")
        #expect(rig.scroll.indicatorAlphaSteadyUntil(at: 1.1) == 1.1, "fading: no promise")
        #expect(rig.scroll.indicatorAlphaSteadyUntil(at: 1.3) == .infinity, "faded for good")
    }
}
