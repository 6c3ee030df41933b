#!/usr/bin/env bash
# `just fuzz`: schemathesis against a freshly started `cohort` binary, as a visitor, a
# member and staff. FUZZ_EXAMPLES test cases per operation and role (CI keeps it small;
# `just fuzz-long` runs well past 100,000 requests). Fails on any server error, schema
# violation or undocumented status.
set -euo pipefail

binary=${COHORT_BIN:?COHORT_BIN names the cohort binary}
examples=${FUZZ_EXAMPLES:-4}
seed=${FUZZ_SEED:-20261124}
# schemathesis in a virtualenv of its own, so its packages stay out of the machine's.
venv=${FUZZ_VENV:-$HOME/.cache/cohort/schemathesis}
if [ ! -x "$venv/bin/st" ]; then
  python=/usr/bin/python3
  [ -x "$python" ] || python=python3
  "$python" -m venv "$venv" 2>/dev/null || {
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv) >/dev/null
    "$python" -m venv "$venv"
  }
  "$venv/bin/pip" install -q "schemathesis>=4,<5"
fi
st() { "$venv/bin/st" "$@"; }

settings="$(cd "$(dirname "$0")" && pwd)/schemathesis.toml"
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export COHORT_DATA_DIR="$dir" COHORT_HOST=127.0.0.1 PORT="$port" COHORT_PUBLIC_URL="$base" \
  COHORT_DEV=on COHORT_RATE_LIMITS=off COHORT_CAPTCHA=off RUST_LOG=error COHORT_STATIC_DIR="$dir/none"
staff_email=fuzz-staff@example.org staff_password="fuzz staff $RANDOM$RANDOM"
"$binary" create-admin --email "$staff_email" --password "$staff_password" >/dev/null
"$binary" serve >"$dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.2; done

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
login() { curl -sf "$base/api/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$1\",\"password\":\"$2\"}" | json "['data']['access']"; }
staff=$(login "$staff_email" "$staff_password")
member_email=fuzz-member@example.org member_password="fuzz member $RANDOM$RANDOM"
curl -sf "$base/api/register" -H 'content-type: application/json' \
  -d "{\"name\":\"Fuzz Member\",\"email\":\"$member_email\",\"password\":\"$member_password\",\"captcha\":\"off\"}" >/dev/null
link=$(curl -sf "$base/api/dev/mailbox?perPage=1" -H "Authorization: Bearer $staff" | json "['data'][0]['text']")
token=$(printf '%s' "$link" | grep -o 'token=[^& ]*' | head -1 | cut -d= -f2)
curl -sf "$base/api/confirm-user" -H 'content-type: application/json' -d "{\"token\":\"$token\"}" >/dev/null
member=$(login "$member_email" "$member_password")

# Sign-out, password and session changes would end the run's own sessions; the crash,
# permission and journey tests cover them.
skip='logout|updateMe|staffSetUserRole|staffDeactivateUser|disconnectOauth|disableTotp|confirmTotp'
# Checks left out, and why: positive_data_acceptance and ensure_resource_availability
# assume every schema-valid input names a resource that exists (ids here are random);
# ignored_auth and use_after_free need links between operations the contract does not
# declare; missing_required_header has no required header to miss.
excluded=positive_data_acceptance,ignored_auth,use_after_free,ensure_resource_availability,missing_required_header
attempt() {
  local workers=$1
  shift
  st --config-file "$settings" run "$base/api/openapi.json" --url "$base" "$@" \
    --checks all --max-examples "$examples" --workers "$workers" --no-shrink \
    --request-timeout 30 --generation-database none --no-color 2>&1 | tee "$dir/run.log"
  return "${PIPESTATUS[0]}"
}
# CPython 3.11 sometimes raises "AST constructor recursion depth mismatch" inside Hypothesis
# while it describes a strategy (an interpreter bug, not a finding; it comes of two worker
# threads parsing at once): a run whose only problem is that error runs again with one worker,
# up to twice, with the next seeds. Any failed check fails at once.
run() {
  attempt 2 "$@" --seed "$seed" && return 0
  local retry
  for retry in 1 2; do
    if ! grep -q 'AST constructor recursion depth mismatch' "$dir/run.log" || grep -q '❌' "$dir/run.log"; then
      return 1
    fi
    echo "== schemathesis hit the interpreter's AST bug; running again with one worker"
    attempt 1 "$@" --seed "$((seed + retry))" && return 0
  done
  return 1
}
status=0
for who in visitor member staff; do
  case $who in
    visitor) auth=() ;;
    member) auth=(-H "Authorization: Bearer $member") ;;
    staff) auth=(-H "Authorization: Bearer $staff") ;;
  esac
  echo "== schemathesis as $who: $examples examples per operation"
  if [ "$who" = staff ]; then
    run "${auth[@]}" --exclude-checks "$excluded" --exclude-operation-id-regex "^($skip)$" || status=1
  else
    run "${auth[@]}" --exclude-checks "$excluded" --exclude-operation-id-regex "^($skip|staff.*)$" || status=1
    # To anyone but staff the console does not exist: 404 whatever the method.
    run "${auth[@]}" --exclude-checks "$excluded,unsupported_method" \
      --include-operation-id-regex '^staff' --exclude-operation-id-regex "^($skip)$" || status=1
  fi
done
if grep -q 'panicked' "$dir/server.log"; then
  echo "the server panicked:"; grep -A5 panicked "$dir/server.log"; status=1
fi
exit $status
