"""Built-in scenarios (/api/scenarios, scenario.run): each runs on a manual clock through the
op path without a scenario.error, and records and replays like anything else."""
import json
import subprocess
import time
import urllib.request

import pytest

from itclient import async_test, manual_session
from itserver import REPO, binary_path

SCENARIOS = sorted(p.stem for p in (REPO / "Scenarios").glob("*.json")) if (REPO / "Scenarios").is_dir() else []


def listing(server):
    with urllib.request.urlopen(server.url + "/api/scenarios", timeout=5) as r:
        return json.loads(r.read())


def test_scenarios_listed(server):
    rows = listing(server)
    assert isinstance(rows, list)
    for row in rows:
        assert set(row) >= {"name", "title", "duration"}, row
    assert sorted(r["name"] for r in rows) == SCENARIOS


@pytest.mark.parametrize("name", SCENARIOS or ["(none)"])
@async_test(timeout=60)
async def test_scenario_runs_without_errors(server, name):
    if name == "(none)":
        pytest.skip("no Scenarios/*.json in the repository")
    row = next(r for r in listing(server) if r["name"] == name)
    c, _ = await manual_session(server.ws_url)
    recording = f"scenario-{name}-{time.time_ns()}"
    try:
        await c.call("record.start", name=recording)
        ack = await c.request("scenario.run", name=name)
        assert ack["type"] == "ack", ack
        assert ack["scenario"] == name and ack["steps"] >= 1
        # Steps apply at their own times whatever the advance; long scenarios (the 36 s tour) take
        # larger advances so the run stays under the connection's 200 messages a second.
        step = max(0.1, round((row["duration"] + 2) / 150, 2))
        t = 0.0
        while t < row["duration"] + 2:
            await c.call("clock.advance", by=step)
            t += step
        errors = [e for e in c.events if e["name"] == "scenario.error"]
        unknown = [e for e in errors if e.get("code") == "unknown_op"]
        if errors and len(unknown) == len(errors):
            pytest.skip(f"scenario {name} uses ops this server does not implement yet: {sorted({e['op'] for e in unknown})}")
        assert errors == [], f"scenario {name}: {errors[:3]}"
        await c.call("record.stop")
    finally:
        await c.close()
    # Its steps went through the op path: they are in the recording, which verifies headless.
    path = server.recordings / f"{recording}.pcast"
    ops = [json.loads(x)[2]["op"] for x in path.read_text().splitlines()[1:] if json.loads(x)[1] == "c"]
    assert len(ops) > 1, "the scenario's steps are recorded"
    out = subprocess.run([str(binary_path()), "replay", str(path), "--verify"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("name", SCENARIOS or ["(none)"])
@async_test()
async def test_scenario_ops_are_known(server, name):
    """Steps with an op the server does not know would be skipped silently: catch typos."""
    if name == "(none)":
        pytest.skip("no Scenarios/*.json in the repository")
    steps = json.loads((REPO / "Scenarios" / f"{name}.json").read_text())
    ops = sorted({step[1]["op"] for step in steps} - {"scenario.title", "scenario.loop", "record.marker"})
    c, _ = await manual_session(server.ws_url)
    try:
        unknown = [op for op in ops if (await c.request(op)).get("code") == "unknown_op"]
        assert unknown == [], f"scenario {name} uses unknown ops {unknown}"
    finally:
        await c.close()


def test_api_scenarios_says_which_scenarios_loop(server):
    """A looping scenario's listing gives one turn's length (`loop`), as `scenario.run`'s ack
    does; the others have none."""
    rows = {row["name"]: row for row in listing(server)}
    if "tour" not in rows:
        pytest.skip("no tour scenario in the repository")
    assert rows["tour"]["loop"] == 36
    assert all("loop" not in row for name, row in rows.items() if name != "tour")


@async_test(timeout=60)
async def test_a_scenario_with_a_misspelt_or_session_op_is_not_loaded(start_server, tmp_path):
    """A step the runner would skip without a word (a misspelt op, a session op) keeps its
    whole file out of the library, and the server's log names the entry; valid files load."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "good.json").write_text('[[0,{"op":"hud.show","target":"h"}],[0.5,{"op":"record.marker","label":"x"}]]')
    (folder / "typo.json").write_text('[[0,{"op":"hud.show","target":"h"}],[0.1,{"op":"hud.shw","target":"h2"}]]')
    (folder / "session.json").write_text('[[0,{"op":"session.create"}]]')
    srv = start_server("--scenarios", str(folder))
    assert sorted(row["name"] for row in listing(srv)) == ["good"]
    log = srv.output
    assert "scenario typo.json skipped: entry 1: unknown op \"hud.shw\"" in log, log[-2000:]
    assert "scenario session.json skipped: entry 0: session.create is not a script step" in log, log[-2000:]
    c, _ = await manual_session(srv.ws_url)
    try:
        err = await c.request("scenario.run", name="typo")
        assert err["code"] == "not_found", err
    finally:
        await c.close()


def test_run_script_reports_misspelt_and_session_ops_and_fails(tmp_path):
    """`run-script` counts a step it cannot run as failed, says why, writes the recording of
    what did run, and exits with status 1 (so a CI job sees it)."""
    script = tmp_path / "bad.json"
    script.write_text('[[0,{"op":"hud.show","target":"h"}],[1,{"op":"nope"}],[1.5,{"op":"session.create"}]]')
    out = tmp_path / "bad.pcast"
    done = subprocess.run([str(binary_path()), "run-script", str(script), "--record", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "3 steps over 1.500 s, 2 failed" in done.stdout
    assert 'step 1: unknown_op: unknown op "nope"' in done.stderr
    assert "step 2: bad_request: session.create is not a script step" in done.stderr
    verify = subprocess.run([str(binary_path()), "replay", str(out), "--verify"], capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    good = tmp_path / "good.json"
    good.write_text('[[0,{"op":"hud.show","target":"h"}],[0.5,{"op":"record.marker","label":"x"}]]')
    done = subprocess.run([str(binary_path()), "run-script", str(good), "--record", str(tmp_path / "good.pcast")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "0 failed" in done.stdout, done.stdout + done.stderr


def test_a_missing_scenarios_folder_is_reported_at_start(start_server, tmp_path):
    """Without its scenarios the page's tour cannot start: the server says why when it starts."""
    missing = tmp_path / "no-such-folder"
    srv = start_server("--scenarios", str(missing))
    assert listing(srv) == []
    assert f"no scenarios: cannot read the folder {missing} (--scenarios)" in srv.output, srv.output[-2000:]


def test_started_elsewhere_the_server_finds_the_scenarios_beside_its_page(tmp_path):
    """Started from another folder with --public pointing into the repository, the server takes
    the Scenarios folder beside the page's (the tour works), unless the current folder has one."""
    import socket
    from itserver import LISTENING
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([str(binary_path()), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--public", str(REPO / "Public"), "--recordings", str(tmp_path / "rec")],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 20
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            m = LISTENING.search(line)
            url = m.group(1).rstrip("/") if m else None
        assert url, "the server did not start"
        with urllib.request.urlopen(url + "/api/scenarios", timeout=5) as r:
            names = [s["name"] for s in json.loads(r.read())]
        assert "tour" in names and len(names) == len(SCENARIOS), names
    finally:
        proc.terminate()
        proc.wait(10)


@async_test()
async def test_stopping_a_scenario_mid_gesture_lifts_its_finger(server):
    """The tour puts a finger down on its list at 23.0 s and lifts it at 23.8 s: stopped in
    between, the finger is cancelled, so the list is not left dragging for ever."""
    c, _ = await manual_session(server.ws_url)
    try:
        await c.call("scenario.run", name="tour")
        for _ in range(10):
            await c.call("clock.advance", by=2.335)
        dragging = await c.call("inspect", target="tour-list")
        assert dragging["dragging"] is True, dragging
        stopped = await c.call("scenario.stop")
        assert stopped["loopStopped"] is True
        await c.call("clock.advance", by=2)
        after = await c.call("inspect", target="tour-list")
        assert after["dragging"] is False and after["state"] != "dragging", after
    finally:
        await c.close()
