#!/usr/bin/env python3
"""Run a command with a CPU-heavy neighbour beside it: the test command must stay green when
another job keeps a core busy (issue 31; docs/performance.md, "The test command's time").

    python bench/neighbour.py [--cores 1] -- bash scripts/test.sh

The neighbour is ``--cores`` processes, each spinning on arithmetic at the same priority as
the command, like ``stress --cpu N``. It starts before the command and stops with it; the
command's exit status is returned, and its wall time and the load average are printed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time


def spin() -> None:
    """Keep one core busy until killed."""
    x = 0
    while True:
        x = (x * 1103515245 + 12345) % 2147483648


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cores", type=int, default=1, help="spinning processes (default 1)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command after --")
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.cores)]
    for p in spinners:
        p.start()
    start = time.monotonic()
    try:
        rc = subprocess.call(command)
    finally:
        for p in spinners:
            p.terminate()
    took = time.monotonic() - start
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    took_text = f"{int(took // 60)} min {took % 60:.0f} s"
    print(f"neighbour: {args.cores} busy core(s); {took_text}; rc {rc}; load {load}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
