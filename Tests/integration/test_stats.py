"""GET /api/stats (docs/protocol.md section 1): the frame pacer's and the transport's counters,
and the pacer's flow control: a session whose every watcher still has the last frame waiting
unsent skips its frame slots instead of rendering frames that would only replace it."""
import asyncio
import time

from itclient import Client, async_test
from test_http import get_json
from test_slow_client import BAR_FRAME, RawClient


def stats(server):
    return get_json(server, "/api/stats")


def test_stats_fields(server):
    body = stats(server)
    for key in ("sessions", "connections"):
        assert isinstance(body[key], int) and body[key] >= 0, body
    for key in ("rendered", "changed", "skippedUnsent"):
        assert isinstance(body["frames"][key], int) and body["frames"][key] >= 0, body
    for key in ("drawn", "kept", "encoded", "encodingsKept"):
        assert isinstance(body["segments"][key], int) and body["segments"][key] >= 0, body
    for key in ("connectionsAccepted", "upgradesRefused", "messagesReceived", "messagesSent", "bytesSent",
                "writesSplit", "messagesWrittenTogether", "framesReplaced", "latestRepeatsSkipped", "queueOverflows", "httpRequests",
                "socketPolls", "writesWithoutPoll", "readsWithoutPoll", "timersWithoutPoll"):
        assert isinstance(body["transport"][key], int) and body["transport"][key] >= 0, body
    for name in ("opToFrame", "latestWait"):
        latency = body["latency"][name]
        for key in ("count", "totalMicroseconds", "maxMicroseconds"):
            assert isinstance(latency[key], int) and latency[key] >= 0, body
        assert all(isinstance(n, int) and n >= 0 for n in latency["bucketsMs"]), body
        assert len(latency["bucketsMs"]) <= 101 and sum(latency["bucketsMs"]) == latency["count"], body


@async_test(timeout=40)
async def test_counters_follow_an_animating_session(start_server):
    server = start_server()
    before = stats(server)
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", fps=60)
        await c.call("bar.create", target="bar", frame=BAR_FRAME)
        await c.call("bar.set", target="bar", value=1, duration=60)
        got = 0
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            msg = await c.next(5)
            got += msg.get("type") == "frame"
        after = stats(server)
    rendered = after["frames"]["rendered"] - before["frames"]["rendered"]
    changed = after["frames"]["changed"] - before["frames"]["changed"]
    sent = after["transport"]["messagesSent"] - before["transport"]["messagesSent"]
    polls = after["transport"]["socketPolls"] - before["transport"]["socketPolls"]
    direct = after["transport"]["writesWithoutPoll"] - before["transport"]["writesWithoutPoll"]
    timers = after["transport"]["timersWithoutPoll"] - before["transport"]["timersWithoutPoll"]
    print(f"\n1 s of a moving bar: {got} frames received, {rendered} rendered, {changed} changed, {sent} messages sent,"
          f" {polls} socket polls, {direct} writes without a poll, {timers} timers fired without a poll")
    assert got >= 30, got
    assert changed >= got - 2 and rendered >= changed, (got, rendered, changed)
    assert sent >= got, (sent, got)
    # The last millisecond before each frame's timer is waited out, not spent polling the sockets
    # again and again (docs/architecture.md, "Threading"): a few polls per frame, not hundreds.
    assert polls <= 10 * got, (polls, got)
    # ...and the frame timer is then fired by the waiting loop itself, not by one more poll.
    assert timers >= got / 2, (timers, got)
    assert after["transport"]["connectionsAccepted"] >= before["transport"]["connectionsAccepted"] + 1
    # Every frame written from the latest slot counts its wait there: on an idle server, the
    # frames go out within the service round that made them.
    waited = after["latency"]["latestWait"]["count"] - before["latency"]["latestWait"]["count"]
    assert waited >= got - 2, (waited, got)
    assert slowest_added(before["latency"]["latestWait"], after["latency"]["latestWait"]) < 10, after["latency"]


@async_test(timeout=40)
async def test_components_that_do_not_move_keep_their_segments(start_server):
    """Incremental rendering (docs/architecture.md): a moving bar's fill and dot are drawn every
    frame, while its track and a shown HUD with a determinate ring are drawn once and then kept,
    shapes and bytes."""
    server = start_server()
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", fps=60)
        await c.call("bar.create", target="bar", frame=BAR_FRAME)
        await c.call("hud.show", target="h", mode="annular", progress=0.5, label="Uploading", animated=False)
        await c.call("bar.set", target="bar", value=1, duration=60)
        before = stats(server)["segments"]
        frames = 0
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            msg = await c.next(5)
            frames += msg.get("type") == "frame"
        after = stats(server)["segments"]
    drawn = after["drawn"] - before["drawn"]
    kept = after["kept"] - before["kept"]
    kept_bytes = after["encodingsKept"] - before["encodingsKept"]
    print(f"\n1 s of a moving bar under a still HUD: {frames} frames, {drawn} segments drawn, {kept} kept")
    assert frames >= 30, frames
    # Per frame: the bar's fill and dot drawn, its track and the HUD kept (the server's only
    # session is this test's).
    assert drawn >= frames - 2 and kept >= 2 * (frames - 2), (frames, drawn, kept)
    assert kept <= 2 * drawn + 4, (drawn, kept)
    assert kept_bytes >= 2 * (frames - 2), (frames, kept_bytes)


@async_test(timeout=60)
async def test_a_stalled_watcher_makes_the_session_skip_frames(start_server):
    server = start_server()
    ctl = await Client.open(server.ws_url)
    created = await ctl.call("session.create", fps=60)
    await ctl.call("bar.create", target="bar", frame=BAR_FRAME)
    # Long labels on several HUDs: big frames fill the stalled socket's buffers (the kernel's
    # send buffer grows to a few MiB) within a few seconds.
    for k in range(8):
        await ctl.call("hud.show", target=f"h{k}", mode="annular", label=f"{k}" * 900, details="y " * 400,
                       interaction="none")
    await ctl.call("bar.set", target="bar", value=1, duration=600)
    frame = await ctl.next_frame()
    print(f"\nframe: {len(frame['shapes'])} shapes")
    # The only watcher from now on: a viewer that stops reading.
    watcher = RawClient(server.port)
    watcher.request("session.join", session=created["session"])
    await ctl.close()
    await asyncio.sleep(4)  # its socket buffers fill up

    stall = 3.0
    before = stats(server)
    await asyncio.sleep(stall)
    after = stats(server)
    rendered = after["frames"]["rendered"] - before["frames"]["rendered"]
    skipped = after["frames"]["skippedUnsent"] - before["frames"]["skippedUnsent"]
    replaced = after["transport"]["framesReplaced"] - before["transport"]["framesReplaced"]
    print(f"\n{stall:.0f} s with the only watcher stalled: {rendered} frames rendered, {skipped} slots skipped, "
          f"{replaced} frames replaced unsent (60 fps would be {stall * 60:.0f} slots)")
    # Without the skip every slot renders a frame that replaces the last one unsent.
    assert skipped >= stall * 60 * 0.6, (rendered, skipped, replaced)
    assert rendered <= stall * 60 * 0.2, (rendered, skipped, replaced)
    assert replaced <= stall * 60 * 0.2, (rendered, skipped, replaced)

    # Reading again, the watcher catches up with the present: frames come at the full rate.
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, watcher.read_frames, 2.0)  # the backlog in the socket buffers
    messages, close_code, ended = await loop.run_in_executor(None, watcher.read_frames, 1.0)
    frames = [m for m in messages if m.get("type") == "frame"]
    print(f"after the stall: {len(frames)} frames in 1 s, last t {frames[-1]['t'] if frames else None}")
    assert close_code is None and not ended
    assert len(frames) >= 30, len(frames)
    watcher.close()


def op_latency(server):
    return stats(server)["latency"]["opToFrame"]


def slowest_added(before, after):
    """The highest millisecond bucket that gained samples between two readings."""
    added = [n - (before["bucketsMs"][i] if i < len(before["bucketsMs"]) else 0)
             for i, n in enumerate(after["bucketsMs"])]
    return max(i for i, n in enumerate(added) if n > 0)


@async_test(timeout=40)
async def test_op_to_frame_latency_counts_the_ops_a_frame_shows(start_server):
    """`latency.opToFrame`: one sample per op on a live session, from its read to the first frame
    after it handed to the transport; none for an op no frame shows, nor for session ops."""
    server = start_server()
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", fps=60)
        await c.call("hud.show", target="h1", mode="text", label="a", animated=False)
        await asyncio.sleep(0.3)
        start = op_latency(server)
        assert set(start) == {"count", "totalMicroseconds", "maxMicroseconds", "bucketsMs"}, start
        assert start["count"] == sum(start["bucketsMs"]), start

        # A label change: one sample, within a frame slot or two at 60 fps.
        await c.call("hud.update", target="h1", label="b")
        await asyncio.sleep(0.3)
        after = op_latency(server)
        assert after["count"] == start["count"] + 1, (start, after)
        assert slowest_added(start, after) < 40, (start, after)
        assert after["totalMicroseconds"] > start["totalMicroseconds"], (start, after)
        assert after["maxMicroseconds"] >= (after["totalMicroseconds"] - start["totalMicroseconds"]), after

        # Reading it back changes no frame: no sample (nor later, for the next op's frame).
        await c.call("inspect", target="h1")
        await asyncio.sleep(0.3)
        assert op_latency(server)["count"] == after["count"], op_latency(server)
        await c.call("hud.update", target="h1", label="c")
        await asyncio.sleep(0.3)
        last = op_latency(server)
        assert last["count"] == after["count"] + 1, last
        # Timed from its own read, not from the inspect's 0.3 s earlier.
        assert slowest_added(after, last) < 40, (after, last)

    # Session ops (create, join) are not counted: their frame goes out with the ack.
    count = op_latency(server)["count"]
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", fps=60)
        await asyncio.sleep(0.2)
    assert op_latency(server)["count"] == count
