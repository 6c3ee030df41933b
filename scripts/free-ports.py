#!/usr/bin/env python3
"""Prints the first of COUNT consecutive loopback ports that are all free (default 1).

The e2e run starts six processes on a base port and the next five; a fixed base failed a
whole CI run when a process from an interrupted run still held one of them. Ports are taken
from the range the kernel does not hand out for outgoing connections, and each candidate is
bound (without SO_REUSEADDR) to prove it free before it is printed.
"""
import random
import socket
import sys


def all_free(base: int, count: int) -> bool:
    held = []
    try:
        for port in range(base, base + count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            held.append(sock)
            sock.bind(("127.0.0.1", port))
        return True
    except OSError:
        return False
    finally:
        for sock in held:
            sock.close()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    for _ in range(200):
        base = random.randrange(20000, 32000 - count)
        if all_free(base, count):
            print(base)
            return
    sys.exit(f"no {count} consecutive free loopback ports between 20000 and 32000")


if __name__ == "__main__":
    main()
