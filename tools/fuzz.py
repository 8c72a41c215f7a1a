"""Fuzz the engine's readers and checked entry points for longer than the test suite does.

    python -m tools.fuzz                  # the long profile (random examples each run)
    python -m tools.fuzz --scale 0.1      # a tenth of it
    python -m tools.fuzz --profile default   # the suite's bounded run

Runs the property tests of ``tests/test_fuzz.py`` under pytest with the chosen Hypothesis
profile and prints, for each reader, how many documents were tried, read (and sound) and
refused with the documented error, with the time taken. pytest's report (each test's time; on
a failure, Hypothesis' minimal example) goes to stderr; a failure exits 1. The tests are run
as a program, never imported: tools import neither tests/ nor bench/ (tests/test_layout.py).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ_TESTS = ROOT / "tests" / "test_fuzz.py"


def run(profile: str = "long", scale: float = 1.0) -> dict:
    """Run every fuzz test; return ``{"counts": {(what, outcome): n}, "seconds": s, "ok": b}``."""
    with tempfile.TemporaryDirectory() as tmp:
        stats = Path(tmp) / "stats.json"
        env = {
            **os.environ,
            "FUZZ_PROFILE": profile,
            "FUZZ_SCALE": str(scale),
            "FUZZ_STATS": str(stats),
        }
        cmd = [
            sys.executable,
            "-m",
            "pytest",
            str(FUZZ_TESTS),
            "-q",
            "--durations=0",
            "-p",
            "no:cacheprovider",
        ]
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=sys.stderr, check=False)
        seconds = time.perf_counter() - start
        rows = json.loads(stats.read_text()) if stats.exists() else []
    counts = {(what, outcome): n for what, outcome, n in rows}
    return {"counts": counts, "seconds": seconds, "ok": done.returncode == 0}


def table(result: dict) -> str:
    """The counts per input, e.g.

    >>> print(table({"counts": {("actions", "tried"): 5, ("actions", "read"): 3,
    ...                         ("actions", "refused"): 2}, "seconds": 1.2}))
    input                 tried     read  refused
    actions                   5        3        2
    in 1 s
    """
    counts = result["counts"]
    lines = [f"{'input':<18} {'tried':>8} {'read':>8} {'refused':>8}"]
    for what in sorted({w for w, _ in counts}):
        ok = counts.get((what, "read"), 0) + counts.get((what, "accepted"), 0)
        refused = counts.get((what, "refused"), 0)
        tried = counts.get((what, "tried"), ok + refused)
        lines.append(f"{what:<18} {tried:>8} {ok:>8} {refused:>8}")
    lines.append(f"in {result['seconds']:.0f} s")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--profile", default="long", choices=("default", "long"))
    ap.add_argument(
        "--scale", type=float, default=1.0, help="multiply the long profile's examples (default 1)"
    )
    args = ap.parse_args(argv)
    result = run(args.profile, args.scale)
    print(table(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
