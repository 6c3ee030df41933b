#!/usr/bin/env python3
"""`just bench`: Cohort's benchmark on the machine it runs on (issue 16).

For PostgreSQL and for the embedded SQLite, on the release binary with the scale data set
(`cohort seed --scale large`: 10k members, 2k groups, 20k topics, 200k replies, 1k posts,
50k feed items), each key read is loaded with `oha` at 64 connections (its maximum
rate), then at a fixed 70% of that rate (open loop, latency corrected, so p99 is honest).
Reads are made as a signed-in member, whose answers are never cached; the public reads
are also measured as a visitor, whose answers come from the in-memory cache. On
PostgreSQL, the SQL each read runs (captured once with `COHORT_LOG_SQL=values`) is run by
`pgbench` at the same concurrency: that is the read's ceiling, and the API's rate is
given as a share of it. Then the process: binary size, first start with the demo seed,
idle memory, and the live channel with `BENCH_LIVE_MEMBERS` sockets (10,000).

A read's maximum rate is the median of three `BENCH_MAX_SECONDS` runs after a warm-up
of the same length: a server's rate on a read rises over its first minute of load (569 to
739 req/s over five runs in a row), so one run right after another read's load set the
70% anywhere between 60% and 90% of what the machine could do
(docs/benchmarks-notes.md, "The bursts are a queue, not a pause").

Writes `docs/benchmarks.md`. Settings: `COHORT_BIN`, `BENCH_SECONDS` (10),
`BENCH_MAX_SECONDS` (5), `BENCH_PG_URL` (postgres://postgres@127.0.0.1:5432/postgres),
`BENCH_LIVE_MEMBERS`, `BENCH_ONLY` (postgres or sqlite), `BENCH_READS` (names of reads
separated by `;`, to measure only those; the document is then not written).
"""

import datetime
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = os.environ.get("COHORT_BIN", str(Path.home() / ".cache/cohort/target/release/cohort"))
LIVE_BENCH = os.environ.get("LIVE_BENCH", str(Path(BIN).parent / "examples/live_bench"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
MAX_SECONDS = int(os.environ.get("BENCH_MAX_SECONDS", "5"))
ONLY_READS = [r.strip() for r in os.environ.get("BENCH_READS", "").split(";") if r.strip()]
CONNECTIONS = 64
PG_ADMIN = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
LIVE_MEMBERS = int(os.environ.get("BENCH_LIVE_MEMBERS", "10000"))
ONLY = os.environ.get("BENCH_ONLY")
PORT = 18390

# Issue 16's measurements before the work (same machine kind, same data set).
BEFORE = {
    "replies, first page": "667–929 req/s, p99 198–483 ms",
    "topics": "16 statements per page (N+1)",
    "feed": "SQLite 125 req/s (COUNT(*) over 50k items)",
    "process": "idle RSS 102–128 MB; first start 1.8–2.1 s; binary 51 MB; live fan-out to 1,000 sockets p50 175 ms / p99 404 ms",
}


def log(message):
    print(f"[bench] {message}", flush=True)


def env(**extra):
    merged = dict(os.environ)
    for key in ("DATABASE_URL", "REDIS_URL", "COHORT_LOG_SQL"):
        merged.pop(key, None)
    merged.update(
        COHORT_RATE_LIMITS="off",
        COHORT_CAPTCHA="off",
        RUST_LOG="warn",
        COHORT_STATIC_DIR=str(ROOT / "frontend/dist"),
    )
    merged.update({k: str(v) for k, v in extra.items()})
    return merged


def http(method, path, token=None, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, data, timeout=30) as response:
        return json.loads(response.read() or b"null")


class Server:
    def __init__(self, data_dir, database_url=None, log_file=None, **extra):
        settings = dict(PORT=PORT, COHORT_DATA_DIR=data_dir, **extra)
        if database_url:
            settings["DATABASE_URL"] = database_url
        # A server left on the port would answer the health check in this one's place, and
        # every read after it would measure that one.
        try:
            http("GET", "/api/health")
            taken = True
        except urllib.error.HTTPError:
            taken = True
        except OSError:
            taken = False
        if taken:
            raise RuntimeError(f"port {PORT} is already answered by another server")
        self.started = time.monotonic()
        self.output = open(log_file, "ab") if log_file else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [BIN, "serve"], env=env(**settings), stdout=self.output, stderr=self.output
        )
        for _ in range(600):
            try:
                http("GET", "/api/health")
                self.ready_after = time.monotonic() - self.started
                return
            except Exception:
                if self.process.poll() is not None:
                    raise RuntimeError("the server stopped while starting")
                time.sleep(0.01)
        raise RuntimeError("the server did not start")

    def rss_mb(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if self.output is not subprocess.DEVNULL:
            self.output.close()


def seed(data_dir, database_url=None):
    settings = dict(COHORT_DATA_DIR=data_dir)
    if database_url:
        settings["DATABASE_URL"] = database_url
    started = time.monotonic()
    out = subprocess.run(
        [BIN, "seed", "--scale", "large"], env=env(**settings), capture_output=True, text=True, check=True
    )
    log(f"seeded in {time.monotonic() - started:.1f} s: {out.stdout.strip().splitlines()[-1]}")


def oha(path, token=None, rate=None, seconds=SECONDS):
    # `-w`: the requests still running at the deadline are waited for, not dropped. Dropped,
    # the server went on answering them while the next run started, and that backlog was
    # most of the next run's p99 (docs/benchmarks-notes.md, "Fourth round" of search).
    command = ["oha", "--no-tui", "--output-format", "json", "-w", "-z", f"{seconds}s", "-c", str(CONNECTIONS)]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    if rate:
        command += ["-q", str(rate), "--latency-correction"]
    command.append(f"http://127.0.0.1:{PORT}{path}")
    result = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    codes = result.get("statusCodeDistribution", {})
    ok = sum(n for code, n in codes.items() if code.startswith("2"))
    failed = sum(codes.values()) - ok
    percentiles = result["latencyPercentiles"]
    return {
        "rps": result["summary"]["requestsPerSec"],
        "p50": (percentiles.get("p50") or 0) * 1000,
        "p99": (percentiles.get("p99") or 0) * 1000,
        "failed": failed,
    }


def maximum(path, token=None):
    """`path`'s maximum rate at 64 connections: warmed up, then the median of three runs."""
    oha(path, token, seconds=MAX_SECONDS)
    runs = sorted((oha(path, token, seconds=MAX_SECONDS) for _ in range(3)), key=lambda r: r["rps"])
    return runs[1]


def sign_in(email=None):
    """A bearer token: the first scale member's, or a demo account's. A demo account first
    chooses a new password, as the site asks of it (kept for the next sign-in)."""
    if email is None:
        email = "scale-1@bench.cohort.local"
        password = Path(DATA["dir"], "scale-logins.txt").read_text().strip()
    else:
        passwords = DATA.setdefault("passwords", {})
        if email not in passwords:
            logins = Path(DATA["dir"], "demo-logins.txt").read_text().splitlines()
            passwords.update(line.split() for line in logins if line.strip())
        password = passwords[email]
    token = http("POST", "/api/login", body={"email": email, "password": password})["data"]["access"]
    if email in DATA.get("passwords", {}):
        try:
            http("GET", "/api/me/projects", token)
        except urllib.error.HTTPError as error:
            if error.code != 403:
                raise
            chosen = password + "-bench"
            change = {"current_password": password, "new_password": chosen, "confirm_new_password": chosen}
            http("PATCH", "/api/me", token, change)
            DATA["passwords"][email] = chosen
    return token


def tokens():
    """Who makes the reads: a scale member, the demo member who owns a project, staff."""
    return {
        "member": sign_in(),
        "owner": sign_in("amira@cohort.local"),
        "staff": sign_in("admin@cohort.local"),
    }


def reads(tokens):
    """(name, path, also read by a visitor, who reads it)."""
    member = tokens["member"]
    group = http("GET", "/api/groups/scale-group-1", member)["data"]["id"]
    topics = http("GET", f"/api/groups/{group}/discussions?perPage=100", member)["data"]
    thread = max(topics, key=lambda t: t["num_replies"])["id"]
    projects = http("GET", "/api/projects", member)["data"]
    owned = next(p for p in projects if p["owner"] and p["owner"]["name"].endswith("Amira Haddad"))
    return [
        ("replies, first page", f"/api/discussion/{thread}/comments", True, "member"),
        ("replies, page 15", f"/api/discussion/{thread}/comments?page=15", True, "member"),
        ("topics", f"/api/groups/{group}/discussions", True, "member"),
        ("groups, newest", "/api/groups", True, "member"),
        ("groups, title", "/api/groups?ordering=title", True, "member"),
        ("groups, popular", "/api/groups?ordering=popular", True, "member"),
        ("groups, recommended", "/api/groups?ordering=recommended", False, "member"),
        ("group detail", "/api/groups/scale-group-1", True, "member"),
        ("blog list", "/api/blog/api/pages", True, "member"),
        ("feed", "/api/feed", False, "member"),
        ("dashboard", "/api/dashboard/counters", False, "member"),
        ("me", "/api/me", False, "member"),
        ("notifications", "/api/me/notifications", False, "member"),
        # Issue 45 §5: what users do now.
        ("search, rare word", "/api/search?q=trial", False, "member"),
        ("search, common word", "/api/search?q=patients", False, "member"),
        ("search, phrase", "/api/search?q=%22ask+patients%22", False, "member"),
        ("projects list", "/api/projects", True, "member"),
        ("project page", f"/api/projects/{owned['slug']}", True, "member"),
        ("project, its owner", f"/api/me/projects/{owned['id']}", False, "owner"),
        ("funding file, staff", f"/api/staff/projects/{owned['id']}/funding", False, "staff"),
    ]


def captured_sql(log_file):
    """The statements of each request the server answered, in order, from its JSON log."""
    requests, current = [], []
    for line in Path(log_file).read_text(errors="ignore").splitlines():
        start = line.find("{")
        if start < 0:
            continue
        try:
            event = json.loads(line[start:])
        except ValueError:
            continue
        if "sql" in event:
            current.append(event["sql"])
        elif event.get("message") == "request done":
            requests.append(current)
            current = []
    return requests


def free_connections(database):
    """How many more sessions PostgreSQL accepts now: the server's pools (32, and 8 for
    search) hold theirs while pgbench runs, and 64 more would pass `max_connections` (100)."""
    out = subprocess.run(
        ["psql", database, "-tAc",
         "SELECT current_setting('max_connections')::int"
         " - current_setting('superuser_reserved_connections')::int"
         " - (SELECT count(*) FROM pg_stat_activity)"],
        capture_output=True, text=True, check=True,
    )
    return int(out.stdout.strip())


def pgbench(database, statements):
    script = tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False)
    for sql in statements:
        script.write(" ".join(sql.split()) + ";\n")
    script.close()
    # At oha's concurrency, or as near as the free sessions allow (PostgreSQL's two cores are
    # saturated long before 64 clients, so a few fewer do not change the rate).
    clients = min(CONNECTIONS, free_connections(database) - 1)
    out = subprocess.run(
        ["pgbench", "-n", "-c", str(clients), "-j", "2", "-T", str(SECONDS), "-f", script.name, database],
        capture_output=True,
        text=True,
    )
    os.unlink(script.name)
    for line in out.stdout.splitlines():
        if line.startswith("tps ="):
            return float(line.split()[2])
    log(f"pgbench failed: {out.stderr.strip()[:300]}")
    return None


DATA = {}


def run_backend(backend):
    data_dir = tempfile.mkdtemp(prefix=f"cohort-bench-{backend}-")
    DATA["dir"] = data_dir
    # Each backend's seed gives the demo accounts new passwords.
    DATA.pop("passwords", None)
    database_url = None
    database = None
    if backend == "postgres":
        name = f"cohort_bench_{os.getpid()}"
        subprocess.run(["psql", PG_ADMIN, "-qc", f'DROP DATABASE IF EXISTS "{name}"'], check=True)
        subprocess.run(["psql", PG_ADMIN, "-qc", f'CREATE DATABASE "{name}"'], check=True)
        database_url = PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
        database = database_url
    seed(data_dir, database_url)
    if database:
        subprocess.run(["psql", database, "-qc", "VACUUM ANALYZE"], check=True)

    # The SQL each read runs, captured once.
    sql_log = os.path.join(data_dir, "sql.log")
    server = Server(
        data_dir, database_url, sql_log, COHORT_LOG_SQL="values", COHORT_LOG_FORMAT="json",
        COHORT_MAIL_WORKER="off", RUST_LOG="cohort::sql=info,warn",
    )
    who = tokens()
    listed = reads(who)
    for _, path, _, reader in listed:
        http("GET", path, who[reader])
    server.stop()
    # Signing in and finding the group and thread came first.
    statements = captured_sql(sql_log)[-len(listed):]

    server = Server(data_dir, database_url)
    who = tokens()
    rows = []
    for (name, path, public, reader), sql in zip(listed, statements):
        if ONLY_READS and name not in ONLY_READS:
            continue
        member = maximum(path, who[reader])
        steady = oha(path, who[reader], rate=max(1, int(member["rps"] * 0.7)))
        row = {"name": name, "path": path, "member": member, "steady": steady}
        if public:
            row["visitor"] = oha(path)
        row["statements"] = len(sql)
        if database and sql:
            row["ceiling"] = pgbench(database, sql)
        rows.append(row)
        log(f"{backend} {name}: {member['rps']:.0f} req/s, p99 {steady['p99']:.1f} ms at 70%"
            + (f", ceiling {row['ceiling']:.0f}" if row.get("ceiling") else ""))
    rss = server.rss_mb()
    live = None
    if backend == "sqlite" and not ONLY_READS:
        live = live_channel(server, data_dir)
    server.stop()
    if database:
        subprocess.run(["psql", PG_ADMIN, "-qc", f'DROP DATABASE IF EXISTS "{database.rsplit("/", 1)[1]}" WITH (FORCE)'])
    shutil.rmtree(data_dir, ignore_errors=True)
    return {"rows": rows, "rss_after_load": rss, "live": live}


def live_channel(server, data_dir):
    """`BENCH_LIVE_MEMBERS` scale members connected to one instance, one notification to all."""
    email, password = "bench@bench.example", f"bench admin {os.getpid()}"
    subprocess.run([BIN, "create-admin", "--email", email, "--password", password],
                   env=env(COHORT_DATA_DIR=data_dir), capture_output=True, check=True)
    members = Path(data_dir, "scale-logins.txt").read_text().strip()
    out = subprocess.run(
        [LIVE_BENCH], capture_output=True, text=True,
        env=env(BENCH_URL=f"http://127.0.0.1:{PORT}", BENCH_MEMBERS=LIVE_MEMBERS,
                BENCH_SERVER_PID=server.process.pid,
                BENCH_ADMIN_EMAIL=email, BENCH_ADMIN_PASSWORD=password, BENCH_MEMBER_PASSWORD=members),
    )
    progress = ("signing in", "connecting")
    lines = ([line for line in out.stdout.strip().splitlines() if not line.startswith(progress)]
             if out.returncode == 0 else [f"failed: {out.stderr[-400:]}"])
    log("live channel: " + "; ".join(lines))
    return {"lines": lines}


def process_numbers():
    """Binary size, first start with the demo seed, idle memory."""
    numbers = {"binary_mb": Path(BIN).stat().st_size / 1e6}
    starts, idle = [], []
    for _ in range(3):
        data_dir = tempfile.mkdtemp(prefix="cohort-bench-start-")
        server = Server(data_dir)
        starts.append(server.ready_after)
        time.sleep(3)
        idle.append(server.rss_mb())
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    numbers["first_start_s"] = statistics.median(starts)
    numbers["idle_rss_mb"] = statistics.median(idle)

    return numbers


def table(result, backend):
    lines = [
        "| read | statements | member req/s | p50 / p99 at 70% (ms) | " + ("SQL ceiling req/s | % of ceiling | " if backend == "postgres" else "")
        + "visitor req/s (cached) |",
        "|---|---|---|---|" + ("---|---|" if backend == "postgres" else "") + "---|",
    ]
    for row in result["rows"]:
        cells = [
            row["name"],
            str(row["statements"]),
            f"{row['member']['rps']:.0f}",
            f"{row['steady']['p50']:.1f} / {row['steady']['p99']:.1f}",
        ]
        if backend == "postgres":
            ceiling = row.get("ceiling")
            cells.append(f"{ceiling:.0f}" if ceiling else "—")
            cells.append(f"{100 * row['member']['rps'] / ceiling:.0f}%" if ceiling else "—")
        cells.append(f"{row['visitor']['rps']:.0f}" if "visitor" in row else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine():
    cpus = os.cpu_count()
    memory = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            memory = int(line.split()[1]) / 1024 / 1024
    model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    pg = subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{cpus} cores ({model}), {memory:.0f} GiB, {platform.system()} {platform.release()}, {pg}"


def main():
    if not shutil.which("oha"):
        sys.exit("oha is missing: `cargo install --locked oha` (the justfile does)")
    results = {}
    for backend in ("postgres", "sqlite"):
        if ONLY and ONLY != backend:
            continue
        log(f"{backend}: seeding and loading")
        results[backend] = run_backend(backend)
    if ONLY_READS:
        return  # A partial run: its rows are in the log above; the document stays as it was.
    log("process numbers")
    process = process_numbers()
    today = datetime.date.today().isoformat()
    doc = [
        "# Benchmarks",
        "",
        f"Written by `just bench` ({Path(__file__).name}) on {today}, on {machine()}.",
        "",
        f"Each read is loaded with `oha` at {CONNECTIONS} connections for its maximum rate (after a {MAX_SECONDS} s",
        f"warm-up, the median of three {MAX_SECONDS} s runs), then for {SECONDS} s at a fixed 70% of that rate",
        "with latency correction (open loop: p50/p99 include the waits a closed loop would hide).",
        "Member reads are signed in and never cached; visitor reads of",
        "public lists and details are served from the in-memory cache. The SQL ceiling is `pgbench`",
        "running, at the same concurrency, the statements that read ran (captured with",
        "`COHORT_LOG_SQL=values`).",
        "",
        "## Before (issue 16, same machine kind and data set)",
        "",
    ]
    doc += [f"- {name}: {value}" for name, value in BEFORE.items()]
    for backend, result in results.items():
        doc += ["", f"## After: {'PostgreSQL' if backend == 'postgres' else 'SQLite (embedded)'}", "", table(result, backend), "",
                f"Server memory after the load: {result['rss_after_load']:.0f} MB."]
    doc += [
        "",
        "## After: the process",
        "",
        f"- release binary: {process['binary_mb']:.1f} MB (stripped, thin LTO)",
        f"- first start with the demo seed (empty data dir to first answer): {process['first_start_s']:.2f} s (median of 3)",
        f"- idle RSS after start: {process['idle_rss_mb']:.0f} MB",
    ]
    live = results.get("sqlite", {}).get("live")
    if live:
        doc += [
            f"- live channel, {LIVE_MEMBERS} members connected to one instance (SQLite, scale data): " + "; ".join(live["lines"]),
        ]
    # Issue 24 §1: the guardrail's precision and recall on its labelled corpus, and its speed.
    log("patient-data guardrail")
    guardrail = subprocess.run([BIN, "guardrail"], capture_output=True, text=True, check=True).stdout
    doc += ["", "## The patient-data guardrail", "",
            "`cohort guardrail` on the release binary: the rules (crates/phi/src/rules) scored on",
            "the labelled corpus shipped beside them (crates/phi/src/corpus).", "", guardrail.rstrip()]
    doc.append("")
    out = ROOT / "docs/benchmarks.md"
    extra = ROOT / "docs/benchmarks-notes.md"
    if extra.exists():
        doc += ["", extra.read_text()]
    out.write_text("\n".join(doc))
    log(f"wrote {out}")


if __name__ == "__main__":
    main()
