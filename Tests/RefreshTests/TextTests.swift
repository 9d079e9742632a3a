import ComponentSupport
import Geometry
import ScrollView
import Testing
import Timing

@testable import Refresh

@Suite struct TitleTests {
    func titles(
        _ kind: RefreshKind, _ language: RefreshLanguage, custom: RefreshTitles = .defaults
    ) throws -> [RefreshState: String] {
        var rig = try RefreshRig()
        try rig.add(kind, options: RefreshOptions(titles: custom, language: language))
        let component = try #require(rig.stack.component("r"))
        var result: [RefreshState: String] = [:]
        for state in RefreshState.allCases { result[state] = component.title(for: state) }
        return result
    }

    @Test func englishTitles() throws {
        let header = try titles(.header, .en)
        #expect(header[.idle] == "Pull down to refresh")
        #expect(header[.pulling] == "Release to refresh")
        #expect(header[.refreshing] == "Loading...")
        let back = try titles(.backFooter, .en)
        #expect(back[.idle] == "Pull up to load more")
        #expect(back[.pulling] == "Release to load more")
        #expect(back[.noMoreData] == "No more data")
        let auto = try titles(.autoFooter, .en)
        #expect(auto[.idle] == "Tap or pull up to load more")
        #expect(auto[.refreshing] == "Loading...")
        // Not in MJRefresh's English bundle: supplied.
        let trailer = try titles(.trailer, .en)
        #expect(trailer[.idle] == "Swipe to view details")
        #expect(trailer[.refreshing] == "Release to view details")
    }

    @Test func simplifiedChineseTitles() throws {
        let header = try titles(.header, .zhHans)
        #expect(header[.idle] == "下拉可以刷新")
        #expect(header[.pulling] == "松开立即刷新")
        #expect(header[.refreshing] == "正在刷新数据中...")
        #expect(try titles(.autoFooter, .zhHans)[.noMoreData] == "已经全部加载完毕")
        #expect(try titles(.backFooter, .zhHans)[.pulling] == "松开立即加载更多")
        #expect(try titles(.trailer, .zhHans)[.idle] == "滑动查看图文详情")
    }

    @Test func traditionalChineseTitles() throws {
        let header = try titles(.header, .zhHant)
        #expect(header[.pulling] == "鬆開立即刷新")
        #expect(header[.refreshing] == "正在刷新數據中...")
        #expect(try titles(.autoFooter, .zhHant)[.idle] == "點擊或上拉加載更多")
        #expect(try titles(.trailer, .zhHant)[.pulling] == "釋放查看圖文詳情")
    }

    @Test func customTitlesOverrideTheDefaultsAndUpdateMerges() throws {
        var rig = try RefreshRig()
        try rig.add(.header, options: RefreshOptions(titles: RefreshTitles(idle: "Pull!")))
        #expect(rig.refresh(at: 0)?.stateTitle == "Pull!")
        try rig.apply(
            .refreshUpdate(
                ScrollStack.RefreshUpdate(target: "r", titles: RefreshTitles(pulling: "Let go!"), language: .zhHans)),
            at: 1)
        let component = try #require(rig.stack.component("r"))
        #expect(component.title(for: .idle) == "Pull!")
        #expect(component.title(for: .pulling) == "Let go!")
        #expect(component.title(for: .refreshing) == "正在刷新数据中...")
    }

    @Test func stateHiddenHidesTheLabel() throws {
        var rig = try RefreshRig()
        try rig.add(.header, options: RefreshOptions(lastUpdatedTimeHidden: true, stateHidden: true))
        #expect(rig.refresh(at: 0)?.stateTitle == "")
        #expect(rig.refresh(at: 0)?.lastUpdatedText == "")
    }
}

@Suite struct LastUpdatedTests {
    /// 2026-01-15 10:00 UTC.
    static let january15 = Double(CivilDateTime.days(year: 2026, month: 1, day: 15)) * 86_400 + 10 * 3600

    @Test func civilDatesRoundTrip() {
        #expect(CivilDateTime(unixSeconds: 0) == CivilDateTime(year: 1970, month: 1, day: 1))
        #expect(CivilDateTime(unixSeconds: 1_767_225_600) == CivilDateTime(year: 2026, month: 1, day: 1))
        #expect(
            CivilDateTime(unixSeconds: 951_782_400 + 3599)
                == CivilDateTime(year: 2000, month: 2, day: 29, hour: 0, minute: 59))
        #expect(CivilDateTime(unixSeconds: -1) == CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59))
        #expect(
            CivilDateTime.days(year: 2024, month: 3, day: 1) - CivilDateTime.days(year: 2024, month: 2, day: 28) == 2)
    }

    @Test func theFormats() {
        let strings = RefreshStrings.of(.en)
        let last = CivilDateTime(year: 2026, month: 1, day: 15, hour: 9, minute: 5)
        #expect(LastUpdatedText.format(last: nil, now: last, strings: strings) == "Last update: No record")
        #expect(
            LastUpdatedText.format(
                last: last, now: CivilDateTime(year: 2026, month: 1, day: 15, hour: 23), strings: strings)
                == "Last update: Today 09:05")
        #expect(
            LastUpdatedText.format(last: last, now: CivilDateTime(year: 2026, month: 3, day: 2), strings: strings)
                == "Last update: 01-15 09:05")
        #expect(
            LastUpdatedText.format(last: last, now: CivilDateTime(year: 2027, month: 1, day: 15), strings: strings)
                == "Last update: 2026-01-15 09:05")
        #expect(LastUpdatedText.format(last: last, now: last, strings: .of(.zhHans)) == "最后更新：今天 09:05")
    }

    /// MJRefresh bug (fixed): "today" compared only the day of the month.
    @Test func theSameDayOfAnotherMonthIsNotToday() throws {
        var rig = try RefreshRig(date: SessionDate(epochSeconds: LastUpdatedTests.january15))
        try rig.add(.header)
        #expect(rig.refresh(at: 0)?.lastUpdatedText == "Last update: No record")
        try rig.apply(.refreshBegin(target: "r"), at: 0)
        try rig.apply(.refreshEnd(target: "r"), at: 60)
        #expect(rig.refresh(at: 60)?.lastUpdatedText == "Last update: Today 10:01")
        // One month later, at 09:00 on February 15th: a state change re-formats the label.
        let february15 = 31 * 86_400 - 3600.0
        try rig.apply(.refreshBegin(target: "r"), at: february15)
        #expect(rig.refresh(at: february15)?.lastUpdatedText == "Last update: 01-15 10:01")
    }

    @Test func theUTCOffsetMovesTheLocalDay() throws {
        // 20:00 UTC on January 15th is 04:00 on the 16th at UTC+8.
        let date = SessionDate(epochSeconds: LastUpdatedTests.january15 + 10 * 3600, utcOffsetSeconds: 8 * 3600)
        #expect(date.local(at: 0) == CivilDateTime(year: 2026, month: 1, day: 16, hour: 4, minute: 0))
        #expect(date.local(at: 86_400 * 20) == CivilDateTime(year: 2026, month: 2, day: 5, hour: 4, minute: 0))
    }
}

@Suite struct CommandTests {
    func failure(_ body: () throws -> Void) -> CommandError? {
        do {
            try body()
            return nil
        } catch let error as CommandError {
            return error
        } catch {
            return nil
        }
    }

    @Test func semanticErrorsChangeNothing() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        let scrolls = rig.stack.scrollViews
        let components = rig.stack.components

        #expect(
            failure { try rig.apply(.refreshCreate(.init(target: "x", scroll: "nope", kind: .header)), at: 1) }?.code
                == .unknownTarget)
        #expect(failure { try rig.add(.header, "h2") }?.code == .duplicateTarget)
        #expect(failure { try rig.add(.backFooter, "r") }?.code == .duplicateTarget)
        let negative = failure {
            try rig.apply(
                .scrollCreate(target: "t", ScrollConfiguration(frame: Rect(x: 0, y: 0, width: -1, height: 10))), at: 1)
        }
        #expect(negative?.code == .badRequest)
        #expect(negative?.message.hasPrefix("frame.width") == true)
        let nan = failure {
            try rig.apply(
                .scrollSet(.init(target: "s", offset: Point(x: 0, y: 5), contentSize: Size(width: 10, height: .nan))),
                at: 1)
        }
        #expect(nan?.message.hasPrefix("contentSize.height") == true)
        let rows = failure { try rig.apply(.scrollSet(.init(target: "s", rows: TableRows(count: -3))), at: 1) }
        #expect(rows?.message.hasPrefix("rows.count") == true)
        let times = failure { try rig.apply(.refreshUpdate(.init(target: "r", autoTriggerTimes: -2)), at: 1) }
        #expect(times?.message.hasPrefix("autoTriggerTimes") == true)
        #expect(failure { try rig.apply(.refreshEnd(target: "zz"), at: 1) }?.code == .unknownTarget)

        // The valid offset of the failed scroll.set was not applied either.
        #expect(rig.stack.scrollViews == scrolls)
        #expect(rig.stack.components == components)
        #expect(rig.offset(at: 1).y == 0)
    }

    @Test func scrollStateEventsAreReportedByTheStack() throws {
        var rig = try RefreshRig()
        let release = rig.drag(dy: -300, start: 1, hold: 0)
        _ = rig.offset(at: 10)
        let states = rig.events.filter { $0.target == "s" }.map(\.payload)
        #expect(states == [.scrollState(.dragging), .scrollState(.decelerating), .scrollState(.idle)])
        #expect(rig.events.first { $0.target == "s" }?.time == 1.02)
        #expect(rig.events.filter { $0.target == "s" }[1].time == release)
    }

    @Test func aReleasePastTheHeaderThresholdNeverReportsTheSameStateTwice() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        // 200 pt of drag shows about 111 pt past the top: Pulling; the release starts refreshing,
        // whose animated offset ends the bounce at the same instant.
        let release = rig.drag(dy: 200, start: 1, hold: 0)
        _ = rig.offset(at: 3)
        let states = rig.events.filter { $0.target == "s" }
        // Was [dragging, idle, idle]: the nested state change reported idle, then the pointer's too.
        #expect(states.map(\.payload) == [.scrollState(.dragging), .scrollState(.idle)])
        #expect(states.last?.time == release)
        #expect(rig.stack.component("r")?.state == .refreshing)
        // A second drag and release while refreshing: still no repeats.
        rig.drag(dy: 30, start: 4, hold: 0)
        _ = rig.offset(at: 6)
        let all = rig.events.filter { $0.target == "s" }.map(\.payload)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 != $1 })
        #expect(all.count > 2)
    }
}

@Suite struct RoutingTests {
    @Test func eventsOfOtherOwnersAreNotThisStacks() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        #expect(rig.stack.owns("s") && rig.stack.owns("r") && !rig.stack.owns("x"))
        var timeline = rig.timeline
        let timer = TimelineEvent.timer(id: TimerID(rawValue: 999), tag: TimerTag(owner: "x", code: 1), time: 1)
        #expect(rig.stack.handle(timer, timeline: &timeline, events: &rig.events) == false)
        #expect(rig.stack.targets == ["s", "r"])
        // A pointer down outside every scroll view is not consumed.
        #expect(
            rig.stack.pointer(
                PointerEvent(phase: .down, location: Point(x: 400, y: 10), time: 1), timeline: &timeline,
                events: &rig.events) == nil)
    }

    @Test func aSecondDownOfAPointerStillDraggingCancelsThatDragFirst() throws {
        var rig = try RefreshRig()
        try rig.add(.header)
        rig.drag(dy: 150, start: 1, hold: 0, release: false)
        #expect(rig.refresh(at: 1.2)?.state == .pulling)
        // The up was lost; a new down of pointer 0: the drag is cancelled (released with no
        // velocity, so the pulled header refreshes) and the new touch catches the view.
        #expect(rig.pointer(.down, y: 300, at: 2) == true)
        #expect(rig.refresh(at: 2)?.state == .refreshing)
        #expect(rig.stack.scrollView("s")?.isTracking == true)
        #expect(rig.stack.scrollView("s")?.isDragging == false)
    }
}
