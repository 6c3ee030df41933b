#!/usr/bin/env bash
# A throwaway PostgreSQL server for the PostgreSQL test pass: the machine's own PostgreSQL
# (the newest version its packages installed), a fresh cluster in memory (/dev/shm) on a free
# loopback port, without durability (fsync, full-page writes and synchronous commit off: the
# data is thrown away anyway). Every test makes a database of some 700 files (12 MB) from the
# migrated template and drops it afterwards; on the machine's server, on ext4, creating and
# freeing those inodes was a fifth of the whole machine's time during the pass (the kernel's
# inode-bitmap search, `find_inode_bit` and `recently_deleted`, in `perf`).
#
#   scripts/pg-scratch.sh start DIR   starts it with its files under DIR (made here), prints its URL
#   scripts/pg-scratch.sh stop DIR    stops it and removes DIR
#
# Exits non-zero, printing nothing, when the machine has no PostgreSQL binaries to start.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
command=${1:?start or stop}
dir=${2:?a directory for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || exit 1

# PostgreSQL refuses to run as root: as root, the cluster belongs to the packages' `postgres` user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1
    port=$(python3 "$here/free-ports.py")
    # Connections: each test's app pools up to 10, and the two passes' tests run 2-4 at once.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o \
      "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off \
       -c synchronous_commit=off -c max_connections=300 -c shared_buffers=256MB" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
