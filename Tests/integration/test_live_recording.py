"""A session recorded on a live clock (real timing jitter, a real WebSocket client) replays with
every checksum equal; a server killed with SIGKILL mid-recording leaves a file that verifies up
to its last complete line."""
import asyncio
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request

import websockets

BIN = os.environ.get("PROGRESSCAST_BIN", ".build/debug/progresscast")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_server(recordings):
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", "0", "--public", os.path.join(ROOT, "Public"),
                             "--recordings", recordings, "--scenarios", os.path.join(ROOT, "Scenarios"), "--log-level", "warning"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("listening on http://"), line + proc.stderr.read()
    return proc, line.strip().split("http://", 1)[1]


class Client:
    def __init__(self, ws):
        self.ws, self.next_id, self.events = ws, 0, []

    async def req(self, op, **fields):
        self.next_id += 1
        msg = dict(op=op, id=self.next_id, **fields)
        await self.ws.send(json.dumps(msg))
        while True:
            reply = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
            if reply.get("type") == "event":
                self.events.append(reply)
            if reply.get("type") in ("ack", "error") and reply.get("id") == self.next_id:
                assert reply["type"] == "ack", reply
                return reply


async def drive(hostport, name, seconds, on_recording_started=None):
    async with websockets.connect(f"ws://{hostport}/ws") as ws:
        c = Client(ws)
        await c.req("session.create", clock="live", fps=60)
        await c.req("record.start", name=name, title="live test")
        if on_recording_started:
            on_recording_started()
        await c.req("hud.show", target="h", label="Uploading", mode="annular", progress=0.1)
        await c.req("bar.create", target="b", frame={"x": 20, "y": 560, "width": 335, "height": 30})
        await c.req("player.create", target="p", bar="b", duration=60, tick=0.25)
        await c.req("player.play", target="p")
        start = time.monotonic()
        step = 0
        while time.monotonic() - start < seconds:
            step += 1
            await c.req("hud.update", target="h", progress=min(1, step / 40))
            if step % 7 == 0:
                # A drag of the bar's dot (pointer events, real timing between them).
                inspect = await c.req("inspect", target="b")
                x = 20 + 335 * inspect["presentation"]["value"]
                await c.req("pointer", phase="down", x=x, y=575)
                await asyncio.sleep(0.05)
                await c.req("pointer", phase="move", x=min(355, x + 60), y=575)
                await asyncio.sleep(0.05)
                await c.req("pointer", phase="up", x=min(355, x + 60), y=575)
            if step % 11 == 0:
                await c.req("player.pause", target="p")
                await asyncio.sleep(0.3)
                await c.req("player.play", target="p")
            if step == 20:
                await c.req("record.marker", label="half way")
                await c.req("hud.update", target="h", mode="determinate")
            await asyncio.sleep(0.09)
        await c.req("hud.hide", target="h")
        await asyncio.sleep(0.5)
        return await c.req("record.stop")


def verify(path):
    return subprocess.run([BIN, "replay", path, "--verify"], capture_output=True, text=True, timeout=120)


def test_live_recording_replays_with_every_checksum_equal():
    with tempfile.TemporaryDirectory() as recordings:
        proc, hostport = start_server(recordings)
        try:
            stop = asyncio.run(drive(hostport, "live10", 10))
            assert stop["commands"] > 100
            assert stop["duration"] >= 10
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(10) == 0
        path = os.path.join(recordings, "live10.pcast")
        lines = open(path).read().splitlines()
        codes = [json.loads(l)[1] for l in lines[1:]]
        assert codes.count("h") >= 10 and "m" in codes and codes[-1] == "e"
        result = verify(path)
        assert result.returncode == 0, result.stderr
        assert "ok" in result.stdout


def test_kill_9_mid_recording_leaves_a_file_that_verifies():
    with tempfile.TemporaryDirectory() as recordings:
        proc, hostport = start_server(recordings)

        async def run_and_kill():
            task = asyncio.ensure_future(drive(hostport, "killed", 30))
            await asyncio.sleep(4)
            proc.send_signal(signal.SIGKILL)
            try:
                await asyncio.wait_for(task, 5)
            except Exception:
                pass

        asyncio.run(run_and_kill())
        proc.wait(5)
        path = os.path.join(recordings, "killed.pcast")
        data = open(path, "rb").read()
        assert data.count(b"\n") > 20
        # Killed before its end line: every reader says so.
        result = verify(path)
        assert result.returncode == 0, result.stderr
        assert "no end line (cut short?)" in result.stdout and "truncated" not in result.stdout
        proc2, hostport2 = start_server(recordings)
        try:
            async def open_it():
                async with websockets.connect(f"ws://{hostport2}/ws") as ws:
                    return await Client(ws).req("replay.open", recording="killed")
            assert asyncio.run(open_it())["ended"] is False
            with urllib.request.urlopen(f"http://{hostport2}/api/recordings", timeout=5) as r:
                row = next(row for row in json.loads(r.read()) if row["name"] == "killed")
            assert row["ended"] is False
        finally:
            proc2.terminate()
            proc2.wait(5)
        # Cut the file in the middle of a line too: the reader ignores a truncated last line.
        with open(path, "ab") as f:
            f.write(b'[99999999,"c",{"op":"hud.upd')
        result = verify(path)
        assert result.returncode == 0, result.stderr
        assert "truncated last line ignored, no end line (cut short?)" in result.stdout
