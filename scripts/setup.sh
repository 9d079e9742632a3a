#!/usr/bin/env bash
# Installs what ProgressCast needs to build and test, and only what is missing.
# Idempotent; prints nothing when everything is already there.
set -euo pipefail

APT_PACKAGES=(libwebsockets-dev libfreetype-dev pkg-config fonts-dejavu-core fonts-droid-fallback
  chromium chromium-driver librsvg2-bin libharfbuzz-dev libfribidi-dev libicu-dev libcairo2-dev ffmpeg)
# pip package -> the module that proves it is installed
declare -A PIP_MODULES=([websockets]=websockets.sync.client [selenium]=selenium.webdriver [pytest]=pytest)
SWIFT_FALLBACK=/opt/swift/usr/bin

problems=()
fail() { problems+=("$1"); }

# Runs a command quietly; shows its output only if it fails.
quiet() {
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# --- apt packages ---
missing=()
if command -v dpkg-query >/dev/null; then
  for p in "${APT_PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
  command -v python3 >/dev/null || missing+=(python3)
  if ! python3 -m pip --version >/dev/null 2>&1; then missing+=(python3-pip); fi
else
  fail "no dpkg: this script knows Debian/Ubuntu; install by hand: ${APT_PACKAGES[*]} python3-pip"
fi

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    export DEBIAN_FRONTEND=noninteractive
    if ! quiet apt-get update || ! quiet apt-get install -y "${missing[@]}"; then
      fail "apt-get install failed for: ${missing[*]}"
    fi
  else
    fail "missing apt packages: ${missing[*]}
  run: sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
  fi
fi

# --- pip packages (only those whose module does not import) ---
pip_missing=()
if command -v python3 >/dev/null; then
  for pkg in "${!PIP_MODULES[@]}"; do
    python3 -c "import ${PIP_MODULES[$pkg]}" 2>/dev/null || pip_missing+=("$pkg")
  done
fi
if ((${#pip_missing[@]})); then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    fail "pip is not available, so these Python packages could not be installed: ${pip_missing[*]}"
  elif ! out=$(python3 -m pip install --quiet --disable-pip-version-check "${pip_missing[@]}" 2>&1); then
    if grep -q externally-managed-environment <<<"$out"; then
      fail "python3 is externally managed (PEP 668), so pip will not install ${pip_missing[*]}. Either use a venv:
  python3 -m venv .venv && . .venv/bin/activate && scripts/setup.sh
or allow it: PIP_BREAK_SYSTEM_PACKAGES=1 scripts/setup.sh"
    else
      printf '%s\n' "$out" >&2
      fail "python3 -m pip install ${pip_missing[*]} failed"
    fi
  fi
fi

# --- Swift ---
if ! command -v swift >/dev/null; then
  if [[ -x $SWIFT_FALLBACK/swift ]]; then
    export PATH="$SWIFT_FALLBACK:$PATH"
    echo "setup.sh: swift is in $SWIFT_FALLBACK but not on PATH; add it: export PATH=$SWIFT_FALLBACK:\$PATH" >&2
  else
    fail "swift not found on PATH or in $SWIFT_FALLBACK: install a Swift 6 toolchain (https://www.swift.org/install/linux/)"
  fi
fi
if command -v swift >/dev/null && ! swift --version >/dev/null 2>&1; then
  fail "swift is on PATH ($(command -v swift)) but 'swift --version' fails"
fi

# --- fonts the server measures and the page loads ---
for f in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
  /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf; do
  [[ -f $f ]] || fail "font file missing: $f (packages fonts-dejavu-core, fonts-droid-fallback)"
done

if ((${#problems[@]})); then
  for p in "${problems[@]}"; do echo "setup.sh: $p" >&2; done
  exit 1
fi
