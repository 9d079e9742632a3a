#!/usr/bin/env bash
# Builds the libFuzzer targets (Sources/Fuzz*) and runs each for DURATION seconds.
#
#   scripts/fuzz.sh [DURATION] [TARGET...]
#   scripts/fuzz.sh 30                          # CI's short run (scripts/test.sh)
#   scripts/fuzz.sh 600                         # the long run: 10 minutes per target
#   scripts/fuzz.sh 60 FuzzRecordingReader      # one target
#
# Targets: FuzzCommandDecoder (JSON parse + FieldReader + every op through a Scene on a
# manual clock, frames encoded) and FuzzRecordingReader (RecordingReader, then replay and
# verify). Each starts from a copy of the seed corpus in Fuzz/corpus/<kind>/ plus the
# regressions in Fuzz/regressions/<kind>/, with the dictionary Fuzz/<kind>.dict; the grown
# corpus and any crashing input land in test-output/fuzz/<target>/. Once a crash is fixed,
# copy its input into Fuzz/regressions/<kind>/: FuzzHarnessTests replays it in `swift test`.
#
# Environment: FUZZ_SCRATCH (build folder, default .build-fuzz), FUZZ_CONFIGURATION (release,
# the default, or debug), FUZZ_SANITIZERS (default "fuzzer,address"; "fuzzer" alone runs
# faster). Exits non-zero if a target crashed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi

DURATION=${1:-30}
shift || true
TARGETS=("$@")
((${#TARGETS[@]})) || TARGETS=(FuzzCommandDecoder FuzzRecordingReader)
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
CONFIGURATION=${FUZZ_CONFIGURATION:-release}
OUT=test-output/fuzz
mkdir -p "$OUT"

kind_of() {
  case $1 in
    FuzzCommandDecoder) echo commands ;;
    FuzzRecordingReader) echo recordings ;;
    *) echo "unknown fuzz target $1" >&2; exit 2 ;;
  esac
}

# Release builds leave out the runtime checks of exclusive access (Package.swift); a fuzzer is
# there to find such bugs, so it keeps them (the last -enforce-exclusivity given wins).
flags=(-c "$CONFIGURATION" -Xswiftc "-sanitize=$SANITIZERS" -Xswiftc -DFUZZING -Xswiftc -enforce-exclusivity=checked)
for target in "${TARGETS[@]}"; do
  kind_of "$target" >/dev/null
  echo "==> building $target (-sanitize=$SANITIZERS)"
  swift build --scratch-path "$SCRATCH" "${flags[@]}" --product "$target"
done
BIN=$(swift build --scratch-path "$SCRATCH" "${flags[@]}" --show-bin-path)

failed=0
for target in "${TARGETS[@]}"; do
  kind=$(kind_of "$target")
  work=$OUT/$target
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp Fuzz/corpus/"$kind"/* "$work/corpus/" 2>/dev/null || true
  cp Fuzz/regressions/"$kind"/* "$work/corpus/" 2>/dev/null || true
  echo "==> fuzzing $target for ${DURATION}s (corpus $(ls "$work/corpus" | wc -l) files)"
  set +e
  dict=()
  [[ -f Fuzz/$kind.dict ]] && dict=(-dict="Fuzz/$kind.dict")
  "$BIN/$target" "$work/corpus" "${dict[@]}" -max_total_time="$DURATION" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" 2>&1 | tail -n 40 | tee "$work/log.txt"
  status=${PIPESTATUS[0]}
  set -e
  if ((status != 0)) || compgen -G "$work/artifacts/*" >/dev/null; then
    echo "FUZZ FAILURE: $target (exit $status); inputs: $(ls "$work/artifacts" | tr '\n' ' ')"
    failed=1
  else
    echo "fuzz ok: $target"
  fi
done
if ((failed)); then echo "fuzz: FAILED"; exit 1; fi
echo "fuzz: every target ran clean"
