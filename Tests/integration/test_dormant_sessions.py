"""A live session nobody watches (and nothing records) stops making frames until someone joins:
abandoned sessions live on for the session TTL and would otherwise render at full rate. On a
rejoin it catches up at once: the join frame shows now, not the moment it was left, and paced
frames resume."""
import asyncio
import time

from itclient import Client, async_test


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks of 1/100 s


async def abandon_animating_sessions(url, count):
    """Creates `count` live sessions with a spinning HUD and a playing bar, then disconnects."""
    handles = []
    for _ in range(count):
        async with Client.connect(url) as c:
            ack = await c.call("session.create", fps=60)
            await c.call("hud.show", target="h", mode="indeterminate", label="spinning")
            await c.call("bar.create", target="b", frame={"x": 20, "y": 600, "width": 335, "height": 30})
            await c.call("player.create", target="p", bar="b", duration=600)
            await c.call("player.play", target="p")
            handles.append((ack["session"], ack["token"]))
    return handles


@async_test(timeout=60)
async def test_abandoned_sessions_cost_nothing_and_catch_up_on_rejoin(start_server):
    server = start_server()
    handles = await abandon_animating_sessions(server.ws_url, 40)
    await asyncio.sleep(0.5)  # the next paced frame of each finds nobody watching
    before = cpu_seconds(server.proc.pid)
    await asyncio.sleep(2.0)
    used = cpu_seconds(server.proc.pid) - before
    # 40 sessions at 60 fps would be 4,800 frames in 2 s (about 0.1 s of CPU in a debug build,
    # usually far more); dormant ones cost nothing. 0.05 s allows for the clock tick and logging.
    assert used <= 0.05, f"the server used {used:.2f} s of CPU in 2 s with 40 unwatched sessions"

    session, token = handles[0]
    async with Client.connect(server.ws_url) as c:
        left_at = time.monotonic()
        ack = await c.call("session.join", session=session, token=token)
        join_frame = await c.wait_for(lambda m: m.get("type") == "frame", what="the join frame")
        # The session's clock ran on (about 2.5 s since it was left): the frame shows now.
        assert join_frame["t"] >= ack["t"] - 1e-6, (join_frame["t"], ack["t"])
        assert ack["t"] > 2.0, f"session time {ack['t']} should have run on while nobody watched"
        # Paced frames resume: about 30 in half a second at 60 fps.
        start = len(c.frames)
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            try:
                await c.next(timeout=max(0.01, deadline - time.monotonic()))
            except (asyncio.TimeoutError, TimeoutError):
                break
        resumed = len(c.frames) - start
        assert resumed >= 20, f"only {resumed} frames in 0.5 s after rejoining ({time.monotonic() - left_at:.2f} s)"
