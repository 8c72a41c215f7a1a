"""Arena: agents play each other with seats alternated; win rates with 95% intervals.

    python -m tools.arena hard medium --games 400 --seed 1 --tactics both --jobs 2

Each game is fully determined by its number and ``--seed`` (the deal, and the
agents' random generators), so a run can be repeated exactly with an iteration
budget. Games come in pairs on the same deal with the seats swapped (duplicate
format), and cycle through the chosen variants. Every action goes through the
checked ``apply``: an illegal action stops the run with the game and the action.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool

from engine import AFTER_PLAY, START_OF_TURN, GameError, Rules, apply, new_game, view
from engine.ai import make_agent
from engine.state import Step
from engine.words import english


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def make(level: str, budget: dict | None):
    return make_agent(level, **(budget or {}))


def configs(tactics: str, timing: str) -> list[tuple[bool, str]]:
    ts = {"off": [False], "on": [True], "both": [False, True]}[tactics]
    cs = {
        "after_play": [AFTER_PLAY],
        "start_of_turn": [START_OF_TURN],
        "both": [AFTER_PLAY, START_OF_TURN],
    }[timing]
    return [(t, c) for t in ts for c in cs]


def play_game(task):
    """One game: returns (config index, result for agent A: 1/0.5/0, decision times)."""
    a_level, b_level, budgets, seed, game, cfg_list = task
    # Duplicate format: games g and g + len(cfg_list) of each block share the deal with
    # the seats swapped, so the luck of the cards cancels out of the comparison.
    ncfg = len(cfg_list)
    ci = game % ncfg
    tactics, timing = cfg_list[ci]
    a_seat = (game // ncfg) % 2
    deal = f"{seed}/{game // (2 * ncfg)}/{ci}"
    agents = {a_seat: make(a_level, budgets[0]), 1 - a_seat: make(b_level, budgets[1])}
    rngs = {q: random.Random(f"arena/{seed}/{game}/{q}") for q in (0, 1)}
    state = new_game(Rules(tactics=tactics, claim_timing=timing, starter=0), seed=deal)
    times = {0: [], 1: []}
    actions = 0
    while state.step != Step.OVER:
        q = state.to_move
        v = view(state, q)
        t0 = time.perf_counter()
        a = agents[q].choose(v, rngs[q])
        times[q].append(time.perf_counter() - t0)
        try:
            state = apply(state, a, q)
        except GameError as e:  # an agent's illegal or malformed action: a bug, with context
            raise RuntimeError(
                f"game {game} ({a_level if q == a_seat else b_level} as "
                f"seat {q}): illegal action {a}: {english().refusal(e)}"
            ) from e
        actions += 1
        if actions > 2000:
            raise RuntimeError(f"game {game}: no end after 2000 actions")
    w = state.outcome.winner
    result = 0.5 if w is None else 1.0 if w == a_seat else 0.0
    return ci, result, times[a_seat], times[1 - a_seat], actions


def run(
    a_level: str,
    b_level: str,
    games: int,
    seed=1,
    tactics: str = "both",
    timing: str = "both",
    budgets=(None, None),
    jobs: int = 1,
    progress=None,
    first: int = 0,
):
    """Play games ``first`` to ``games - 1``; returns per-config and overall results."""
    cfg_list = configs(tactics, timing)
    tasks = [(a_level, b_level, budgets, seed, g, cfg_list) for g in range(first, games)]
    results = []
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap(play_game, tasks, chunksize=1):
                results.append(r)
                if progress:
                    progress(len(results), len(tasks), r)
    else:
        for t in tasks:
            results.append(play_game(t))
            if progress:
                progress(len(results), len(tasks), results[-1])
    return cfg_list, results


def read_log(path: str) -> list:
    """The games a run's log (``--log``) has recorded so far, as ``run`` returns them."""
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith("{"):
                d = json.loads(line)
                out.append((d["config"], d["result"], d["times"][0], d["times"][1], 0))
    return out


def paired(results: list, other: list, flip: bool = False) -> str:
    """A's score against the same opponent in two runs on the same deals (two logs of one
    ``--seed``, game by game), as the mean difference with a 95% interval: the games both
    runs reached, and how many of them ended differently. ``flip``: ``other`` is scored
    for the opponent's side (a log of ``B A``)."""
    n = min(len(results), len(other))
    if n < 2:
        return "paired: fewer than two games in common"
    diffs = [results[i][1] - ((1 - other[i][1]) if flip else other[i][1]) for i in range(n)]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    mine = sum(r[1] for r in results[:n]) / n
    return (
        f"paired over {n} games on the same deals: {mine:.1%} here, {mine - mean:.1%} in "
        f"the other log, difference {mean:+.1%} ± {1.96 * sd / math.sqrt(n):.1%} (95%); "
        f"{sum(1 for d in diffs if d)} games ended differently"
    )


def summary(a_level, b_level, cfg_list, results) -> str:
    lines = [
        f"{a_level} vs {b_level}: score of {a_level} (win 1, draw 1/2), 95% Wilson interval",
        f"{'rules':<28} {'games':>5} {'W':>4} {'D':>3} {'L':>4} {'score':>7}  95% CI",
    ]

    def row(name, rs):
        n = len(rs)
        w = sum(1 for r in rs if r[1] == 1.0)
        d = sum(1 for r in rs if r[1] == 0.5)
        s = w + d / 2
        lo, hi = wilson(s, n)
        return (
            f"{name:<28} {n:>5} {w:>4} {d:>3} {n - w - d:>4} {s / max(n, 1):>7.1%}  "
            f"[{lo:.1%}, {hi:.1%}]"
        )

    for ci, (t, c) in enumerate(cfg_list):
        lines.append(row(f"{'tactics' if t else 'base'} / {c}", [r for r in results if r[0] == ci]))
    for t in sorted({t for t, _ in cfg_list}):
        rs = [r for r in results if cfg_list[r[0]][0] == t]
        lines.append(row(f"{'tactics' if t else 'base'} (all timings)", rs))
    lines.append(row("all", results))
    for who, idx in ((a_level, 2), (b_level, 3)):
        ts = [x for r in results for x in r[idx]]
        if ts:
            ts.sort()
            lines.append(
                f"{who}: {len(ts)} decisions,"
                f" median {statistics.median(ts) * 1000:.1f} ms,"
                f" p90 {ts[int(0.9 * (len(ts) - 1))] * 1000:.1f} ms,"
                f" max {ts[-1] * 1000:.1f} ms"
            )
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__.split("\n")[0])
    ap.add_argument("a", help="level of agent A (e.g. hard)")
    ap.add_argument("b", help="level of agent B (e.g. medium)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--tactics", choices=("off", "on", "both"), default="both")
    ap.add_argument("--timing", choices=("after_play", "start_of_turn", "both"), default="both")
    ap.add_argument("--iterations", type=int, help="iteration budget for search agents")
    ap.add_argument("--time", type=float, help="seconds per decision for search agents")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--from-game",
        type=int,
        default=0,
        metavar="K",
        help="play only games K to GAMES - 1 (each game is fixed by its number: "
        "a run split in parts, their logs joined in order, is the whole run)",
    )
    ap.add_argument(
        "--options", default="{}", help="JSON of extra settings for search agents (for tuning)"
    )
    ap.add_argument(
        "--a-options",
        default="{}",
        help="JSON of settings for agent A alone, e.g. '{\"cal\": 3}' (for tuning)",
    )
    ap.add_argument("--b-options", default="{}", help="the same for agent B")
    ap.add_argument(
        "--log",
        help="write each game's result to this file as it ends (one JSON "
        "line), so that a long run can be summed up before it ends (--from-log)",
    )
    ap.add_argument("--from-log", help="sum up the games recorded in this log; play none")
    ap.add_argument(
        "--paired",
        metavar="LOG",
        help="with --from-log: the difference from "
        "another run's log on the same deals (same --seed), game by game",
    )
    ap.add_argument(
        "--flip",
        action="store_true",
        help="with --paired: that log is of the opponent's side (B A)",
    )
    args = ap.parse_args(argv)
    budget = json.loads(args.options)
    if args.iterations is not None:
        budget["iterations"] = args.iterations
    if args.time is not None:
        budget["time"] = args.time
    budgets = tuple(
        {**(budget if lvl in ("hard",) else {}), **json.loads(own)} or None
        for lvl, own in ((args.a, args.a_options), (args.b, args.b_options))
    )
    names = [
        lvl if own == "{}" else f"{lvl} {own}"
        for lvl, own in ((args.a, args.a_options), (args.b, args.b_options))
    ]
    t0 = time.perf_counter()
    if args.from_log:
        results = read_log(args.from_log)
        print(summary(names[0], names[1], configs(args.tactics, args.timing), results))
        print(f"{len(results)} games recorded in {args.from_log}")
        if args.paired:
            print(paired(results, read_log(args.paired), args.flip))
        return 0
    log = open(args.log, "w") if args.log else None  # noqa: SIM115 (closed below)

    def progress(done, total, r):
        if log:
            log.write(
                json.dumps(
                    {
                        "game": args.from_game + done - 1,
                        "config": r[0],
                        "result": r[1],
                        "times": [r[2], r[3]],
                    }
                )
                + "\n"
            )
            log.flush()
        if sys.stderr.isatty():
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)
        elif done % 10 == 0:  # a log file: one line every ten games
            print(
                f"{done}/{total} games, {time.perf_counter() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    cfg_list, results = run(
        args.a,
        args.b,
        args.games,
        args.seed,
        args.tactics,
        args.timing,
        budgets,
        args.jobs,
        progress,
        args.from_game,
    )
    if log:
        log.close()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(summary(names[0], names[1], cfg_list, results))
    print(f"{len(results)} games in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
