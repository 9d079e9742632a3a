"""Frames (docs/protocol.md section 2): sent when the display list changes and never twice the same;
right after a changing op on a manual clock; paced to fps on a live clock; the same for every
watcher; and reproduced exactly by a replay."""
import asyncio
import contextlib
import time

from itclient import Client, async_test, connect_manual, connect_viewer

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


def pushed_frames(msgs):
    return [m for m in msgs if m.get("type") == "frame"]


@async_test()
async def test_no_frame_after_ops_that_change_nothing(server):
    async with connect_manual(server.ws_url) as (c, _):
        for op, fields in [("inspect", {}), ("frame.get", {}), ("clock.advance", {"by": 0.5}), ("clock.advance", {"by": 2}),
                           ("record.start", {"name": f"nochange-{time.time_ns()}"}), ("record.marker", {"label": "x"}),
                           ("record.stop", {}), ("no.such.op", {}), ("clock.advance", {"by": -1})]:
            await c.request(op, **fields)
        assert pushed_frames(await c.quiet(0.4)) == [] and c.frames == [], c.frames


@async_test()
async def test_live_idle_session_sends_one_frame(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", fps=120)
        await c.quiet(0.6)
        assert len(c.frames) == 1, f"an unchanging live session sent {len(c.frames)} frames"


@contextlib.asynccontextmanager
async def bar_session(url, **create):
    """A manual session with bar b1 (the test is skipped while bar.* ops are unknown_op);
    yields (client, create ack) and closes the client at the end."""
    async with connect_manual(url, **create) as (c, ack):
        await c.call("bar.create", target="b1", frame=BAR_FRAME)
        yield c, ack


@contextlib.asynccontextmanager
async def live_bar_session(url, fps):
    """The same on a live clock at `fps` (the creation frame is not read)."""
    async with Client.connect(url) as c:
        created = await c.call("session.create", fps=fps)
        await c.call("bar.create", target="b1", frame=BAR_FRAME)
        yield c, created


@async_test()
async def test_frame_after_each_changing_op_manual(server):
    async with bar_session(server.ws_url) as (c, _):
        first = await c.next_frame()
        seq = first["seq"]
        steps = [("bar.set", {"target": "b1", "value": 0.5}, True),
                 ("bar.set", {"target": "b1", "value": 0.5}, False),
                 ("bar.buffer", {"target": "b1", "value": 0.8}, True),
                 ("bar.buffer", {"target": "b1", "value": 0.8}, False),
                 ("bar.update", {"target": "b1", "fillColor": "#ff0000"}, True),
                 ("bar.update", {"target": "b1", "fillColor": "#ff0000"}, False),
                 ("inspect", {"target": "b1"}, False),
                 ("clock.advance", {"by": 1}, False),
                 ("bar.reset", {"target": "b1"}, True)]
        for op, fields, changes in steps:
            c.clear()
            ack = await c.call(op, **fields)
            got = pushed_frames(await c.quiet(0.25)) + c.frames
            got = list({f["seq"]: f for f in got}.values())
            if changes:
                assert len(got) == 1, f"{op} {fields}: expected one frame, got {len(got)}"
                assert got[0]["seq"] == seq + 1, "frame seq increases by one per frame"
                assert got[0]["t"] == ack["t"]
                seq += 1
            else:
                assert got == [], f"{op} {fields} changed nothing but a frame was sent: {got}"


@async_test()
async def test_clock_advance_frames_during_animation(server):
    async with bar_session(server.ws_url) as (c, _):
        await c.next_frame()
        await c.call("bar.set", target="b1", value=1, duration=1)
        await c.quiet(0.2)
        c.clear()
        seqs, shapes = [], []
        for t in (0.25, 0.5, 0.75, 1.0):
            ack = await c.call("clock.advance", by=0.25)
            assert ack["t"] == t
            frame = await c.next_frame()
            assert frame["t"] == t
            seqs.append(frame["seq"])
            shapes.append(frame["shapes"])
        assert seqs == sorted(seqs) and len(set(seqs)) == 4
        assert all(a != b for a, b in zip(shapes, shapes[1:])), "each advance during the animation changes the bar"
        c.clear()
        await c.call("clock.advance", by=1)
        assert pushed_frames(await c.quiet(0.3)) == [], "after the animation ended nothing changes"


@async_test()
async def test_viewers_get_the_same_frames(server):
    async with bar_session(server.ws_url) as (c, created):
        async with connect_viewer(server.ws_url, created["session"]) as v:
            await v.next_frame()
            await c.call("bar.set", target="b1", value=0.3)
            fc, fv = await c.next_frame(), await v.next_frame()
            assert (fc["seq"], fc["t"], fc["shapes"]) == (fv["seq"], fv["t"], fv["shapes"])


@async_test(timeout=30)
async def test_live_frames_paced_and_stop_when_idle(server):
    async with live_bar_session(server.ws_url, 20) as (c, _):
        await c.quiet(0.3)
        c.clear()
        started = time.monotonic()
        await c.call("bar.set", target="b1", value=1, duration=1)
        await c.quiet(1.5)
        frames = c.frames
        elapsed = time.monotonic() - started
        assert 8 <= len(frames) <= 20 * elapsed + 2, f"{len(frames)} frames in {elapsed:.2f} s at fps 20"
        seqs = [f["seq"] for f in frames]
        ts = [f["t"] for f in frames]
        assert seqs == sorted(set(seqs)), "seq strictly increasing"
        assert ts == sorted(ts) and len(set(ts)) == len(ts), "t strictly increasing"
        gaps = [b - a for a, b in zip(ts, ts[1:])]
        assert min(gaps) >= 1 / 20 - 0.002, f"frames closer than 1/fps: {min(gaps)}"
        shapes = [repr(f["shapes"]) for f in frames]
        assert all(a != b for a, b in zip(shapes, shapes[1:])), "never twice the same display list"
        c.clear()
        await c.quiet(0.5)
        assert c.frames == [], "frames go on after the animation ended"


@async_test(timeout=30)
async def test_frame_get_does_not_swallow_a_live_frame(server):
    """On a live clock, a frame.get between a change and the next paced frame must not stop
    the watchers from receiving that change."""
    async with live_bar_session(server.ws_url, 1) as (c, created):
        async with connect_viewer(server.ws_url, created["session"]) as v:
            await v.quiet(1.5)  # the bar's frame has been delivered
            await c.quiet(0.1)
            await c.call("bar.set", target="b1", value=0.6)
            got = (await c.call("frame.get"))["frame"]
            latest = await v.wait_for(lambda m: m.get("type") == "frame" and m["shapes"] == got["shapes"], timeout=3,
                                      what="the frame with the bar at 0.6")
            assert latest["seq"] == got["seq"]


@async_test(timeout=30)
async def test_replay_reproduces_frames(server):
    name = f"frames-{time.time_ns()}"
    async with bar_session(server.ws_url) as (c, _):
        await c.call("record.start", name=name)
        await c.call("bar.set", target="b1", value=1, duration=1, curve="easeInEaseOut")
        await c.call("bar.buffer", target="b1", value=0.5)
        live = {}
        for t in (0.2, 0.4, 0.6, 0.8, 1.0):
            await c.call("clock.advance", by=0.2)
            live[t] = (await c.call("frame.get"))["frame"]["shapes"]
        await c.call("record.stop")
        await c.call("replay.open", recording=name)
        for t in (0.6, 0.2, 1.0, 0.4, 0.8):
            mark = c.mark()
            await c.call("replay.seek", t=t)
            frame = await c.wait_for(lambda m: m.get("type") == "frame" and m["t"] == t, since=mark, what=f"a frame at {t}")
            assert frame["shapes"] == live[t], f"replayed frame at {t} differs from the live one"
    import subprocess

    from itserver import binary_path
    out = subprocess.run([str(binary_path()), "replay", str(server.recordings / f"{name}.pcast"), "--verify"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@async_test(timeout=30)
async def test_recording_checksums_at_least_once_a_second(server):
    name = f"hlines-{time.time_ns()}"
    async with bar_session(server.ws_url) as (c, _):
        await c.call("record.start", name=name)
        await c.call("bar.set", target="b1", value=1, duration=3)
        for _ in range(30):
            await c.call("clock.advance", by=0.1)
        await c.call("record.stop")
    import json
    events = [json.loads(x) for x in (server.recordings / f"{name}.pcast").read_text().splitlines()[1:]]
    h_times = [e[0] for e in events if e[1] == "h"]
    assert h_times, "no checksum lines"
    points = [0] + h_times + [3_000_000]
    assert max(b - a for a, b in zip(points, points[1:])) <= 1_000_000, h_times


@async_test(timeout=30)
async def test_record_stop_does_not_swallow_a_live_frame(server):
    """Same rule for record.stop, which renders a final checksum: the change it renders must
    still reach the watchers (and the recording's last h line must be a frame they saw)."""
    async with live_bar_session(server.ws_url, 1) as (c, created):
        async with connect_viewer(server.ws_url, created["session"]) as v:
            await v.quiet(1.5)
            await c.call("record.start", name=f"swallow-{time.time_ns()}")
            await c.quiet(1.2)
            await c.call("bar.set", target="b1", value=0.6)
            await c.call("record.stop")
            want = (await c.call("frame.get"))["frame"]["shapes"]
            await v.wait_for(lambda m: m.get("type") == "frame" and m["shapes"] == want, timeout=3,
                             what="the frame with the bar at 0.6")
