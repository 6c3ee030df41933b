#!/usr/bin/env bash
# Lighthouse against a freshly started Cohort (COHORT_BIN) with the demo content, on the
# built front end: frontend/scripts/lighthouse.mjs measures the public pages and fails on a
# missed budget. A script named as the argument (frontend/scripts/first-tap.mjs) is run
# against that server instead. Each page is opened once before it is measured, as on a site in use (its
# public reads are then cached in memory and written into the page).
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${COHORT_BIN:?COHORT_BIN names the cohort binary}"
port="${LIGHTHOUSE_PORT:-$(python3 scripts/free-ports.py)}"
data="$(mktemp -d)"
PORT="$port" COHORT_DATA_DIR="$data" COHORT_STATIC_DIR=frontend/dist RUST_LOG=warn \
  "$bin" serve >"$data/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 300); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$data/server.log"; exit 1; }
cd frontend
COHORT_URL="http://127.0.0.1:$port" node "${1:-scripts/lighthouse.mjs}"
