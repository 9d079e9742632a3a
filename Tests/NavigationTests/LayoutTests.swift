import ComponentSupport
import Geometry
import ScrollView
import Shapes
import Testing
import Timing

@testable import Navigation

@Suite struct MirroringAndEdgeTests {
    @Test func rightToLeftMirrorsDirectionAndDistance() throws {
        guard var rig = NavRig() else { return }
        let b = NavScreen(id: "B", interactivePopMaxAllowedInitialDistanceToLeftEdge: 50)
        try rig.apply(
            .create(NavCreate(target: "nav", screens: [NavScreen(id: "A"), b], layoutDirection: .rtl)), at: 0)
        _ = rig.take()
        // Rightward near the right edge: the wrong direction in right-to-left.
        rig.drag([340, 355, 365], start: 1, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .direction)])
        // Leftward from 75 pt off the right edge: beyond 50.
        rig.drag([300, 285, 270], start: 2, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .distance)])
        // Leftward from 30 pt off the right edge: pops, the screens slide left.
        rig.pointer(.down, x: 345, at: 3)
        rig.pointer(.move, x: 330, at: 3.05)
        rig.pointer(.move, x: 245, at: 3.1)
        let state = rig.inspect(at: 3.1)
        let p = 100 / NavRig.width
        #expect(near(state?.percent, p))
        #expect(near(state?.frontOffset, -p * NavRig.width))
        #expect(near(state?.backOffset, 0.3 * NavRig.width * (1 - p)))
    }

    @Test func rightToLeftPushComesFromTheLeft() throws {
        guard var rig = NavRig() else { return }
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A")], layoutDirection: .rtl)), at: 0)
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 0)
        let state = rig.inspect(at: 0.1)
        #expect((state?.frontOffset ?? 0) < 0)
        #expect((state?.backOffset ?? 0) > 0)
    }

    @Test func edgeOnlyModeNeedsADownNearTheLeadingEdge() throws {
        guard var rig = NavRig() else { return }
        let b = NavScreen(id: "B", interactivePopDisabled: true)
        try rig.apply(
            .create(NavCreate(target: "nav", screens: [NavScreen(id: "A"), b], fullscreenPopGesture: false)), at: 0)
        _ = rig.take()
        rig.drag([100, 120, 140], start: 1, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .distance)])
        // Within 20 pt of the edge it begins (FD's interactivePopDisabled guards only FD's pan).
        rig.drag([15, 30, 60], start: 2, step: 0.05, lift: false)
        #expect(same(Array(rig.take().prefix(1)), [.gesture(state: .began, percent: 15 / NavRig.width, velocity: 300)]))
    }

    @Test func edgeOnlyModeInRightToLeftUsesTheRightEdge() throws {
        guard var rig = NavRig() else { return }
        try rig.apply(
            .create(
                NavCreate(
                    target: "nav", screens: [NavScreen(id: "A"), NavScreen(id: "B")],
                    fullscreenPopGesture: false, layoutDirection: .rtl)), at: 0)
        _ = rig.take()
        rig.drag([15, 5], start: 1, step: 0.05)
        #expect(rig.take() == [.gestureRefused(reason: .distance)])
        rig.drag([365, 350, 300], start: 2, step: 0.05, lift: false)
        #expect(same(Array(rig.take().prefix(1)), [.gesture(state: .began, percent: 15 / NavRig.width, velocity: 300)]))
    }
}

@Suite struct CommandErrorTests {
    @Test func errorsNameTheProblemAndChangeNothing() throws {
        guard var rig = NavRig() else { return }
        func code(_ command: NavCommand) -> CommandError? {
            do { try rig.apply(command, at: 1); return nil } catch { return error }
        }
        #expect(code(.push(target: "nope", screen: NavScreen(id: "X"), animated: true))?.code == .unknownTarget)
        let dup = code(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A"), NavScreen(id: "A")])))
        #expect(dup?.code == .duplicateTarget)
        #expect(dup?.message.contains("screens[1].id") == true)
        #expect(rig.stack.targets.isEmpty)
        let nan = code(
            .create(
                NavCreate(
                    target: "nav", frame: Rect(x: 0, y: 0, width: .nan, height: 10), screens: [NavScreen(id: "A")])))
        #expect(nan?.code == .badRequest)
        #expect(nan?.message.contains("frame.width") == true)
        let rows = code(
            .create(NavCreate(target: "nav", screens: [NavScreen(id: "A", rows: TableRows(count: 3, height: -1))])))
        #expect(rows?.message.contains("screens[0].rows.height") == true)
        let distance = code(
            .create(
                NavCreate(
                    target: "nav", screens: [NavScreen(id: "A", interactivePopMaxAllowedInitialDistanceToLeftEdge: -3)])
            ))
        #expect(distance?.message.contains("screens[0].interactivePopMaxAllowedInitialDistanceToLeftEdge") == true)
        #expect(code(.create(NavCreate(target: "nav", screens: [])))?.code == .badRequest)
        #expect(rig.stack.targets.isEmpty)

        try rig.create(["A"])
        _ = rig.take()
        #expect(code(.create(NavCreate(target: "nav", screens: [NavScreen(id: "Z")])))?.code == .duplicateTarget)
        #expect(code(.pop(target: "nav", animated: true))?.code == .conflict)
        #expect(code(.push(target: "nav", screen: NavScreen(id: "A"), animated: true))?.code == .duplicateTarget)
        let unknownScreen = code(.update(target: "nav", screen: "Q", changes: NavScreenUpdate(title: "x")))
        #expect(unknownScreen?.code == .unknownTarget)
        #expect(unknownScreen?.message.contains("screen") == true)
        #expect(rig.take().isEmpty)
        #expect(rig.inspect(at: 1)?.stack == ["A"])

        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B"), animated: true), at: 2)
        _ = rig.take()
        let before = rig.inspect(at: 2.1)
        func codeAt(_ command: NavCommand, _ t: Double) -> CommandError? {
            do { try rig.apply(command, at: t); return nil } catch { return error }
        }
        #expect(codeAt(.push(target: "nav", screen: NavScreen(id: "C"), animated: true), 2.1)?.code == .conflict)
        #expect(codeAt(.pop(target: "nav", animated: false), 2.1)?.code == .conflict)
        #expect(codeAt(.popToRoot(target: "nav", animated: false), 2.1)?.code == .conflict)
        #expect(rig.take().isEmpty)
        #expect(rig.inspect(at: 2.1) == before)
    }

    @Test func updateChangesTitlesAndBackButtons() throws {
        guard var rig = NavRig() else { return }
        try rig.create(["A", "B"])
        try rig.apply(.update(target: "nav", screen: "A", changes: NavScreenUpdate(title: "Inbox")), at: 1)
        var shapes: [Shape] = []
        rig.stack.draw(at: 1, timeline: rig.timeline, into: &shapes)
        let texts = shapes.compactMap { if case let .text(t) = $0 { t.text } else { nil } }
        #expect(texts.contains("Inbox"))
    }
}

@Suite struct NavDrawingTests {
    @Test func backTitleFallsBackToBackThenChevron() throws {
        guard var rig = NavRig() else { return }
        let long = String(repeating: "Long title ", count: 6)
        try rig.apply(
            .create(
                NavCreate(
                    target: "nav",
                    screens: [
                        NavScreen(id: "A", title: "Mail"), NavScreen(id: "B", title: "Inbox"),
                        NavScreen(id: "C", title: long), NavScreen(id: "D", title: "Message"),
                    ])), at: 0)
        let entries = rig.stack.controllers[0].entries
        #expect(entries[0].backTitle == nil)
        #expect(entries[1].backTitle == "Mail")
        #expect(entries[3].backTitle == "Back")
        #expect(entries[2].title.hasSuffix("\u{2026}"))
    }

    @Test func midTransitionDrawsBothScreensDimmingShadowAndCrossFade() throws {
        guard var rig = NavRig() else { return }
        let rows = TableRows(count: 50)
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A", title: "A", rows: rows)])), at: 0)
        try rig.apply(
            .push(target: "nav", screen: NavScreen(id: "B", title: "B", color: .white, rows: rows), animated: true),
            at: 0)
        let state = rig.inspect(at: 0.1)
        var shapes: [Shape] = []
        rig.stack.draw(at: 0.1, timeline: rig.timeline, into: &shapes)
        let rects = shapes.compactMap { if case let .rect(r) = $0 { r } else { nil } }
        let dim = rects.first {
            $0.fillBytes == ColorBytes(Color(white: 0, alpha: state?.dimAlpha ?? -1)) && $0.frame.width == NavRig.width
        }
        #expect(dim != nil)
        let texts = shapes.compactMap { if case let .text(t) = $0 { t } else { nil } }
        let titleA = texts.first { $0.text == "A" }, titleB = texts.first { $0.text == "B" }
        let c = state?.percent ?? .nan
        // Colours are the wire's bytes.
        #expect(titleA?.fillBytes.alpha == ColorBytes(Color(white: 0, alpha: 1 - c)).alpha)
        #expect(titleB?.fillBytes.alpha == ColorBytes(Color(white: 0, alpha: c)).alpha)
        #expect(texts.contains { $0.text == "Row 0" })
        // The back screen's rows have moved left with the parallax.
        let row0 = texts.filter { $0.text == "Row 0" }.map(\.position.x)
        #expect(row0.contains { near($0, 15 + (state?.backOffset ?? .nan)) })
    }

    @Test func midTransitionTheTitlesSlideApartInsteadOfPrintingOverEachOther() throws {
        // UIKit's bar transition: the front title moves towards the trailing edge, the back
        // screen's from the leading side; the front's back-button title moves towards the centre.
        guard var rig = NavRig() else { return }
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A", title: "Inbox")])), at: 0)
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B", title: "Message"), animated: true), at: 0)
        let c = try #require(rig.inspect(at: 0.12)?.percent)
        #expect(c > 0.2 && c < 0.8)
        var shapes: [Shape] = []
        rig.stack.draw(at: 0.12, timeline: rig.timeline, into: &shapes)
        let texts = shapes.compactMap { if case let .text(t) = $0 { t } else { nil } }
        let transition = try #require(rig.stack.controllers[0].transition)
        let back = transition.back, front = transition.front
        let midX = NavRig.width / 2
        let inbox = try #require(texts.first { $0.text == "Inbox" && $0.align == .center })
        let message = try #require(texts.first { $0.text == "Message" })
        let backButton = try #require(texts.first { $0.text == "Inbox" && $0.align == .left })
        // The back screen's title moves with the back-button title that names it: one place.
        #expect(
            near(inbox.position.x, midX - c * (midX - ScreenEntry.backTitleOffset - front.backTitleWidth / 2), 1e-9))
        #expect(near(inbox.position.x, backButton.position.x + front.backTitleWidth / 2, 1e-9))
        #expect(near(message.position.x, midX + (1 - c) * (NavRig.width - front.titleWidth) / 2, 1e-9))
        #expect(
            near(
                backButton.position.x,
                ScreenEntry.backTitleOffset + (1 - c) * (midX - ScreenEntry.backTitleOffset - front.backTitleWidth / 2),
                1e-9))
        // The two centred titles do not overlap.
        #expect(inbox.position.x + back.titleWidth / 2 <= message.position.x - front.titleWidth / 2)
        // At rest the title is centred and the back button at its place.
        var rest: [Shape] = []
        rig.stack.draw(at: 2, timeline: rig.timeline, into: &rest)
        let restTexts = rest.compactMap { if case let .text(t) = $0 { t } else { nil } }
        #expect(restTexts.first { $0.text == "Message" }?.position.x == midX)
        #expect(restTexts.first { $0.text == "Inbox" }?.position.x == ScreenEntry.backTitleOffset)
    }

    @Test func aStackSmallerThanTheCanvasIsClippedToItsFrame() throws {
        guard var rig = NavRig() else { return }
        let frame = Rect(x: 20, y: 100, width: 300, height: 400)
        try rig.apply(
            .create(
                NavCreate(
                    target: "nav", frame: frame, screens: [NavScreen(id: "A", title: "A", rows: TableRows(count: 50))])),
            at: 0)
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B", title: "B"), animated: true), at: 0)
        var shapes: [Shape] = []
        rig.stack.draw(at: 0.1, timeline: rig.timeline, into: &shapes)
        #expect(shapes.count == 1)
        guard case let .group(group)? = shapes.first else {
            Issue.record("no clip group")
            return
        }
        #expect(group.id == "nav.clip")
        #expect(group.clip == frame)
        #expect(group.items.count > 10)
    }

    @Test func aStackFillingTheCanvasIsNotWrappedInAGroup() throws {
        guard var rig = NavRig() else { return }
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A", title: "A")])), at: 0)
        var shapes: [Shape] = []
        rig.stack.draw(at: 0.1, timeline: rig.timeline, into: &shapes)
        #expect(!shapes.isEmpty)
        #expect(!shapes.contains { if case .group = $0 { true } else { false } })
    }

    /// Mid-push both screens draw their visible rows, each screen's separators as one path
    /// (the frame is encoded every frame while a screen slides; the cost is measured by
    /// `progresscast bench`, not here).
    @Test func midPushBothScreensDrawTheirRowsWithOneSeparatorPathEach() throws {
        guard var rig = NavRig() else { return }
        let rows = TableRows(count: 100)
        try rig.apply(.create(NavCreate(target: "nav", screens: [NavScreen(id: "A", title: "A", rows: rows)])), at: 0)
        try rig.apply(.push(target: "nav", screen: NavScreen(id: "B", title: "B", rows: rows), animated: true), at: 0)
        var shapes: [Shape] = []
        rig.stack.draw(at: 0.1, timeline: rig.timeline, into: &shapes)
        let texts = shapes.compactMap { if case let .text(t) = $0 { t.text } else { nil } }
        // 667 - 64 = 603 pt of content per screen: rows 0...13 (44 pt each) are visible on both.
        #expect(texts.filter { $0 == "Row 13" }.count == 2)
        #expect(!texts.contains("Row 14"))
        let paths = shapes.compactMap { if case let .path(p) = $0 { p } else { nil } }.filter {
            $0.stroke == NavMetrics.separatorColor
        }
        #expect(paths.count == 2)
        // A row's hairline sits 0.25 pt above its bottom: 64 + 13 * 44 - 0.25 = 635.75 is the last
        // one on screen (row 13's would be at 679.75, below the 667 pt frame).
        #expect(paths.allSatisfy { $0.data.filter { $0 == "M" }.count == 13 })
    }

    /// A screen's separators take their y text from its layout (formatted once) while it slides:
    /// every separator path, at every frame of a push and of the pop back, is the path
    /// formatting each y would give, the y summed row by row from the content's top. The
    /// stack's frame starts at a fractional top, and the pushed screen hides the bar (another
    /// content top).
    @Test func separatorsFormattedAtLayoutAreTheFormattedRows() throws {
        guard var rig = NavRig() else { return }
        let rows = TableRows(count: 100)
        let frame = Rect(x: 10, y: 20.3, width: 300, height: 500.7)
        try rig.create(["A"]) {
            $0.frame = frame
            $0.screens = [NavScreen(id: "A", title: "A", rows: rows)]
        }
        let hiding = NavScreen(id: "B", title: "B", prefersNavigationBarHidden: true, rows: rows)
        try rig.apply(.push(target: "nav", screen: hiding, animated: true), at: 0)
        try rig.apply(.pop(target: "nav", animated: true), at: 0.5)
        /// The y of each row's hairline for content from `top`, as the drawing sums them.
        func hairlines(from top: Double) -> [Double] {
            var ys: [Double] = []
            var y = frame.minY + top
            while y < frame.maxY {
                ys.append(y + 44 - 0.25)
                y += 44
            }
            return ys
        }
        let withBar = hairlines(from: NavMetrics.statusBarHeight + NavMetrics.navigationBarHeight)
        let withoutBar = hairlines(from: NavMetrics.statusBarHeight)
        func separatorPaths(_ shapes: [Shape]) -> [PathShape] {
            shapes.flatMap { shape -> [PathShape] in
                switch shape {
                case .path(let path) where path.stroke == NavMetrics.separatorColor: [path]
                case .group(let group): separatorPaths(group.items)
                default: []
                }
            }
        }
        var checked = 0
        for step in 0...100 {
            let time = Double(step) * 0.01
            rig.advance(to: time)
            var shapes: [Shape] = []
            rig.stack.draw(at: time, timeline: rig.timeline, into: &shapes)
            for path in separatorPaths(shapes) {
                // "M<x0> <y>L<x1> <y>" per row: rebuilt from its ends and the expected y.
                let subpaths = path.data.split(separator: "M")
                let ends = subpaths.compactMap { subpath -> (Double, Double)? in
                    let parts = subpath.split(whereSeparator: { $0 == " " || $0 == "L" })
                    guard parts.count == 4, let x0 = Double(parts[0]), let x1 = Double(parts[2]) else { return nil }
                    return (x0, x1)
                }
                #expect(ends.count == subpaths.count)
                let candidates = [withBar, withoutBar].map { ys in
                    var expected = PathBuilder()
                    for (index, (x0, x1)) in ends.enumerated() where index < ys.count {
                        expected.horizontalLine(from: x0, to: x1, y: ys[index])
                    }
                    return expected.data
                }
                #expect(candidates.contains(path.data), "\(path.data)")
                checked += 1
            }
        }
        // Both screens' paths while they slide, one at rest.
        #expect(checked > 100)
    }
}
