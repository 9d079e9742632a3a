"""Frame deltas (docs/protocol.md section 10) against the real server over a real WebSocket.

A connection that asks for `"delta":true` (session.create, session.join, replay.open) may get,
instead of a whole frame, a `delta` message: the edits that make the frame it shows into the
next one. Here a delta connection rebuilds every frame from the deltas (binary_frame.py's
`apply_delta`, written from the protocol text) and each rebuilt frame must be, byte for byte,
the frame with the same seq that a connection without deltas receives, in JSON and in binary.
"""
import asyncio
import json

from binary_frame import DELTA_MAGIC, MAGIC, apply_delta, decode_message, dumps
from itclient import Client, async_test, within
from test_binary_frames import SCENE, require_components


class DeltaClient(Client):
    """Decodes binary messages (frames and deltas) and rebuilds frames from deltas: `shown` is the
    frame it would draw, `rebuilt` every frame shown by seq, `sizes` (kind, bytes) per frame message."""

    def __init__(self, ws, timeout):
        super().__init__(ws, timeout)
        self.shown = None
        self.rebuilt = {}
        self.sizes = []

    async def next(self, timeout=None):
        if self._unread:
            return self._unread.pop(0)
        raw = await within(self.ws.recv(), timeout or self.timeout)
        msg = decode_message(raw) if isinstance(raw, bytes) else json.loads(raw)
        kind = msg.get("type")
        if kind == "delta":
            self.sizes.append(("delta", len(raw)))
            msg = apply_delta(self.shown, msg)
        elif kind == "frame":
            self.sizes.append(("frame", len(raw)))
        if msg.get("type") == "frame":
            self.shown = msg
            self.rebuilt[msg["seq"]] = dumps(msg)
        self._store(msg)
        return msg

    async def frame_seq(self, seq, timeout=None):
        """Waits until the frame with this seq (or a later one) is shown; returns it."""
        return await self.wait_for(lambda m: m.get("type") == "frame" and m["seq"] >= seq, timeout,
                                   what=f"a frame with seq >= {seq}", since=0)


async def settle(ref, *clients):
    """Waits until every client shows the frame that `ref`'s frame.get reports; returns its seq."""
    seq = (await ref.call("frame.get"))["frame"]["seq"]
    for c in (ref, *clients):
        await c.frame_seq(seq)
    return seq


async def run_scene(url, frames):
    """A delta controller and a plain viewer (both in `frames`) through the binary frames test's scene."""
    async with DeltaClient.connect_many(url, 2) as (c, v):
        ack = await c.call("session.create", clock="manual", frames=frames, delta=True)
        assert ack["frames"] == frames and ack["delta"] is True, ack
        joined = await v.call("session.join", session=ack["session"], token=ack["token"], frames=frames)
        assert "delta" not in joined, joined
        await require_components(c)
        await settle(c, v)
        for op, fields in SCENE:
            await c.call(op, **fields)
            await settle(c, v)
        return c, v


def check_rebuilt(c, v, frames):
    common = sorted(set(c.rebuilt) & set(v.rebuilt))
    assert len(common) >= 15, f"only {len(common)} frames in common"
    for seq in common:
        assert c.rebuilt[seq] == v.rebuilt[seq], f"seq {seq}: rebuilt from deltas\n{c.rebuilt[seq]}\nbut whole\n{v.rebuilt[seq]}"
    deltas = [n for kind, n in c.sizes if kind == "delta"]
    assert len(deltas) >= 10, f"{frames}: only {len(deltas)} deltas in {c.sizes}"
    assert all(kind == "frame" for kind, _ in v.sizes), "a connection that did not ask got a delta"
    whole = [n for kind, n in v.sizes]
    assert sum(deltas) / len(deltas) < 0.6 * sum(whole) / len(whole), (
        f"{frames}: deltas average {sum(deltas) / len(deltas):.0f} bytes against {sum(whole) / len(whole):.0f} for frames")


@async_test(timeout=90)
async def test_json_deltas_rebuild_every_frame(server):
    c, v = await run_scene(server.ws_url, "json")
    check_rebuilt(c, v, "json")


@async_test(timeout=90)
async def test_binary_deltas_rebuild_every_frame(server):
    c, v = await run_scene(server.ws_url, "binary")
    check_rebuilt(c, v, "binary")


@async_test(timeout=60)
async def test_live_animation_by_deltas_ends_on_the_current_frame(server):
    """A live session animating at 60 fps for a second and a half: the frames rebuilt from deltas
    end on exactly the frame `frame.get` returns, and most messages were deltas."""
    for frames in ("json", "binary"):
        async with DeltaClient.connect_many(server.ws_url, 1) as (c,):
            await c.call("session.create", frames=frames, delta=True)
            await c.call("hud.show", target="spin", label="Loading", mode="indeterminate")
            await c.call("bar.create", target="bar", frame={"x": 20, "y": 600, "width": 335, "height": 4})
            await c.call("bar.set", target="bar", value=1, duration=1.5)
            await asyncio.sleep(1.5)
            await c.call("hud.hide", target="spin", animated=False)
            await asyncio.sleep(0.3)
            current = (await c.call("frame.get"))["frame"]
            await c.frame_seq(current["seq"])
            assert c.rebuilt[current["seq"]] == dumps(current), frames
            kinds = [kind for kind, _ in c.sizes]
            assert kinds.count("delta") > 40 and kinds[0] == "frame", (frames, kinds[:5], kinds.count("delta"))


@async_test(timeout=60)
async def test_a_joiner_gets_a_whole_frame_then_deltas(server):
    """A viewer joining with deltas gets the current frame whole (it has nothing to apply a delta
    to), then deltas; `delta` must be true or false."""
    async with DeltaClient.connect_many(server.ws_url, 2) as (c, v):
        ack = await c.call("session.create", clock="manual")
        await c.call("bar.create", target="bar", frame={"x": 20, "y": 600, "width": 335, "height": 4})
        await settle(c)
        joined = await v.call("session.join", session=ack["session"], delta=True)
        assert joined["delta"] is True and joined["role"] == "viewer", joined
        await settle(c, v)
        for value in (0.2, 0.4, 0.6):
            await c.call("bar.set", target="bar", value=value, animated=False)
            await settle(c, v)
        kinds = [kind for kind, _ in v.sizes]
        assert kinds == ["frame", "delta", "delta", "delta"], kinds
        assert v.rebuilt == {seq: text for seq, text in c.rebuilt.items() if seq in v.rebuilt}
        error = await v.expect_error("session.join", "bad_request", session=ack["session"], delta="yes")
        assert "delta" in error["message"], error


@async_test(timeout=60)
async def test_a_recording_replayed_by_deltas(server):
    """replay.open takes `delta` too: a replay's frames rebuilt from deltas are the frames
    `frame.get` gives at each step."""
    async with DeltaClient.connect_many(server.ws_url, 1) as (c,):
        await c.call("session.create", clock="manual")
        name = f"delta-replay-{id(c)}"
        await c.call("record.start", name=name)
        await c.call("bar.create", target="bar", frame={"x": 20, "y": 600, "width": 335, "height": 4})
        for value in (0.25, 0.5, 0.75):
            await c.call("bar.set", target="bar", value=value, duration=0.2)
            await c.call("clock.advance", by=0.3)
        await c.call("record.stop")
        opened = await c.call("replay.open", recording=name, delta=True, frames="binary")
        assert opened["delta"] is True, opened
        await settle(c)
        for _ in range(12):
            await c.call("replay.step", frames=3)
            seq = await settle(c)
            current = (await c.call("frame.get"))["frame"]
            assert c.rebuilt[seq] == dumps(current)
        assert [kind for kind, _ in c.sizes].count("delta") >= 5, c.sizes
