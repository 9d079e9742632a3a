"""The load generator's two clients (its own epoll client and libwebsockets') against real
servers: both must set every session up, see every frame and time every command, and against
the bare libwebsockets baseline they must count the same frames of the same size: the cheaper
client measures what the libwebsockets one measures (docs/benchmarks.md, "The load generator")."""
import re
import subprocess

import pytest

from itserver import OUTPUT, binary_path

CLIENTS = ("epoll", "libwebsockets")


def parse_summary(text):
    """The figures of `progresscast loadgen`'s summary as a dict."""
    figures = {}
    m = re.search(r"connections: (\d+)/(\d+) open, (\d+) ready, (\d+) failed, (\d+) closed early", text)
    assert m, text
    figures["open"], figures["wanted"], figures["ready"], figures["failed"], figures["closed"] = map(int, m.groups())
    m = re.search(r"window: [\d.]+ s, (\d+) frames, (\d+) B each", text)
    figures["frames"], figures["bytes"] = int(m.group(1)), int(m.group(2))
    figures["fps"] = float(re.search(r"fps per connection: mean ([\d.]+)", text).group(1))
    m = re.search(r"command-to-frame: .*\((\d+) samples, (\d+) lost\)", text)
    figures["latency_samples"], figures["lost"] = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    figures["errors"] = "error replies" in text
    m = re.search(r"server: ([\d.]+) % of a core", text)
    figures["server_cpu"] = float(m.group(1)) if m else None
    m = re.search(r"of which the kernel: ([\d.]+) % of a core", text)
    figures["server_kernel_cpu"] = float(m.group(1)) if m else None
    figures["threads"] = {name: (float(total), float(kernel)) for name, total, kernel in
                          re.findall(r"thread (\S+): ([\d.]+) % of a core \(kernel ([\d.]+) %\)", text)}
    return figures


def loadgen(port, client, *args):
    argv = [str(binary_path()), "loadgen", "--port", str(port), "--client", client, "--duration", "2",
            "--warmup", "0.5", *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr
    (OUTPUT / f"loadgen-{client}-{'-'.join(args)}.txt").write_text(done.stdout)
    return parse_summary(done.stdout)


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("frames", ["json", "binary"])
def test_live_sessions_through_each_client(server, client, frames):
    figures = loadgen(server.port, client, "--sessions", "12", "--frames", frames, "--command-interval", "0.5")
    assert figures["ready"] == 12 and figures["failed"] == 0 and figures["closed"] == 0, figures
    assert not figures["errors"], figures
    assert figures["frames"] > 0 and figures["fps"] > 20, figures
    assert figures["latency_samples"] >= 12 and figures["lost"] == 0, figures


@pytest.fixture
def baseline(tmp_path):
    """`progresscast baseline` pushing three JSON frames of different sizes in turn (one of them
    over 64 KiB, so the 64-bit length and partial reads are exercised)."""
    frames = [
        '{"type":"frame","seq":1,"pad":"' + "a" * 90 + '"}',
        '{"type":"frame","seq":2,"pad":"' + "b" * 1000 + '"}',
        '{"type":"frame","seq":3,"pad":"' + "c" * 70000 + '"}',
    ]
    path = tmp_path / "frames.txt"
    path.write_text("\n".join(frames) + "\n")
    proc = subprocess.Popen([str(binary_path()), "baseline", "--port", "0", "--frames", str(path), "--fps", "30",
                             "--seconds", "30"], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    port = int(re.search(r":(\d+)", line.rsplit("/", 1)[-1] if "//" in line else line).group(1))
    yield port, sum(len(f) for f in frames) / 3
    proc.terminate()
    proc.wait(timeout=10)


def test_both_clients_measure_the_same_against_the_baseline(baseline):
    port, mean_bytes = baseline
    results = {client: loadgen(port, client, "--mode", "receive", "--sessions", "8") for client in CLIENTS}
    for client, figures in results.items():
        assert figures["ready"] == 8 and figures["failed"] == 0, (client, figures)
        # 30 fps pushed: each client sees them all, whatever their size.
        assert 25 <= figures["fps"] <= 31, (client, figures)
        assert abs(figures["bytes"] - mean_bytes) / mean_bytes < 0.35, (client, figures)
    epoll, lws = results["epoll"], results["libwebsockets"]
    assert abs(epoll["fps"] - lws["fps"]) < 3, results
