"""Ladder: a round-robin of the AI levels and the sparring partner, with Elo ratings.

    python -m tools.ladder --games 40 --iterations 300 --jobs 1 --logs artifacts/arena/ladder

Every pair of agents plays ``--games`` duplicate games through the arena
(``tools.arena.run``: same deals with the seats swapped, base and Tactic, both
claim timings). The ratings are the Bradley-Terry fit of all the games (a draw
counts half a win to each), on the Elo scale (400 points: 10 to 1 odds) with
Random at 0, and 95% intervals from a bootstrap over the games of each pairing.
One virtual drawn game per pairing keeps a 100% score finite.

With ``--logs DIR`` each pairing's games are written to ``DIR/A-B.jsonl`` as they
end (the arena's ``--log`` format); a pairing whose log already holds its games (as
``A-B.jsonl`` or ``B-A.jsonl``, e.g. an arena run's ``--log``) is read back rather
than played again, so a ladder can reuse arena runs, or be extended or resumed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time

from tools.arena import read_log, run

LEVELS = ("random", "easy", "medium", "hard", "barca")


def fit(n_players: int, games: list, iters: int = 200) -> list[float]:
    """Bradley-Terry strengths (log scale, mean 0) from ``[(i, j, score of i)]``, by the
    MM algorithm (Hunter 2004), with one virtual draw between each pair that met."""
    wins = [0.0] * n_players
    pairs: dict = {}
    for i, j, s in games:
        wins[i] += s
        wins[j] += 1.0 - s
        k = (min(i, j), max(i, j))
        pairs[k] = pairs.get(k, 0) + 1
    for i, j in pairs:  # the virtual draw
        wins[i] += 0.5
        wins[j] += 0.5
        pairs[(i, j)] += 1
    gamma = [1.0] * n_players
    for _ in range(iters):
        new = []
        for i in range(n_players):
            d = 0.0
            for (a, b), n in pairs.items():
                if a == i or b == i:
                    d += n / (gamma[a] + gamma[b])
            new.append(wins[i] / d if d else gamma[i])
        g = math.exp(sum(math.log(x) for x in new) / n_players)
        gamma = [x / g for x in new]
    return [math.log(x) for x in gamma]


def elo(strengths: list[float], anchor: int = 0) -> list[float]:
    """Log strengths as Elo points, ``anchor`` at 0."""
    scale = 400 / math.log(10)
    return [(s - strengths[anchor]) * scale for s in strengths]


def ratings(levels: list[str], by_pair: dict, boot: int = 300, seed: int = 1):
    """``(elo, low, high)`` per level: the fit and a 95% bootstrap interval."""
    idx = {name: k for k, name in enumerate(levels)}
    games = [(idx[a], idx[b], r) for (a, b), rs in by_pair.items() for r in rs]
    point = elo(fit(len(levels), games))
    rng = random.Random(seed)
    samples = []
    for _ in range(boot):
        g = []
        for (a, b), rs in by_pair.items():
            g += [(idx[a], idx[b], rs[rng.randrange(len(rs))]) for _ in rs]
        samples.append(elo(fit(len(levels), g, iters=60)))
    out = []
    for k in range(len(levels)):
        xs = sorted(s[k] for s in samples)
        out.append((point[k], xs[int(0.025 * (boot - 1))], xs[int(0.975 * (boot - 1))]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.ladder", description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--iterations", type=int, default=300, help="Hard's iteration budget")
    ap.add_argument(
        "--options",
        default="{}",
        help='JSON of settings per level, e.g. \'{"barca": {"playouts": 2}}\'',
    )
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--logs", help="folder for each pairing's games (read back if complete)")
    ap.add_argument(
        "--partial",
        action="store_true",
        help="read a pairing's log even if it holds fewer games (a run under way)",
    )
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    options = json.loads(args.options)
    budget = {lvl: dict(options.get(lvl, {})) for lvl in levels}
    budget.setdefault("hard", {}).setdefault("iterations", args.iterations)
    if args.logs:
        os.makedirs(args.logs, exist_ok=True)
    by_pair = {}
    t0 = time.perf_counter()
    for a, b in itertools.combinations(levels, 2):
        path = os.path.join(args.logs, f"{a}-{b}.jsonl") if args.logs else None
        back = os.path.join(args.logs, f"{b}-{a}.jsonl") if args.logs else None
        need = 2 if args.partial else args.games
        if path and os.path.exists(path) and len(read_log(path)) >= need:
            results = read_log(path)[: args.games]
        elif back and os.path.exists(back) and len(read_log(back)) >= need:
            # Played the other way round (an arena run of b against a): b's score flipped.
            results = [(r[0], 1.0 - r[1]) + tuple(r[2:]) for r in read_log(back)[: args.games]]
        else:
            log = open(path, "w") if path else None  # noqa: SIM115 (closed below)

            def progress(done, total, r, log=log):
                if log:
                    log.write(
                        json.dumps(
                            {
                                "game": done - 1,
                                "config": r[0],
                                "result": r[1],
                                "times": [r[2], r[3]],
                            }
                        )
                        + "\n"
                    )
                    log.flush()

            _, results = run(
                a,
                b,
                args.games,
                args.seed,
                "both",
                "both",
                (budget.get(a) or None, budget.get(b) or None),
                args.jobs,
                progress,
            )
            if log:
                log.close()
        by_pair[(a, b)] = [r[1] for r in results]
        score = sum(by_pair[(a, b)]) / len(results)
        print(
            f"{a} vs {b}: {score:.1%} over {len(results)} games ({time.perf_counter() - t0:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    counts = sorted({len(rs) for rs in by_pair.values()})
    table = ratings(levels, by_pair)
    games = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    print(
        f"Ladder: {games} duplicate games per pairing (base and Tactic, both timings), "
        f"Hard at {budget['hard']['iterations']} iterations; Elo, Random = 0, 95% bootstrap"
    )
    print(f"{'level':<8} {'Elo':>6}  95% interval")
    for k in sorted(range(len(levels)), key=lambda k: -table[k][0]):
        e, lo, hi = table[k]
        print(f"{levels[k]:<8} {e:>6.0f}  [{lo:.0f}, {hi:.0f}]")
    print("scores (row against column) / games:")
    print(" " * 8 + "".join(f"{x:>9}" for x in levels))
    for a in levels:
        row = []
        for b in levels:
            if (a, b) in by_pair:
                rs = by_pair[(a, b)]
                row.append(f"{sum(rs) / len(rs):>5.0%}/{len(rs):<3}")
            elif (b, a) in by_pair:
                rs = by_pair[(b, a)]
                row.append(f"{1 - sum(rs) / len(rs):>5.0%}/{len(rs):<3}")
            else:
                row.append(f"{'-':>9}")
        print(f"{a:<8}" + "".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
