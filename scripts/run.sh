#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds a release binary, and serves ProgressCast
# on http://127.0.0.1:8080 in the foreground (Ctrl-C stops it). Extra arguments go to
# `progresscast serve`, e.g. scripts/run.sh --port 9000 (a later --port wins).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi

# setup.sh also checks the test tools (pytest, selenium, websockets). Debian's python3 is
# externally managed (PEP 668), so they go into a virtual environment in .build/pyvenv, the
# same one scripts/test.sh uses.
if ! python3 -c 'import pytest, selenium, websockets.asyncio.client' 2>/dev/null && [[ -z ${VIRTUAL_ENV:-} ]] &&
  python3 -c 'import os, sys, sysconfig; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)' 2>/dev/null; then
  if [[ ! -x .build/pyvenv/bin/python3 ]]; then
    if ! python3 -m venv .build/pyvenv; then
      if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        rm -rf .build/pyvenv
        python3 -m venv .build/pyvenv
      else
        echo "run.sh: cannot create a virtual environment; install python3-venv (sudo apt-get install python3-venv)" >&2
        exit 1
      fi
    fi
  fi
  # shellcheck disable=SC1091
  . .build/pyvenv/bin/activate
fi

scripts/setup.sh
swift build -c release --product progresscast
BIN=$(swift build -c release --show-bin-path)/progresscast
mkdir -p recordings
exec "$BIN" serve --host 127.0.0.1 --port 8080 --public Public --recordings recordings "$@"
