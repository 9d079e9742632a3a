#!/usr/bin/env bash
# Builds ProgressCast in release mode and runs `progresscast bench` (every part, or the ones
# given), printing one table. Extra arguments go to `progresscast bench`, e.g.:
#   scripts/bench.sh                      # everything (about 8 minutes)
#   scripts/bench.sh --parts engine,server --sessions 500
#   scripts/bench.sh --smoke              # about 10 s, small loads
# Run it on an otherwise idle machine: the server part alone needs both cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi
SCRATCH=${SWIFT_SCRATCH_PATH:-.build-release}
swift build -c release --scratch-path "$SCRATCH" --product progresscast >&2
exec "$SCRATCH/release/progresscast" bench "$@"
