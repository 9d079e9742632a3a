"""Recording (docs/protocol.md section 7): the .pcast file the server writes, the HTTP listing, and
replay sessions (open, seek, play, pause, speed, step, markers, replay.state events)."""
import asyncio
import json
import re
import subprocess
import time

import pytest

from itclient import Client, async_test, connect_manual, is_number
from itserver import binary_path

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")
_n = iter(range(1, 10 ** 6))


def unique(prefix):
    return f"{prefix}-{next(_n)}-{int(time.time() * 1000) % 100000}"


def read_pcast(path):
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    events = [json.loads(line) for line in lines[1:]]
    return header, events


def check_format(header, events):
    """Every rule of docs/protocol.md section 7 that holds for any recording."""
    assert header["format"] == "progresscast"
    assert header["version"] == 1
    assert isinstance(header["title"], str)
    assert ISO_UTC.match(header["created"]), header["created"]
    assert set(header["canvas"]) >= {"width", "height"} and all(is_number(v) for v in header["canvas"].values())
    assert isinstance(header["fps"], int) and 1 <= header["fps"] <= 120
    assert header["generator"].startswith("progresscast"), header
    last = -1
    checksummed = set()
    for ev in events:
        assert isinstance(ev, list) and len(ev) == 3, ev
        if ev[1] == "h":
            key = (ev[0], ev[2]["seq"])
            assert key not in checksummed, f"a second checksum line for frame {key[1]} at {key[0]}: {ev}"
            checksummed.add(key)
        t_us, code, data = ev
        assert isinstance(t_us, int) and not isinstance(t_us, bool), f"t_us must be an integer: {ev}"
        assert t_us >= 0
        assert t_us >= last, f"events out of time order: {ev}"
        last = t_us
        assert code in ("c", "m", "h", "e"), ev
        if code == "c":
            assert isinstance(data, dict) and isinstance(data.get("op"), str), ev
            assert "id" not in data and "token" not in data, f"c lines carry neither id nor token: {ev}"
        elif code == "m":
            assert isinstance(data, str), ev
        elif code == "h":
            assert isinstance(data, dict) and isinstance(data["seq"], int) and isinstance(data["hash"], str) and data["hash"], ev
        elif code == "e":
            assert isinstance(data, dict) and isinstance(data["reason"], str), ev
    c_lines = [e for e in events if e[1] == "c"]
    assert c_lines and c_lines[0][0] == 0 and c_lines[0][2]["op"] == "session.create", "the file starts at the session's creation"
    assert [e[1] for e in events].count("e") == 1 and events[-1][1] == "e", "exactly one end line, last"


async def has_bars(c):
    msg = await c.request("bar.create", target="probe", frame=BAR_FRAME, showDot=False)
    return msg["type"] == "ack"


@async_test()
async def test_record_file_format(server):
    name = unique("fmt")
    async with connect_manual(server.ws_url, canvas={"width": 320, "height": 480}, fps=30, title="session title") as (c, created):
        await c.call("clock.advance", by=0.25)
        ack = await c.call("record.start", name=name, title="Format test")
        assert ack["recording"] == name and ack["t"] == 0.25
        await c.call("record.marker", label="first")
        await c.call("clock.advance", by=0.5)
        await c.call("record.marker", label="second")
        await c.call("clock.advance", by=0.25)
        stop = await c.call("record.stop")
        assert stop["recording"] == name
        assert stop["duration"] == 1.0 and stop["t"] == 1.0
        assert isinstance(stop["commands"], int)
    path = server.recordings / f"{name}.pcast"
    header, events = read_pcast(path)
    check_format(header, events)
    assert header["title"] == "Format test"
    assert header["canvas"] == {"width": 320, "height": 480} and header["fps"] == 30
    assert [(e[0], e[2]) for e in events if e[1] == "m"] == [
        (250000, "recording started"), (250000, "first"), (750000, "second")]
    assert events[-1][0] == 1_000_000
    assert any(e[1] == "h" for e in events), "at least one checksum line"
    assert stop["commands"] == len([e for e in events if e[1] == "c"]) - 1


@async_test()
async def test_stop_right_after_a_change_writes_its_checksum_once(server):
    name = unique("oncehash")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("record.start", name=name)
        await c.call("hud.show", target="h", mode="text", label="Once", animated=False)
        await c.call("record.stop")
    header, events = read_pcast(server.recordings / f"{name}.pcast")
    check_format(header, events)
    assert events[-1][1] == "e" and events[-2][1] == "h"


@async_test()
async def test_a_recording_started_late_marks_where_it_started(server):
    """The file holds the session from its creation (a replay starts there): record.start after
    it writes a "recording started" marker where it was asked; at the creation, none."""
    late, early = unique("late"), unique("early")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("clock.advance", by=2)
        await c.call("record.start", name=late)
        await c.call("record.marker", label="mine")
        await c.call("record.stop")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("record.start", name=early)
        await c.call("record.stop")
    _, events = read_pcast(server.recordings / f"{late}.pcast")
    assert [(e[0], e[2]) for e in events if e[1] == "m"] == [(2000000, "recording started"), (2000000, "mine")]
    _, events = read_pcast(server.recordings / f"{early}.pcast")
    assert [e for e in events if e[1] == "m"] == []


@async_test()
async def test_record_title_defaults_to_session_title(server):
    name = unique("title")
    async with connect_manual(server.ws_url, title="My session") as (c, _):
        await c.call("record.start", name=name)
        await c.call("record.stop")
    header, _ = read_pcast(server.recordings / f"{name}.pcast")
    assert header["title"] == "My session"


@async_test()
async def test_record_default_name(server):
    async with connect_manual(server.ws_url) as (c, _):
        ack = await c.call("record.start")
        name = ack["recording"]
        assert re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}", name), name
        await c.call("record.stop")
        check_format(*read_pcast(server.recordings / f"{name}.pcast"))


@async_test()
async def test_record_commands_without_id_and_token(server):
    name = unique("cmds")
    async with connect_manual(server.ws_url) as (c, created):
        if not await has_bars(c):
            pytest.skip("bar.* ops are not implemented by this server yet (unknown_op): no c lines besides session.create")
        # Ops before record.start are in the file too (it holds the session from its creation).
        await c.call("bar.set", target="probe", value=0.25)
        await c.call("clock.advance", by=0.5)
        await c.call("record.start", name=name)
        await c.send_json({"op": "bar.set", "id": "with-id", "token": created["token"], "target": "probe", "value": 0.75,
                           "duration": 0.5, "extra": [1, {"a": "b"}]})
        await c.reply("with-id")
        await c.send_json({"op": "bar.set", "target": "probe", "value": 0.8})  # no id
        await c.call("clock.advance", by=1)
        await c.call("bar.set", target="nope", value=0.1) if False else None
        stop = await c.call("record.stop")
    header, events = read_pcast(server.recordings / f"{name}.pcast")
    check_format(header, events)
    cmds = [e for e in events if e[1] == "c"]
    assert [(e[0], e[2]["op"]) for e in cmds] == [(0, "session.create"), (0, "bar.create"), (0, "bar.set"),
                                                 (500000, "bar.set"), (500000, "bar.set")]
    assert cmds[3][2] == {"op": "bar.set", "target": "probe", "value": 0.75, "duration": 0.5, "extra": [1, {"a": "b"}]}
    assert stop["commands"] == 4


@async_test()
async def test_recordings_listing_and_download(server):
    name = unique("listed")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("record.start", name=name, title="Listed")
        await c.call("clock.advance", by=1.5)
        await c.call("record.stop")
    import urllib.request
    with urllib.request.urlopen(server.url + "/api/recordings", timeout=5) as r:
        listing = json.loads(r.read())
    row = next(r for r in listing if r["name"] == name)
    path = server.recordings / f"{name}.pcast"
    assert row["title"] == "Listed"
    assert row["bytes"] == path.stat().st_size
    assert row["duration"] == 1.5 and row["ended"] is True
    assert ISO_UTC.match(row["created"])
    with urllib.request.urlopen(f"{server.url}/api/recordings/{name}", timeout=5) as r:
        assert r.headers["content-type"].startswith("application/x-ndjson")
        assert r.read() == path.read_bytes()


@async_test()
async def test_a_name_with_the_extension_means_the_same_recording_everywhere(server):
    """`NAME.pcast` names recording NAME in record.start, replay.open, the download and the export
    routes alike; a name that would end in `.pcast` once stripped is refused."""
    import http.client
    import urllib.request
    name = unique("ext")
    async with connect_manual(server.ws_url) as (c, _):
        ack = await c.call("record.start", name=name + ".pcast")
        assert ack["recording"] == name
        await c.call("clock.advance", by=0.5)
        await c.call("record.stop")
        assert (server.recordings / f"{name}.pcast").exists()
        assert not (server.recordings / f"{name}.pcast.pcast").exists()
        err = await c.expect_error("record.start", "bad_request", name=name + ".pcast.pcast")
        assert "must not end in .pcast" in err["message"], err
    with urllib.request.urlopen(f"{server.url}/api/recordings/{name}.pcast", timeout=5) as r:
        assert r.read() == (server.recordings / f"{name}.pcast").read_bytes()
    async with Client.connect(server.ws_url) as c:
        opened = await c.call("replay.open", recording=name + ".pcast")
        assert opened["duration"] == 0.5 and opened["ended"] is True
        await c.expect_error("replay.open", "bad_request", recording=name + ".pcast.pcast")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("HEAD", f"/api/recordings/{name}.pcast/export?format=gif")
        assert conn.getresponse().status in (200, 503)  # 503: no ffmpeg on this machine
    finally:
        conn.close()


def test_the_listing_follows_files_changed_added_and_removed(server):
    """Rows are kept per file version (size and modification time): a file rewritten, added or
    removed between two listings shows as it is now."""
    import urllib.request

    def listing():
        with urllib.request.urlopen(server.url + "/api/recordings", timeout=5) as r:
            return {row["name"]: row for row in json.loads(r.read())}

    name = unique("relisted")
    path = server.recordings / f"{name}.pcast"
    header = {"format": "progresscast", "version": 1, "title": "First", "created": "2026-11-28T10:00:00Z",
              "canvas": {"width": 375, "height": 667}, "fps": 60}
    create = [0, "c", {"op": "session.create", "clock": "manual"}]
    path.write_text(json.dumps(header) + "\n" + json.dumps(create) + "\n" + json.dumps([500000, "e", "end"]) + "\n")
    first = listing()[name]
    assert first["title"] == "First" and first["duration"] == 0.5 and "error" not in first
    header["title"] = "Second, longer"
    path.write_text(json.dumps(header) + "\n" + json.dumps(create) + "\n" + json.dumps([1500000, "e", "end"]) + "\n")
    second = listing()[name]
    assert second["title"] == "Second, longer" and second["duration"] == 1.5
    assert second["bytes"] == path.stat().st_size
    path.write_text("not a recording\n")
    assert "error" in listing()[name]
    path.unlink()
    assert name not in listing()


@async_test()
async def test_recording_visible_while_running(server):
    """Lines are flushed as they happen: the file is readable before record.stop."""
    name = unique("running")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("record.start", name=name)
        await c.call("record.marker", label="live marker")
        lines = (server.recordings / f"{name}.pcast").read_text().splitlines()
        assert json.loads(lines[0])["format"] == "progresscast"
        assert [json.loads(x) for x in lines[1:]][-1] == [0, "m", "live marker"]
        await c.call("record.stop")


@async_test()
async def test_session_close_finishes_recording(server):
    name = unique("closed")
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("record.start", name=name)
        await c.call("clock.advance", by=0.5)
        await c.call("session.close")
    header, events = read_pcast(server.recordings / f"{name}.pcast")
    check_format(header, events)
    assert events[-1][0] == 500000


def assert_checksums_every_second(path, start=0.0, until=None):
    """The recording's checksum lines come at most a second apart from `start` (and reach `until`),
    and the recording verifies headless."""
    lines = [json.loads(x) for x in path.read_text().splitlines()[1:]]
    times = [line[0] / 1e6 for line in lines if line[1] == "h"]
    gaps = [b - a for a, b in zip([start] + times, times)]
    assert len(times) >= 2 and max(gaps) <= 1.0, (start, times, gaps)
    assert until is None or times[-1] >= until, (times, until)
    out = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@async_test()
async def test_checksums_come_at_least_once_a_second_on_a_manual_clock(server):
    # docs/protocol.md section 7: "h" lines at least once a second of recording, also across a
    # long clock.advance with an animation running through it (each hashes the display list then).
    name = f"it-every-second-{time.time_ns()}"
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("record.start", name=name)
        await c.call("bar.create", target="b1", frame={"x": 20, "y": 300, "width": 335, "height": 30})
        await c.call("bar.set", target="b1", value=1, duration=4)
        await c.call("clock.advance", by=5)
        await c.call("clock.advance", by=2.5)
        await c.call("record.stop")
    assert_checksums_every_second(server.recordings / f"{name}.pcast", until=7.5)


@async_test()
async def test_checksums_come_at_least_once_a_second_while_a_live_session_rests(server):
    name = f"it-live-rest-{time.time_ns()}"
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create")
        started = await c.call("record.start", name=name)
        await asyncio.sleep(2.6)
        await c.call("record.stop")
    assert_checksums_every_second(server.recordings / f"{name}.pcast", start=started["t"])


@async_test()
async def test_joining_a_session_that_records_names_the_recording(server):
    name = f"it-recording-to-{time.time_ns()}"
    async with Client.connect(server.ws_url) as c:
        created = await c.call("session.create", clock="manual")
        await c.call("record.start", name=name)
        async with Client.connect(server.ws_url) as other:
            ack = await other.call("session.join", session=created["session"], token=created["token"])
            assert ack["recordingTo"] == name, ack
            await c.call("record.stop")
            ack = await other.call("session.join", session=created["session"], token=created["token"])
            assert "recordingTo" not in ack, ack


@async_test()
async def test_every_page_of_a_session_hears_it_start_and_stop_recording(server):
    """record.state reaches every connection of the session, the one that asked included, before
    its ack: a page that joined earlier learns that the session records without joining again."""
    name = unique("state")
    async with Client.connect(server.ws_url) as c:
        created = await c.call("session.create", clock="manual")
        async with Client.connect(server.ws_url) as other:
            await other.call("session.join", session=created["session"])
            mark = c.mark()
            ack = await c.call("record.start", name=name)
            own = await c.next_event("record.state", since=mark)
            assert own["state"] == "recording" and own["recording"] == name and own["target"] == "", own
            assert c.history.index(own) < c.history.index(ack), "the event comes before the ack"
            seen = await other.next_event("record.state")
            assert (seen["state"], seen["recording"]) == ("recording", name), seen
            await c.call("clock.advance", by=0.5)
            stop = await c.call("record.stop")
            seen = await other.next_event("record.state", state="stopped")
            assert {k: seen[k] for k in ("recording", "duration", "commands")} == {
                k: stop[k] for k in ("recording", "duration", "commands")}, (seen, stop)
            assert seen["duration"] == 0.5, seen
        # A refused start says nothing to anyone.
        mark = c.mark()
        await c.expect_error("record.start", "conflict", name=name)
        await c.quiet(0.2)
        assert not [m for m in c.history[mark:] if m.get("name") == "record.state"]


# --- replay ---


@async_test()
async def test_replay_open(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        ack = await c.call("replay.open", recording=sample_recording)
        assert ack["t"] == 0
        assert ack["duration"] == 1.0
        assert [(m["t"], m["label"]) for m in ack["markers"]] == [(0, "start"), (0.5, "middle")]
        assert isinstance(ack["session"], str) and len(ack["session"]) >= 32
        if not c.frames:
            await c.next_frame()
        # Its clock moves by replay ops only, and says so (not that the clock is live).
        err = await c.expect_error("clock.advance", "conflict", by=0.5)
        assert err["message"].startswith("a replay session only takes replay.* ops"), err
        # The same recording by file name.
        ack2 = await c.call("replay.open", recording=sample_recording + ".pcast")
        assert ack2["session"] != ack["session"]


@async_test()
async def test_joining_a_replay_session_says_where_the_replay_is(server, sample_recording):
    # A page that reloads or follows a link rejoins the replay (docs/protocol.md section 7) rather
    # than opening the recording again: the join reply names it and gives its state.
    async with Client.connect(server.ws_url) as c:
        opened = await c.call("replay.open", recording=sample_recording)
        await c.call("replay.speed", rate=2)
        await c.call("replay.seek", t=0.5)
        async with Client.connect(server.ws_url) as viewer:
            ack = await viewer.call("session.join", session=opened["session"])
            assert ack["role"] == "viewer"
            assert ack["recording"] == sample_recording and ack["duration"] == 1.0
            assert [(m["t"], m["label"]) for m in ack["markers"]] == [(0, "start"), (0.5, "middle")]
            assert ack["state"] == "paused" and ack["position"] == 0.5 and ack["rate"] == 2, ack
            assert ack["title"] == "sample recording"
        async with Client.connect(server.ws_url) as again:
            ack = await again.call("session.join", session=opened["session"], token=opened["token"])
            assert ack["role"] == "controller" and ack["position"] == 0.5
        # A live session's join reply has none of it.
        live = await c.call("session.create", clock="manual")
        async with Client.connect(server.ws_url) as other:
            ack = await other.call("session.join", session=live["session"])
            assert "duration" not in ack and "recording" not in ack


@async_test()
async def test_replay_seek(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        for t in (0.5, 0.25, 1.0, 0.0, 0.999999):
            mark = c.mark()
            ack = await c.call("replay.seek", t=t)
            assert ack["t"] == t
            assert ack["state"] in ("paused", "ended") and ack["position"] == t
            ev = await c.next_event("replay.state", since=mark)
            assert ev["t"] == t and ev["state"] in ("paused", "ended")
            assert (await c.call("inspect"))["t"] == t
            frame = (await c.call("frame.get"))["frame"]
            assert frame["type"] == "frame"
        # Past the end: clamped to the duration.
        ack = await c.call("replay.seek", t=50)
        assert ack["position"] == 1.0


@async_test()
async def test_replay_play_to_end_with_markers(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        started = time.monotonic()
        mark = c.mark()
        ack = await c.call("replay.play")
        assert ack["state"] == "playing"
        ev = await c.next_event("replay.state", since=mark)
        assert ev["state"] == "playing"
        end = await c.next_event("replay.state", state="ended", timeout=5, since=mark)
        elapsed = time.monotonic() - started
        assert end["t"] == 1.0
        assert 0.8 <= elapsed < 3.0, f"a 1 s recording played in {elapsed:.2f} s"
        labels = [e["label"] for e in c.events if e["name"] == "replay.marker"]
        assert labels == ["middle"] or labels == ["start", "middle"], labels
        # Play again after the end restarts from 0.
        mark = c.mark()
        await c.call("replay.play")
        await c.next_event("replay.state", state="playing", since=mark)
        await c.next_event("replay.state", state="ended", timeout=5, since=mark)


@async_test()
async def test_replay_pause_and_speed(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        await c.call("replay.play")
        await asyncio.sleep(0.3)
        mark = c.mark()
        ack = await c.call("replay.pause")
        assert ack["state"] == "paused"
        assert 0.1 < ack["position"] < 0.95, ack
        ev = await c.next_event("replay.state", state="paused", since=mark)
        assert ev["t"] == ack["position"]
        paused_at = ack["position"]
        await asyncio.sleep(0.3)
        assert (await c.call("inspect"))["t"] == paused_at, "a paused replay does not move"
        ack = await c.call("replay.speed", rate=16)
        assert ack["position"] == paused_at
        started = time.monotonic()
        mark = c.mark()
        await c.call("replay.play")
        await c.next_event("replay.state", state="ended", timeout=5, since=mark)
        assert time.monotonic() - started < 0.6, "16x speed should finish the rest of 1 s quickly"


def on_frame_grid(position, frames, fps=60):
    """replay.step moves by 1/fps per frame (docs/protocol.md 7): `frames` steps from 0 land within a
    microsecond per step of frames / fps."""
    return position == pytest.approx(frames / fps, abs=1e-6 * (abs(frames) + 1))


@async_test()
async def test_replay_step(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        ack = await c.call("replay.step", frames=1)
        assert ack["state"] == "paused"
        assert on_frame_grid(ack["position"], 1), ack
        ack = await c.call("replay.step", frames=3)
        assert on_frame_grid(ack["position"], 4), ack
        ack = await c.call("replay.step", frames=-2)
        assert on_frame_grid(ack["position"], 2), ack
        assert (await c.call("inspect"))["t"] == ack["position"]
        ack = await c.call("replay.step", frames=-100)
        assert ack["position"] == 0
        ack = await c.call("replay.step", frames=30)
        assert on_frame_grid(ack["position"], 30), ack
        ack = await c.call("replay.step", frames=1000)
        assert ack["position"] == 1.0, "stepping stops at the end"
        # Stepping while playing pauses.
        await c.call("replay.seek", t=0)
        mark = c.mark()
        await c.call("replay.play")
        ack = await c.call("replay.step", frames=1)
        assert ack["state"] == "paused"
        await c.next_event("replay.state", state="paused", since=mark)


@async_test()
async def test_replay_of_live_recording_stays_at_its_position(server):
    """A replay session's time is the replay position: reading it (inspect, frame.get) must not
    run it on as if it were a live clock, even when the recorded session was live."""
    name = unique("live-rec")
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create")  # live
        await c.call("record.start", name=name)
        await asyncio.sleep(0.4)
        stop = await c.call("record.stop")
        assert stop["duration"] >= 0.35
        await c.call("replay.open", recording=name)
        ack = await c.call("replay.seek", t=0.1)
        assert ack["t"] == 0.1
        await asyncio.sleep(0.3)
        got = await c.call("inspect")
        assert got["t"] == 0.1, f"inspect on a paused replay at 0.1 s reports t = {got['t']}"
        ack = await c.call("replay.step", frames=1)
        assert (await c.call("inspect"))["t"] == ack["position"]


@pytest.mark.parametrize("ops,state", [([("replay.seek", {"t": 0.5})], "paused"),
                                       ([("replay.play", {})], "playing"),
                                       ([("replay.play", {}), ("replay.pause", {})], "paused"),
                                       ([("replay.play", {}), ("replay.step", {"frames": 1})], "paused"),
                                       ([("replay.seek", {"t": 0.9}), ("replay.play", {})], "ended")],
                         ids=["seek", "play", "pause", "step-while-playing", "play-to-end"])
@async_test()
async def test_replay_state_events_reach_viewers(server, sample_recording, ops, state):
    """replay.state goes to every watcher when the state changes and on a seek."""
    async with Client.connect(server.ws_url) as c:
        opened = await c.call("replay.open", recording=sample_recording)
        async with Client.connect(server.ws_url) as viewer:
            await viewer.call("session.join", session=opened["session"])
            for op, fields in ops:
                await c.call(op, **fields)
            ev = await viewer.next_event("replay.state", state=state)
            assert is_number(ev["t"]) and 0 <= ev["t"] <= 1


@async_test()
async def test_replay_state_event_has_no_duplicate_keys(server, sample_recording):
    """The replay.state event carries `t` once (a JSON object must not repeat a name: strict
    parsers reject it, and JavaScript silently keeps the last value)."""
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        mark = c.mark()
        await c.call("replay.seek", t=0.5)
        ev = await c.next_event("replay.state", since=mark)
        assert ev["t"] == 0.5
        assert not c.duplicate_keys, f"repeated key {c.duplicate_keys[0][0]!r} in {c.duplicate_keys[0][1]}"


def write_pcast(path, lines, tail=""):
    path.write_text("".join(json.dumps(x, separators=(",", ":")) + "\n" for x in lines) + tail)


HEADER = {"format": "progresscast", "version": 1, "title": "hand", "created": "2026-11-21T10:00:00Z",
          "canvas": {"width": 375, "height": 667}, "fps": 60, "generator": "test"}


@async_test()
async def test_replay_tolerates_unknown_codes_and_truncated_tail(server):
    name = unique("tolerant")
    write_pcast(server.recordings / f"{name}.pcast",
                [{**HEADER, "future": {"x": 1}}, [0, "c", {"op": "session.create", "clock": "manual"}],
                 [100000, "z", {"new": "code"}], [200000, "m", "mark"], [300000, "e", {"reason": "stopped"}]],
                tail='[400000,"m","trunc')
    async with Client.connect(server.ws_url) as c:
        ack = await c.call("replay.open", recording=name)
        assert ack["duration"] == 0.3
        assert [m["label"] for m in ack["markers"]] == ["mark"]


@pytest.mark.parametrize("content", ["", "not json\n", '{"format":"other","version":1}\n', '{"format":"progresscast","version":99}\n',
                                     "[1,2,3]\n"])
@async_test()
async def test_replay_open_unreadable(server, content):
    name = unique("broken")
    (server.recordings / f"{name}.pcast").write_text(content)
    async with Client.connect(server.ws_url) as c:
        err = await c.request("replay.open", recording=name)
        assert err["type"] == "error" and err["code"] in ("bad_request", "io"), err
        assert name in err["message"]
        await c.call("session.create", clock="manual")


def test_headless_verify_of_server_recording(server, sample_recording):
    path = server.recordings / f"{sample_recording}.pcast"
    out = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "ok" in out.stdout


@async_test()
async def test_record_start_keeps_an_existing_recording_unless_told_to_replace_it(server):
    """A name whose recording exists is `conflict` (the file is left as it was); `overwrite:
    true` replaces it."""
    name = unique("keep")
    async with connect_manual(server.ws_url, title="first") as (c, _):
        await c.call("record.start", name=name)
        await c.call("record.marker", label="first take")
        await c.call("clock.advance", by=0.5)
        await c.call("record.stop")
    path = server.recordings / f"{name}.pcast"
    before = path.read_bytes()
    async with connect_manual(server.ws_url, title="second") as (c, _):
        err = await c.expect_error("record.start", "conflict", name=name)
        assert f'a recording named "{name}" exists' in err["message"] and "overwrite" in err["message"], err
        assert path.read_bytes() == before, "a refused record.start leaves the file as it was"
        await c.call("record.start", name=name, overwrite=True)
        await c.call("record.marker", label="second take")
        await c.call("record.stop")
    header, events = read_pcast(path)
    check_format(header, events)
    assert header["title"] == "second"
    assert [e[2] for e in events if e[1] == "m"] == ["second take"]


@async_test()
async def test_two_sessions_cannot_record_to_one_name(server):
    """While a session records a name, another session's record.start with that name is
    `conflict` even with overwrite (two writers would interleave their lines); the recording
    stays valid and replays."""
    name = unique("one-writer")
    async with connect_manual(server.ws_url) as (a, _), connect_manual(server.ws_url) as (b, _):
        await a.call("record.start", name=name)
        err = await b.expect_error("record.start", "conflict", name=name, overwrite=True)
        assert f'another session is recording "{name}"' in err["message"], err
        await a.call("clock.advance", by=0.25)
        await a.call("record.stop")
        # Once it is finished, replacing it is the owner's choice again.
        await b.call("record.start", name=name, overwrite=True)
        await b.call("record.stop")
    path = server.recordings / f"{name}.pcast"
    check_format(*read_pcast(path))
    done = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


# ---- replay.open off the service thread ------------------------------------------------------------

def write_long_recording(path, commands):
    """A recording of `commands` HUD progress updates, 50 us apart (long to simulate, quick to write)."""
    header = {"format": "progresscast", "version": 1, "title": "long", "created": "2026-11-28T10:00:00Z",
              "canvas": {"width": 375, "height": 667}, "fps": 60, "clock": "manual"}
    lines = [json.dumps(header), json.dumps([0, "c", {"op": "session.create", "clock": "manual"}]),
             json.dumps([0, "c", {"op": "hud.show", "target": "h", "mode": "determinate"}])]
    lines += [f'[{i * 50},"c",{{"op":"hud.update","target":"h","progress":{(i % 1000) / 1000}}}]'
              for i in range(1, commands + 1)]
    lines.append(json.dumps([commands * 50, "e", {"reason": "stopped"}]))
    path.write_text("\n".join(lines) + "\n")


@async_test(timeout=120)
async def test_opening_a_long_replay_does_not_hold_other_connections(server):
    """replay.open reads and simulates on a thread of its own: another session's ops are answered
    while it runs (they waited for it: 200,000 commands held every connection for 0.5-1 s)."""
    name = unique("long")
    write_long_recording(server.recordings / f"{name}.pcast", 200_000)
    async with connect_manual(server.ws_url) as (other, _):
        async with Client.connect(server.ws_url) as opener:
            rid = await opener.send("replay.open", recording=name)
            answered = 0
            ack = None
            while ack is None:
                await other.call("clock.advance", by=0.001)
                answered += 1
                done = [m for m in opener.history if m.get("id") == rid]
                if not done:
                    try:
                        ack = await opener.reply(rid, timeout=0.01)
                    except TimeoutError:
                        continue
                else:
                    ack = done[0]
            assert ack["type"] == "ack" and ack["duration"] == 10.0, ack
            assert answered >= 3, f"only {answered} ops of another session were answered while the replay opened"


@async_test(timeout=120)
async def test_messages_sent_while_a_replay_opens_follow_its_ack_in_order(server):
    name = unique("order")
    write_long_recording(server.recordings / f"{name}.pcast", 20_000)
    async with Client.connect(server.ws_url) as c:
        opened = await c.send("replay.open", recording=name)
        seek = await c.send("replay.seek", t=0.5)
        play = await c.send("replay.play")
        replies = []
        while len(replies) < 3:
            msg = await c.next()
            if msg.get("type") in ("ack", "error") and msg.get("id") in (opened, seek, play):
                replies.append(msg)
        assert [m["id"] for m in replies] == [opened, seek, play], replies
        assert all(m["type"] == "ack" for m in replies), replies
        assert replies[2]["state"] == "playing", replies[2]
        # A missing recording is refused at once, without a thread.
        await c.expect_error("replay.open", "not_found", recording=unique("missing"))


def test_a_connection_gone_while_its_replay_opens_leaves_no_session(server):
    import urllib.request
    name = unique("gone")
    write_long_recording(server.recordings / f"{name}.pcast", 100_000)

    def sessions():
        with urllib.request.urlopen(server.url + "/api/health", timeout=5) as r:
            return json.loads(r.read())["sessions"]

    before = sessions()

    async def open_and_leave():
        async with Client.connect(server.ws_url) as c:
            await c.send("replay.open", recording=name)

    asyncio.run(open_and_leave())
    time.sleep(1.5)
    assert sessions() == before


@async_test()
async def test_a_recording_longer_than_ten_million_seconds_seeks_to_its_end(server):
    """t in replay.seek was capped at 10^7 s, so a longer (hand-made) recording opened but could
    not be sought to its end."""
    name = unique("ages")
    header = {"format": "progresscast", "version": 1, "title": "ages", "created": "2026-11-28T10:00:00Z",
              "canvas": {"width": 375, "height": 667}, "fps": 60}
    lines = [header, [0, "c", {"op": "session.create", "clock": "manual"}],
             [0, "c", {"op": "hud.show", "target": "h", "mode": "text", "label": "Old"}],
             [20_000_000_000_000, "c", {"op": "hud.update", "target": "h", "label": "Older"}],
             [20_000_000_000_000, "e", {"reason": "stopped"}]]
    (server.recordings / f"{name}.pcast").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    async with Client.connect(server.ws_url) as c:
        opened = await c.call("replay.open", recording=name)
        assert opened["duration"] == 2e7
        await c.call("replay.seek", t=2e7)
        await c.expect_error("replay.seek", "bad_request", t=2e7 + 1)

