"""End to end through the real server: HUD, progress bar, player and pointer behaviour on a
manual clock (docs/protocol.md section 4, docs/requirements.md sections 4 and 5). Skipped while the server
answers unknown_op for the component's ops."""
import pytest

from itclient import async_test, connect_manual

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


async def inspect(c, target):
    return await c.call("inspect", target=target)


async def events_named(c, name, since):
    return [m for m in c.history[since:] if m.get("type") == "event" and m.get("name") == name]


async def create_bar(c):
    """Bar b1 at BAR_FRAME."""
    await c.call("bar.create", target="b1", frame=BAR_FRAME)


async def create_player(c, **fields):
    """Bar b1 and player p1 driving it (player.create with these fields)."""
    await create_bar(c)
    await c.call("player.create", target="p1", bar="b1", **fields)


async def bar_value(c):
    """Bar b1's presentation value now."""
    return (await inspect(c, "b1"))["presentation"]["value"]


# --- HUD ---


@async_test()
async def test_hud_show_appear_hide_hidden(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("hud.show", target="h1", label="Loading")
        info = await inspect(c, "h1")
        assert info["state"] == "showing" and info["presentation"]["alpha"] == 0, "a fade starts transparent"
        await c.call("clock.advance", by=0.1)
        frame = await c.next_frame()
        assert frame["t"] == 0.1 and frame["shapes"], "the HUD is drawn while it fades in"
        assert 0 < (await inspect(c, "h1"))["presentation"]["alpha"] < 1
        await c.call("clock.advance", by=0.9)
        ev = await c.next_event("hud.appeared", since=mark)
        assert ev["target"] == "h1" and 0 < ev["t"] <= 1
        info = await inspect(c, "h1")
        assert info["state"] == "shown" and info["presentation"]["alpha"] == 1
        assert set(info["bezel"]) >= {"x", "y", "width", "height"}
        mark = c.mark()
        await c.call("hud.hide", target="h1")
        await c.call("clock.advance", by=1)
        ev = await c.next_event("hud.hidden", since=mark)
        assert ev["target"] == "h1" and 1 < ev["t"] <= 2
        assert c.frames and c.frames[-1]["shapes"] != frame["shapes"]


@async_test()
async def test_hud_grace_time_suppresses(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("hud.show", target="h1", graceTime=0.5, label="quick")
        await c.call("clock.advance", by=0.2)
        assert (await inspect(c, "h1"))["state"] == "grace"
        await c.call("hud.hide", target="h1")
        await c.call("clock.advance", by=1)
        ev = await c.next_event("hud.suppressed", since=mark)
        assert ev["target"] == "h1"
        assert not await events_named(c, "hud.appeared", mark)
        assert all(f["shapes"] == [] for f in c.history[mark:] if f.get("type") == "frame"), "a suppressed HUD is never drawn"


@async_test()
async def test_hud_min_show_time_defers_hide(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("hud.show", target="h1", animated=False, minShowTime=1)
        await c.call("clock.advance", by=0.1)
        await c.call("hud.hide", target="h1", animated=False)
        await c.call("clock.advance", by=0.5)
        assert not await events_named(c, "hud.hidden", mark), "hidden before minShowTime"
        await c.call("clock.advance", by=0.5)
        ev = await c.next_event("hud.hidden", since=mark)
        assert ev["t"] == pytest.approx(1.0, abs=1e-6), "the deferred hide happens exactly at minShowTime"


@async_test()
async def test_hud_hide_after_delay(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("hud.show", target="h1", animated=False)
        await c.call("hud.hide", target="h1", animated=False, afterDelay=0.75)
        await c.call("clock.advance", by=2)
        ev = await c.next_event("hud.hidden", since=mark)
        assert ev["t"] == pytest.approx(0.75, abs=1e-6)


@async_test()
async def test_hud_status_auto_dismiss(server):
    async with connect_manual(server.ws_url) as (c, _):
        mark = c.mark()
        await c.call("hud.status", kind="success", text="Done", duration=1)
        await c.call("clock.advance", by=0.9)
        frame = await c.wait_for(lambda m: m.get("type") == "frame" and m["t"] == 0.9, since=mark)
        assert frame["shapes"], "the status is drawn"
        assert not await events_named(c, "hud.hidden", mark)
        await c.call("clock.advance", by=1.5)
        await c.next_event("hud.hidden", since=mark)


@async_test()
async def test_hud_chinese_label_fits_bezel(server):
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("hud.show", target="h1", animated=False, label="加载中...", details="请稍候，正在处理您的请求" * 3)
        info = await inspect(c, "h1")
        bezel = info["bezel"]
        assert bezel["x"] >= 20 - 1e-9 and bezel["x"] + bezel["width"] <= 375 - 20 + 1e-9
        frame = (await c.call("frame.get"))["frame"]

        def texts(shapes):
            for s in shapes:
                if s.get("kind") == "text":
                    yield s
                yield from texts(s.get("items", []))
        assert any("加载中" in s["text"] for s in texts(frame["shapes"]))


# --- bar ---


@async_test()
async def test_bar_set_pause_resume_stop_reset(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_bar(c)
        await c.call("bar.set", target="b1", value=1, duration=1)
        await c.call("clock.advance", by=0.5)
        info = await inspect(c, "b1")
        assert info["model"]["value"] == 1 and info["presentation"]["value"] == pytest.approx(0.5, abs=1e-9)
        assert info["animating"] is True and info["paused"] is False
        await c.call("bar.pause", target="b1")
        await c.call("clock.advance", by=2)
        info = await inspect(c, "b1")
        assert info["paused"] is True and info["presentation"]["value"] == pytest.approx(0.5, abs=1e-9)
        await c.call("bar.resume", target="b1")
        await c.call("clock.advance", by=0.25)
        assert await bar_value(c) == pytest.approx(0.75, abs=1e-9)
        mark = c.mark()
        await c.call("bar.stop", target="b1")
        ev = await c.next_event("bar.animationEnded", since=mark)
        assert ev["finished"] is False and ev["value"] == pytest.approx(0.75, abs=1e-9)
        info = await inspect(c, "b1")
        assert info["model"]["value"] == pytest.approx(0.75, abs=1e-9) and info["animating"] is False
        await c.call("bar.reset", target="b1")
        info = await inspect(c, "b1")
        assert info["model"]["value"] == 0 and info["presentation"]["value"] == 0


@async_test()
async def test_bar_animation_ended_finished(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_bar(c)
        mark = c.mark()
        await c.call("bar.set", target="b1", value=0.4, duration=0.3)
        await c.call("clock.advance", by=1)
        ev = await c.next_event("bar.animationEnded", since=mark)
        assert ev["finished"] is True and ev["value"] == pytest.approx(0.4) and ev["t"] == pytest.approx(0.3, abs=1e-6)


# --- player ---


@async_test()
async def test_player_ticks_drive_bar(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_player(c, duration=10)
        mark = c.mark()
        ack = await c.call("player.play", target="p1")
        assert ack.get("state") == "playing"
        await c.next_event("player.state", since=mark, state="playing")
        await c.call("clock.advance", by=1.1)
        assert (await inspect(c, "p1"))["position"] == pytest.approx(1.1, abs=1e-6)
        # Each tick sets the bar to where it should be one tick later over one tick: linear.
        assert await bar_value(c) == pytest.approx(0.11, abs=1e-6)
        mark = c.mark()
        await c.call("player.pause", target="p1")
        await c.next_event("player.state", since=mark, state="paused")
        await c.call("clock.advance", by=1)
        assert await bar_value(c) == pytest.approx(0.11, abs=1e-6), "timing strategy stops dead"
        mark = c.mark()
        await c.call("player.seek", target="p1", to=5)
        ev = await c.next_event("player.seeked", since=mark)
        assert ev["to"] == 5


@pytest.mark.parametrize("strategy", ["timing", "remove", "none"])
@async_test()
async def test_player_pause_strategies(server, strategy):
    async with connect_manual(server.ws_url) as (c, _):
        await create_player(c, duration=10, pauseStrategy=strategy)
        await c.call("player.play", target="p1")
        await c.call("clock.advance", by=1.1)
        await c.call("player.pause", target="p1")
        await c.call("clock.advance", by=1)
        value = await bar_value(c)
        expected = {"timing": 0.11, "remove": 0.125, "none": 0.125}[strategy]
        assert value == pytest.approx(expected, abs=1e-6), (strategy, value)


@async_test()
async def test_player_ends(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_player(c, duration=1)
        mark = c.mark()
        await c.call("player.play", target="p1")
        await c.call("clock.advance", by=2)
        ev = await c.next_event("player.state", since=mark, state="ended")
        assert ev["t"] == pytest.approx(1.0, abs=1e-6)
        assert await bar_value(c) == pytest.approx(1.0, abs=1e-6)


# --- pointer ---


@async_test()
async def test_pointer_drags_bar_dot(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_bar(c)
        y = BAR_FRAME["y"] + BAR_FRAME["height"] / 2
        mark = c.mark()
        await c.call("pointer", phase="down", x=BAR_FRAME["x"] + 5, y=y + 10)  # within hitInset of the dot at 0
        ev = await c.next_event("bar.drag", since=mark, state="began")
        assert ev["target"] == "b1"
        assert (await inspect(c, "b1"))["dragging"] is True
        await c.call("clock.advance", by=0.1)
        await c.call("pointer", phase="move", x=BAR_FRAME["x"] + BAR_FRAME["width"] / 2, y=y)
        ev = await c.next_event("bar.drag", since=mark, state="changed")
        assert ev["value"] == pytest.approx(0.5, abs=1e-6)
        await c.call("pointer", phase="up", x=BAR_FRAME["x"] + BAR_FRAME["width"] / 2, y=y)
        ev = await c.next_event("bar.drag", since=mark, state="ended")
        assert ev["value"] == pytest.approx(0.5, abs=1e-6)
        info = await inspect(c, "b1")
        assert info["dragging"] is False and info["model"]["value"] == pytest.approx(0.5, abs=1e-6)


@async_test()
async def test_pointer_outside_does_nothing(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_bar(c)
        mark = c.mark()
        await c.call("pointer", phase="down", x=300, y=50)
        await c.call("pointer", phase="up", x=300, y=50)
        assert not await events_named(c, "bar.drag", mark)


# --- inspect (docs/protocol.md section 6) ---


@async_test()
async def test_inspect_fields(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create_player(c, duration=10)
        await c.call("hud.show", target="h1", mode="annular", progress=0.4)
        await c.call("bar.buffer", target="b1", value=0.3)
        await c.call("clock.advance", by=0.5)
        bar = await inspect(c, "b1")
        assert (bar["target"], bar["kind"], bar["t"]) == ("b1", "bar", 0.5)
        assert {"value"} <= set(bar["model"]) and {"value"} <= set(bar["presentation"])
        assert isinstance(bar["paused"], bool) and isinstance(bar["animating"], bool) and isinstance(bar["dragging"], bool)
        assert bar["buffer"] == 0.3
        layered = await c.call("inspect", target="b1", layers=True)
        layer = layered["layers"][0]
        assert {"speed", "timeOffset", "beginTime"} <= set(layer) and isinstance(layer["animations"], list)
        player = await inspect(c, "p1")
        assert (player["kind"], player["state"], player["position"]) == ("player", "paused", 0)
        hud = await inspect(c, "h1")
        assert hud["kind"] == "hud" and hud["state"] in ("showing", "shown")
        assert {"alpha", "scale"} <= set(hud["presentation"])
        assert {"x", "y", "width", "height"} <= set(hud["bezel"])
        assert (hud["progress"], hud["mode"]) == (0.4, "annular")
        everything = await c.call("inspect")
        assert sorted(x["target"] for x in everything["components"]) == ["b1", "h1", "p1"]
        assert everything["t"] == 0.5
