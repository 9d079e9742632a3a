"""Message framing and error replies (docs/protocol.md section 2): bad input gets a structured error
and the connection stays usable, except over-size (1009) and binary (1003) messages."""
import asyncio
import json
import os

import pytest
from websockets.exceptions import ConnectionClosed

from itclient import Client, async_test, connect_manual, is_number

LIMIT = 64 * 1024


async def still_usable(c):
    ack = await c.call("session.create", clock="manual")
    assert ack["type"] == "ack"


@pytest.mark.parametrize("text", ["{", "not json", '{"op":"inspect",}', '{"op":"inspect" "id":1}', "'x'", "",
                                  "[1,2", '{"op":"\\x"}', "\u00ff{}", '{"a":1}{"b":2}', "NaN"])
@async_test()
async def test_bad_json(server, text):
    async with Client.connect(server.ws_url) as c:
        await c.send_raw(text)
        err = await c.next()
        assert err["type"] == "error" and err["code"] == "bad_json", err
        assert err.get("message")
        assert "id" not in err
        await still_usable(c)


@pytest.mark.parametrize("text", ["[1,2]", '"op"', "42", "null", "true", '[{"op":"session.create","id":1}]'])
@async_test()
async def test_non_object_json(server, text):
    async with Client.connect(server.ws_url) as c:
        await c.send_raw(text)
        err = await c.next()
        assert err["type"] == "error" and err["code"] == "bad_request", err
        assert "object" in err["message"]
        await still_usable(c)


@async_test()
async def test_missing_op(server):
    async with Client.connect(server.ws_url) as c:
        await c.send_json({"id": "abc"})
        err = await c.next()
        assert (err["type"], err["code"], err["id"]) == ("error", "bad_request", "abc"), err
        assert "op" in err["message"]
        await c.send_json({"id": 9, "op": 12})
        err = await c.next()
        assert (err["code"], err["id"]) == ("bad_request", 9) and "op" in err["message"], err
        await still_usable(c)


@async_test()
async def test_unknown_op(server):
    async with Client.connect(server.ws_url) as c:
        # Without a session the server may say either (it checks the session first).
        err = await c.request("no.such.op")
        assert err["type"] == "error" and err["code"] in ("unknown_op", "no_session"), err
        assert "no.such.op" in err["message"]
        await c.call("session.create", clock="manual")
        await c.expect_error("frobnicate", "unknown_op")
        await c.expect_error("hud", "unknown_op")
        await c.expect_error("", "unknown_op")


@pytest.mark.parametrize("rid", ["a", "", "x" * 100, 0, -5, 7, 2 ** 52])
@async_test()
async def test_id_echoed(server, rid):
    async with Client.connect(server.ws_url) as c:
        await c.send_json({"op": "session.create", "id": rid, "clock": "manual"})
        ack = await c.wait_for(lambda m: m.get("type") == "ack")
        assert ack["id"] == rid and type(ack["id"]) is type(rid)
        await c.send_json({"op": "nope", "id": rid})
        err = await c.wait_for(lambda m: m.get("type") == "error")
        assert err["id"] == rid


@pytest.mark.parametrize("rid", [1.5, {"a": 1}, [1], True, "x" * 101, 1e300])
@async_test()
async def test_bad_id(server, rid):
    async with Client.connect(server.ws_url) as c:
        await c.send_json({"op": "session.create", "id": rid})
        err = await c.next()
        assert err["type"] == "error" and err["code"] == "bad_request" and "id" in err["message"], err
        await still_usable(c)


@async_test()
async def test_no_reply_without_id_unless_error(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.next_frame()
        await c.send_json({"op": "clock.advance", "by": 1})
        await c.send_json({"op": "inspect"})
        assert [m for m in await c.quiet(0.3) if m.get("type") in ("ack", "error")] == []
        await c.send_json({"op": "clock.advance", "by": -1})
        err = await c.next()
        assert err["type"] == "error" and err["code"] == "bad_request" and "id" not in err
        assert err["op"] == "clock.advance"
        assert (await c.call("inspect"))["t"] == 1


@async_test()
async def test_unknown_fields_ignored(server):
    async with Client.connect(server.ws_url) as c:
        ack = await c.call("session.create", clock="manual", colour="blue", nested={"a": [1, 2]})
        assert ack["clock"] == "manual"


@async_test()
async def test_every_message_with_id_gets_exactly_one_reply(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        msgs = [{"op": "inspect", "id": i} if i % 3 else {"op": "clock.advance", "id": i, "by": -1} for i in range(1, 31)]
        for m in msgs:
            await c.send_json(m)
        await c.quiet(0.5)
        replies = [m for m in c.history if m.get("type") in ("ack", "error") and m.get("op") != "session.create"]
        assert sorted(m["id"] for m in replies) == list(range(1, 31))
        assert [m["id"] for m in replies] == list(range(1, 31)), "replies come in order"


async def send_fragmented(c, size, fragment):
    """Sends a padded message of `size` bytes as one message in fragments of `fragment` bytes."""
    text = padded(size)
    await c.ws.send(iter([text[i:i + fragment] for i in range(0, len(text), fragment)]))


def padded(size):
    """A valid op message of exactly `size` bytes (incompressible padding)."""
    base = {"op": "session.create", "id": 1, "clock": "manual", "pad": ""}
    room = size - len(json.dumps(base, separators=(",", ":")))
    pad = os.urandom(room).hex()[:room]
    text = json.dumps({**base, "pad": pad}, separators=(",", ":"))
    assert len(text) == size
    return text


@async_test()
async def test_message_at_limit_accepted(server):
    async with Client.connect(server.ws_url, compression=None) as c:
        await c.send_raw(padded(LIMIT))
        ack = await c.next()
        assert ack["type"] == "ack", ack


@pytest.mark.parametrize("size", [LIMIT + 1, 70 * 1024, 1024 * 1024])
@async_test()
async def test_message_over_limit_closes_1009(server, size):
    async with Client.connect(server.ws_url, compression=None) as c:
        await c.send_raw(padded(size))
        await c.expect_close(1009)


@async_test()
async def test_compressed_message_over_limit_closes_1009(server):
    """The limit applies to the inflated message (permessage-deflate), not the bytes on the wire."""
    async with Client.connect(server.ws_url) as c:
        assert c.ws.response.headers.get("Sec-WebSocket-Extensions", "").startswith("permessage-deflate"), \
            "the server offers permessage-deflate"
        await c.send_raw(json.dumps({"op": "session.create", "id": 1, "pad": "a" * (70 * 1024)}))
        await c.expect_close(1009)


@async_test()
async def test_fragmented_message_over_limit_closes_1009(server):
    async with Client.connect(server.ws_url, compression=None) as c:
        await send_fragmented(c, 70 * 1024, 8192)
        await c.expect_close(1009)


@async_test()
async def test_fragmented_message_under_limit_accepted(server):
    async with Client.connect(server.ws_url, compression=None) as c:
        await send_fragmented(c, 40 * 1024, 1000)
        assert (await c.next())["type"] == "ack"


@async_test()
async def test_binary_closes_1003(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.send_raw(b'{"op":"inspect","id":5}')
        await c.expect_close(1003)


@async_test()
async def test_invalid_utf8_closes(server):
    async with Client.connect(server.ws_url, compression=None) as c:
        # websockets refuses to send invalid UTF-8 as text; write the frame by hand.
        from websockets.frames import Frame, Opcode
        c.ws.protocol.send_frame(Frame(Opcode.TEXT, b'{"op":"\xff\xfe"}'))
        c.ws.send_data()
        code, _ = await c.closed()
        assert code in (1007, 1002), code


@async_test()
async def test_bad_messages_do_not_disturb_other_connections(server):
    async with connect_manual(server.ws_url) as (watcher, created):
        async with Client.connect(server.ws_url, compression=None) as bad:
            await bad.send_raw(padded(70 * 1024))
            await bad.closed()
        async with Client.connect(server.ws_url) as bad:
            await bad.send_raw(b"\x00\x01")
            await bad.closed()
        assert (await watcher.call("clock.advance", by=1))["t"] == 1


@async_test()
async def test_deep_nesting_and_long_strings(server):
    async with Client.connect(server.ws_url, compression=None) as c:
        await c.send_raw("[" * 30000 + "]" * 30000)
        err = await c.next()
        assert err["type"] == "error" and err["code"] in ("bad_json", "bad_request"), err
        await c.send_raw('{"op":"session.create","id":2,"x":' + "[" * 20000 + "]" * 20000 + "}")
        reply = await c.next()
        assert reply["type"] in ("ack", "error"), reply
        await c.send_json({"op": "session.create", "id": 3, "title": "t" * 60000})
        err = await c.next()
        assert err["code"] == "bad_request" and "title" in err["message"], err
        assert len(err["message"]) < 1000, "errors do not echo huge values"
        await still_usable(c)


@async_test()
async def test_subprotocol(server):
    async with Client.connect(server.ws_url) as c:
        assert c.ws.subprotocol == "progresscast.v1"
    async with Client.connect(server.ws_url, subprotocols=()) as c:
        assert c.ws.subprotocol in (None, "progresscast.v1")
        await still_usable(c)


@async_test()
async def test_websocket_only_on_ws_path(server):
    from websockets.exceptions import InvalidHandshake
    with pytest.raises((InvalidHandshake, OSError)):
        await Client.open(server.url.replace("http://", "ws://") + "/api/health")


@async_test(timeout=30)
async def test_rate_limit(server):
    """More than 200 messages in a second: `limit` errors (no close below twice the limit)."""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        for i in range(260):
            await c.send_json({"op": "inspect", "id": 1000 + i})
        await c.quiet(1.0)
        limits = [m for m in c.history if m.get("type") == "error" and m.get("code") == "limit"]
        acks = [m for m in c.history if m.get("type") == "ack" and m.get("op") == "inspect"]
        assert limits, "no limit errors after 260 messages in a burst"
        assert len(acks) + len(limits) == 260
        assert len(acks) <= 200
        await asyncio.sleep(1.1)
        await c.call("inspect")
