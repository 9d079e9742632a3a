"""Starts a ProgressCast server process for browser tests and waits until it listens.

The command comes from PROGRESSCAST_BIN (default .build/debug/progresscast, relative to the
repository root; it may include arguments) and is run as
`<bin> serve --host 127.0.0.1 --port <free port> --public Public`. The server must print
"listening on http://HOST:PORT" on stdout or stderr once it accepts connections.
"""
import os
import re
import shlex
import socket
import subprocess
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output"
LISTENING = re.compile(r"listening on (https?://[^\s,;]+)")


def free_port(host="127.0.0.1"):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def server_command():
    raw = os.environ.get("PROGRESSCAST_BIN", ".build/debug/progresscast")
    argv = shlex.split(raw)
    exe = Path(argv[0])
    if not exe.is_absolute() and "/" in argv[0]:
        argv[0] = str(REPO / exe)
    return argv


class ServerProcess:
    def __init__(self, host="127.0.0.1", port=None, public="Public", extra_args=(), timeout=30, log_name="server"):
        self.host = host
        self.port = port or free_port(host)
        self.argv = [*server_command(), "serve", "--host", host, "--port", str(self.port),
                     "--public", str(REPO / public), *extra_args]
        self.timeout = timeout
        self.log_path = OUTPUT / f"{log_name}.log"
        self.lines = []
        self.url = None
        self.proc = None
        self._ready = threading.Event()

    def start(self):
        # Run in a scratch folder so relative defaults (such as the recordings folder) stay out of the repo.
        workdir = OUTPUT / "server-cwd"
        workdir.mkdir(parents=True, exist_ok=True)
        if not Path(self.argv[0]).exists() and "/" in self.argv[0]:
            raise RuntimeError(f"server binary {self.argv[0]} not found: build it (swift build) or set PROGRESSCAST_BIN")
        self.proc = subprocess.Popen(self.argv, cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(self.timeout) or self.url is None:
            self.stop()
            tail = "".join(self.lines[-30:])
            raise RuntimeError(f"server did not print 'listening on' within {self.timeout} s "
                               f"(exit code {self.proc.returncode}):\n{tail}")
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
        self._ready.set()  # exited: wake start() so it fails at once

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
