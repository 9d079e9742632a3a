"""No connection ever gets the same display list twice in a row (docs/protocol.md section 2), even
when a frame waiting in its latest slot is replaced before it is written and the display goes
back to what the connection already shows: a HUD shown and hidden in one read on a manual clock
makes frames A -> B -> A, and B is replaced unsent. The server withdraws the second A."""
import asyncio
import json

from itclient import Client, async_test


def body(frame):
    """The display-list part of a frame (everything but seq and t)."""
    return json.dumps({k: v for k, v in frame.items() if k not in ("seq", "t")}, sort_keys=True)


async def settle(c, rids):
    """Reads until every id in rids is answered, then 100 ms more for trailing frames."""
    for rid in rids:
        reply = await c.reply(rid)
        assert reply["type"] == "ack", reply
    try:
        while True:
            await c.next(timeout=0.1)
    except (asyncio.TimeoutError, TimeoutError):
        pass


@async_test(timeout=60)
async def test_show_and_hide_in_one_read_never_repeats_a_frame(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await settle(c, [])
        for round_ in range(40):
            # Both ops go out before the server answers either: one read on the server.
            show = await c.send("hud.show", target="p", label=f"probe {round_}", animated=False)
            hide = await c.send("hud.hide", target="p", animated=False)
            await settle(c, [show, hide])
        bodies = [body(f) for f in c.frames]
        repeats = [i for i in range(1, len(bodies)) if bodies[i] == bodies[i - 1]]
        assert not repeats, f"{len(repeats)} frames repeat the one before (seqs {[c.frames[i]['seq'] for i in repeats[:5]]})"
        seqs = [f["seq"] for f in c.frames]
        assert seqs == sorted(seqs), "frames arrive in seq order"
        # The last frame the connection has is the session's current display list.
        current = (await c.call("frame.get"))["frame"]
        assert body(c.frames[-1]) == body(current)


@async_test(timeout=60)
async def test_a_watcher_of_a_live_session_sees_every_change_once(server):
    """A live session whose label changes back and forth faster than frames: the viewer's frames
    still never repeat, and it ends on the current display list."""
    async with Client.connect(server.ws_url) as c, Client.connect(server.ws_url) as viewer:
        ack = await c.call("session.create", fps=30)
        await viewer.call("session.join", session=ack["session"])
        await c.call("hud.show", target="h", mode="text", label="A", animated=False)
        for round_ in range(30):
            b = await c.send("hud.update", target="h", label="B")
            a = await c.send("hud.update", target="h", label="A")
            await c.reply(b)
            await c.reply(a)
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        try:
            while True:
                await viewer.next(timeout=0.1)
        except (asyncio.TimeoutError, TimeoutError):
            pass
        bodies = [body(f) for f in viewer.frames]
        assert len(bodies) >= 2
        assert all(bodies[i] != bodies[i - 1] for i in range(1, len(bodies)))
        current = (await c.call("frame.get"))["frame"]
        assert body(viewer.frames[-1]) == body(current)
