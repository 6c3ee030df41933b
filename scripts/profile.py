#!/usr/bin/env python3
"""`just profile`: where a member read's time goes, as `perf` sees the whole machine.

On PostgreSQL with the scale data set, the binary built with its symbols (the `profiling`
profile: the release build, not stripped) serves each read named in `PROFILE_READS`
(default: the replies page, the topics list and the feed) while `oha` loads it at 64
connections and `perf record -a` samples every process on the machine. For each read it
writes `docs/profiles/<read>.txt`: the CPU split between the server, PostgreSQL and the
load generator, then the server's hottest functions grouped by what they belong to (SQL
driver, JSON, HTTP, allocator, ...) and its hottest functions.

With `PROFILE_TAILS=on` it explains latency instead: each read is loaded at 70% of its
maximum rate (open loop, as `just bench` does) while `perf sched record` traces every
context switch on the machine, and `docs/profiles/<read>-tails.txt` compares oha's p50 and
p99 with how long each process's threads waited, runnable, for a core (the scheduling
delay of `perf sched timehist`).

Settings: `COHORT_BIN` (the profiling binary), `PROFILE_SECONDS` (10), `PROFILE_READS`
(names from bench.py's reads, separated by `;`), `PROFILE_TAILS`, `BENCH_PG_URL`.
"""

import collections
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import bench

SECONDS = int(os.environ.get("PROFILE_SECONDS", "10"))
READS = [r.strip() for r in os.environ.get("PROFILE_READS", "replies, first page;topics;feed").split(";")]
OUT = bench.ROOT / "docs/profiles"

# What a server function belongs to, by the first pattern its symbol matches.
KINDS = [
    ("matching the path to a route (regex)", r"regex"),
    ("compressing the answer (brotli)", r"brotli"),
    ("TLS to PostgreSQL (rustls, ring)", r"rustls|ring_core|ring::"),
    ("PostgreSQL driver (sqlx)", r"sqlx|postgres"),
    ("ORM (SeaORM, sea-query)", r"sea_orm|sea_query"),
    ("JSON (serde)", r"serde|json"),
    ("HTTP (actix, hyper)", r"actix|http|h1::|httparse"),
    ("async runtime (tokio)", r"tokio|mio|futures"),
    ("allocator (jemalloc, memcpy)", r"je_|jemalloc|malloc|free|memcpy|memmove|memset|realloc"),
    ("tracing and logs", r"tracing"),
    ("kernel (syscalls, network)", r"^\[k\]|\bsys_|tcp_|__x64|entry_SYSCALL|do_syscall"),
    ("Cohort's own code", r"kernel::|accounts::|groups::|discussions::|content::|feed::|app::|learning::|projects::"),
]


TAILS = os.environ.get("PROFILE_TAILS") == "on"


def perf_record(data_file, seconds):
    return subprocess.Popen(
        ["perf", "record", "-a", "-F", "499", "-o", data_file, "--", "sleep", str(seconds)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def sched_record(data_file, seconds):
    return subprocess.Popen(
        ["perf", "sched", "record", "-a", "-o", data_file, "--", "sleep", str(seconds)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def process_kind(pid, name, server_threads):
    if pid in server_threads:
        return "Cohort"
    if name.startswith("postgres"):
        return "PostgreSQL"
    if name == "oha" or name.startswith("tokio-rt"):
        return "load generator (oha)"
    if pid == 0:
        return "idle"
    return "other processes"


def scheduling_delays(data_file, server_threads):
    """Per kind of process, how long its threads waited runnable before they ran (ms)."""
    out = subprocess.run(
        ["perf", "sched", "timehist", "-i", data_file], capture_output=True, text=True
    ).stdout
    delays = collections.defaultdict(list)
    for line in out.splitlines():
        m = re.match(r"\s*[\d.]+\s+\[\d+\]\s+(.+?)\[(\d+)(?:/(\d+))?\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", line)
        if not m:
            continue
        name, tid = m.group(1).strip(), int(m.group(2))
        kind = process_kind(tid, name, server_threads)
        delays[kind].append(float(m.group(5)))
    return delays


def delay_lines(delays):
    lines = ["  process                  switches   p50     p99     p99.9   max    waits >10 ms  >50 ms"]
    for kind, values in sorted(delays.items(), key=lambda kv: -len(kv[1])):
        if kind == "idle":
            continue
        values.sort()
        at = lambda q: values[min(len(values) - 1, int(q * len(values)))]
        lines.append(
            f"  {kind:24} {len(values):8}  {at(0.5):6.2f}  {at(0.99):6.2f}  {at(0.999):6.2f}  {values[-1]:6.1f}"
            f"  {sum(v > 10 for v in values):12}  {sum(v > 50 for v in values):6}"
        )
    return lines


def tails(read, path, token, server, data_dir):
    """Loads `path` at 70% of its maximum rate while tracing the scheduler."""
    most = bench.oha(path, token)
    perf_file = os.path.join(data_dir, "sched.data")
    recording = sched_record(perf_file, SECONDS - 2)
    load = bench.oha(path, token, rate=int(most["rps"] * 0.7))
    recording.wait()
    threads = {int(t) for t in os.listdir(f"/proc/{server.process.pid}/task")}
    return [
        f"# {read}, latency at 70% of the maximum rate: {path}",
        "",
        f"Maximum {most['rps']:.0f} req/s at 64 connections; at {int(most['rps'] * 0.7)} req/s"
        f" (open loop, latency corrected): p50 {load['p50']:.1f} ms, p99 {load['p99']:.1f} ms.",
        "",
        "Scheduling delay (ms): how long a thread, woken up, waited for a core before it ran,",
        "per context switch, over the whole load:",
        *delay_lines(scheduling_delays(perf_file, threads)),
        "",
    ]


def report(data_file, *args):
    out = subprocess.run(
        ["perf", "report", "-i", data_file, "--stdio", "--no-children", *args],
        capture_output=True, text=True,
    )
    return out.stdout


def by_process(data_file, server_pid):
    # perf names threads; the server's are listed under its process while it runs.
    server_threads = {int(t) for t in os.listdir(f"/proc/{server_pid}/task")}
    shares = collections.Counter()
    for line in report(data_file, "--sort", "pid").splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\d+):(.+)$", line)
        if not m:
            continue
        pid, name = int(m.group(2)), m.group(3).strip()
        kind = process_kind(pid, name, server_threads)
        shares[kind] += float(m.group(1))
    return shares


def server_symbols(data_file, pid):
    rows = []
    for line in report(data_file, "--pid", str(pid), "--sort", "sym").splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\[[.k]\])\s+(.+)$", line)
        if m:
            rows.append((float(m.group(1)), m.group(2), m.group(3).strip()))
    return rows


def kinds(rows):
    total = sum(share for share, _, _ in rows) or 1.0
    grouped = collections.Counter()
    for share, mode, symbol in rows:
        text = f"{mode} {symbol}"
        kind = next((name for name, pattern in KINDS if re.search(pattern, text)), "other")
        grouped[kind] += share
    return [(kind, 100 * share / total) for kind, share in grouped.most_common()]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    data_dir = tempfile.mkdtemp(prefix="cohort-profile-")
    bench.DATA["dir"] = data_dir
    name = f"cohort_profile_{os.getpid()}"
    subprocess.run(["psql", bench.PG_ADMIN, "-qc", f'CREATE DATABASE "{name}"'], check=True)
    database = bench.PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    try:
        bench.seed(data_dir, database)
        subprocess.run(["psql", database, "-qc", "VACUUM ANALYZE"], check=True)
        server = bench.Server(data_dir, database)
        token = bench.sign_in()
        listed = {read: path for read, path, _ in bench.reads(token)}
        for read in READS:
            path = listed[read]
            slug = re.sub(r"[^a-z0-9]+", "-", read.lower()).strip("-")
            if TAILS:
                (OUT / f"{slug}-tails.txt").write_text("\n".join(tails(read, path, token, server, data_dir)))
                bench.log(f"{read}: wrote docs/profiles/{slug}-tails.txt")
                continue
            perf_file = os.path.join(data_dir, "perf.data")
            recording = perf_record(perf_file, SECONDS - 2)
            load = bench.oha(path, token)
            recording.wait()
            processes = by_process(perf_file, server.process.pid)
            rows = server_symbols(perf_file, server.process.pid)
            lines = [
                f"# {read}: {path}",
                "",
                f"{load['rps']:.0f} req/s at 64 connections, signed in, on PostgreSQL with the scale data.",
                "",
                "CPU samples of the whole machine, by process (% of all samples):",
                *[f"  {share:5.1f}%  {kind}" for kind, share in processes.most_common(6)],
                "",
                "The server's samples by what the function belongs to (% of the server's):",
                *[f"  {share:5.1f}%  {kind}" for kind, share in kinds(rows)],
                "",
                "The server's hottest functions (% of all samples):",
                *[f"  {share:5.2f}%  {mode} {symbol[:150]}" for share, mode, symbol in rows[:40]],
                "",
            ]
            (OUT / f"{slug}.txt").write_text("\n".join(lines))
            bench.log(f"{read}: {load['rps']:.0f} req/s; wrote docs/profiles/{slug}.txt")
        server.stop()
    finally:
        subprocess.run(["psql", bench.PG_ADMIN, "-qc", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'])


if __name__ == "__main__":
    if not Path(bench.BIN).exists():
        sys.exit(f"{bench.BIN} is missing: `just profile` builds it")
    main()
