"""A small asyncio WebSocket client for the ProgressCast protocol (docs/protocol.md section 2).

Every wait has a timeout, so a missing reply fails the test instead of hanging it.

    async with Client.connect(server.ws_url) as c:
        ack = await c.call("session.create", clock="manual")     # asserts an ack
        err = await c.request("clock.advance", by=-1)            # ack or error
        frame = await c.next_frame()
"""
import asyncio
import contextlib
import functools
import itertools
import json

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

DEFAULT_TIMEOUT = 5.0
SUBPROTOCOL = "progresscast.v1"


def async_test(timeout=30.0):
    """Turns `async def test_x(fixtures...)` into a plain pytest test run with asyncio.run
    and an overall timeout (no pytest-asyncio needed)."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return asyncio.run(asyncio.wait_for(fn(*args, **kwargs), timeout))
        return wrapper
    return decorate


async def within(awaitable, timeout):
    """`awaitable`'s result, or TimeoutError after `timeout` seconds. Unlike Python 3.11's
    `asyncio.wait_for`, `asyncio.timeout` never swallows a cancel that lands as the result
    arrives, so a task reading a busy connection always stops when cancelled (a test that failed
    while such a reader ran hung in asyncio.run's clean-up instead of reporting)."""
    if hasattr(asyncio, "timeout"):
        async with asyncio.timeout(timeout):
            return await awaitable
    return await asyncio.wait_for(awaitable, timeout)


class ProtocolError(AssertionError):
    pass


class Client:
    """One WebSocket connection. Frames and events that arrive while waiting for something
    else are kept in `frames` and `events` (and everything in `history`)."""

    def __init__(self, ws, timeout=DEFAULT_TIMEOUT):
        self.ws = ws
        self.timeout = timeout
        self.ids = itertools.count(1)
        self.frames = []
        self.events = []
        self.history = []
        self._unread = []  # messages received but not yet returned by next()
        self.duplicate_keys = []  # (key, raw message) for every JSON object with a repeated key

    @classmethod
    async def open(cls, url, origin=None, subprotocols=(SUBPROTOCOL,), timeout=DEFAULT_TIMEOUT, **kwargs):
        kwargs.setdefault("max_size", None)
        kwargs.setdefault("close_timeout", 2)
        ws = await ws_connect(url, origin=origin, subprotocols=list(subprotocols) or None,
                              open_timeout=timeout, **kwargs)
        return cls(ws, timeout)

    @classmethod
    def connect(cls, url, **kwargs):
        return _ClientContext(cls, url, kwargs)

    @classmethod
    @contextlib.asynccontextmanager
    async def connect_many(cls, url, count, **kwargs):
        """`count` connections, all closed at the end (in order), even if opening one fails:
        `async with Client.connect_many(url, 3) as (a, b, c):`."""
        clients = []
        try:
            for _ in range(count):
                clients.append(await cls.open(url, **kwargs))
            yield clients
        finally:
            for c in clients:
                await c.close()

    # --- sending ---

    async def send(self, op, **fields):
        """Sends an op with a fresh integer id; returns the id."""
        rid = next(self.ids)
        await self.send_json({"op": op, "id": rid, **fields})
        return rid

    async def send_json(self, obj):
        await self.ws.send(json.dumps(obj))

    async def send_raw(self, data):
        await self.ws.send(data)

    # --- receiving ---

    def _store(self, msg):
        self.history.append(msg)
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "frame":
            self.frames.append(msg)
        elif kind == "event":
            self.events.append(msg)

    def _object(self, pairs, raw):
        keys = [k for k, _ in pairs]
        for k in set(keys):
            if keys.count(k) > 1:
                self.duplicate_keys.append((k, raw))
        return dict(pairs)

    def mark(self):
        """A position in `history` for wait_for(since=...)."""
        return len(self.history)

    async def next(self, timeout=None):
        """The next message (JSON-decoded). Raises TimeoutError."""
        if self._unread:
            return self._unread.pop(0)
        raw = await within(self.ws.recv(), timeout or self.timeout)
        msg = json.loads(raw, object_pairs_hook=lambda pairs: self._object(pairs, raw))
        self._store(msg)
        return msg

    async def wait_for(self, predicate, timeout=None, what="a matching message", since=None):
        """Reads until predicate(msg); returns that message. Others are kept in frames/events.
        With `since` (from mark()), a message already received after that mark counts too."""
        if since is not None:
            for msg in self.history[since:]:
                if predicate(msg):
                    return msg
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.timeout)
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out waiting for {what}; last messages: {self.history[-5:]}")
            try:
                msg = await self.next(remaining)
            except asyncio.TimeoutError:
                raise TimeoutError(f"timed out waiting for {what}; last messages: {self.history[-5:]}") from None
            if predicate(msg):
                return msg

    async def reply(self, rid, timeout=None):
        return await self.wait_for(lambda m: m.get("id") == rid and m.get("type") in ("ack", "error"),
                                   timeout, what=f"the reply to id {rid}")

    async def request(self, op, timeout=None, **fields):
        """Sends an op and returns its reply (ack or error)."""
        rid = await self.send(op, **fields)
        msg = await self.reply(rid, timeout)
        assert msg.get("op") == op, f"reply names op {msg.get('op')!r}, sent {op!r}: {msg}"
        return msg

    async def call(self, op, timeout=None, **fields):
        """Sends an op and returns its ack; fails the test on an error reply. Component ops
        that the server does not know yet skip the test."""
        msg = await self.request(op, timeout, **fields)
        if msg["type"] == "error" and msg["code"] == "unknown_op" and op.split(".")[0] in COMPONENT_PREFIXES:
            pytest.skip(f"{op} is not implemented by this server yet (unknown_op)")
        if msg["type"] != "ack":
            raise ProtocolError(f"{op} {fields} failed: {msg}")
        return msg

    async def expect_error(self, op, code, timeout=None, **fields):
        msg = await self.request(op, timeout, **fields)
        assert msg["type"] == "error", f"{op} {fields}: expected error {code}, got {msg}"
        assert msg["code"] == code, f"{op} {fields}: expected error {code}, got {msg}"
        assert isinstance(msg.get("message"), str) and msg["message"], msg
        return msg

    async def next_frame(self, timeout=None):
        return await self.wait_for(lambda m: m.get("type") == "frame", timeout, what="a frame")

    async def next_event(self, name=None, timeout=None, since=None, **fields):
        """The next event called `name` (with these field values); with `since`, one already
        received after that mark counts too (events may come before the ack of their op)."""
        return await self.wait_for(
            lambda m: m.get("type") == "event" and (name is None or m.get("name") == name)
            and all(m.get(k) == v for k, v in fields.items()),
            timeout, what=f"event {name or '(any)'} {fields or ''}", since=since)

    async def quiet(self, duration=0.3):
        """Reads for `duration` seconds; returns what arrived (normally nothing)."""
        got = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + duration
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0:
                return got
            try:
                got.append(await self.next(remaining))
            except (asyncio.TimeoutError, TimeoutError):
                return got

    async def closed(self, timeout=None):
        """Waits until the server closes the connection; returns (code, reason)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout or self.timeout)
        try:
            while True:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise TimeoutError("the server did not close the connection")
                await self.next(remaining)
        except ConnectionClosed as e:
            rcvd = e.rcvd
            return (rcvd.code if rcvd else None, rcvd.reason if rcvd else None)
        except asyncio.TimeoutError:
            raise TimeoutError("the server did not close the connection") from None

    async def expect_close(self, code, timeout=None):
        """Waits until the server closes the connection with close code `code`; returns (code, reason)."""
        got = await self.closed(timeout)
        assert got[0] == code, f"expected close {code}, got {got}"
        return got

    def clear(self):
        self.frames.clear()
        self.events.clear()

    async def close(self):
        try:
            await asyncio.wait_for(self.ws.close(), 3)
        except Exception:
            pass


COMPONENT_PREFIXES = ("hud", "bar", "player", "pointer")


class _ClientContext:
    def __init__(self, cls, url, kwargs):
        self.cls, self.url, self.kwargs = cls, url, kwargs
        self.client = None

    async def __aenter__(self):
        self.client = await self.cls.open(self.url, **self.kwargs)
        return self.client

    async def __aexit__(self, *exc):
        await self.client.close()


async def manual_session(url, **fields):
    """A controller connection on a new manual-clock session; returns (client, create ack).
    The creation frame has been read."""
    c = await Client.open(url)
    ack = await c.call("session.create", clock="manual", **fields)
    await c.next_frame()
    c.clear()
    return c, ack


@contextlib.asynccontextmanager
async def connect_manual(url, **fields):
    """manual_session as a context: `async with connect_manual(url) as (c, created):`, and the
    client is closed at the end."""
    c, ack = await manual_session(url, **fields)
    try:
        yield c, ack
    finally:
        await c.close()


@contextlib.asynccontextmanager
async def connect_viewer(url, session, **fields):
    """A connection that has joined `session` (without a token: as a viewer); closed at the end."""
    async with Client.connect(url) as c:
        await c.call("session.join", session=session, **fields)
        yield c


async def create_sessions_to_limit(clients, limit):
    """On a server started with `--max-sessions <limit>`: the first `limit` clients create a
    manual session each, and the next client's session.create is a limit error naming the limit."""
    for c in clients[:limit]:
        await c.call("session.create", clock="manual")
    err = await clients[limit].expect_error("session.create", "limit")
    assert str(limit) in err["message"], err


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)
