#!/usr/bin/env bash
# `just test`: every stage of the test suite, each built once and run once, with what can
# overlap overlapped (installs and the front end's checks beside the Rust build), then a table
# of each stage's time, the machine's CPU use while it ran, and its verdict. Every stage runs
# even when an earlier one failed (but for those that need the build), so one run shows every
# failure; the exit status is non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start_all=$(date +%s)
summary=()
failed=()

# Busy and total CPU ticks of the whole machine so far.
ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }

# record NAME STATUS STARTED CPU_BEFORE [ENDED CPU_AFTER]: one line of the table (ending now
# unless told when).
record() {
  local name=$1 status=$2 started=$3 before=$4 now=${5:-$(date +%s)} after=${6:-$(ticks)}
  local busy total verdict
  busy=$(( ${after% *} - ${before% *} ))
  total=$(( ${after#* } - ${before#* } ))
  verdict=passed
  if [ "$status" -ne 0 ]; then verdict=FAILED; failed+=("$name"); fi
  summary+=("$(printf '%-14s %6s %6ss %5s%%  %s' "$name" "+$((started - start_all))s" \
    "$((now - started))" "$(( total > 0 ? 100 * busy / total : 0 ))" "$verdict")")
}

# stage NAME COMMAND...: runs it in the foreground.
stage() {
  local name=$1 started before status
  shift
  echo "=== $name: $*"
  started=$(date +%s)
  before=$(ticks)
  "$@"
  status=$?
  record "$name" "$status" "$started" "$before"
  return "$status"
}

# begin NAME COMMAND...: runs it in the background, its output kept until `end NAME`; the
# job notes when it finished and the CPU so far, so its line in the table is its own time.
declare -A starts befores
begin() {
  local name=$1
  shift
  echo "=== $name (alongside): $*"
  starts[$name]=$(date +%s)
  befores[$name]=$(ticks)
  {
    "$@"
    echo $? >"$logs/$name.status"
    date +%s >"$logs/$name.ended"
    ticks >"$logs/$name.ticks"
  } >"$logs/$name.log" 2>&1 &
}

# end NAME: waits for a background stage and shows its output.
end() {
  local name=$1 status
  while [ ! -f "$logs/$name.ticks" ]; do sleep 1; done
  status=$(cat "$logs/$name.status")
  echo "=== $name (alongside) finished:"
  cat "$logs/$name.log"
  record "$name" "$status" "${starts[$name]}" "${befores[$name]}" \
    "$(cat "$logs/$name.ended")" "$(cat "$logs/$name.ticks")"
  return "$status"
}

# Clippy lints our crates as they are compiled for the tests (clippy-driver in rustc's place
# for the workspace's members, warnings as errors, as `just lint-rust` runs it), instead of
# type-checking all of them a second time: that pass took 186-277 s of a two-core machine.
# Every cargo command below runs with the same two variables, so none rebuilds what another
# built (cargo keeps these builds apart from those made without them).
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# A clean clone's crates are built once: the incremental cache would only be written, never read.
export CARGO_INCREMENTAL=0

# Installs that wait on the network (npm, PyPI, Debian) and the front end's build, checks
# and lint (Node) go beside the Rust build, whose linking leaves a core idle at times.
begin tools just localstripe smtpd moto nginx pyyaml chromium fuzz-tools
begin frontend just test-frontend lint-js
stage build just build-tests
built=$?
stage lint cargo fmt --all --check
stage loops just loops
end frontend
end tools
if [ "$built" -eq 0 ]; then
  # Each pass alone leaves a third of the machine idle (tests wait on the database, on
  # servers they start, on timers): the two run side by side, and the fuzzer (which no
  # timing can fail) takes what the PostgreSQL pass leaves once the SQLite pass is done.
  begin rust-pg just --no-deps test-pg
  stage rust-sqlite just --no-deps test-rust
  stage fuzz just --no-deps fuzz
  end rust-pg
  stage e2e env E2E_PHOTOS=off just --no-deps e2e
  # Alone: Lighthouse's scores fall when another process takes the CPU.
  stage lighthouse just --no-deps lighthouse-ci
fi

echo
echo "stage          start   time   cpu  verdict    (cpu: the whole machine's while the stage ran)"
printf '%s\n' "${summary[@]}"
echo "total $(( $(date +%s) - start_all ))s"
if [ "$built" -ne 0 ]; then
  echo "the build failed: the stages that run it were skipped"
  exit 1
fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed: ${failed[*]}"
  exit 1
fi
