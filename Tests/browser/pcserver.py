"""Starts a ProgressCast server process for browser tests and waits until it listens.

The process handling is the integration suite's (Tests/integration/itserver.py): the binary
from PROGRESSCAST_BIN (default .build/debug/progresscast), a free port, the "listening on"
line, SIGTERM on stop. Browser servers keep their recordings under test-output/server-cwd and
their logs in test-output/.
"""
import os
import shlex
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output"
sys.path.insert(0, str(REPO / "Tests" / "integration"))

from itserver import ServerProcess as _IntegrationServer  # noqa: E402


def server_command():
    """PROGRESSCAST_BIN as an argv (it may include arguments), relative to the repository root."""
    raw = os.environ.get("PROGRESSCAST_BIN", ".build/debug/progresscast")
    argv = shlex.split(raw)
    exe = Path(argv[0])
    if not exe.is_absolute() and "/" in argv[0]:
        argv[0] = str(REPO / exe)
    return argv


class ServerProcess(_IntegrationServer):
    """The integration suite's server process, with the browser suite's folders."""

    def __init__(self, extra_args=(), timeout=30, log_name="server"):
        recordings = OUTPUT / "server-cwd" / "recordings"
        recordings.mkdir(parents=True, exist_ok=True)
        super().__init__(recordings, extra_args=extra_args, name=log_name, start_timeout=timeout)
        self.log_path = OUTPUT / f"{log_name}.log"
