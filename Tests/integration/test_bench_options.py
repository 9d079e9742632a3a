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
