"""Fixtures for the integration tests: the real `progresscast serve` process.

- `server`: one server shared by the whole run (`--port 0`, a temporary recordings folder),
  checked to be still alive after every test that uses it; stopped at the end with SIGTERM,
  which must exit with code 0 within 5 s.
- `start_server(*args)`: extra servers with their own flags (and the same clean-exit check).
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from itserver import ServerProcess  # noqa: E402

SHUTDOWN_TIMEOUT = 5.0


def _stop_and_check(proc):
    code = proc.stop(timeout=SHUTDOWN_TIMEOUT)
    crashes = proc.crash_lines()
    assert code == 0, (f"{proc.name}: expected a clean exit (0) within {SHUTDOWN_TIMEOUT} s of SIGTERM, "
                       f"got {'a hang (killed)' if code is None else code}\n{proc.output[-3000:]}")
    assert not crashes, f"{proc.name} logged a crash: {crashes}"


@pytest.fixture(scope="session")
def _shared_server(tmp_path_factory):
    recordings = tmp_path_factory.mktemp("recordings")
    # Sessions outlive their last connection by 60 s, and a full run makes a few thousand:
    # the default limit (1000) is tested on its own server (test_process.py).
    proc = ServerProcess(recordings, extra_args=("--max-sessions", "100000"), name="integration-server").start()
    yield proc
    _stop_and_check(proc)


@pytest.fixture
def server(_shared_server):
    assert _shared_server.alive(), f"the shared server died before this test:\n{_shared_server.output[-3000:]}"
    yield _shared_server
    assert _shared_server.alive(), f"the server died during this test:\n{_shared_server.output[-3000:]}"
    assert not _shared_server.crash_lines(), _shared_server.crash_lines()


@pytest.fixture
def start_server(tmp_path, request):
    """Starts another server: start_server("--allow-origin", "http://x") -> ServerProcess."""
    started = []

    def start(*extra_args, recordings=None):
        rec = recordings or tmp_path / f"recordings-{len(started)}"
        proc = ServerProcess(rec, extra_args=extra_args, name=f"{request.node.name[:60]}-{len(started)}")
        started.append(proc)
        return proc.start()

    yield start
    for proc in started:
        if proc.proc is not None and proc.proc.returncode is None:
            _stop_and_check(proc)


@pytest.fixture(scope="session")
def sample_recording(_shared_server):
    """A recording made through the server: a manual session with two markers, 1 s long
    (with a bar animating when bar ops exist). Returns its name."""
    import asyncio

    from itclient import Client

    async def make():
        async with Client.connect(_shared_server.ws_url) as c:
            await c.call("session.create", clock="manual", title="sample")
            await c.call("record.start", name="it-sample", title="sample recording")
            await c.call("record.marker", label="start")
            has_bar = (await c.request("bar.create", target="b1", frame={"x": 20, "y": 300, "width": 335, "height": 30}))["type"] == "ack"
            if has_bar:
                await c.call("bar.set", target="b1", value=1, duration=1)
            await c.call("clock.advance", by=0.5)
            await c.call("record.marker", label="middle")
            await c.call("clock.advance", by=0.5)
            await c.call("record.stop")

    asyncio.run(asyncio.wait_for(make(), 30))
    return "it-sample"
