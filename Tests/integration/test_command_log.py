"""The command log's limit (README "Limits", docs/architecture.md "The command log"): every op of
a live session is kept from its creation so that `record.start` can write the session from the
start; past `--max-log-bytes` (all sessions together) or the recording size (one session) the
largest log drops the entries already recorded, the session goes on, and recording it from its
creation is refused with `limit`. Without the limit, ops sent within the rate limit grew the
server's memory for as long as the client kept sending."""
import json
import subprocess

from itclient import Client, async_test
from itserver import binary_path

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}
# Padding each op carries (unknown fields are kept in the log and the recording, as sent).
PAD = "p" * 5000


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def bar_session(c):
    """A manual-clock session with bar `b`."""
    await c.call("session.create", clock="manual")
    await c.call("bar.create", target="b", frame=BAR_FRAME)


async def padded_sets(c, count, first=0):
    for i in range(count):
        await c.call("bar.set", target="b", value=((first + i) % 100) / 100, pad=PAD)


@async_test(timeout=60)
async def test_a_log_past_the_limit_drops_its_history_and_the_session_goes_on(start_server):
    s = start_server("--max-log-bytes", "65536")
    async with Client.connect(s.ws_url) as c:
        await bar_session(c)
        await padded_sets(c, 20)  # about 100 KB of log
        err = await c.expect_error("record.start", "limit", name="too-late")
        assert "command log" in err["message"] and "creation" in err["message"], err
        assert not (s.recordings / "too-late.pcast").exists()
        # The session goes on: ops apply and frames show them.
        await c.call("bar.set", target="b", value=0.5)
        await c.call("clock.advance", by=1)
        frame = await c.call("frame.get")
        assert frame["frame"]["shapes"], frame
    assert "command log history dropped" in s.output


@async_test(timeout=60)
async def test_past_the_servers_limit_the_largest_log_drops_its_history(start_server):
    """Two sessions each under the limit, over it together: the larger one's history goes, the
    other can still be recorded from its creation."""
    s = start_server("--max-log-bytes", "102400")
    async with Client.connect_many(s.ws_url, 2) as (large, small):
        await bar_session(large)
        await bar_session(small)
        await padded_sets(small, 9)  # about 45 KB
        await padded_sets(large, 11)  # about 55 KB: 100 KB together
        await padded_sets(small, 1)  # over the limit by this one
        await large.expect_error("record.start", "limit", name="large")
        await small.call("record.start", name="small")
        await small.call("record.stop")
    assert (s.recordings / "small.pcast").exists()
    assert s.output.count("command log history dropped") == 1, s.output


@async_test(timeout=60)
async def test_a_recording_running_when_the_log_drops_stays_whole_and_verifies(start_server):
    s = start_server("--max-log-bytes", "65536")
    async with Client.connect(s.ws_url) as c:
        await bar_session(c)
        await c.call("record.start", name="across")
        for step in range(6):
            await padded_sets(c, 5, first=5 * step)
            await c.call("clock.advance", by=0.25)
        stop = await c.call("record.stop")
    assert "command log history dropped" in s.output
    path = s.recordings / "across.pcast"
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    ops = [event[2]["op"] for event in lines if event[1] == "c"]
    assert ops == ["session.create", "bar.create"] + ["bar.set"] * 30, ops
    assert stop["commands"] == 31
    out = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@async_test(timeout=90)
async def test_a_flood_of_large_ops_keeps_the_servers_memory_bounded(start_server):
    """1,200 ops of 60 KB each (72 MB of log without the limit) into a server keeping at most
    1 MiB of log: its resident memory grows by far less than the ops' size."""
    s = start_server("--max-log-bytes", "1048576", "--max-messages-per-second", "100000")
    pad = "q" * 60000
    async with Client.connect(s.ws_url) as c:
        await bar_session(c)
        await padded_sets(c, 20)
        before = rss_kib(s.proc.pid)
        for i in range(1200):
            await c.send_json({"op": "bar.set", "id": i, "target": "b", "value": (i % 100) / 100, "pad": pad})
            if i % 100 == 99:
                await c.reply(i)  # keep the acks from piling up; the last one waits for them all
        after = rss_kib(s.proc.pid)
    grown_mib = (after - before) / 1024
    assert grown_mib < 30, f"resident memory grew by {grown_mib:.1f} MiB for 72 MB of ops"
