import Geometry
import ScrollView
import Shapes
import Testing
import Timing

@testable import Refresh

@Suite struct RefreshDrawingTests {
    func draw(_ rig: inout RefreshRig, at time: Double) -> [Shape] {
        rig.advance(to: time)
        var shapes: [Shape] = []
        rig.stack.draw(at: time, timeline: rig.timeline, into: &shapes)
        return shapes
    }

    func content(_ shapes: [Shape]) -> [Shape] {
        guard case let .group(group)? = shapes.first(where: { $0.id == "s.content" }) else { return [] }
        return group.items
    }

    func component(_ shapes: [Shape], _ id: String = "r") -> [Shape] {
        guard case let .group(group)? = content(shapes).first(where: { $0.id == id }) else { return [] }
        return group.items
    }

    @Test func aRefreshingHeaderShowsItsLabelsAndSpinnerAboveTheRows() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        let shapes = draw(&rig, at: 2)
        let items = component(shapes)
        let texts = items.compactMap { if case let .text(text) = $0 { return text } else { return nil } }
        #expect(texts.map(\.text) == ["Loading...", "Last update: No record"])
        #expect(texts.map(\.position.y) == [13.5, 40.5])
        #expect(texts.allSatisfy { $0.weight == .bold && $0.size == 14 && $0.align == .center })
        #expect(items.filter { if case .line = $0 { return true } else { return false } }.count == 8)
        #expect(!items.contains { $0.id == "r.arrow" })
        // The header is drawn before (under) the rows, inside the content group.
        #expect(content(shapes).first?.id == "r")
        // Then the rows' titles and their separators (one path).
        #expect(content(shapes).contains { if case let .text(t) = $0 { t.text == "Row 0" } else { false } })
        guard case let .group(separators)? = content(shapes).last else {
            Issue.record("no separators group at the end of the content")
            return
        }
        #expect(separators.items.first?.id == "s.separators")
    }

    @Test func theContentIsClippedToTheFrameAndTheIndicatorStaysInsideIt() throws {
        let frame = Rect(x: 10, y: 120, width: 300, height: 400)
        var rig = try RefreshRig(rows: 40, frame: frame)
        try rig.add(.header)
        // Pulled far past the top: the header and rows move down, the indicator shrinks.
        rig.drag(x0: 160, y0: 200, dy: 300, start: 1, release: false)
        let shapes = draw(&rig, at: 1.5)
        guard case let .group(content)? = shapes.first(where: { $0.id == "s.content" }) else {
            Issue.record("no content group")
            return
        }
        #expect(content.clip == frame)
        #expect(content.items.contains { $0.id == "r" })
        guard case let .rect(bar)? = shapes.first(where: { $0.id == "s.indicatorV" }) else {
            Issue.record("no indicator")
            return
        }
        #expect(bar.frame.minY >= frame.minY && bar.frame.maxY <= frame.maxY)
        #expect(bar.frame.minX >= frame.minX && bar.frame.maxX <= frame.maxX)
        #expect(bar.frame.height < 36)
    }

    @Test func anIdleHeaderOffScreenIsCulledAndAPulledOneShowsItsArrow() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        #expect(component(draw(&rig, at: 0.5)).isEmpty)
        rig.drag(dy: 100, start: 1, release: false)
        let items = component(draw(&rig, at: 1.4))
        guard case let .group(arrow)? = items.first(where: { $0.id == "r.arrow" }) else {
            Issue.record("no arrow")
            return
        }
        #expect(arrow.matrix?.count == 6)
        #expect(arrow.matrix?[0] == 1)
    }

    @Test func endingARefreshFadesTheSpinnerBeforeTheArrowComesBack() throws {
        // MJRefreshNormalHeader: back to Idle from Refreshing, the arrow stays hidden until the
        // spinner's 0.4 s fade completes.
        var rig = try RefreshRig()
        try rig.add(.header)
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        try rig.apply(.refreshEnd(target: "r"), at: 2)
        let fading = component(draw(&rig, at: 2.1))
        #expect(fading.filter { if case .line = $0 { true } else { false } }.count == 8)
        #expect(!fading.contains { $0.id == "r.arrow" })
        // Pulled down again once the fade is over: the arrow, and no spinner.
        rig.drag(dy: 100, start: 3, release: false)
        let pulled = component(draw(&rig, at: 3.4))
        #expect(pulled.contains { $0.id == "r.arrow" })
        #expect(!pulled.contains { if case .line = $0 { true } else { false } })
    }

    @Test func theTrailerLabelIsOneCharacterPerLine() throws {
        var rig = try RefreshRig(rows: 0, contentSize: Size(width: 1000, height: 600))
        try rig.add(.trailer, options: RefreshOptions(style: .state, language: .zhHans))
        try rig.setOffset(680, 0, at: 0)
        rig.drag(x0: 250, dx: -100, dy: 0, start: 1, release: false)
        let texts = component(draw(&rig, at: 1.4)).compactMap {
            if case let .text(text) = $0 { return text.text } else { return nil }
        }
        #expect(texts == ["滑", "动", "查", "看", "图", "文", "详", "情"])
    }

    @Test func drawingNeverChangesState() throws {
        var rig = try RefreshRig()
        try rig.add(.header, options: RefreshOptions(style: .gif))
        try rig.apply(.refreshBegin(target: "r"), at: 1)
        rig.advance(to: 1.1)
        let before = (rig.stack.scrollViews, rig.stack.components)
        var shapes: [Shape] = []
        for i in 0..<50 { rig.stack.draw(at: 1.1 + Double(i) * 0.01, timeline: rig.timeline, into: &shapes) }
        _ = rig.stack.inspect("r", at: 1.3, timeline: rig.timeline)
        _ = rig.stack.hitRegions(at: 1.3, timeline: rig.timeline)
        #expect(rig.stack.scrollViews == before.0)
        #expect(rig.stack.components == before.1)
    }
}
