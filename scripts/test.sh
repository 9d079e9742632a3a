#!/usr/bin/env bash
# Builds ProgressCast and runs every test suite:
#   1. swift test              (unit tests of every module)
#   2. pytest Tests/integration (the real server over HTTP and WebSockets)
#   3. pytest Tests/browser     (the page in headless Chromium), when that folder has tests
#   4. swift-format lint        (every Swift file formatted as .swift-format says)
#   5. pytest Tests/repo        (repository checks: Package.swift declares every import, every
#                                cited *.md document exists)
# Output goes to test-output/ (logs, JUnit XML, server logs, screenshots/). Every suite runs even
# if an earlier one failed; the script exits non-zero if anything failed and ends with a summary.
#
# Environment:
#   SWIFT_SCRATCH_PATH  SwiftPM build folder (default .build)
#   PYTEST_ARGS         extra arguments for both pytest runs (e.g. "-x" or "-k replay")
#   SKIP_SETUP=1        do not run scripts/setup.sh
#   SKIP_BROWSER=1      do not run the browser tests
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
OUT=$ROOT/test-output
SCRATCH=${SWIFT_SCRATCH_PATH:-.build}
# Seconds each step may take before it is stopped (it then counts as failed).
UNIT_TIMEOUT=${UNIT_TIMEOUT:-900}
PYTEST_TIMEOUT=${PYTEST_TIMEOUT:-600}

# Swift may be installed in /opt/swift without being on PATH (setup.sh says so, but cannot
# change this shell's PATH).
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi

mkdir -p "$OUT" "$OUT/screenshots"
names=()
results=()
times=()
failed=0

now() { date +%s.%N; }

# step NAME LOGFILE COMMAND...: runs the command with output to the terminal and the log.
step() {
  local name=$1 log=$2
  shift 2
  local start status
  echo
  echo "==> $name"
  start=$(now)
  set +e
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  names+=("$name")
  times+=("$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')")
  if ((status == 0)); then
    results+=("ok")
  else
    if ((status == 124)); then results+=("TIMEOUT"); else results+=("FAILED ($status)"); fi
    failed=1
  fi
  return "$status"
}

summary() {
  echo
  echo "==> Summary"
  local i
  for i in "${!names[@]}"; do
    printf '  %-22s %-12s %7ss\n' "${names[$i]}" "${results[$i]}" "${times[$i]}"
  done
  # pytest's last line ("12 passed, 3 skipped in 4.2s") for each pytest log.
  for log in "$OUT/integration.log" "$OUT/browser.log" "$OUT/repo.log"; do
    [[ -f $log ]] && printf '  %-22s %s\n' "$(basename "$log" .log):" "$(grep -E '(passed|failed|error|skipped|no tests ran)' "$log" | tail -1 | tr -d '=')"
  done
  if [[ -f $OUT/unit.log ]]; then
    local line
    # Swift Testing's "Test run with N tests ..." and XCTest's "Executed N tests, with M failures".
    line=$(grep -oE 'Test run with [0-9]+ tests.*|Executed [1-9][0-9]* tests?, with [0-9]+ failures?' "$OUT/unit.log" | tail -2 | tr '\n' ' ')
    [[ -n $line ]] && printf '  %-22s %s\n' "unit:" "$line"
  fi
  echo "  logs, JUnit XML and screenshots: test-output/"
  if ((failed)); then echo "FAILED"; else echo "ALL PASSED"; fi
}
trap summary EXIT

rm -f "$OUT"/unit.log "$OUT"/integration.log "$OUT"/browser.log "$OUT"/repo.log

# Python: the tests need pytest, selenium and websockets >= 13 (its asyncio client). Debian's
# python3 is "externally managed" (PEP 668: pip will not install into it), so when they are not
# importable there, use a virtual environment in the build folder (created once, ignored by git);
# setup.sh then installs them into it.
python_ready() { python3 -c 'import pytest, selenium, websockets.asyncio.client' 2>/dev/null; }
externally_managed() {
  python3 -c 'import os, sys, sysconfig; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)' 2>/dev/null
}
if ! python_ready && [[ -z ${VIRTUAL_ENV:-} ]] && externally_managed; then
  case $SCRATCH in /*) VENV=$SCRATCH/pyvenv ;; *) VENV=$ROOT/$SCRATCH/pyvenv ;; esac
  if [[ ! -x $VENV/bin/python3 ]]; then
    echo "==> python3 is externally managed: creating a virtual environment in $SCRATCH/pyvenv"
    if ! python3 -m venv "$VENV" 2>"$OUT/venv.log"; then
      if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        rm -rf "$VENV"
        python3 -m venv "$VENV"
      else
        cat "$OUT/venv.log" >&2
        echo "test.sh: cannot create a virtual environment; install python3-venv (sudo apt-get install python3-venv)" >&2
        exit 1
      fi
    fi
  fi
  # shellcheck disable=SC1091
  . "$VENV/bin/activate"
fi

if [[ ${SKIP_SETUP:-0} != 1 ]]; then
  step "setup" "$OUT/setup.log" scripts/setup.sh || exit 1
fi
# setup.sh accepts any websockets with a sync client (11+); the integration tests need 13+.
if ! python3 -c 'import websockets.asyncio.client' 2>/dev/null; then
  step "websockets>=13" "$OUT/pip.log" python3 -m pip install --quiet --disable-pip-version-check 'websockets>=13' || exit 1
fi

# One build for the executable and every test target (debug).
step "build" "$OUT/build.log" swift build --scratch-path "$SCRATCH" --build-tests || exit 1
BIN_DIR=$(swift build --scratch-path "$SCRATCH" --show-bin-path)
export PROGRESSCAST_BIN=$BIN_DIR/progresscast

step "unit tests" "$OUT/unit.log" timeout "$UNIT_TIMEOUT" \
  swift test --scratch-path "$SCRATCH" --skip-build --xunit-output "$OUT/unit.xml" || true

read -r -a extra <<<"${PYTEST_ARGS:-}"
step "integration tests" "$OUT/integration.log" timeout "$PYTEST_TIMEOUT" \
  python3 -m pytest Tests/integration -q -rfEs -p no:cacheprovider -o faulthandler_timeout=120 --junitxml="$OUT/integration.xml" "${extra[@]}" || true

if [[ ${SKIP_BROWSER:-0} != 1 ]] && compgen -G "Tests/browser/test_*.py" >/dev/null; then
  step "browser tests" "$OUT/browser.log" timeout "$PYTEST_TIMEOUT" \
    python3 -m pytest Tests/browser -q -rfEs -p no:cacheprovider -o faulthandler_timeout=120 --junitxml="$OUT/browser.xml" "${extra[@]}" || true
fi

# --- Format check (.swift-format) ----------------------------------------------------------------
# Every Swift file as `swift-format format` writes it (the toolchain ships swift-format). To fix:
#   swift-format format --in-place --recursive --parallel Sources Tests Package.swift
if command -v swift-format >/dev/null 2>&1; then
  step "format check" "$OUT/format.log" timeout 300 \
    swift-format lint --strict --recursive --parallel Sources Tests Package.swift || true
else
  step "format check" "$OUT/format.log" timeout 300 \
    swift format lint --strict --recursive --parallel Sources Tests Package.swift || true
fi
# ---------------------------------------------------------------------------------------------

# --- Repository checks (Tests/repo) ------------------------------------------------------------
# Every target declares each module it imports (scripts/check_dependencies.py reads the manifest
# with `swift package dump-package`), and every *.md document cited in Sources/, Tests/, docs/,
# scripts/, ... exists in the repository. Both include a test that they can fail.
step "repo checks" "$OUT/repo.log" timeout 300 \
  python3 -m pytest Tests/repo -q -rfEs -p no:cacheprovider --junitxml="$OUT/repo.xml" || true
# ---------------------------------------------------------------------------------------------

# --- Benchmark smoke (performance; docs/benchmarks.md) --------------------------------------
# Runs every part of `progresscast bench` small and short (about 10 s: a few live sessions, the
# bare libwebsockets baseline, a few idle viewers, a 2-minute recording, a few page draws) so
# the bench cannot rot. It fails only on crashes and errors, never on performance targets (this
# is a debug build on a busy machine). SKIP_BENCH=1 skips it.
if [[ ${SKIP_BENCH:-0} != 1 ]]; then
  step "bench smoke" "$OUT/bench-smoke.log" timeout 180 "$PROGRESSCAST_BIN" bench --smoke || true
fi
# ---------------------------------------------------------------------------------------------

# --- Fuzzing (reliability; scripts/fuzz.sh, SECURITY.md) -----------------------------------
# Builds the two libFuzzer targets (release, -sanitize=fuzzer,address, in .build-fuzz) and runs
# each for FUZZ_SECONDS (default 30) from the seed corpus in Fuzz/. A crash fails this step; the
# crashing input is kept in test-output/fuzz/<target>/artifacts/ (fix it, then add the input to
# Fuzz/regressions/). The 10-minute run: scripts/fuzz.sh 600. SKIP_FUZZ=1 skips this step.
if [[ ${SKIP_FUZZ:-0} != 1 ]]; then
  step "fuzz" "$OUT/fuzz.log" timeout 1800 scripts/fuzz.sh "${FUZZ_SECONDS:-30}" || true
fi
# ---------------------------------------------------------------------------------------------

exit "$failed"
