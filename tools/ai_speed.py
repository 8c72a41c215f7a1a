"""Speed of the search player: iterations per second and time per decision.

    python -m tools.ai_speed [--decisions 30] [--iterations 300 | --time 1.0] [--json]
    python -m tools.ai_speed --level barca --options '{"playouts": 1}'

The positions are play decisions from seeded games between Easy players (half
base game, half tactics), so CPython and Pyodide (``node bench/ai_pyodide.mjs``)
time exactly the same work. Besides the wall clock, the process's CPU time is
reported: on a busy machine it still says what the search costs (``cpu_*``).
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
from engine.ai import make_agent
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


def measure(
    decisions: int,
    iterations: int | None,
    seconds: float | None = None,
    level: str = "hard",
    options: dict | None = None,
) -> dict:
    views = positions(decisions)
    if level == "hard":
        agent = HardAgent(iterations=iterations, time=seconds, **(options or {}))
    else:
        agent = make_agent(level, **(options or {}))
    times, cpu, its = [], [], []
    for i, v in enumerate(views):
        t0, c0 = time.perf_counter(), time.process_time()
        agent.choose(v, random.Random(i))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        its.append(getattr(agent, "last_iterations", 0))
    return {
        "python": platform.python_version(),
        "platform": sys.platform,
        "level": level,
        "decisions": len(views),
        "iterations": iterations,
        "time": seconds,
        "median_s": statistics.median(times),
        "max_s": max(times),
        "total_s": sum(times),
        "iterations_per_s": sum(its) / sum(times),
        "median_iterations": statistics.median(its),
        "cpu_median_s": statistics.median(cpu),
        "cpu_max_s": max(cpu),
        "cpu_iterations_per_s": sum(its) / max(sum(cpu), 1e-9),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.ai_speed")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--time", type=float, default=None, help="time budget per decision (s)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--level", default="hard", help="hard (default), or another level / barca")
    ap.add_argument("--options", default="{}", help="JSON of the agent's settings")
    args = ap.parse_args(argv)
    if args.iterations is None and args.time is None:
        args.iterations = 300
    r = measure(args.decisions, args.iterations, args.time, args.level, json.loads(args.options))
    if args.json:
        print(json.dumps(r))
    else:
        budget = (
            f"{r['iterations']} iterations"
            if r["time"] is None
            else f"{r['time']} s"
            + (f" (at most {r['iterations']} iterations)" if r["iterations"] else "")
        )
        print(
            f"Python {r['python']}: {r['decisions']} decisions at {budget}:"
            f" median {r['median_s'] * 1000:.0f} ms, max {r['max_s'] * 1000:.0f} ms,"
            f" median {r['median_iterations']} iterations,"
            f" {r['iterations_per_s']:.0f} iterations/s;"
            f" CPU time: median {r['cpu_median_s'] * 1000:.0f} ms,"
            f" max {r['cpu_max_s'] * 1000:.0f} ms,"
            f" {r['cpu_iterations_per_s']:.0f} iterations per CPU second"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
