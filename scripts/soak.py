#!/usr/bin/env python3
"""Soak: connection churn against a real `progresscast serve` for a fixed time, reporting the
server's resident memory and open file descriptors over time.

Each worker loops: connect, create a session (live or manual), add a HUD, a bar and a playing
player, drive it with a burst of ops (updates, pointer drags, clock steps, frame.get), sometimes
start a recording or join another worker's session as a viewer, then drop the TCP connection
without a close handshake. Dropped sessions live on for the server's 60 s session TTL, so the
number of live sessions settles after about a minute.

Pass criteria (exit 1 otherwise): resident memory at the end within 10% of the warmed-up level
(the mean over minutes 2-3), and, after the churn stops and every session has expired, the
descriptor count back at its level before the churn (no descriptor leak).

    scripts/soak.py --duration 600            # the 10-minute run (docs/soak.md)
    scripts/soak.py --duration 60 --drain 70  # a quick check

Loopback only; every loop is bounded by --duration; the server is stopped by PID at the end.
"""
import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parents[1]
BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def health(url):
    with urllib.request.urlopen(url + "/api/health", timeout=5) as r:
        return json.loads(r.read())


class Stats:
    def __init__(self):
        self.cycles = 0
        self.ops = 0
        self.errors = 0
        self.error_codes = {}  # "op:code" -> count
        self.recordings = 0
        self.failures = 0
        self.live_sessions = []  # (session id) of recent sessions, for viewers


async def worker(index, url, deadline, stats, rng):
    ws_url = url.replace("http://", "ws://") + "/ws"
    while time.monotonic() < deadline:
        start = time.monotonic()
        try:
            ws = await asyncio.wait_for(connect(ws_url, subprotocols=["progresscast.v1"], max_size=None), 10)
        except Exception:
            stats.failures += 1
            await asyncio.sleep(1)
            continue
        rid = 0

        async def call(op, **fields):
            nonlocal rid
            rid += 1
            await ws.send(json.dumps({"op": op, "id": rid, **fields}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg.get("id") == rid:
                    stats.ops += 1
                    if msg["type"] == "error":
                        stats.errors += 1
                        key = f"{op}:{msg.get('code')}"
                        stats.error_codes[key] = stats.error_codes.get(key, 0) + 1
                    return msg

        try:
            if stats.live_sessions and rng.random() < 0.25:
                # A viewer of someone else's (possibly already abandoned) session.
                joined = await call("session.join", session=rng.choice(stats.live_sessions))
                if joined["type"] == "ack":
                    for _ in range(rng.randint(5, 30)):
                        try:
                            await asyncio.wait_for(ws.recv(), 2)  # frames, if the session still moves
                        except asyncio.TimeoutError:
                            break
            else:
                clock = "live" if rng.random() < 0.5 else "manual"
                ack = await call("session.create", clock=clock, title=f"soak {index}")
                if clock == "live":
                    stats.live_sessions = (stats.live_sessions + [ack["session"]])[-50:]
                if rng.random() < 0.3:
                    await call("record.start", name=f"soak-{index}-{stats.cycles}")
                    stats.recordings += 1
                await call("hud.show", target="h", mode=rng.choice(["determinate", "annular", "indeterminate"]),
                           progress=0.1, label="soak " * rng.randint(1, 20))
                await call("bar.create", target="b", frame=BAR_FRAME)
                await call("player.create", target="p", bar="b", duration=60, tick=0.1)
                await call("player.play", target="p")
                for i in range(rng.randint(10, 40)):
                    kind = rng.random()
                    if kind < 0.3:
                        await call("hud.update", target="h", progress=rng.random(), label=f"step {i}")
                    elif kind < 0.5:
                        await call("bar.buffer", target="b", value=rng.random())
                    elif kind < 0.6:
                        x = 20 + rng.random() * 300
                        await call("pointer", phase="down", x=x, y=315)
                        await call("pointer", phase="move", x=x + 10, y=316)
                        await call("pointer", phase="up", x=x + 10, y=316)
                    elif kind < 0.7:
                        await call("frame.get")
                    elif kind < 0.8 and clock == "manual":
                        await call("clock.advance", by=rng.random())
                    elif kind < 0.85:
                        await call("inspect")
                    else:
                        await call("hud.status", kind="success", text="ok", target="s")
                if rng.random() < 0.2:
                    await call("session.close")
        except Exception:
            stats.failures += 1
        # Drop without a close handshake.
        try:
            ws.transport.abort()
        except Exception:
            pass
        stats.cycles += 1
        # About one cycle a second per worker.
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - start)))


async def churn(url, duration, workers, seed):
    stats = Stats()
    deadline = time.monotonic() + duration
    rng = random.Random(seed)
    tasks = [asyncio.ensure_future(worker(i, url, deadline, stats, random.Random(rng.random()))) for i in range(workers)]
    return stats, tasks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=600, help="seconds of churn (default 600)")
    parser.add_argument("--workers", type=int, default=4, help="concurrent churning clients (default 4)")
    parser.add_argument("--interval", type=float, default=10, help="seconds between samples (default 10)")
    parser.add_argument("--drain", type=float, default=75, help="seconds to wait after the churn for sessions to expire")
    parser.add_argument("--binary", default=os.environ.get("PROGRESSCAST_BIN", str(REPO / ".build/debug/progresscast")))
    parser.add_argument("--json", help="also write the samples and the verdict here")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    recordings = tempfile.mkdtemp(prefix="soak-recordings-")
    proc = subprocess.Popen([args.binary, "serve", "--host", "127.0.0.1", "--port", "0", "--public", str(REPO / "Public"),
                             "--recordings", recordings, "--log-level", "warning"],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = None
    started = time.monotonic()
    while url is None and time.monotonic() - started < 30:
        line = proc.stdout.readline()
        m = re.search(r"listening on (http://\S+)", line)
        if m:
            url = m.group(1)
    if url is None:
        proc.kill()
        sys.exit("the server did not start")
    pid = proc.pid
    samples = []

    def sample(t, phase):
        h = health(url)
        row = {"t": round(t), "phase": phase, "rss_mib": round(rss_kib(pid) / 1024, 1), "fds": fd_count(pid),
               "sessions": h["sessions"], "connections": h["connections"]}
        samples.append(row)
        print(f"{row['t']:>5} s  {phase:<6} rss {row['rss_mib']:>7.1f} MiB  fds {row['fds']:>4}  "
              f"sessions {row['sessions']:>4}  connections {row['connections']:>3}", flush=True)

    async def run():
        t0 = time.monotonic()
        sample(0, "before")
        stats, tasks = await churn(url, args.duration, args.workers, args.seed)
        next_sample = t0 + args.interval
        while any(not t.done() for t in tasks):
            await asyncio.sleep(0.5)
            if time.monotonic() >= next_sample:
                sample(time.monotonic() - t0, "churn")
                next_sample += args.interval
        await asyncio.gather(*tasks, return_exceptions=True)
        drain_end = time.monotonic() + args.drain
        while time.monotonic() < drain_end:
            await asyncio.sleep(min(args.interval, max(0.1, drain_end - time.monotonic())))
            sample(time.monotonic() - t0, "drain")
        return stats

    try:
        stats = asyncio.run(run())
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = None

    churn_rows = [r for r in samples if r["phase"] == "churn"]
    warm = [r["rss_mib"] for r in churn_rows if 120 <= r["t"] <= 180] or [churn_rows[len(churn_rows) // 3]["rss_mib"]]
    end = [r["rss_mib"] for r in churn_rows[-3:]]
    warm_mib = sum(warm) / len(warm)
    end_mib = sum(end) / len(end)
    growth = (end_mib - warm_mib) / warm_mib
    before_fds = samples[0]["fds"]
    after_fds = samples[-1]["fds"]
    peak_fds = max(r["fds"] for r in samples)
    verdict = {
        "duration_s": args.duration, "workers": args.workers, "cycles": stats.cycles, "ops": stats.ops,
        "error_replies": stats.errors, "error_replies_by_op": stats.error_codes, "recordings_started": stats.recordings, "client_failures": stats.failures,
        "rss_warm_mib": round(warm_mib, 1), "rss_end_mib": round(end_mib, 1), "rss_growth_pct": round(growth * 100, 2),
        "rss_peak_mib": max(r["rss_mib"] for r in samples), "fds_before": before_fds, "fds_peak": peak_fds,
        "fds_after_drain": after_fds, "sessions_after_drain": samples[-1]["sessions"],
        "connections_after_drain": samples[-1]["connections"], "server_exit_code": code,
    }
    passed = growth < 0.10 and after_fds <= before_fds + 2 and code == 0 and samples[-1]["connections"] == 0
    verdict["passed"] = passed
    print(json.dumps(verdict, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps({"samples": samples, "verdict": verdict}, indent=2))
    print("soak: " + ("PASSED" if passed else "FAILED"))
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
