"""The process: port in use, graceful shutdown with clients and recordings, bad flags."""
import asyncio
import json
import signal
import socket

import pytest

from itclient import Client, async_test, create_sessions_to_limit
from itserver import ServerProcess, binary_path


def test_port_in_use_exits_nonzero_with_message(server, tmp_path):
    proc = ServerProcess(tmp_path / "rec", port=server.port, name="port-in-use").spawn()
    code = proc.wait_exit(15)
    assert code is not None, "a server whose port is taken must exit, not hang"
    assert code != 0
    assert proc.url is None, "it must not claim to be listening"
    out = proc.output.lower()
    assert str(server.port) in out and ("in use" in out or "cannot listen" in out), proc.output


def test_port_held_by_plain_socket(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        port = holder.getsockname()[1]
        proc = ServerProcess(tmp_path / "rec", port=port, name="port-held").spawn()
        code = proc.wait_exit(15)
        assert code not in (None, 0), proc.output
        assert "in use" in proc.output.lower(), proc.output


def test_missing_public_folder(tmp_path):
    proc = ServerProcess(tmp_path / "rec", public=tmp_path / "nope", name="no-public").spawn()
    code = proc.wait_exit(15)
    assert code not in (None, 0)
    assert "index.html" in proc.output, proc.output


def test_bad_flag_values(tmp_path):
    for args in (["--log-level", "loud"], ["--port", "70000"], ["--port", "abc"]):
        proc = ServerProcess(tmp_path / "rec", extra_args=args, name="bad-flag").spawn()
        code = proc.wait_exit(15)
        assert code not in (None, 0), (args, proc.output)
        assert proc.output.strip(), f"{args}: no message"


@async_test(timeout=30)
async def test_sigterm_with_clients_and_recording(start_server):
    """SIGTERM while clients are connected and a recording runs: exit 0 within 5 s, and the
    recording is finished with an end line."""
    s = start_server()
    a = await Client.open(s.ws_url)
    b = await Client.open(s.ws_url)
    await a.call("session.create", clock="manual")
    await a.call("record.start", name="at-shutdown")
    await a.call("clock.advance", by=0.5)
    await b.call("session.create")  # live
    s.proc.send_signal(signal.SIGTERM)
    code = await asyncio.get_running_loop().run_in_executor(None, s.wait_exit, 5)
    assert code == 0, f"exit code {code} after SIGTERM with clients connected\n{s.output[-2000:]}"
    for c in (a, b):
        closing = await c.closed(timeout=5)
        assert closing[0] in (1001, 1006, None), closing
    lines = (s.recordings / "at-shutdown.pcast").read_text().splitlines()
    last = json.loads(lines[-1])
    assert last[1] == "e", lines[-3:]
    assert isinstance(last[2].get("reason"), str)


def test_sigint_exits_cleanly(start_server):
    s = start_server()
    with socket.create_connection(("127.0.0.1", s.port), timeout=5):
        pass  # it serves
    asyncio.run(asyncio.sleep(0.3))
    s.proc.send_signal(signal.SIGINT)
    assert s.wait_exit(5) == 0, s.output[-2000:]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_right_after_listening_line(tmp_path, sig):
    """Once it prints "listening on", the server must honour SIGINT/SIGTERM (a supervisor or a
    test may stop it at once). Repeated, because the window is a few milliseconds."""
    hung = 0
    for i in range(8):
        proc = ServerProcess(tmp_path / "rec", name=f"early-{sig.name}-{i}").start()
        proc.proc.send_signal(sig)
        if proc.wait_exit(3) is None:
            hung += 1
        proc.stop(timeout=5)
    assert hung == 0, f"{hung} of 8 servers ignored {sig.name} sent right after 'listening on'"


def test_serve_help_lists_flags():
    import subprocess
    out = subprocess.run([str(binary_path()), "serve", "--help"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0
    for flag in ("--host", "--port", "--public", "--recordings", "--allow-origin", "--token"):
        assert flag in out.stdout, flag


@async_test(timeout=30)
async def test_session_limit(start_server):
    s = start_server("--max-sessions", "3")
    async with Client.connect_many(s.ws_url, 5) as clients:
        await create_sessions_to_limit(clients, 3)
        # Closing one makes room again.
        await clients[0].call("session.close")
        await clients[3].call("session.create", clock="manual")
        await clients[4].expect_error("session.create", "limit")
