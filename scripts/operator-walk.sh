#!/usr/bin/env bash
# The README's operator section, walked as an operator would (`just operator-walk`): doctor,
# migrate, create-admin, two instances with COHORT_MIGRATE=check behind the shipped nginx site
# (a test certificate, HTTP/2) on PostgreSQL (127.0.0.1:5432), Redis, an S3 server (moto) and
# an SMTP server (aiosmtpd); media written through one instance and read through the other,
# mail, a webhook, readiness with Redis stopped, metrics, a backup and a graceful restart under
# load. It prints what each step printed; nothing here is asserted (the tests do that).
set -uo pipefail
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/debug/cohort}
here=$(cd "$(dirname "$0")/.." && pwd); cd "$here"
W=$(mktemp -d /tmp/cohort-walk.XXXXXX)
step() { printf '\n$ %s\n' "$*"; }
run() { step "$*"; "$@" 2>&1; echo "(exit $?)"; }
base=$(python3 scripts/free-ports.py 8); A=$base B=$((base+1)) S3=$((base+2)) SMTP=$((base+3)) RED=$((base+4)) HOOK=$((base+5)) HTTPS=$((base+6)) HTTP=$((base+7))
mkdir -p $W/run/{a,b,backup-parent,nginx}
psql -q -h 127.0.0.1 -U postgres -c 'DROP DATABASE IF EXISTS cohort_walk' -c 'CREATE DATABASE cohort_walk' postgres
redis-server --port $RED --save '' --daemonize yes --pidfile $W/run/redis.pid >/dev/null
$HOME/.cache/cohort/moto/bin/moto_server -p $S3 >$W/run/moto.log 2>&1 & echo $! > $W/run/moto.pid
$HOME/.cache/cohort/aiosmtpd/bin/python -m aiosmtpd -n -l 127.0.0.1:$SMTP >$W/run/smtp.log 2>&1 & echo $! > $W/run/smtp.pid
python3 - $HOOK >$W/run/hook.log 2>&1 <<'PY' & echo $! > $W/run/hook.pid
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers['content-length']))
        print(self.headers['cohort-event'], self.headers['cohort-signature'][:24] + '…', body[:120], flush=True)
        self.send_response(200); self.end_headers(); self.wfile.write(b'ok')
    def log_message(self, *a): pass
http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
PY
sleep 2
AWS_ENDPOINT_URL=http://127.0.0.1:$S3 AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x python3 -c "
import urllib.request; urllib.request.urlopen(urllib.request.Request('http://127.0.0.1:$S3/cohort-media', method='PUT'))"
cat > $W/run/cohort.env <<ENV
DATABASE_URL=postgres://postgres@127.0.0.1:5432/cohort_walk
REDIS_URL=redis://127.0.0.1:$RED
COHORT_SECRET_KEY=walk-secret-key-0123456789abcdef0123456789abcdef
COHORT_STORAGE_URL=s3://cohort-media/walk
AWS_ENDPOINT_URL=http://127.0.0.1:$S3
AWS_ACCESS_KEY_ID=walk
AWS_SECRET_ACCESS_KEY=walk
COHORT_SMTP_URL=smtp://127.0.0.1:$SMTP
COHORT_MAIL_FROM="Cohort <no-reply@cohort.test>"
COHORT_PUBLIC_URL=https://cohort.test:$HTTPS
COHORT_TRUSTED_PROXIES=127.0.0.1
COHORT_LOG_FORMAT=json
COHORT_MIGRATE=check
COHORT_STATIC_DIR=frontend/dist
COHORT_HOST=127.0.0.1
COHORT_OUTBOUND_ALLOWLIST=http://127.0.0.1:$HOOK
ENV
set -a; . $W/run/cohort.env; set +a
echo "# cohort.env"; sed 's/SECRET_KEY=.*/SECRET_KEY=…/' $W/run/cohort.env
run $BIN doctor --accept payments
run $BIN migrate --check
step "$BIN migrate"; $BIN migrate 2>&1 | tail -3; echo "(exit ${PIPESTATUS[0]})"
run $BIN migrate --check
run $BIN create-admin --email ops@cohort.test --password 'walk admin passphrase 1'
run $BIN doctor --accept payments
for i in a b; do
  port=$A; [ $i = b ] && port=$B
  PORT=$port COHORT_DATA_DIR=$W/run/$i RUST_LOG=info $BIN serve >$W/run/$i.log 2>&1 & echo $! > $W/run/$i.pid
done
for p in $A $B; do for _ in $(seq 60); do curl -sf http://127.0.0.1:$p/api/health/live >/dev/null && break; sleep 0.5; done; done
step "head -c 300 a.log (JSON lines)"; head -2 $W/run/a.log | cut -c1-300
# nginx: the shipped site with the host's ports, a test certificate and the proxy snippet's path
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=cohort.test -addext subjectAltName=DNS:cohort.test \
  -keyout $W/run/nginx/key.pem -out $W/run/nginx/cert.pem 2>/dev/null
sed -e "s#server 10.0.0.11:8080#server 127.0.0.1:$A#; s#server 10.0.0.12:8080#server 127.0.0.1:$B#" \
    -e "s#listen 443 ssl http2;#listen 127.0.0.1:$HTTPS ssl http2;#; s#listen \[::\]:443 ssl http2;##" \
    -e "s#listen 80;#listen 127.0.0.1:$HTTP;#; s#listen \[::\]:80;##" \
    -e "s#cohort.example.org#cohort.test#g" \
    -e "s#/etc/letsencrypt/live/cohort.test/fullchain.pem#$W/run/nginx/cert.pem#; s#/etc/letsencrypt/live/cohort.test/privkey.pem#$W/run/nginx/key.pem#" \
    -e "s#include /etc/nginx/cohort-proxy.conf;#include $here/deploy/nginx/cohort-proxy.conf;#" \
    deploy/nginx/cohort.conf > $W/run/nginx/site.conf
cat > $W/run/nginx/nginx.conf <<NG
pid $W/run/nginx/nginx.pid; error_log $W/run/nginx/error.log; daemon on;
events {}
http { access_log off; client_body_temp_path $W/run/nginx/body; proxy_temp_path $W/run/nginx/proxy;
  include $W/run/nginx/site.conf; }
NG
step "diff deploy/nginx/cohort.conf site.conf (what the walk changed)"; diff deploy/nginx/cohort.conf $W/run/nginx/site.conf
run nginx -t -c $W/run/nginx/nginx.conf
nginx -c $W/run/nginx/nginx.conf
sleep 1
C="curl -s --http2 --cacert $W/run/nginx/cert.pem --resolve cohort.test:$HTTPS:127.0.0.1"
step "curl -I http://cohort.test (→ https)"; curl -sI --resolve cohort.test:$HTTP:127.0.0.1 http://cohort.test:$HTTP/ | head -3
step "curl --http2 https://cohort.test/api/health/ready"; $C -w '\nHTTP/%{http_version} %{http_code}\n' https://cohort.test:$HTTPS/api/health/ready
TOKEN=$($C -H 'content-type: application/json' -d '{"email":"ops@cohort.test","password":"walk admin passphrase 1"}' https://cohort.test:$HTTPS/api/login | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["access"])')
step "sign-in through nginx: token ${TOKEN:0:6}…"
# A reset link goes out through the SMTP server.
step "POST /api/forgot-password"
$C -H 'content-type: application/json' -d '{"email":"ops@cohort.test"}' https://cohort.test:$HTTPS/api/forgot-password | cut -c1-200; echo
# Media on S3, written through instance A, read through instance B.
python3 -c "
from PIL import Image; Image.new('RGB',(400,400),(30,120,110)).save('$W/run/avatar.jpg')"
AV=$(curl -s -H "Authorization: Bearer $TOKEN" -F "file=@$W/run/avatar.jpg;type=image/jpeg" http://127.0.0.1:$A/api/me/set-avatar | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["url"])')
step "avatar uploaded through instance A: $AV"
step "GET it through instance B"; curl -s -o /dev/null -w '%{http_code} %{content_type} %{size_download} bytes\n' "http://127.0.0.1:$B$AV"
step "the bucket holds"; AWS_ENDPOINT_URL=http://127.0.0.1:$S3 python3 -c "
import urllib.request,re; t=urllib.request.urlopen('http://127.0.0.1:$S3/cohort-media?list-type=2').read().decode(); print(re.findall('<Key>([^<]+)</Key>',t))"
# A platform webhook, to a receiver the operator allows.
step "POST /api/webhooks (admin, project.submitted + member.joined)"
$C -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d "{\"url\":\"http://127.0.0.1:$HOOK/cohort\",\"events\":[\"member.joined\",\"project.submitted\"]}" https://cohort.test:$HTTPS/api/webhooks | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print("secret", d["secret"][:10]+"…", "webhook", d["webhook"]["id"], d["webhook"]["events"])'
step "POST /api/webhooks to a private address"; $C -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"url":"https://10.0.0.8/in","events":["member.joined"]}' https://cohort.test:$HTTPS/api/webhooks; echo
sleep 3
step "the mail server received"; grep -E "^(Subject|To):" $W/run/smtp.log | head -4; grep -c "Message-ID" $W/run/smtp.log
# Redis stops: every instance stays ready, degraded.
kill $(cat $W/run/redis.pid); sleep 2
step "Redis stopped: readiness on A and B"; for p in $A $B; do curl -s -w ' %{http_code}\n' http://127.0.0.1:$p/api/health/ready | python3 -c 'import sys; t=sys.stdin.read(); print(t[:200], t.strip()[-3:])'; done
redis-server --port $RED --save '' --daemonize yes --pidfile $W/run/redis.pid >/dev/null
for i in $(seq 60); do curl -s http://127.0.0.1:$A/api/health/ready | grep -q '"redis":"ok"' && break; sleep 1; done
step "Redis back (after ${i} s): readiness on A"; curl -s -w ' %{http_code}\n' http://127.0.0.1:$A/api/health/ready | cut -c1-200
step "metrics (excerpt)"; curl -s http://127.0.0.1:$A/metrics | grep -E '^(cohort_build_info|cohort_job_runs_total\{job="(webhooks|mail_outbox)"|process_resident_memory_bytes|cohort_mail_outbox_depth)' | head -6
run $BIN backup --to $W/run/backup-parent/b1
step "ls -la backup"; ls -la $W/run/backup-parent/b1 | head; stat -c '%a %n' $W/run/backup-parent/b1
step "access lines (instance B, JSON)"; grep '"message":"request"' $W/run/b.log | tail -1 | cut -c1-400
# A graceful restart of A under load, B serving.
step "SIGTERM A while 200 requests run through nginx"
( for i in $(seq 200); do $C -o /dev/null -w '%{http_code}\n' https://cohort.test:$HTTPS/api/health/live; done > $W/run/load.txt ) & LOAD=$!
sleep 0.5; APID=$(cat $W/run/a.pid); kill -TERM $APID; while kill -0 $APID 2>/dev/null; do sleep 0.2; done; sleep 1
PORT=$A COHORT_DATA_DIR=$W/run/a RUST_LOG=info $BIN serve >>$W/run/a.log 2>&1 & echo $! > $W/run/a.pid
wait $LOAD; sort $W/run/load.txt | uniq -c
step "instance A's last lines as it stopped"; grep -E 'shutting|stopp|graceful|SIGTERM' $W/run/a.log | head -3 | cut -c1-300
nginx -c $W/run/nginx/nginx.conf -s stop
kill $(cat $W/run/a.pid) $(cat $W/run/b.pid) $(cat $W/run/moto.pid) $(cat $W/run/smtp.pid) $(cat $W/run/hook.pid) $(cat $W/run/redis.pid) 2>/dev/null
