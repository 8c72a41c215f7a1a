"""Fuzz the engine's readers and checked entry points for longer than the test suite does.

    python -m tools.fuzz                  # the long profile (random examples each run)
    python -m tools.fuzz --scale 0.1      # a tenth of it
    python -m tools.fuzz --profile default   # the suite's bounded run

Runs the property tests of ``tests/test_fuzz.py`` with the chosen Hypothesis profile and
prints, for each reader, how many documents were tried, read (and sound) and refused with the
documented error, with the time taken. A failure prints Hypothesis' minimal example and exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"


def run(profile: str = "long", scale: float = 1.0) -> dict:
    """Run every fuzz test; return ``{"counts": {(what, outcome): n}, "seconds": s}``."""
    os.environ["FUZZ_PROFILE"], os.environ["FUZZ_SCALE"] = profile, str(scale)
    sys.path.insert(0, str(TESTS))
    import test_fuzz  # reads the profile as it is imported

    test_fuzz.STATS.clear()
    start = time.perf_counter()
    for name in sorted(vars(test_fuzz)):
        if name.startswith("test_"):
            t0 = time.perf_counter()
            getattr(test_fuzz, name)()
            print(f"  {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return {"counts": dict(test_fuzz.STATS), "seconds": time.perf_counter() - start}


def table(result: dict) -> str:
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
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply the long profile's examples (default 1)")
    args = ap.parse_args(argv)
    print(table(run(args.profile, args.scale)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
