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


def baseline_messages(tmp_path, *loadgen_args):
    """Runs `progresscast baseline` for 4 s with the load generator's receive mode against it
    (`loadgen_args` added), and returns the number of messages the baseline says its clients
    sent, with the load generator's figures."""
    path = tmp_path / "frames.txt"
    path.write_text('{"type":"frame","seq":1}\n{"type":"frame","seq":2,"pad":"xyz"}\n')
    proc = subprocess.Popen([str(binary_path()), "baseline", "--port", "0", "--frames", str(path), "--fps", "30",
                             "--seconds", "4"], stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)", proc.stdout.readline().rsplit("/", 1)[-1]).group(1))
        figures = loadgen(port, "epoll", "--mode", "receive", "--command-interval", "0.5", *loadgen_args)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    m = re.search(r"received (\d+) messages", out)
    assert m, out
    return int(m.group(1)), figures


def test_baseline_clients_send_what_a_live_sessions_client_sends(tmp_path):
    """`setup`: a receive-only connection first sends its scene's setup messages, as a live
    session's client does; `silent` (the default) sends nothing; `commands` adds the commands
    every interval (docs/benchmarks.md, "The baseline's clients")."""
    counts = {}
    for traffic, sessions in (("silent", 4), ("setup", 4), ("setup", 8), ("commands", 4)):
        args = ["--receiver-traffic", traffic] if traffic != "silent" else []
        received, figures = baseline_messages(tmp_path, "--sessions", str(sessions), "--scenes", "demo", *args)
        assert figures["ready"] == sessions and figures["failed"] == 0, (traffic, figures)
        assert figures["frames"] > 0, (traffic, figures)
        counts[(traffic, sessions)] = received
    assert counts[("silent", 4)] == 0, counts
    # Each connection sends the demo scene's session.create and its ops, the same for each.
    assert counts[("setup", 4)] >= 4 * 2, counts
    assert counts[("setup", 8)] == 2 * counts[("setup", 4)], counts
    # 2 s measured plus the warmup, a command every 0.5 s per connection.
    assert counts[("commands", 4)] >= counts[("setup", 4)] + 4 * 3, counts


def test_an_unknown_receiver_traffic_is_refused():
    done = subprocess.run([str(binary_path()), "loadgen", "--port", "1", "--mode", "receive",
                           "--receiver-traffic", "chatty"], capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert "--receiver-traffic must be setup, commands or silent" in done.stderr


def test_baseline_streams_give_each_connection_one_scenes_frames(tmp_path):
    """`baseline --streams 2`: the frames file's lines alternate between two streams, each
    connection gets one stream (in turn as they connect) and only its frames, as each session's
    connection gets only its own scene's frames; without it every connection gets every line."""
    import asyncio
    import json as json_module

    from websockets.asyncio.client import connect as ws_connect

    path = tmp_path / "frames.txt"
    path.write_text("".join('{"type":"frame","seq":%d,"pad":"%s"}\n' % (n, "x" * 10 * n) for n in (1, 2, 3, 4)))

    async def seqs_seen(port, clients):
        url = f"ws://127.0.0.1:{port}/ws"
        seen = []
        sockets = []
        for _ in range(clients):
            # One after the other: the first to connect gets the first stream.
            ws = await ws_connect(url, subprotocols=["progresscast.v1"], origin="http://127.0.0.1")
            await asyncio.wait_for(ws.recv(), 5)
            sockets.append(ws)
        for ws in sockets:
            got = set()
            for _ in range(12):
                got.add(json_module.loads(await asyncio.wait_for(ws.recv(), 5))["seq"])
            seen.append(got)
        for ws in sockets:
            await ws.close()
        return seen

    for streams, expected in ((2, [{1, 3}, {2, 4}]), (1, [{1, 2, 3, 4}, {1, 2, 3, 4}])):
        proc = subprocess.Popen([str(binary_path()), "baseline", "--port", "0", "--frames", str(path), "--fps", "60",
                                 "--seconds", "10", "--streams", str(streams)], stdout=subprocess.PIPE, text=True)
        try:
            port = int(re.search(r":(\d+)", proc.stdout.readline().rsplit("/", 1)[-1]).group(1))
            assert asyncio.run(seqs_seen(port, 2)) == expected, streams
        finally:
            proc.kill()
            proc.wait(timeout=10)
