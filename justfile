# Cohort's workflows. `just --list` shows them all.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Builds share one target dir outside the clone (override with CARGO_TARGET_DIR).
export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") + "/.cache/cohort/target")
cohort := CARGO_TARGET_DIR + "/release/cohort"
cohort_debug := CARGO_TARGET_DIR + "/debug/cohort"
cohort_local := CARGO_TARGET_DIR + "/local/cohort"

# Build everything and serve the site on the embedded defaults (SQLite, dev mailbox) in
# development mode: staff read the mail and SMS the site sends at /dev/mailbox.
run: run-build
    COHORT_DEV="${COHORT_DEV:-on}" {{cohort_local}} serve

# What `just run` serves: the front end built beside the binary of the `local` profile (the
# development profile's settings, so a newcomer's first build takes minutes; `build` makes
# the optimised release).
run-build:
    just frontend-build & front=$!; cargo build --profile local -p app; wait "$front"

# API with live reload of the front end: the Rust server plus Vite's dev server.
dev: frontend-deps
    cargo build -p app
    COHORT_DEV="${COHORT_DEV:-on}" {{cohort_debug}} serve & trap "kill $!" EXIT; cd frontend && npx vite

# Release binary and production front end.
build: frontend-build
    cargo build --release -p app

# Every test: lint (rustfmt, clippy with its unwrap ban, eslint), Rust on SQLite and
# PostgreSQL, contract drift, front-end types, unit tests and budgets, browser end to end,
# Lighthouse, and the contract fuzzed by schemathesis. scripts/test-all.sh builds once, runs
# the installs and the front end's checks beside the Rust build, and ends with each stage's
# time and CPU use.
test:
    scripts/test-all.sh

# The Rust tests' binaries and the `cohort` binary (the browser tests, Lighthouse and the
# fuzzer run it too), built once; every target, so that clippy in the build (`just test`) sees
# the examples too.
build-tests:
    cargo nextest run --workspace --all-targets --no-run

# The debug `cohort` binary, built with the workspace's tests so that its dependencies have
# the features the tests give them: after `build-tests` it builds nothing (`cargo build -p app`
# alone resolves other features and rebuilds every crate, some 4 minutes on two cores).
debug-build:
    cargo build --workspace --tests --bins

# Rust tests on SQLite (whatever the environment says about PostgreSQL or Redis).
test-rust: localstripe smtpd moto nginx pyyaml
    env -u TEST_DATABASE_URL -u REDIS_URL cargo nextest run --workspace --no-fail-fast

# Rust integration tests on PostgreSQL (a fresh database per test, copied from a migrated
# template and dropped afterwards), those that reach the database (.config/nextest.toml,
# profile `pg`). On the server TEST_DATABASE_URL names; without it, on a throwaway cluster of
# the machine's PostgreSQL in memory (scripts/pg-scratch.sh says why), or, where none can be
# started, on the local server at 127.0.0.1:5432. With REDIS_URL set, the live channel's
# two-instance tests run too.
test-pg: localstripe smtpd moto nginx pyyaml
    #!/usr/bin/env bash
    set -euo pipefail
    url=${TEST_DATABASE_URL:-}
    if [ -z "$url" ] && scratch=$(mktemp -d /dev/shm/cohort-pg.XXXXXX 2>/dev/null); then
      trap 'scripts/pg-scratch.sh stop "$scratch"' EXIT
      url=$(scripts/pg-scratch.sh start "$scratch") || echo "no PostgreSQL to start here: the tests use 127.0.0.1:5432"
    fi
    TEST_DATABASE_URL=${url:-postgres://postgres@127.0.0.1:5432/postgres} \
      cargo nextest run --workspace --no-fail-fast --profile pg

# Front-end types (the build checks them), unit tests, the generated client against
# openapi.yaml, and the JavaScript budget of the production build (frontend/routes.json).
test-frontend: frontend-build
    cd frontend && npm run --silent client:check
    cd frontend && npx vitest run
    cd frontend && npm run --silent budget

# Playwright in Debian's Chromium against the real binary, its six servers on free ports
# (E2E_PORT and the next five, chosen afresh each run unless set).
e2e: chromium localstripe frontend-build debug-build
    cd frontend && E2E_PORT="${E2E_PORT:-$(python3 ../scripts/free-ports.py 6)}" COHORT_BIN={{cohort_debug}} npx playwright test

# Two instances behind the shipped nginx site on PostgreSQL, Redis, S3 (moto) and SMTP
# (aiosmtpd), printing what each step printed:
# the README's operator section walked end to end (scripts/operator-walk.sh).
operator-walk: moto smtpd nginx frontend-build debug-build
    BIN={{cohort_debug}} scripts/operator-walk.sh

# Lighthouse (mobile profile, simulated throttling) in Debian's Chromium on the thirteen
# public pages the server renders (landing, blog, a post, groups list, a group, projects, a
# project, needs, lectures, a lecture, a content page, about, terms) of a freshly started
# release binary with the demo content, each first checked to come from the server whole:
# three runs per page (the median reported), failing when the best run scores under 90 or
# shifts by 0.02 (frontend/scripts/lighthouse.mjs; the measurements in docs/benchmarks.md).
# LIGHTHOUSE_PAGES=project,group measures only the pages named.
lighthouse: chromium build
    COHORT_BIN={{cohort}} scripts/lighthouse.sh

# How long a visitor's first tap waits on a server-rendered page, whose app starts at their
# first use (src/main.tsx), against a tap once it runs: Chromium at Lighthouse's 4× slower CPU,
# on the release binary with the demo content (frontend/scripts/first-tap.mjs).
first-tap: chromium build
    COHORT_BIN={{cohort}} scripts/lighthouse.sh scripts/first-tap.mjs

# The same gate in CI on the debug binary (a release build would not fit CI's time): the
# issue's, three runs a page, failing when the best scores under 90 or shifts by 0.02,
# stopping at the first run within the limits. Until 2026-12-07 it was held to 75 there: the
# app's takeover cost the group and project pages 300–1,400 ms of main thread from run to run
# on this machine kind, so a gate of 90 failed at random; a visitor's page is now taken over
# at their first use, and every page scores 99–100 with TBT under 100 ms (docs/benchmarks.md).
lighthouse-ci: chromium frontend-build debug-build
    LIGHTHOUSE_UNTIL_WITHIN=on COHORT_BIN={{cohort_debug}} scripts/lighthouse.sh

# schemathesis against freshly started binaries as a visitor, a member and staff: every
# check, a bounded budget (FUZZ_EXAMPLES per operation, 4 by default, about 40,000 requests),
# one seed and pinned versions, so the verdict is the same every time.
fuzz: fuzz-tools debug-build
    COHORT_BIN={{cohort_debug}} scripts/fuzz.sh

# The same on the release binary with a long budget: well past 100,000 requests.
fuzz-long:
    cargo build --release -p app
    FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-200}" COHORT_BIN={{cohort}} scripts/fuzz.sh

# rustfmt, clippy (warnings are errors), the front end's lint (its types are checked by
# every build of it: `just frontend-build`) and the import-loop check.
lint: lint-rust lint-js loops

lint-rust:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings

lint-js: frontend-deps
    cd frontend && npx eslint . --max-warnings 0

# scripts/import-loops.py says how it reads a dependency and prints the shortest way round
# a loop it finds (issue 48 §3); its own tests run first.
# No two files reach each other through their imports, in any crate's src or the front end.
loops:
    python3 -W error scripts/import_loops_test.py
    python3 scripts/import-loops.py

# Regenerate openapi.yaml from the server's annotations.
openapi:
    cargo run -q -p app -- openapi > openapi.yaml

# Regenerate the typed client in frontend/src/api from openapi.yaml.
client: frontend-deps
    cd frontend && npm run --silent client

# Add the demo content to the configured database.
seed:
    cargo run -q -p app -- seed

# Release build, then the benchmark of issue 16 on PostgreSQL and SQLite with the scale
# data set: each key read's rate, p50/p99 at 70% of it, its SQL ceiling (pgbench), the
# process (size, first start, memory) and the live channel with 10,000 sockets; writes
# docs/benchmarks.md. Takes about half an hour.
bench: build
    command -v oha >/dev/null || cargo install --locked oha
    command -v pgbench >/dev/null || (apt-get update -qq && apt-get install -y -qq postgresql-client)
    cargo build --release -p feed --example live_bench
    ulimit -n 65536 2>/dev/null || true; COHORT_BIN={{cohort}} python3 scripts/bench.py

# Where the time of the key member reads goes: the release build with its symbols (profile
# `profiling`) on PostgreSQL with the scale data, each read loaded by oha while `perf`
# samples the whole machine; writes docs/profiles/<read>.txt (PROFILE_READS picks reads).
# With PROFILE_TAILS=on, the p99 at 70% of each read's maximum rate beside the scheduler's
# delays for every process (docs/profiles/<read>-tails.txt).
profile: frontend-build
    command -v oha >/dev/null || cargo install --locked oha
    command -v perf >/dev/null || (apt-get update -qq && apt-get install -y -qq linux-perf)
    cargo build --profile profiling -p app
    COHORT_BIN={{CARGO_TARGET_DIR}}/profiling/cohort python3 scripts/profile.py

# Remake the demo seed's media from its texts (crates/content/src/seed/lectures.json and
# banners.json): narrated lecture videos with WebVTT captions, and the banners' pictures.
# The outputs are committed, so run this only after changing the texts. Needs espeak-ng,
# ffmpeg (Debian) and Pillow (PyPI), which it installs.
seed-media:
    command -v espeak-ng >/dev/null && command -v ffmpeg >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng ffmpeg fonts-dejavu-core)
    python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q pillow
    python3 scripts/seed_media.py

# --- helpers ---

# schemathesis and its exact versions (scripts/fuzz-requirements.txt) in their own virtualenv.
fuzz-tools:
    scripts/fuzz.sh --install

frontend-deps:
    cd frontend && (test -d node_modules && test node_modules/.package-lock.json -nt package-lock.json || npm ci --no-audit --no-fund)

frontend-build: frontend-deps
    cd frontend && npm run --silent build

# localstripe (PyPI) in its own virtualenv: the stand-in Stripe the adapter's tests and the
# browser tests start, through scripts/localstripe_connect.py (Connect transfers, idempotency keys).
localstripe:
    test -x "$HOME/.cache/cohort/localstripe/bin/localstripe" || { python3 -m venv "$HOME/.cache/cohort/localstripe" || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv "$HOME/.cache/cohort/localstripe"); "$HOME/.cache/cohort/localstripe/bin/pip" install -q "localstripe>=1.15,<2"; }

# PyYAML (PyPI), the YAML 1.1 reader the contract test reads openapi.yaml with.
pyyaml:
    python3 -c "import yaml" 2>/dev/null || python3 -m pip install -q pyyaml

# aiosmtpd (PyPI) in its own virtualenv: the real SMTP server the mail tests start
# (crates/testkit/smtp_server.py); they make its certificates with Debian's openssl.
smtpd:
    test -x "$HOME/.cache/cohort/aiosmtpd/bin/python" && "$HOME/.cache/cohort/aiosmtpd/bin/python" -c "import aiosmtpd" 2>/dev/null || { python3 -m venv "$HOME/.cache/cohort/aiosmtpd" || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv "$HOME/.cache/cohort/aiosmtpd"); "$HOME/.cache/cohort/aiosmtpd/bin/pip" install -q "aiosmtpd>=1.4,<2"; }
    command -v openssl >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl)

# moto (PyPI) in server mode, in its own virtualenv: the S3-compatible service the object
# storage tests start.
moto:
    test -x "$HOME/.cache/cohort/moto/bin/moto_server" || { python3 -m venv "$HOME/.cache/cohort/moto" || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv "$HOME/.cache/cohort/moto"); "$HOME/.cache/cohort/moto/bin/pip" install -q "moto[server]>=5,<6"; }

# Debian's nginx, for the two-instance proxy test (deploy/nginx/cohort-proxy.conf).
nginx:
    command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light)

# Debian's Chromium for Playwright (never a downloaded browser).
chromium:
    command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
