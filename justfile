# Cohort's workflows. `just --list` shows them all.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Builds share one target dir outside the clone (override with CARGO_TARGET_DIR).
export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") + "/.cache/cohort/target")
# A fresh PostgreSQL database is made per test from this URL (the machines run one locally).
pg_url := env_var_or_default("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
cohort := CARGO_TARGET_DIR + "/release/cohort"
cohort_debug := CARGO_TARGET_DIR + "/debug/cohort"

# Build everything and serve the site on the embedded defaults (SQLite, dev mailbox) in
# development mode: staff read the mail and SMS the site sends at /dev/mailbox.
run: build
    COHORT_DEV="${COHORT_DEV:-on}" {{cohort}} serve

# API with live reload of the front end: the Rust server plus Vite's dev server.
dev: frontend-deps
    cargo build -p app
    COHORT_DEV="${COHORT_DEV:-on}" {{cohort_debug}} serve & trap "kill $!" EXIT; cd frontend && npx vite

# Release binary and production front end.
build: frontend-build
    cargo build --release -p app

# Every test: Rust on SQLite and PostgreSQL, contract drift, front-end unit, browser end to
# end, and the contract fuzzed by schemathesis.
test: test-rust test-pg test-frontend e2e fuzz

# Rust tests on SQLite (whatever the environment says about PostgreSQL or Redis).
test-rust:
    env -u TEST_DATABASE_URL -u REDIS_URL cargo nextest run --workspace --no-fail-fast

# Rust tests on PostgreSQL (a fresh database per test, dropped afterwards); with REDIS_URL
# set, the live channel's two-instance test runs too.
test-pg:
    TEST_DATABASE_URL={{pg_url}} cargo nextest run --workspace --no-fail-fast

# Front-end types, lint, unit tests, and the generated client against openapi.yaml.
test-frontend: frontend-deps
    cd frontend && npm run --silent client:check
    cd frontend && npx tsc -b
    cd frontend && npx eslint . --max-warnings 0
    cd frontend && npx vitest run

# Playwright in Debian's Chromium against the real binary.
e2e: chromium frontend-build
    cargo build -p app
    cd frontend && COHORT_BIN={{cohort_debug}} npx playwright test

# schemathesis against a freshly started binary as a visitor, a member and staff: every
# check, a bounded budget (FUZZ_EXAMPLES per operation, 4 by default, about 40,000 requests).
fuzz:
    cargo build -p app
    COHORT_BIN={{cohort_debug}} scripts/fuzz.sh

# The same on the release binary with a long budget: well past 100,000 requests.
fuzz-long:
    cargo build --release -p app
    FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-200}" COHORT_BIN={{cohort}} scripts/fuzz.sh

# rustfmt, clippy (warnings are errors) and the front end's lint.
lint: frontend-deps
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npx eslint . --max-warnings 0 && npx tsc -b

# Regenerate openapi.yaml from the server's annotations.
openapi:
    cargo run -q -p app -- openapi > openapi.yaml

# Regenerate the typed client in frontend/src/api from openapi.yaml.
client: frontend-deps
    cd frontend && npm run --silent client

# Add the demo content to the configured database.
seed:
    cargo run -q -p app -- seed

# Release build, then measure one instance on the embedded database: the API's throughput
# with wrk, and the live channel (BENCH_MEMBERS connections, 1,000 by default): connections
# held, p50/p99 delivery of one notification fanned out to all, and the server's memory.
bench: build
    command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
    cargo build --release -p feed --example live_bench
    ulimit -n 65536 2>/dev/null || true; dir=$(mktemp -d); \
      export BENCH_ADMIN_EMAIL=bench@bench.example BENCH_ADMIN_PASSWORD="bench admin $RANDOM$RANDOM"; \
      COHORT_DATA_DIR=$dir {{cohort}} create-admin --email "$BENCH_ADMIN_EMAIL" --password "$BENCH_ADMIN_PASSWORD" >/dev/null; \
      PORT=18090 COHORT_DATA_DIR=$dir COHORT_DEV=on RUST_LOG=warn COHORT_RATE_LIMITS=off COHORT_CAPTCHA=off \
      {{cohort}} serve & pid=$!; \
      trap "kill $pid" EXIT; \
      for i in $(seq 50); do curl -sf localhost:18090/api/health >/dev/null && break; sleep 0.2; done; \
      wrk -t2 -c64 -d10s --latency http://127.0.0.1:18090/api/health; \
      BENCH_URL=http://127.0.0.1:18090 $CARGO_TARGET_DIR/release/examples/live_bench; \
      echo "server memory: $(grep VmRSS /proc/$pid/status)"

# --- helpers ---

frontend-deps:
    cd frontend && (test -d node_modules && test node_modules/.package-lock.json -nt package-lock.json || npm ci --no-audit --no-fund)

frontend-build: frontend-deps
    cd frontend && npx tsc -b && npx vite build

# Debian's Chromium for Playwright (never a downloaded browser).
chromium:
    command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
