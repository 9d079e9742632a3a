"""The manual clock (docs/protocol.md section 3): clock.advance moves t exactly, only on manual clocks."""
import pytest

from itclient import Client, async_test, manual_session


@async_test()
async def test_advance_moves_t_exactly(server):
    c, _ = await manual_session(server.ws_url)
    try:
        expected_us = 0
        for by in (0.5, 0.25, 1, 0.000001, 0.123456, 2.75, 3600):
            ack = await c.call("clock.advance", by=by)
            expected_us += round(by * 1_000_000)
            assert ack["t"] == expected_us / 1_000_000, (by, ack)
        assert (await c.call("inspect"))["t"] == expected_us / 1_000_000
        assert (await c.call("frame.get"))["t"] == expected_us / 1_000_000
    finally:
        await c.close()


@async_test()
async def test_many_small_advances_do_not_drift(server):
    c, _ = await manual_session(server.ws_url)
    try:
        for i in range(1, 101):
            ack = await c.call("clock.advance", by=0.01)
            assert ack["t"] == round(i * 0.01, 6), ack
        assert ack["t"] == 1.0
    finally:
        await c.close()


@async_test()
async def test_advance_quantised_to_microseconds(server):
    c, _ = await manual_session(server.ws_url)
    try:
        ack = await c.call("clock.advance", by=0.0000014)
        assert ack["t"] in (0.000001, 0.0), ack
        t0 = ack["t"]
        ack = await c.call("clock.advance", by=1.2345678)
        assert abs(ack["t"] - (t0 + 1.234568)) < 1e-9, ack
    finally:
        await c.close()


@async_test()
async def test_time_does_not_move_on_its_own(server):
    c, _ = await manual_session(server.ws_url)
    try:
        await c.call("clock.advance", by=1)
        await c.quiet(0.3)
        assert (await c.call("inspect"))["t"] == 1
    finally:
        await c.close()


@async_test()
async def test_advance_on_live_clock_conflict(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create")
        err = await c.expect_error("clock.advance", "conflict", by=1)
        assert "live" in err["message"] or "manual" in err["message"]


@async_test()
async def test_live_clock_moves(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create")
        t1 = (await c.call("inspect"))["t"]
        await c.quiet(0.25)
        t2 = (await c.call("inspect"))["t"]
        assert 0.2 <= t2 - t1 < 5, (t1, t2)
        assert round(t2 * 1e6) == pytest.approx(t2 * 1e6, abs=1e-3), "live times are whole microseconds"


@pytest.mark.parametrize("by", [0, -1, -0.000001, 3600.000001, 3601, 1e308, "1", "abc", None, True, [], {}, [1]])
@async_test()
async def test_advance_bad_by(server, by):
    c, _ = await manual_session(server.ws_url)
    try:
        fields = {} if by is None else {"by": by}
        err = await c.expect_error("clock.advance", "bad_request", **fields)
        assert "by" in err["message"], err
        assert (await c.call("inspect"))["t"] == 0, "a refused advance must not move the clock"
    finally:
        await c.close()


@pytest.mark.parametrize("raw", ['{"op":"clock.advance","id":1,"by":NaN}', '{"op":"clock.advance","id":1,"by":Infinity}',
                                 '{"op":"clock.advance","id":1,"by":-Infinity}', '{"op":"clock.advance","id":1,"by":1e999}'])
@async_test()
async def test_advance_non_finite(server, raw):
    c, _ = await manual_session(server.ws_url)
    try:
        await c.send_raw(raw)
        msg = await c.wait_for(lambda m: m.get("type") == "error")
        assert msg["code"] in ("bad_json", "bad_request"), msg
        assert (await c.call("inspect"))["t"] == 0
    finally:
        await c.close()


@pytest.mark.parametrize("compression", ["deflate", None])
@async_test()
async def test_the_frame_after_an_advance_comes_after_the_advances_events(server, compression):
    """clock.advance: timers fire in time order, then a frame for the new time (docs/protocol.md
    section 3). With permessage-deflate the transport writes one message at a time and lets a
    waiting frame past a busy queue; it must still never overtake the events queued before it."""
    c = await Client.open(server.ws_url, compression=compression)
    try:
        await c.call("session.create", clock="manual")
        await c.call("bar.create", target="b", frame={"x": 20, "y": 560, "width": 335, "height": 30})
        await c.call("player.create", target="p", bar="b", duration=60, tick=0.25, pauseStrategy="timing")
        await c.call("player.play", target="p")
        await c.call("frame.get")
        start = len(c.history)
        await c.call("clock.advance", by=2.01)
        await c.wait_for(lambda m: m.get("type") == "frame" and m.get("t") == 2.01, what="the frame at 2.01")
        after = [m for m in c.history[start:] if m.get("type") in ("event", "frame")]
        kinds = [m["type"] for m in after]
        events = [m for m in after if m["type"] == "event"]
        assert len(events) >= 8, after
        assert kinds.index("frame") == len(events), f"the frame came before events queued ahead of it: {kinds}"
    finally:
        await c.close()
