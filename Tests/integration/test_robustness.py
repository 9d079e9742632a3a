"""Abuse must not disturb others (docs/requirements.md section 9): a flooding or stalled connection, and many
sessions at once, while a live session animates. Thresholds are loose (debug build, 2 cores)."""
import asyncio
import json
import time

from itclient import Client, async_test

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


async def animating_session(url, fps=30, seconds=3):
    c = await Client.open(url)
    created = await c.call("session.create", fps=fps)
    await c.call("bar.create", target="b1", frame=BAR_FRAME)
    await c.call("bar.set", target="b1", value=1, duration=seconds)
    return c, created


async def count_frames(c, seconds):
    c.clear()
    await c.quiet(seconds)
    return len(c.frames)


@async_test(timeout=40)
async def test_flood_and_garbage_do_not_stall_other_sessions(server):
    watcher, _ = await animating_session(server.ws_url, fps=30, seconds=3)
    try:
        async def abuse():
            for _ in range(3):
                try:
                    async with Client.connect(server.ws_url) as bad:
                        for i in range(500):
                            await bad.send_raw("{" if i % 2 else json.dumps({"op": "clock.advance", "by": "x", "id": i}))
                        await bad.quiet(0.3)
                except Exception:
                    pass  # closed with 1008 for flooding: fine
        frames, _ = await asyncio.gather(count_frames(watcher, 2.0), abuse())
        assert frames >= 30, f"only {frames} frames in 2 s at fps 30 while another connection flooded"
    finally:
        await watcher.close()


@async_test(timeout=40)
async def test_flooding_connection_is_closed_1008(server):
    async with Client.connect(server.ws_url) as c:
        # Twice the limit (200/s) plus one closes it. Send no more than that, so the server has
        # read everything when it closes (unread input would make the kernel reset the socket).
        for i in range(401):
            await c.send_raw(json.dumps({"op": "inspect", "id": i}))
        code, _ = await c.closed(timeout=10)
        assert code == 1008


@async_test(timeout=40)
async def test_stalled_viewer_does_not_delay_others(server):
    owner, created = await animating_session(server.ws_url, fps=30, seconds=4)
    # A viewer that stops reading: the client stops draining its socket after 1 message.
    stalled = await Client.open(server.ws_url, max_queue=1)
    try:
        await stalled.send_json({"op": "session.join", "id": 1, "session": created["session"]})
        async with Client.connect(server.ws_url) as viewer:
            await viewer.call("session.join", session=created["session"])
            frames = await count_frames(viewer, 2.0)
            assert frames >= 30, f"a healthy viewer got {frames} frames in 2 s at fps 30 next to a stalled one"
            assert (await owner.call("bar.set", target="b1", value=0.2))["type"] == "ack"
    finally:
        await stalled.close()
        await owner.close()


@async_test(timeout=60)
async def test_many_live_sessions(server):
    n = 40
    clients = []
    try:
        for _ in range(n):
            clients.append((await animating_session(server.ws_url, fps=30, seconds=5))[0])
        started = time.monotonic()
        counts = await asyncio.gather(*(count_frames(c, 2.0) for c in clients))
        elapsed = time.monotonic() - started
        assert min(counts) >= 20, f"frames per session in {elapsed:.1f} s: min {min(counts)}, mean {sum(counts) / n:.1f}"
    finally:
        await asyncio.gather(*(c.close() for c in clients))
