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
