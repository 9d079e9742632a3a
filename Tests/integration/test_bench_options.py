"""`progresscast bench` options that pick the load: `--scenes` gives the sessions their scenes
(the frames part's one-session row names the first of them), and a list naming an unknown
scene is refused with a clear error before anything runs (docs/benchmarks.md, "Reproduce")."""
import subprocess

from itserver import OUTPUT, binary_path


def bench(*args):
    return subprocess.run([str(binary_path()), "bench", *args], capture_output=True, text=True, timeout=180)


def test_scenes_pick_the_frames_parts_sessions():
    done = bench("--parts", "frames", "--frames", "json", "--sessions", "3", "--rounds", "2",
                 "--scenes", "navigation")
    assert done.returncode == 0, done.stderr
    (OUTPUT / "bench-scenes-navigation.txt").write_text(done.stdout)
    assert "one navigation session" in done.stdout, done.stdout
    # Exactly the work asked for: 3 sessions, 2 rounds.
    assert "(6 frames" in done.stdout, done.stdout


def test_an_unknown_scene_is_refused():
    done = bench("--parts", "frames", "--scenes", "demo,carousel")
    assert done.returncode != 0
    assert "--scenes" in done.stderr and "demo, scroll, navigation" in done.stderr, done.stderr


def test_repeat_sums_up_the_rounds_of_the_server_and_baseline_parts():
    # Two rounds of the real server and the bare baseline, small and short (--smoke).
    done = bench("--parts", "server,baseline", "--frames", "json", "--smoke", "--repeat", "2")
    assert done.returncode == 0, done.stderr
    (OUTPUT / "bench-repeat.txt").write_text(done.stdout)
    # Each round's runs, server then baseline, reported as they end.
    for round_ in ("round 1/2", "round 2/2"):
        assert f"bench: server json {round_}:" in done.stderr, done.stderr
        assert f"bench: baseline json {round_}:" in done.stderr, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    # One row per target over the two rounds, not each run's rows.
    assert not any("ms median" in row for row in rows), done.stdout
    fps = next(row for row in rows if "2 rounds" in row and "delivered fps" in row)
    assert "every round" in fps and "of 2 rounds meet it" in fps, fps
    ratio = next(row for row in rows if "CPU per frame / baseline CPU per frame, round by round" in row)
    assert "of 2 rounds at or under 2.0x" in ratio, ratio
    each = next(row for row in rows if "each round" in row)
    assert "1: " in each and "2: " in each, each


def test_repeat_out_of_range_is_refused():
    done = bench("--parts", "server", "--repeat", "0")
    assert done.returncode != 0
    assert "--repeat must be in 1...50" in done.stderr, done.stderr


def test_baseline_clients_pick_what_the_baseline_part_sends():
    # By default the baseline's clients send nothing; `setup` has them send their scene's setup
    # as the server part's clients do (docs/benchmarks.md, "The baseline's clients"); the row
    # says which traffic was used.
    for traffic in ("silent", "setup"):
        args = ["--parts", "baseline", "--frames", "json", "--smoke"]
        if traffic != "silent":
            args += ["--baseline-clients", traffic]
        done = bench(*args)
        assert done.returncode == 0, done.stderr
        (OUTPUT / f"bench-baseline-{traffic}.txt").write_text(done.stdout)
        row = next(line for line in done.stdout.splitlines() if "bare libwebsockets, same bytes" in line)
        assert f"(clients send: {traffic})" in row, row


def test_an_unknown_baseline_clients_value_is_refused():
    done = bench("--parts", "baseline", "--baseline-clients", "chatty")
    assert done.returncode != 0
    assert "--baseline-clients must be setup, commands or silent" in done.stderr, done.stderr


def test_deltas_on_measures_sessions_taking_deltas_against_a_baseline_sending_them():
    # `--deltas on`: the sessions ask for deltas as the page does (the rows say so) and the
    # baseline sends the deltas' bytes, about a third of whole frames'; off (the default): whole.
    sizes = {}
    for deltas in ("on", "off"):
        done = bench("--parts", "server,baseline", "--frames", "json", "--smoke", "--deltas", deltas)
        assert done.returncode == 0, done.stderr
        (OUTPUT / f"bench-deltas-{deltas}.txt").write_text(done.stdout)
        rows = [line for line in done.stdout.splitlines() if line.startswith("| ")]
        fps = next(row for row in rows if "delivered fps per session" in row)
        assert ("deltas)" in fps) == (deltas == "on"), fps
        server = next(row for row in rows if "server CPU, memory" in row)
        baseline = next(row for row in rows if row.startswith("| baseline, JSON frames"))
        sizes[deltas] = [int(row.split(" B/frame")[0].split()[-1]) for row in (server, baseline)]
    on, off = sizes["on"], sizes["off"]
    assert on[0] * 2 < off[0] and on[1] * 2 < off[1], sizes
    done = bench("--parts", "server", "--deltas", "yes")
    assert done.returncode != 0 and "--deltas must be on or off" in done.stderr, done.stderr
