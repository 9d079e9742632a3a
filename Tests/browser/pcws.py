"""A small synchronous WebSocket client for driving a session while the browser watches."""
import itertools
import json
import time
from contextlib import ExitStack

from websockets.sync.client import connect
from websockets.typing import Subprotocol


def ws_url(http_url):
    return http_url.replace("https://", "wss://", 1).replace("http://", "ws://", 1).rstrip("/") + "/ws"


class WsClient:
    def __init__(self, http_url, timeout=10.0):
        self.timeout = timeout
        # Entered as a context manager (websockets 17.1 deprecates connect() used otherwise) and
        # left in close(), which works the same with older releases.
        self._stack = ExitStack()
        self.ws = self._stack.enter_context(
            connect(ws_url(http_url), subprotocols=[Subprotocol("progresscast.v1")],
                    open_timeout=timeout, max_size=None))
        self.ids = itertools.count(1)
        self.frames = []
        self.events = []

    def _store(self, msg):
        if msg.get("type") == "frame":
            self.frames.append(msg)
        elif msg.get("type") == "event":
            self.events.append(msg)

    def recv_until(self, predicate, timeout=None):
        """Reads messages (keeping frames and events) until predicate(msg) is true; returns that message."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no matching message")
            msg = json.loads(self.ws.recv(timeout=remaining))
            self._store(msg)
            if predicate(msg):
                return msg

    def request(self, op, **fields):
        """Sends an op with a fresh id and returns its reply (ack or error)."""
        rid = next(self.ids)
        self.ws.send(json.dumps({"op": op, "id": rid, **fields}))
        return self.recv_until(lambda m: m.get("id") == rid and m.get("type") in ("ack", "error"))

    def close(self):
        self._stack.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
