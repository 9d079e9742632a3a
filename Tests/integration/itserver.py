"""Runs the real `progresscast serve` binary for the integration tests.

The binary comes from PROGRESSCAST_BIN (default .build/debug/progresscast, relative to the
repository root). It is started on a free port (`--port 0`); the URL is read from the
"listening on http://HOST:PORT" line it prints when ready. Its combined output goes to
test-output/integration/<name>.log.
"""
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output" / "integration"
LISTENING = re.compile(r"listening on (https?://[^\s,;]+)")
# Lines that mean the process died badly even if it exited (Swift runtime traps, sanitizers).
CRASH_MARKERS = ("Fatal error", "Segmentation fault", "AddressSanitizer", "ThreadSanitizer", "Illegal instruction")


def binary_path():
    raw = os.environ.get("PROGRESSCAST_BIN", ".build/debug/progresscast")
    path = Path(raw)
    if not path.is_absolute():
        path = REPO / path
    return path


class ServerProcess:
    """One server process. `start()` waits for the listening line; `stop()` sends SIGTERM and
    returns the exit code (killing it after `timeout` seconds, returning None then)."""

    _counter = 0

    def __init__(self, recordings, extra_args=(), name=None, port=0, public=None, start_timeout=30):
        ServerProcess._counter += 1
        self.name = name or f"server-{ServerProcess._counter}"
        self.recordings = Path(recordings)
        self.argv = [str(binary_path()), "serve", "--host", "127.0.0.1", "--port", str(port),
                     "--public", str(public or REPO / "Public"), "--recordings", str(self.recordings), *extra_args]
        self.start_timeout = start_timeout
        self.log_path = OUTPUT / f"{self.name}.log"
        self.lines = []
        self.url = None
        self.proc = None
        self._ready = threading.Event()
        self._reader = None

    @property
    def port(self):
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws_url(self):
        return self.url.replace("http://", "ws://", 1) + "/ws"

    @property
    def output(self):
        return "".join(self.lines)

    def spawn(self):
        """Starts the process without waiting for it to listen."""
        OUTPUT.mkdir(parents=True, exist_ok=True)
        exe = Path(self.argv[0])
        if not exe.exists():
            raise RuntimeError(f"server binary {exe} not found: run `swift build` or set PROGRESSCAST_BIN")
        self.proc = subprocess.Popen(self.argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, text=True, bufsize=1)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        return self

    def start(self):
        self.spawn()
        if not self._ready.wait(self.start_timeout) or self.url is None:
            code = self.stop(timeout=5)
            raise RuntimeError(f"{self.argv} did not print 'listening on' within {self.start_timeout} s "
                               f"(exit code {code}):\n{self.output[-3000:]}")
        return self

    def _read(self):
        with open(self.log_path, "w", encoding="utf-8") as log:
            for line in self.proc.stdout:
                self.lines.append(line)
                log.write(line)
                log.flush()
                m = LISTENING.search(line)
                if m and self.url is None:
                    self.url = m.group(1).rstrip("/")
                    self._ready.set()
        self._ready.set()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def wait_exit(self, timeout):
        """Waits for the process to exit by itself; returns its code (None on timeout)."""
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        if self._reader:
            self._reader.join(2)
        return code

    def stop(self, timeout=5.0):
        """SIGTERM, then wait up to `timeout` s. Returns the exit code, or None if it had to be killed."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                if self._reader:
                    self._reader.join(2)
                return None
        if self._reader:
            self._reader.join(2)
        return self.proc.returncode

    def crash_lines(self):
        return [line for line in self.lines if any(m in line for m in CRASH_MARKERS)]

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def wait_until(predicate, timeout=5.0, interval=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()
