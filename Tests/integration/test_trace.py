"""The page's server side (issue 16) over a real WebSocket: the timing trace (trace.start /
trace.stop and `trace` messages), the phone chrome (session.create chrome), numbers in acks,
events and inspect written with at most 6 decimals, and looping scenarios (the guided tour)
with scenario.stop."""
import asyncio
import json
import re
import subprocess
import time

from itclient import Client, async_test, manual_session
from itserver import binary_path

FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


def traces(c, since=0):
    return [m for m in c.history[since:] if m.get("type") == "trace"]


async def read_for(c, seconds):
    """Reads everything that arrives for `seconds` (kept in c.history)."""
    await c.quiet(seconds)


def ids_of(shapes):
    out = []
    for s in shapes or []:
        if s.get("id"):
            out.append(s["id"])
        if s.get("kind") == "group":
            out += ids_of(s.get("items"))
    return out


@async_test()
async def test_trace_start_refuses_bad_targets_and_properties(server):
    async with Client.connect(server.ws_url) as c:
        await c.expect_error("trace.start", "no_session", target="b")
        await c.call("session.create", clock="manual")
        await c.call("bar.create", target="b", frame=FRAME)
        await c.call("hud.show", target="h")
        await c.expect_error("trace.start", "bad_request")  # target is required
        await c.expect_error("trace.start", "unknown_target", target="nope")
        err = await c.expect_error("trace.start", "bad_request", target="b", properties=["alpha"])
        assert "properties" in err["message"] and "value" in err["message"], err
        for bad in ("value", [], [5], ["value"] * 9, {"value": True}):
            err = await c.expect_error("trace.start", "bad_request", target="b", properties=bad)
            assert "properties" in err["message"], err
        ack = await c.call("trace.start", target="h")
        assert ack["target"] == "h" and ack["properties"] == ["alpha", "scale", "backgroundAlpha"], ack
        ack = await c.call("trace.start", target="b", properties=["value", "value"])
        assert ack["properties"] == ["value"], ack
        assert (await c.call("trace.stop"))["stopped"] is True
        assert (await c.call("trace.stop"))["stopped"] is False


@async_test()
async def test_a_trace_shows_model_and_presentation_and_the_pause(server):
    c, _ = await manual_session(server.ws_url)
    try:
        await c.call("bar.create", target="b", frame=FRAME)
        mark = c.mark()
        await c.call("trace.start", target="b", properties=["value"])
        first = await c.wait_for(lambda m: m.get("type") == "trace", since=mark, what="the first sample")
        assert first["values"] == [{"property": "value", "model": 0, "presentation": 0}], first
        assert first["paused"] is False and first["animating"] is False
        await c.call("bar.set", target="b", value=1, duration=2)
        await c.call("clock.advance", by=0.5)
        sample = await c.wait_for(lambda m: m.get("type") == "trace" and m["t"] == 0.5, what="the sample at 0.5 s")
        assert sample["values"][0] == {"property": "value", "model": 1, "presentation": 0.25}, sample
        assert sample["animating"] is True and sample["paused"] is False
        await c.call("bar.pause", target="b")
        paused = await c.wait_for(lambda m: m.get("type") == "trace" and m["paused"], what="the paused sample")
        assert paused["t"] == 0.5 and paused["values"][0]["presentation"] == 0.25, paused
        # Frozen: media time goes on, nothing on screen or in the model changes, so nothing is sent.
        mark = c.mark()
        await c.call("clock.advance", by=1)
        await c.quiet(0.3)
        assert traces(c, mark) == [], traces(c, mark)
        await c.call("bar.resume", target="b")
        await c.call("clock.advance", by=0.5)
        resumed = await c.wait_for(lambda m: m.get("type") == "trace" and m["t"] == 2, what="the sample at 2 s")
        assert resumed["paused"] is False and resumed["values"][0]["presentation"] == 0.5, resumed
        # Stopped: no more samples.
        await c.call("trace.stop")
        mark = c.mark()
        await c.call("clock.advance", by=0.5)
        await c.quiet(0.3)
        assert traces(c, mark) == []
    finally:
        await c.close()


@async_test(timeout=60)
async def test_a_trace_is_at_most_one_message_a_frame_under_a_thousand_changes_a_second(start_server):
    server = start_server("--max-messages-per-second", "100000")
    fps = 30
    async with Client.connect(server.ws_url) as owner, Client.connect(server.ws_url) as viewer:
        created = await owner.call("session.create", fps=fps)
        await owner.call("bar.create", target="b", frame=FRAME)
        joined = await viewer.call("session.join", session=created["session"])
        assert joined["role"] == "viewer"
        await viewer.call("trace.start", target="b")
        mark = viewer.mark()
        reader = asyncio.ensure_future(read_for(viewer, 1.6))
        start = time.monotonic()
        for i in range(1000):  # 1,000 changes in about a second, without waiting for acks
            await owner.send("bar.set", target="b", value=(i % 100) / 100)
            if i % 10 == 9:
                await asyncio.sleep(0.01)
        elapsed = time.monotonic() - start
        await reader
        got = traces(viewer, mark)
        times = [m["t"] for m in got]
        assert len(got) >= 5, f"the viewer's trace saw {len(got)} samples"
        assert len(set(times)) == len(times), "two samples for one frame"
        assert times == sorted(times)
        window = elapsed + 1.6
        assert len(got) <= fps * window + 3, f"{len(got)} samples in {window:.2f} s at {fps} fps"


@async_test(timeout=60)
async def test_viewers_trace_without_changing_the_session(server):
    name = f"trace-viewer-{time.time_ns()}"
    async with Client.connect(server.ws_url) as owner, Client.connect(server.ws_url) as viewer:
        created = await owner.call("session.create", clock="manual")
        await owner.call("record.start", name=name)
        await owner.call("bar.create", target="b", frame=FRAME)
        await viewer.call("session.join", session=created["session"])
        await viewer.expect_error("scenario.stop", "not_allowed")
        await viewer.call("trace.start", target="b")
        await owner.call("bar.set", target="b", value=1, duration=1)
        for _ in range(5):
            await owner.call("clock.advance", by=0.25)
        await viewer.wait_for(lambda m: m.get("type") == "trace" and m["values"][0]["presentation"] == 1,
                              what="the sample at the end")
        await viewer.call("trace.stop")
        await owner.call("record.stop")
    path = server.recordings / f"{name}.pcast"
    ops = [json.loads(x)[2]["op"] for x in path.read_text().splitlines()[1:] if json.loads(x)[1] == "c"]
    assert not [op for op in ops if op.startswith("trace.")], ops
    out = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


async def raw_reply(c, op, **fields):
    """Sends an op and returns the text of its reply, reading the raw messages."""
    rid = next(c.ids)
    await c.ws.send(json.dumps({"op": op, "id": rid, **fields}))
    while True:
        raw = await asyncio.wait_for(c.ws.recv(), 10)
        if isinstance(raw, str) and f'"id":{rid},' in raw:
            return raw


@async_test()
async def test_event_ack_and_inspect_numbers_have_at_most_six_decimals(server):
    c, _ = await manual_session(server.ws_url)
    try:
        await c.call("bar.create", target="b", frame=FRAME)
        await c.call("bar.set", target="b", value=1, duration=3)
        await c.call("clock.advance", by=0.1)
        raw = await raw_reply(c, "inspect", target="b")
        assert '"presentation":{"value":0.033333}' in raw, raw
        assert not re.search(r"\d\.\d{7,}", raw), raw
        # An event's value: a bar stopped at 1/30 of the way reports 0.033333.
        await c.call("bar.stop", target="b")
        event = await c.next_event("bar.animationEnded")
        assert event["value"] == 0.033333 and event["finished"] is False, event
    finally:
        await c.close()


@async_test(timeout=60)
async def test_the_phone_chrome_is_asked_for_recorded_and_replayed(server):
    bare, ack = await manual_session(server.ws_url)
    try:
        assert ack["chrome"] is False
        frame = (await bare.call("frame.get"))["frame"]
        assert frame["shapes"] == [], frame
    finally:
        await bare.close()
    name = f"chrome-{time.time_ns()}"
    c, ack = await manual_session(server.ws_url, chrome=True, date="2026-11-23T14:05:00+08:00")
    try:
        assert ack["chrome"] is True
        ids = ids_of((await c.call("frame.get"))["frame"]["shapes"])
        assert ids[0] == "chrome.background" and ids[-1] == "chrome.corners", ids
        await c.call("record.start", name=name)
        await c.call("bar.create", target="b", frame=FRAME)
        shapes = (await c.call("frame.get"))["frame"]["shapes"]
        clock = next(s for s in shapes if s.get("id") == "chrome.time")
        assert clock["text"] == "14:05", clock
        await c.call("clock.advance", by=61)
        shapes = (await c.call("frame.get"))["frame"]["shapes"]
        assert next(s for s in shapes if s.get("id") == "chrome.time")["text"] == "14:06"
        await c.call("record.stop")
    finally:
        await c.close()
    lines = (server.recordings / f"{name}.pcast").read_text().splitlines()
    create = json.loads(lines[1])[2]
    assert create["op"] == "session.create" and create["chrome"] is True, create
    out = subprocess.run([str(binary_path()), "replay", str(server.recordings / f"{name}.pcast"), "--verify"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@async_test(timeout=120)
async def test_the_tour_loops_until_scenario_stop(server):
    c, c_session = await manual_session(server.ws_url, chrome=True)
    try:
        ack = await c.call("scenario.run", name="tour")
        assert ack["loop"] == 36, ack
        for _ in range(80):  # 80 s: two turns and more (steps apply at their own times)
            await c.call("clock.advance", by=1)
        errors = [e for e in c.events if e["name"] == "scenario.error"]
        assert errors == [], errors[:3]
        appeared = [e for e in c.events if e["name"] == "hud.appeared" and e["target"] == "tour"]
        assert len(appeared) >= 2, f"the HUD tour ran {len(appeared)} times in 80 s"
        refreshed = [e for e in c.events if e["name"] == "refresh.refreshing"]
        popped = [e for e in c.events if e["name"] == "nav.transition" and e.get("kind") == "pop"
                  and e.get("state") == "finished"]
        assert len(refreshed) >= 2 and len(popped) >= 2, (len(refreshed), len(popped))
        async with Client.connect(server.ws_url) as other:
            joined = await other.call("session.join", session=c_session["session"], token=c_session["token"])
            assert joined["looping"] is True and joined["chrome"] is True, joined
        stopped = await c.call("scenario.stop")
        assert stopped["stopped"] >= 1 and stopped["loopStopped"] is True, stopped
        again = await c.call("scenario.stop")
        assert again["stopped"] == 0 and again["loopStopped"] is False, again
        async with Client.connect(server.ws_url) as other:
            joined = await other.call("session.join", session=c_session["session"])
            assert joined["looping"] is False, joined
        before = len(c.events)
        for _ in range(40):
            await c.call("clock.advance", by=1)
        later = [e for e in c.events[before:] if e["name"] in ("hud.appeared", "nav.transition", "refresh.refreshing")]
        assert later == [], later[:5]
    finally:
        await c.close()


@async_test(timeout=60)
async def test_scenario_stop_between_two_turns_stops_the_loop_and_tells_every_watcher(server):
    """Between the last step of a turn of the tour (33.5 s) and the next turn (36.5 s) only the
    loop is pending: stopping it drops no step, yet the loop stops, the ack says so, and every
    watcher (a second page of the session too) gets a scenario.stopped event."""
    c, created = await manual_session(server.ws_url)
    try:
        await c.call("scenario.run", name="tour")
        await c.call("clock.advance", by=35)
        async with Client.connect(server.ws_url) as viewer:
            await viewer.call("session.join", session=created["session"])
            await viewer.quiet(0.2)
            viewer.events.clear()
            c.events.clear()
            stopped = await c.call("scenario.stop")
            assert stopped["stopped"] == 0 and stopped["loopStopped"] is True, stopped
            await viewer.quiet(0.3)

            def told(who):
                return [e for e in who.events if e["name"] == "scenario.stopped"]

            for who in (viewer, c):
                assert len(told(who)) == 1, who.events
                assert told(who)[0]["stopped"] == 0 and told(who)[0]["loopStopped"] is True, told(who)
            # Nothing stopped, nobody told.
            again = await c.call("scenario.stop")
            assert again["stopped"] == 0 and again["loopStopped"] is False, again
            await viewer.quiet(0.3)
            assert len(told(viewer)) == 1, viewer.events
        before = len(c.events)
        await c.call("clock.advance", by=40)
        later = [e for e in c.events[before:] if e["name"] == "hud.appeared" and e["target"] == "tour"]
        assert later == [], later
    finally:
        await c.close()
