"""Speed of the search player: iterations per second and time per decision.

    python -m tools.ai_speed [--decisions 30] [--iterations 300 | --time 1.0] [--json]

The positions are play decisions from seeded games between Easy players (half
base game, half tactics), so CPython and Pyodide (``node bench/ai_pyodide.mjs``)
time exactly the same work.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from engine import Rules, apply, new_game, view
from engine.ai.easy import EasyAgent
from engine.ai.hard import HardAgent


def positions(n: int) -> list[dict]:
    rng = random.Random(1)
    out: list[dict] = []
    easy = EasyAgent()
    g = 0
    while len(out) < n:
        s = new_game(Rules(tactics=g % 2 == 1), seed=f"speed/{g}")
        ply = 0
        while not s.over and len(out) < n:
            v = view(s, s.to_move)
            if s.step == "play" and ply % 7 == 3 and len(v["legal"]) > 1:
                out.append(v)
            s = apply(s, easy.choose(v, rng))
            ply += 1
        g += 1
    return out


def measure(decisions: int, iterations: int | None, seconds: float | None = None) -> dict:
    views = positions(decisions)
    agent = HardAgent(iterations=iterations, time=seconds)
    times, its = [], []
    for i, v in enumerate(views):
        t0 = time.perf_counter()
        agent.choose(v, random.Random(i))
        times.append(time.perf_counter() - t0)
        its.append(agent.last_iterations)
    return {"python": platform.python_version(), "platform": sys.platform,
            "decisions": len(views), "iterations": iterations, "time": seconds,
            "median_s": statistics.median(times), "max_s": max(times),
            "total_s": sum(times), "iterations_per_s": sum(its) / sum(times),
            "median_iterations": statistics.median(its)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.ai_speed")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--time", type=float, default=None, help="time budget per decision (s)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.iterations is None and args.time is None:
        args.iterations = 300
    r = measure(args.decisions, args.iterations, args.time)
    if args.json:
        print(json.dumps(r))
    else:
        budget = (f"{r['iterations']} iterations" if r["time"] is None
                  else f"{r['time']} s" + (f" (at most {r['iterations']} iterations)"
                                           if r["iterations"] else ""))
        print(f"Python {r['python']}: {r['decisions']} decisions at {budget}:"
              f" median {r['median_s'] * 1000:.0f} ms, max {r['max_s'] * 1000:.0f} ms,"
              f" median {r['median_iterations']} iterations,"
              f" {r['iterations_per_s']:.0f} iterations/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
