"""Faults (docs/requirements.md section 9): SIGTERM in the middle of load finishes every recording with an
"e" line and exits 0; a full disk (or the recording size limit) ends the recording with an `io`
error event while the session goes on; a port already in use is a clear message and a non-zero
exit. (kill -9 mid-recording: test_live_recording.py.)"""
import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

from itclient import Client, async_test
from itserver import ServerProcess, binary_path

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


def verify(path):
    """`progresscast replay --verify FILE`: (exit code, output)."""
    proc = subprocess.run([str(binary_path()), "replay", "--verify", str(path)], capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout + proc.stderr


async def animated_session(url, name=None, clock="live"):
    """A session with a HUD, a bar and a playing player; recording when `name` is given."""
    c = await Client.open(url)
    c.session_id = (await c.call("session.create", clock=clock))["session"]
    if name:
        await c.call("record.start", name=name)
    await c.call("hud.show", target="h", mode="annular", progress=0.2, label="busy")
    await c.call("bar.create", target="b", frame=BAR_FRAME)
    await c.call("player.create", target="p", bar="b", duration=120, tick=0.1)
    await c.call("player.play", target="p")
    return c


@async_test(timeout=60)
async def test_sigterm_under_load_finishes_every_recording(start_server):
    """Six recording sessions (live and manual) with clients hammering ops, viewers watching:
    SIGTERM exits 0 within 5 s and every recording ends with an "e" line and verifies."""
    s = start_server()
    names = [f"load-{i}" for i in range(6)]
    clients = [await animated_session(s.ws_url, name, clock="live" if i % 2 == 0 else "manual")
               for i, name in enumerate(names)]
    viewers = []
    for c in clients[:3]:
        viewer = await Client.open(s.ws_url)
        await viewer.call("session.join", session=c.session_id)
        viewers.append(viewer)
    stop = asyncio.Event()

    async def hammer(c, manual):
        i = 0
        try:
            while not stop.is_set():
                i += 1
                await c.send("hud.update", target="h", progress=(i % 100) / 100)
                await c.send("bar.buffer", target="b", value=(i % 10) / 10)
                if manual:
                    await c.send("clock.advance", by=0.01)
                await asyncio.sleep(0.01)
        except Exception:
            pass  # the server went away: expected

    tasks = [asyncio.ensure_future(hammer(c, i % 2 == 1)) for i, c in enumerate(clients)]
    await asyncio.sleep(2.0)
    s.proc.send_signal(signal.SIGTERM)
    code = await asyncio.get_running_loop().run_in_executor(None, s.wait_exit, 5)
    stop.set()
    await asyncio.gather(*tasks)
    assert code == 0, f"exit code {code} after SIGTERM under load\n{s.output[-2000:]}"
    for name in names:
        path = s.recordings / f"{name}.pcast"
        lines = path.read_text().splitlines()
        assert len(lines) > 10, (name, len(lines))
        last = json.loads(lines[-1])
        assert last[1] == "e" and last[2]["reason"] == "server stopped", (name, lines[-2:])
        status, out = verify(path)
        assert status == 0, f"{name} does not verify: {out}"
    for c in clients + viewers:
        await c.close()


@async_test(timeout=60)
async def test_recording_size_limit_is_an_io_event_and_the_session_goes_on(start_server):
    s = start_server("--max-recording-bytes", "4096")
    async with Client.connect(s.ws_url) as c, Client.connect(s.ws_url) as viewer:
        created = await c.call("session.create", clock="manual")
        await viewer.call("session.join", session=created["session"])
        await c.call("record.start", name="capped")
        await c.call("bar.create", target="b", frame=BAR_FRAME)
        mark = c.mark()
        for i in range(200):
            reply = await c.request("bar.set", target="b", value=(i % 10) / 10)
            assert reply["type"] == "ack", reply  # the op itself never fails
            await c.call("clock.advance", by=0.05)
            if any(m.get("name") == "record.error" for m in c.history[mark:]):
                break
        event = await c.next_event("record.error", since=mark)
        assert event["code"] == "io" and event["recording"] == "capped", event
        assert "limit" in event["message"], event
        await viewer.next_event("record.error", timeout=5)
        # The session goes on: ops, frames, a new recording refused or started cleanly.
        await c.call("bar.set", target="b", value=0.9, duration=0.5)
        await c.call("clock.advance", by=0.25)
        frame = await c.next_frame()
        assert frame["t"] > 0
        await c.expect_error("record.stop", "conflict")
        size = (s.recordings / "capped.pcast").stat().st_size
        assert size <= 4096, size
    status, out = verify(s.recordings / "capped.pcast")
    assert status == 0, out


def _can_mount_tmpfs():
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return "not root: cannot mount a tiny tmpfs to fill"
    probe = tempfile.mkdtemp(prefix="pc-tmpfs-probe-")
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], capture_output=True).returncode == 0
        if ok:
            subprocess.run(["umount", probe], capture_output=True)
        return None if ok else "mount -t tmpfs is not permitted here"
    finally:
        os.rmdir(probe)


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB tmpfs as the recordings folder (root only)."""
    reason = _can_mount_tmpfs()
    if reason:
        pytest.skip(reason)
    folder = tmp_path / "tiny"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@async_test(timeout=90)
async def test_full_disk_is_an_io_event_and_the_session_goes_on(start_server, full_disk):
    """A live recording fills a 64 KiB disk: an `io` record.error event, the session keeps
    animating and answering, and the partial file still replays up to its last whole line."""
    s = start_server(recordings=full_disk)
    async with Client.connect(s.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("record.start", name="fills-the-disk")
        await c.call("hud.show", target="h", mode="determinate", progress=0.1, label="x" * 900, details="y " * 400)
        await c.call("bar.create", target="b", frame=BAR_FRAME)
        mark = c.mark()
        for i in range(2000):
            await c.call("hud.update", target="h", progress=(i % 100) / 100, label=f"{i} " + "x" * 900)
            await c.call("clock.advance", by=0.02)
            if any(m.get("name") == "record.error" for m in c.history[mark:]):
                break
        event = await c.next_event("record.error", since=mark)
        assert event["code"] == "io" and event["recording"] == "fills-the-disk", event
        # The session goes on.
        await c.call("bar.set", target="b", value=0.5, duration=0.2)
        await c.call("clock.advance", by=0.1)
        assert (await c.next_frame())["t"] > 0
        # A new recording on the full disk is an io error, not a crash.
        err = await c.request("record.start", name="no-room")
        assert err["type"] == "ack" or err["code"] == "io", err
        await c.call("frame.get")
    copy = Path(tempfile.mkdtemp()) / "fills-the-disk.pcast"
    shutil.copy(full_disk / "fills-the-disk.pcast", copy)
    status, out = verify(copy)
    assert status == 0, out


def test_port_in_use_is_a_clear_error(tmp_path):
    """A port held by another process: one message naming the port and a non-zero exit, at once."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        proc = ServerProcess(tmp_path / "rec", port=port, name="port-in-use").spawn()
        code = proc.wait_exit(15)
        assert code not in (None, 0), proc.output
        assert str(port) in proc.output and "in use" in proc.output.lower(), proc.output
        # Said once, by the server: not after libwebsockets' own error lines.
        assert "E: " not in proc.output, proc.output
        assert not proc.crash_lines(), proc.output
    finally:
        holder.close()
