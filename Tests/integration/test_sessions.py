"""Sessions, roles, joins, frames for joiners, frame.get, inspect, leave and close (docs/protocol.md section 3)."""
import asyncio

import pytest

from itclient import Client, async_test, connect_manual, connect_viewer, is_number


def check_frame(frame, w=375, h=667):
    assert frame["type"] == "frame"
    assert isinstance(frame["seq"], int) and frame["seq"] >= 1
    assert is_number(frame["t"]) and frame["t"] >= 0
    assert (frame["w"], frame["h"]) == (w, h)
    assert isinstance(frame["shapes"], list)


@async_test()
async def test_create_defaults(server):
    async with Client.connect(server.ws_url) as c:
        ack = await c.call("session.create")
        assert ack["type"] == "ack" and ack["id"] == 1 and ack["op"] == "session.create"
        assert is_number(ack["t"])
        assert len(ack["session"]) >= 32 and len(ack["token"]) >= 32, "ids and tokens are 128-bit random"
        assert ack["session"] != ack["token"]
        assert ack["canvas"] == {"width": 375, "height": 667}
        assert ack["clock"] == "live"
        assert ack["fps"] == 60
        check_frame(await c.next_frame())


@async_test()
async def test_create_custom(server):
    async with Client.connect(server.ws_url) as c:
        ack = await c.call("session.create", canvas={"width": 320, "height": 480}, clock="manual", fps=24, title="custom")
        assert ack["canvas"] == {"width": 320, "height": 480}
        assert (ack["clock"], ack["fps"], ack["t"]) == ("manual", 24, 0)
        frame = await c.next_frame()
        check_frame(frame, 320, 480)
        assert frame["t"] == 0


@async_test()
async def test_session_ids_are_unique(server):
    async with Client.connect(server.ws_url) as c:
        seen = set()
        for _ in range(20):
            ack = await c.call("session.create", clock="manual")
            seen.update([ack["session"], ack["token"]])
        assert len(seen) == 40


@pytest.mark.parametrize("fields,field", [
    ({"clock": "fast"}, "clock"),
    ({"clock": 1}, "clock"),
    ({"fps": 0}, "fps"),
    ({"fps": 121}, "fps"),
    ({"fps": 2.5}, "fps"),
    ({"fps": "60"}, "fps"),
    ({"canvas": {"width": 0, "height": 100}}, "canvas"),
    ({"canvas": {"width": 100}}, "canvas"),
    ({"canvas": [375, 667]}, "canvas"),
    ({"canvas": {"width": 1e9, "height": 100}}, "canvas"),
    ({"title": 5}, "title"),
    ({"title": "x" * 5000}, "title"),
])
@async_test()
async def test_create_bad_fields(server, fields, field):
    async with Client.connect(server.ws_url) as c:
        err = await c.expect_error("session.create", "bad_request", **fields)
        assert field in err["message"], err
        # The connection is still usable and has no session.
        await c.expect_error("inspect", "no_session")


@pytest.mark.parametrize("op,fields", [("inspect", {}), ("frame.get", {}), ("clock.advance", {"by": 1}),
                                       ("session.close", {}), ("record.start", {}), ("replay.play", {}),
                                       ("session.leave", {})])
@async_test()
async def test_ops_need_a_session(server, op, fields):
    async with Client.connect(server.ws_url) as c:
        await c.expect_error(op, "no_session", **fields)


@async_test()
async def test_join_as_controller_and_viewer(server):
    async with connect_manual(server.ws_url) as (owner, created):
        async with Client.connect(server.ws_url) as ctl, Client.connect(server.ws_url) as viewer, \
                Client.connect(server.ws_url) as wrong:
            ack = await ctl.call("session.join", session=created["session"], token=created["token"])
            assert ack["role"] == "controller"
            assert ack["session"] == created["session"]
            assert (ack["canvas"], ack["clock"], ack["fps"]) == (created["canvas"], "manual", 60)
            assert "token" not in ack or ack["token"] == created["token"]
            ack = await viewer.call("session.join", session=created["session"])
            assert ack["role"] == "viewer"
            assert "token" not in ack, "a viewer must not learn the token"
            ack = await wrong.call("session.join", session=created["session"], token="0" * 32)
            assert ack["role"] == "viewer"
            # The joined controller may change the session; the viewers may not.
            await ctl.call("clock.advance", by=0.5)
            for v in (viewer, wrong):
                err = await v.expect_error("clock.advance", "not_allowed", by=0.5)
                assert "viewer" in err["message"] or "token" in err["message"]
                await v.expect_error("session.close", "not_allowed")
                await v.expect_error("record.start", "not_allowed")
                await v.expect_error("scenario.run", "not_allowed", name="x")
                # Reading is allowed.
                assert (await v.call("inspect"))["t"] == 0.5
                assert (await v.call("frame.get"))["frame"]["type"] == "frame"


@async_test()
async def test_viewer_mutating_component_op_not_allowed(server):
    async with connect_manual(server.ws_url) as (owner, created):
        async with connect_viewer(server.ws_url, created["session"]) as viewer:
            for op, fields in [("hud.show", {"target": "h1"}), ("bar.create", {"target": "b1"}),
                               ("bar.set", {"target": "b1", "value": 0.5}), ("pointer", {"phase": "down", "x": 1, "y": 1})]:
                msg = await viewer.request(op, **fields)
                if msg.get("code") == "unknown_op":
                    continue  # component not landed yet; test_ops_table reports those as skipped
                assert msg["type"] == "error" and msg["code"] == "not_allowed", (op, msg)


@pytest.mark.parametrize("fields,code,field", [
    ({}, "bad_request", "session"),
    ({"session": 5}, "bad_request", "session"),
    ({"session": "0" * 32}, "not_found", None),
    ({"session": "x" * 500}, "bad_request", "session"),
])
@async_test()
async def test_join_errors(server, fields, code, field):
    async with Client.connect(server.ws_url) as c:
        err = await c.expect_error("session.join", code, **fields)
        if field:
            assert field in err["message"]


@async_test()
async def test_join_bad_token_type(server):
    async with connect_manual(server.ws_url) as (owner, created):
        async with Client.connect(server.ws_url) as c:
            err = await c.expect_error("session.join", "bad_request", session=created["session"], token=123)
            assert "token" in err["message"]


@async_test()
async def test_joiner_gets_frame_right_after_ack(server):
    async with connect_manual(server.ws_url, canvas={"width": 200, "height": 100}) as (owner, created):
        await owner.call("clock.advance", by=1.25)
        async with Client.connect(server.ws_url) as viewer:
            ack = await viewer.call("session.join", session=created["session"])
            after = await viewer.next(timeout=3)
            assert after["type"] == "frame", f"expected a frame right after the join ack, got {after}"
            check_frame(after, 200, 100)
            # The joiner sees exactly what frame.get returns now.
            got = await viewer.call("frame.get")
            assert got["frame"]["shapes"] == after["shapes"]
            assert ack["t"] == 1.25


@pytest.mark.parametrize("acks_before", [0, 1, 4, 8])
@async_test()
async def test_join_frame_never_overtakes_the_ack(server, acks_before):
    """docs/protocol.md 3: session.join replies with its ack, *then* a frame. The frame must not be
    written before the ack, however many acks the connection received before."""
    async with connect_manual(server.ws_url) as (owner, created):
        async with Client.connect(server.ws_url) as c:
            await c.call("session.create", clock="manual")
            await c.next_frame()
            for _ in range(acks_before):
                await c.call("inspect")
            c.clear()
            await c.call("session.join", session=created["session"])
            assert c.frames == [], f"the join frame arrived before the join ack (after {acks_before} acks)"
            assert (await c.next(timeout=3))["type"] == "frame"


@async_test()
async def test_rejoin_same_session_gets_frame_again(server):
    async with connect_manual(server.ws_url) as (c, created):
        await c.call("session.join", session=created["session"], token=created["token"])
        assert (await c.next(timeout=3))["type"] == "frame"


@async_test()
async def test_frame_get(server):
    async with connect_manual(server.ws_url, canvas={"width": 300, "height": 200}) as (c, created):
        await c.call("clock.advance", by=0.75)
        ack = await c.call("frame.get")
        frame = ack["frame"]
        check_frame(frame, 300, 200)
        assert ack["t"] == 0.75
        # frame.get replies with the frame; it does not push a duplicate frame.
        assert [m for m in await c.quiet(0.3) if m.get("type") == "frame"] == []


@async_test()
async def test_inspect_all_and_unknown_target(server):
    async with connect_manual(server.ws_url) as (c, _):
        ack = await c.call("inspect")
        assert ack["t"] == 0
        assert isinstance(ack["components"], list)
        err = await c.expect_error("inspect", "unknown_target", target="nope")
        assert "nope" in err["message"]
        err = await c.expect_error("inspect", "bad_request", target="bad target!")
        assert "target" in err["message"]
        err = await c.expect_error("inspect", "bad_request", target=7)
        assert "target" in err["message"]


@async_test()
async def test_leave(server):
    async with connect_manual(server.ws_url) as (c, created):
        ack = await c.call("session.leave")
        assert is_number(ack["t"])
        await c.expect_error("inspect", "no_session")
        # The session outlives its last connection (60 s): it can be joined again.
        ack = await c.call("session.join", session=created["session"], token=created["token"])
        assert ack["role"] == "controller"


@async_test()
async def test_close_notifies_viewers(server):
    async with connect_manual(server.ws_url) as (owner, created):
        async with connect_viewer(server.ws_url, created["session"]) as v1, \
                connect_viewer(server.ws_url, created["session"]) as v2:
            await owner.call("clock.advance", by=0.5)
            ack = await owner.call("session.close")
            assert ack["t"] == 0.5
            for v in (v1, v2):
                ev = await v.next_event("session.closed")
                assert is_number(ev["t"])
                await v.expect_error("inspect", "no_session")
            await owner.expect_error("inspect", "no_session")
            async with Client.connect(server.ws_url) as late:
                await late.expect_error("session.join", "not_found", session=created["session"])


@async_test()
async def test_create_while_in_a_session_moves_there(server):
    async with connect_manual(server.ws_url) as (c, first):
        async with connect_viewer(server.ws_url, first["session"]) as viewer:
            second = await c.call("session.create", clock="manual")
            assert second["session"] != first["session"]
            await c.call("clock.advance", by=2)
            assert (await viewer.call("inspect"))["t"] == 0, "the first session must not move"


@async_test()
async def test_viewer_receives_events_and_frames(server):
    """Viewers get events (here from a replay) and frames like the controller."""
    async with connect_manual(server.ws_url) as (c, created):
        await c.call("record.start", name="it-viewer-events")
        await c.call("record.marker", label="m1")
        await c.call("clock.advance", by=0.2)
        await c.call("record.stop")
        c.clear()
        opened = await c.call("replay.open", recording="it-viewer-events")
        if not c.frames:
            await c.next_frame()
        async with Client.connect(server.ws_url) as viewer:
            ack = await viewer.call("session.join", session=opened["session"])
            assert ack["role"] == "viewer"
            assert (await viewer.next(timeout=3))["type"] == "frame"
            await viewer.expect_error("replay.play", "not_allowed")
            await c.call("replay.play")
            ev = await viewer.next_event("replay.state")
            assert ev["state"] == "playing"
            ev = await viewer.next_event("replay.marker", timeout=5)
            assert ev["label"] == "m1"
            ev = await viewer.wait_for(lambda m: m.get("name") == "replay.state" and m.get("state") == "ended", timeout=5)
            assert abs(ev["t"] - 0.2) < 1e-6


@async_test()
async def test_many_viewers_all_get_frames(server):
    async with connect_manual(server.ws_url) as (owner, created):
        async with Client.connect_many(server.ws_url, 10) as viewers:
            acks = await asyncio.gather(*(v.call("session.join", session=created["session"]) for v in viewers))
            assert all(a["role"] == "viewer" for a in acks)
            frames = await asyncio.gather(*(v.next_frame() for v in viewers))
            assert len({f["seq"] for f in frames}) == 1
