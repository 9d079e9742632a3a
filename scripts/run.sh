#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh), builds a release binary, and serves ProgressCast
# on http://127.0.0.1:8080 in the foreground (Ctrl-C stops it). Extra arguments go to
# `progresscast serve`, e.g. scripts/run.sh --port 9000 (a later --port wins).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi

scripts/setup.sh
swift build -c release --product progresscast
BIN=$(swift build -c release --show-bin-path)/progresscast
mkdir -p recordings
exec "$BIN" serve --host 127.0.0.1 --port 8080 --public Public --recordings recordings "$@"
