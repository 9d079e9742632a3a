"""Scroll views and MJRefresh components end to end through the real server on a manual clock
(docs/protocol.md section 4.5): UIScrollView's rubber band, the header's thresholds and its
refreshing/ending animations, the auto footer's trigger count, the back footer's and trailer's
thresholds, the languages, the session's date in the last-updated label (live and replayed), and
a blocking HUD over a scroll view. Expected values are computed here from the documented formulas."""
import asyncio

import pytest

from itclient import async_test, connect_manual

VIEW = {"x": 0, "y": 0, "width": 375, "height": 600}
ROWS = {"count": 30, "height": 44}          # content 1320 pt: taller than the 600 pt view
HEADER, FOOTER, TRAILER = 54, 44, 60
FAST, SLOW = 0.25, 0.4
X = 187


def rubber_band(x, d):
    """docs/protocol.md 4.5: the distance shown for a drag x points past an edge of a view d long."""
    return (1 - 1 / (x * 0.55 / d + 1)) * d


def events(c, name, since):
    return [m for m in c.history[since:] if m.get("type") == "event" and m.get("name") == name]


async def settle(c):
    """Events go out with the next frame, not with the ack: read until the server is quiet."""
    await c.quiet(0.15)


async def inspect(c, target):
    return await c.call("inspect", target=target)


async def scroll(c, **fields):
    await c.call("scroll.create", target="s", frame=VIEW, rows=ROWS, **fields)


async def refresh(c, kind, target="r", **fields):
    await c.call("refresh.create", target=target, scroll="s", kind=kind, **fields)


async def press(c, x, y):
    await c.call("pointer", phase="down", x=x, y=y)


async def move(c, x, y, dt=0.02):
    await c.call("clock.advance", by=dt)
    await c.call("pointer", phase="move", x=x, y=y)


async def lift(c, x, y, dt=0.3):
    """Holds still for `dt` (so the release has no velocity), then lifts."""
    await c.call("clock.advance", by=dt)
    await c.call("pointer", phase="up", x=x, y=y)


async def drag_to(c, y0, y1, steps=5, x=X):
    """Down at y0 and moves to y1 in `steps` moves (the pointer stays down)."""
    await press(c, x, y0)
    for i in range(1, steps + 1):
        await move(c, x, y0 + (y1 - y0) * i / steps)


async def offsets(c, count, dt=0.01, target="s"):
    """Advances the manual clock `count` times by `dt`, reading the offset after each step
    (paced under the server's 200 messages per second: two messages per 15 ms is at most 134 a
    second, leaving room for the burst of calls a test sends just before; at 12 ms a fast
    machine went over the limit)."""
    ys = []
    for _ in range(count):
        await c.call("clock.advance", by=dt)
        ys.append((await inspect(c, target))["offset"]["y"])
        await asyncio.sleep(0.015)
    return ys


def near(a, b, eps=1e-3):
    return abs(a - b) <= eps


@pytest.mark.parametrize("length", [20, 80, 150, 300])
@async_test()
async def test_rubber_band_offsets_follow_the_formula(server, length):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await drag_to(c, 100, 100 + length)
        info = await inspect(c, "s")
        assert near(info["offset"]["y"], -rubber_band(length, 600)), (length, info["offset"])
        assert info["dragging"] and info["state"] == "dragging"
        # Past the bottom edge too: max offset = 1320 - 600 = 720.
        await lift(c, X, 100 + length)
        await c.call("scroll.set", target="s", offset={"x": 0, "y": 720})
        await drag_to(c, 500, 500 - length)
        info = await inspect(c, "s")
        assert near(info["offset"]["y"], 720 + rubber_band(length, 600)), (length, info["offset"])


@async_test()
async def test_header_thresholds_refreshing_and_the_end_without_a_jump(server):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "header")
        mark = c.mark()
        await drag_to(c, 100, 180)                        # 80 pt: shows 41 pt, under 54
        r = await inspect(c, "r")
        shown = rubber_band(80, 600)
        assert r["state"] == "idle" and near(r["pullingPercent"], shown / HEADER), r
        assert r["title"] == "Pull down to refresh"
        await move(c, X, 230)                             # 130 pt: shows 63.9 pt, past 54
        r = await inspect(c, "r")
        assert r["state"] == "pulling" and near(r["pullingPercent"], rubber_band(130, 600) / HEADER), r
        assert r["title"] == "Release to refresh"
        await move(c, X, 180)                             # back under the threshold
        assert (await inspect(c, "r"))["state"] == "idle"
        await move(c, X, 230)
        assert (await inspect(c, "r"))["state"] == "pulling"
        await c.call("clock.advance", by=0.3)
        released = await c.call("pointer", phase="up", x=X, y=230)
        t0 = released["t"]
        r = await inspect(c, "r")
        assert r["state"] == "refreshing" and r["title"] == "Loading..."
        await c.call("clock.advance", by=FAST - 0.001)
        await settle(c)
        assert not events(c, "refresh.refreshing", mark), "the callback waits for the 0.25 s inset animation"
        await c.call("clock.advance", by=0.001)
        await settle(c)
        s = await inspect(c, "s")
        assert near(s["inset"]["top"], HEADER) and near(s["offset"]["y"], -HEADER), s
        states = [(e["state"], e["previous"], e["t"]) for e in events(c, "refresh.state", mark)]
        assert [x[:2] for x in states] == [("pulling", "idle"), ("idle", "pulling"), ("pulling", "idle"),
                                           ("refreshing", "pulling")], states
        assert near(states[-1][2], t0, 1e-6)
        refreshing = events(c, "refresh.refreshing", mark)
        assert len(refreshing) == 1 and near(refreshing[0]["t"], t0 + FAST, 1e-6), refreshing
        begin = events(c, "refresh.beginCompleted", mark)
        assert len(begin) == 1 and near(begin[0]["t"], t0 + FAST, 1e-6)
        scroll_states = [e["state"] for e in events(c, "scroll.state", mark)]
        assert scroll_states == ["dragging", "idle"], scroll_states   # once each (was dragging, idle, idle)

        # The end: Idle at once, the inset back over 0.4 s, no jump at any sampled instant.
        await c.call("clock.advance", by=1)
        mark = c.mark()
        ended = await c.call("refresh.end", target="r")
        t1 = ended["t"]
        before = (await inspect(c, "s"))["offset"]["y"]
        assert near(before, -HEADER)
        await settle(c)
        idle = events(c, "refresh.state", mark)
        assert [(e["state"], e["previous"]) for e in idle] == [("idle", "refreshing")] and near(idle[0]["t"], t1, 1e-6)
        assert (await inspect(c, "r"))["state"] == "idle"
        ys = [before] + await offsets(c, 50)                # 0.5 s in 10 ms steps
        biggest = max(abs(b - a) for a, b in zip(ys, ys[1:]))
        # 54 pt in 0.4 s on an ease-in-ease-out curve moves at most about 2.7 pt per 10 ms.
        assert biggest < 4, f"the offset jumped by {biggest} pt in 10 ms"
        s = await inspect(c, "s")
        assert near(s["offset"]["y"], 0) and near(s["inset"]["top"], 0), s
        await settle(c)
        completed = events(c, "refresh.endCompleted", mark)
        assert len(completed) == 1 and near(completed[0]["t"], t1 + SLOW, 1e-6), completed
        r = await inspect(c, "r")
        assert r["pullingPercent"] == 0 and r["lastUpdated"].startswith("Last update: ")


async def to_bottom(c, y=700):
    """Scrolls the list (at rest) to offset y."""
    await c.call("scroll.set", target="s", offset={"x": 0, "y": y})


@pytest.mark.parametrize("times,expected", [(1, 1), (-1, 2)])
@async_test()
async def test_auto_footer_trigger_count_per_drag(server, times, expected):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "autoFooter", autoTriggerTimes=times)
        s = await inspect(c, "s")
        assert s["inset"]["bottom"] == FOOTER                  # attaching adds the footer's height
        await to_bottom(c)
        mark = c.mark()
        # Trigger offset: 1320 - 600 + 44 * 1 + 44 - 44 = 764. One drag crosses it, the load ends
        # while the finger is still down, and the drag goes on past it.
        await drag_to(c, 500, 400)                              # offset 700 -> 764 + band
        await c.call("refresh.end", target="r")
        await move(c, X, 380)
        await move(c, X, 360)
        await lift(c, X, 360)
        await c.call("clock.advance", by=1)
        await settle(c)
        assert len(events(c, "refresh.refreshing", mark)) == expected
        if expected == 2:
            await c.call("refresh.end", target="r")
        # A new drag: the count is reset.
        await c.call("clock.advance", by=0.1)
        await to_bottom(c)
        mark = c.mark()
        await drag_to(c, 500, 400)
        await settle(c)
        assert len(events(c, "refresh.refreshing", mark)) == 1
        await lift(c, X, 400)


@async_test()
async def test_auto_footer_no_more_data_and_reset(server):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "autoFooter")
        await to_bottom(c)
        mark = c.mark()
        await drag_to(c, 500, 400)
        await lift(c, X, 400)
        await c.call("refresh.endNoMoreData", target="r")
        await c.call("clock.advance", by=1)
        r = await inspect(c, "r")
        assert r["state"] == "noMoreData" and r["title"] == "No more data"
        await to_bottom(c)
        await drag_to(c, 500, 400)
        await lift(c, X, 400)
        await c.call("clock.advance", by=1)
        await settle(c)
        assert len(events(c, "refresh.refreshing", mark)) == 1, "NoMoreData stops the footer"
        await c.call("refresh.resetNoMoreData", target="r")
        await c.call("clock.advance", by=0.1)
        assert (await inspect(c, "r"))["state"] == "idle"
        await to_bottom(c)
        await drag_to(c, 500, 400)
        await lift(c, X, 400)
        await settle(c)
        assert len(events(c, "refresh.refreshing", mark)) == 2, "resetNoMoreData restores it"


@async_test()
async def test_no_more_data_is_for_footers_and_a_header_refuses_it(server):
    # MJRefresh has endRefreshingWithNoMoreData and resetNoMoreData on its footers, not on
    # MJRefreshHeader: on a header both are bad_request and the header stays as it was.
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "header")
        for op in ("refresh.endNoMoreData", "refresh.resetNoMoreData"):
            err = await c.expect_error(op, "bad_request", target="r")
            assert "header" in err["message"], err
        await c.call("clock.advance", by=0.1)
        r = await inspect(c, "r")
        assert r["state"] == "idle" and r["title"] == "Pull down to refresh", r


@async_test()
async def test_a_tap_on_the_auto_footers_label_loads(server):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "autoFooter", automaticallyRefresh=False)
        await to_bottom(c, 764)                                 # the footer fills 556...600 on screen
        r = await inspect(c, "r")
        assert r["frame"]["y"] == 1320 and r["state"] == "idle" and r["title"] == "Tap or pull up to load more"
        mark = c.mark()
        await press(c, X, 578)
        await c.call("pointer", phase="up", x=X, y=578)
        await settle(c)
        assert (await inspect(c, "r"))["state"] == "refreshing"
        assert len(events(c, "refresh.refreshing", mark)) == 1


@async_test()
async def test_back_footer_threshold(server):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "backFooter")
        await to_bottom(c, 720)                                 # happen = 1320 - 600 = 720
        await drag_to(c, 500, 430)                              # 70 pt: shows 40.9, under 44
        r = await inspect(c, "r")
        assert r["state"] == "idle" and near(r["pullingPercent"], rubber_band(70, 600) / FOOTER), r
        await move(c, X, 390)                                   # 110 pt: shows 60.8, past 44
        r = await inspect(c, "r")
        assert r["state"] == "pulling" and r["title"] == "Release to load more"
        await lift(c, X, 390)
        assert (await inspect(c, "r"))["state"] == "refreshing"
        await c.call("clock.advance", by=FAST)
        s = await inspect(c, "s")
        assert near(s["inset"]["bottom"], FOOTER) and near(s["offset"]["y"], 720 + FOOTER), s


@async_test()
async def test_trailer_threshold_and_english_strings(server):
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("scroll.create", target="s", frame=VIEW, contentSize={"width": 1000, "height": 600})
        await refresh(c, "trailer")
        await c.call("scroll.set", target="s", offset={"x": 625, "y": 0})   # happen = 1000 - 375
        assert (await inspect(c, "r"))["title"] == "Swipe to view details"
        await press(c, 300, 300)
        for i in range(1, 6):
            await move(c, 300 - 110 * i / 5, 300)                          # 110 pt: shows 52.4
        r = await inspect(c, "r")
        assert r["state"] == "idle" and near(r["pullingPercent"], rubber_band(110, 375) / TRAILER), r
        await move(c, 150, 300)                                             # 150 pt: shows 67.1
        r = await inspect(c, "r")
        assert r["state"] == "pulling" and r["title"] == "Release to view details"
        s = await inspect(c, "s")
        assert near(s["offset"]["x"], 625 + rubber_band(150, 375)) and s["offset"]["y"] == 0


@pytest.mark.parametrize("language,idle,pulling,refreshing", [
    ("en", "Pull down to refresh", "Release to refresh", "Loading..."),
    ("zh-Hans", "下拉可以刷新", "松开立即刷新", "正在刷新数据中..."),
    ("zh-Hant", "下拉可以刷新", "鬆開立即刷新", "正在刷新數據中..."),
])
@async_test()
async def test_header_titles_per_language(server, language, idle, pulling, refreshing):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "header", language=language)
        r = await inspect(c, "r")
        assert r["title"] == idle
        assert r["lastUpdated"] == {"en": "Last update: No record", "zh-Hans": "最后更新：无记录",
                                    "zh-Hant": "最後更新：無記錄"}[language]
        await drag_to(c, 100, 300)
        assert (await inspect(c, "r"))["title"] == pulling
        await lift(c, X, 300)
        assert (await inspect(c, "r"))["title"] == refreshing


@async_test(timeout=60)
async def test_session_date_gives_today_and_a_replay_prints_the_same(server):
    async with connect_manual(server.ws_url, date="2026-11-23T14:05:00+08:00") as (c, _):
        name = f"refresh-date-{id(c)}"
        await c.call("record.start", name=name)
        await scroll(c)
        await refresh(c, "header", loadDuration=0.5)
        await c.call("refresh.begin", target="r")
        await c.call("clock.advance", by=2)                 # 0.25 s + 0.5 s load, then the end
        r = await inspect(c, "r")
        assert r["state"] == "idle" and r["lastUpdated"] == "Last update: Today 14:05", r
        await c.call("clock.advance", by=60)                 # a minute later the label keeps 14:05
        assert (await inspect(c, "r"))["lastUpdated"] == "Last update: Today 14:05"
        await c.call("record.stop")
        header = (server.recordings / f"{name}.pcast").read_text().splitlines()[0]
        assert "2026-11-23T14:05:00+08:00" in header, header
        opened = await c.call("replay.open", recording=name)
        await c.call("replay.seek", t=opened["duration"])
        r = await inspect(c, "r")
        assert r["lastUpdated"] == "Last update: Today 14:05", r


@async_test()
async def test_a_blocking_hud_over_a_scroll_view_blocks_the_drag(server):
    async with connect_manual(server.ws_url) as (c, _):
        await scroll(c)
        await refresh(c, "header")
        await c.call("hud.show", target="h", animated=False)
        ack = await c.call("pointer", phase="down", x=X, y=100)
        assert ack["target"] == "h"
        await move(c, X, 300)
        await lift(c, X, 300)
        s = await inspect(c, "s")
        assert s["offset"]["y"] == 0 and s["state"] == "idle"
        assert (await inspect(c, "r"))["state"] == "idle"



async def run_scenario(c, name, seconds, step=0.1):
    """Runs a built-in scenario on the manual clock for `seconds`; returns the events it gave."""
    mark = c.mark()
    await c.call("scenario.run", name=name)
    for _ in range(int(round(seconds / step))):
        await c.call("clock.advance", by=step)
    await settle(c)
    return [m for m in c.history[mark:] if m.get("type") == "event"]


def no_repeats(got, target="list"):
    states = [e["state"] for e in got if e["name"] == "scroll.state" and e["target"] == target]
    assert states and all(a != b for a, b in zip(states, states[1:])), states
    return states


@async_test(timeout=60)
async def test_scenario_pull_to_refresh(server):
    async with connect_manual(server.ws_url) as (c, _):
        got = await run_scenario(c, "pull-to-refresh", 7)
        assert not [e for e in got if e["name"] == "scenario.error"]
        states = [(e["state"], e["t"]) for e in got if e["name"] == "refresh.state"]
        assert [s for s, _ in states] == ["pulling", "refreshing", "idle"], states
        refreshing = [e["t"] for e in got if e["name"] == "refresh.refreshing"]
        assert len(refreshing) == 1 and near(refreshing[0], states[1][1] + FAST, 1e-6)
        # The simulated load (1.5 s) ends it; endCompleted 0.4 s after Idle.
        assert near(states[2][1], refreshing[0] + 1.5, 1e-6), states
        completed = [e["t"] for e in got if e["name"] == "refresh.endCompleted"]
        assert len(completed) == 1 and near(completed[0], states[2][1] + SLOW, 1e-6)
        no_repeats(got)
        s = await inspect(c, "list")
        assert near(s["offset"]["y"], 0) and s["inset"]["top"] == 0 and s["state"] == "idle", s
        assert (await inspect(c, "header"))["lastUpdated"].startswith("Last update: Today ")


@async_test(timeout=60)
async def test_scenario_auto_footer_once(server):
    async with connect_manual(server.ws_url) as (c, _):
        got = await run_scenario(c, "auto-footer-once", 7.5)
        assert not [e for e in got if e["name"] == "scenario.error"]
        refreshing = [e["t"] for e in got if e["name"] == "refresh.refreshing"]
        # Once in drag 1 (1.0-2.6 s), once in drag 2 (3.5-4.1 s), never in drag 3 (after NoMoreData).
        assert len(refreshing) == 2, refreshing
        assert 1.0 < refreshing[0] < 1.6 and 3.5 < refreshing[1] < 4.2, refreshing
        states = [e["state"] for e in got if e["name"] == "refresh.state"]
        assert states == ["refreshing", "idle", "refreshing", "idle", "noMoreData"], states
        r = await inspect(c, "footer")
        assert r["state"] == "noMoreData" and r["title"] == "No more data"
        no_repeats(got)


@async_test(timeout=90)
async def test_scenario_inset_jump_never_moves_the_rows(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("scenario.run", name="inset-jump")
        for _ in range(29):
            await c.call("clock.advance", by=0.1)
        before = await inspect(c, "list")
        assert before["offset"]["y"] > 50, before                         # scrolled by hand
        assert (await inspect(c, "header"))["state"] == "refreshing"
        ys = await offsets(c, 60, target="list")             # 2.9 s to 3.5 s in 10 ms steps
        assert max(ys) - min(ys) < 1e-6, "the rows moved when the inset was given back"
        after = await inspect(c, "list")
        assert after["inset"]["top"] == 0 and near(after["offset"]["y"], before["offset"]["y"])
        # The second end, under a held finger: no step bigger than the finger's own movement.
        for _ in range(23):
            await c.call("clock.advance", by=0.1)
        ys = [(await inspect(c, "list"))["offset"]["y"]] + await offsets(c, 60, target="list")   # 5.8-6.4 s, the finger still
        biggest = max(abs(b - a) for a, b in zip(ys, ys[1:]))
        assert biggest < 1e-6, f"the content moved {biggest} pt under a still finger"
        for _ in range(15):
            await c.call("clock.advance", by=0.1)
        await settle(c)
        got = [m for m in c.history[mark:] if m.get("type") == "event"]
        assert not [e for e in got if e["name"] == "scenario.error"]
        states = [e["state"] for e in got if e["name"] == "refresh.state"]
        assert states == ["refreshing", "idle", "refreshing", "idle"], states
        assert len([e for e in got if e["name"] == "refresh.endCompleted"]) == 2
        no_repeats(got)
