"""Slow and stalled clients (docs/requirements.md section 9): a client that stops reading costs the server
bounded memory (a frame watcher keeps only the newest frame; a client whose acks and events pile
up is closed with 1008 once its bounded queue overflows) and delays nobody: a normal client of
another live session keeps receiving 60 frames a second all through the stall.

One test, about 35 s (scripts/test.sh runs it). It prints what it measured.
"""
import asyncio
import base64
import json
import os
import socket
import statistics
import struct
import time

from itclient import Client, async_test

STALL_SECONDS = 30
# The frame watcher reads again after 25 s: a peer that answers no ping for 30 s is hung up by
# the keepalive (the server pings after 20 s of silence), which is right for a dead peer but
# would hide the newest-frame behaviour this checks.
WATCHER_STALL_SECONDS = 25
BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


class RawClient:
    """A WebSocket client on a plain socket with a small receive buffer, so that when it stops
    reading, the server's writes back up at once (no library reading on its behalf)."""

    def __init__(self, port, rcvbuf=4096):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Sec-WebSocket-Protocol: progresscast.v1\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""
        self.ids = 0

    def send(self, obj):
        payload = json.dumps(obj).encode()
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def request(self, op, **fields):
        self.ids += 1
        self.send({"op": op, "id": self.ids, **fields})

    def read_frames(self, duration):
        """Reads whole messages for `duration` seconds (or until the socket ends); returns
        (messages, close code or None, whether the socket ended)."""
        deadline = time.monotonic() + duration
        messages, close_code, ended = [], None, False
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(1 << 16)
            except socket.timeout:
                break
            except ConnectionResetError:
                ended = True
                break
            if not chunk:
                ended = True
                break
            self.buffer += chunk
            while True:
                parsed = self._parse()
                if parsed is None:
                    break
                opcode, payload = parsed
                if opcode == 0x8:
                    close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
                elif opcode == 0x1:
                    messages.append(json.loads(payload))
        return messages, close_code, ended

    def _parse(self):
        b = self.buffer
        if len(b) < 2:
            return None
        n = b[1] & 0x7F
        offset = 2
        if n == 126:
            if len(b) < 4:
                return None
            n, offset = struct.unpack(">H", b[2:4])[0], 4
        elif n == 127:
            if len(b) < 10:
                return None
            n, offset = struct.unpack(">Q", b[2:10])[0], 10
        if len(b) < offset + n:
            return None
        self.buffer = b[offset + n:]
        return b[0] & 0x0F, b[offset:offset + n]

    def close(self):
        self.sock.close()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def health(port):
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/api/health")
    body = json.loads(conn.getresponse().read())
    conn.close()
    return body


@async_test(timeout=STALL_SECONDS + 60)
async def test_stalled_clients_cost_bounded_memory_and_delay_nobody(start_server):
    s = start_server()
    pid = s.proc.pid

    # The observer: a normal client of its own live session, a bar animating for 10 minutes (the
    # display list changes continuously, so a frame is due every 1/60 s).
    observer = await Client.open(s.ws_url)
    await observer.call("session.create", fps=60)
    await observer.call("bar.create", target="bar", frame=BAR_FRAME)
    await observer.call("bar.set", target="bar", value=1, duration=600)

    # Session B: live, animating (no events while it runs), with a long label (big frames); its
    # controller reads normally.
    b_ctl = await Client.open(s.ws_url)
    b = await b_ctl.call("session.create", fps=60)
    await b_ctl.call("hud.show", target="h", mode="annular", label="x" * 900, details="y " * 400)
    await b_ctl.call("bar.create", target="bar", frame=BAR_FRAME)
    await b_ctl.call("bar.set", target="bar", value=1, duration=600)

    async def drain(client):
        while True:
            await client.next(60)
            client.frames.clear()
            client.history.clear()
    b_reader = asyncio.ensure_future(drain(b_ctl))

    # Stalled watcher: joins B as a viewer, then stops reading.
    watcher = RawClient(s.port)
    watcher.request("session.join", session=b["session"])
    # Stalled requester: its own session; asks for big replies it never reads (acks queue up).
    requester = RawClient(s.port)
    requester.request("session.create", clock="manual")
    requester.request("hud.show", target="h", mode="determinate", progress=0.5, label="z" * 900, details="w " * 400,
                      animated=False)  # on screen at once: every inspect ack carries the long texts
    await asyncio.sleep(0.5)

    connections_before = health(s.port)["connections"]
    baseline = rss_kib(pid)
    loop = asyncio.get_running_loop()
    start = loop.time()
    stop = start + STALL_SECONDS

    async def count_observer_frames():
        """Receipt times of the observer's frames (its own task: nothing else delays reading)."""
        times = []
        while loop.time() < stop:
            try:
                msg = await observer.next(0.2)
            except (asyncio.TimeoutError, TimeoutError):
                continue
            if msg.get("type") == "frame":
                times.append(loop.time() - start)
            observer.frames.clear()
            observer.history.clear()
        return times

    async def sample_memory():
        samples = []
        while loop.time() < stop:
            samples.append(rss_kib(pid))
            await asyncio.sleep(1)
        return samples

    async def drive_stalled_clients():
        """The requester keeps asking (100 requests a second, within the rate limit) without
        reading; the watcher reads again after WATCHER_STALL_SECONDS."""
        watcher_result = None
        while loop.time() < stop:
            try:
                for _ in range(10):
                    requester.request("inspect")  # a cheap op with a big ack (the HUD and its texts)
            except OSError:
                pass  # closed by the server (queue overflow): expected
            if watcher_result is None and loop.time() - start >= WATCHER_STALL_SECONDS:
                watcher_result = await loop.run_in_executor(None, watcher.read_frames, 1.0)
            await asyncio.sleep(0.1)
        return watcher_result

    receipt_times, rss_samples, watcher_result = await asyncio.gather(
        count_observer_frames(), sample_memory(), drive_stalled_clients())
    per_second = [0] * STALL_SECONDS
    for t in receipt_times:
        if int(t) < STALL_SECONDS:
            per_second[int(t)] += 1
    connections_after = health(s.port)["connections"]

    # Memory: bounded during the whole stall.
    peak = max(rss_samples)
    growth_mib = (peak - baseline) / 1024
    print(f"\nserver RSS: baseline {baseline / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB (+{growth_mib:.1f} MiB) "
          f"over {STALL_SECONDS} s of stall")
    # Frame rate of the other session during the stall (the first second is partial).
    steady = per_second[1:]
    mean = statistics.mean(steady)
    print(f"observer frames/s during the stall: mean {mean:.1f}, min {min(steady)}, max {max(steady)}; {steady}")
    assert growth_mib < 48, f"server memory grew {growth_mib:.1f} MiB during the stall: {rss_samples}"
    assert rss_samples[-1] - rss_samples[len(rss_samples) // 2] < 8 * 1024, f"memory still growing: {rss_samples}"
    assert mean >= 57, f"another session dropped to {mean:.1f} fps during the stall: {steady}"
    assert sorted(steady)[len(steady) // 10] >= 50, f"another session stuttered during the stall: {steady}"

    # The requester's acks overflowed its bounded queue: the server closed it (1008).
    messages, close_code, ended = await loop.run_in_executor(None, requester.read_frames, 3)
    print(f"requester: {len(messages)} messages buffered, then close {close_code}, socket ended {ended}; "
          f"connections {connections_before} -> {connections_after}")
    assert close_code == 1008 or ended, "the stalled requester was not disconnected"
    assert close_code in (None, 1008)
    assert "queueOverflow" in s.output, "the server did not report closing the requester for its queue"
    # (The watcher, which answers no ping, may have been hung up by the keepalive by now.)
    assert connections_after in (connections_before - 1, connections_before - 2), (connections_before, connections_after)

    # The watcher was still connected after its stall; what it got then was a short backlog,
    # then current frames.
    messages, close_code, ended = watcher_result
    frames_got = [m for m in messages if m.get("type") == "frame"]
    print(f"watcher after a {WATCHER_STALL_SECONDS} s stall: {len(messages)} messages ({len(frames_got)} frames) "
          f"instead of ~{WATCHER_STALL_SECONDS * 60} frames produced; close {close_code}")
    assert close_code is None and not ended, "the stalled frame watcher was disconnected"
    assert frames_got, "the watcher got no frame after the stall"
    # What the kernel's socket buffers held (a few seconds of frames) plus current ones, never
    # the whole stall: the server's newest-frame slot replaced the rest.
    assert len(frames_got) < 0.75 * WATCHER_STALL_SECONDS * 60, f"the watcher got a backlog of {len(frames_got)} frames"
    seqs = [f["seq"] for f in frames_got]
    assert max(seqs) - min(seqs) > len(seqs), "frames were queued, not replaced by the newest"
    assert frames_got[-1]["t"] >= WATCHER_STALL_SECONDS, "the watcher is not caught up with the present"

    # Everyone else is fine: the observer still gets frames and answers.
    await observer.call("inspect")
    b_reader.cancel()  # it reads b_ctl: stop it first (a connection has one reader at a time)
    await asyncio.gather(b_reader, return_exceptions=True)
    await b_ctl.call("inspect", target="bar")
    watcher.close()
    requester.close()
    await observer.close()
    await b_ctl.close()
