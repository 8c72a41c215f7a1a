"""Fit the evaluation's calibration tables from self-play (a tuning tool, not used in play).

The evaluation's raw chance ``q`` that a side wins a stone is recalibrated per
(cards on my side, cards on theirs) as ``sigma(a * logit(q) + b)``. This plays
games between two agents, records for every undecided stone of every position
the raw chance from both seats and who finally claimed it, and fits ``a, b`` per
group by logistic regression (Newton's method; stones never claimed are left out).

    python -m tools.calibrate --games 600 --jobs 2

Each seat's chance is read from what that seat may see (its hand, the table,
the number of hidden cards), as the agents read it. Groups with fewer than
1,000 samples are reported but not trusted (see CALIBRATION_3).
"""

from __future__ import annotations

import argparse
import math
import random
from multiprocessing import Pool

from engine import Rules, apply, capacity, new_game, view
from engine.ai import make_agent
from engine.ai.evaluate import Outlook, calibration_group, stone_chance
from engine.state import Step

RAW: dict = {}  # an empty table: stone_chance returns the uncalibrated chance


def _group(state, s: int, p: int):
    return calibration_group(
        capacity(state, s), len(state.sides[2 * s + p]), len(state.sides[2 * s + 1 - p])
    )


def play_and_record(task):
    """One game; returns ``[(group, raw chance, won)]`` for every undecided stone seen."""
    levels, seed, game = task
    tactics = game % 2 == 1
    timing = ("after_play", "start_of_turn")[game // 2 % 2]
    state = new_game(Rules(tactics=tactics, claim_timing=timing), seed=f"cal/{seed}/{game}")
    agents = [make_agent(levels[0]), make_agent(levels[1])]
    rng = random.Random(f"cal/{seed}/{game}")
    pending = []  # (group, q, stone, seat)
    while state.step not in (Step.OVER, Step.ROUND_OVER):
        if state.step == Step.PLAY:
            for p in (0, 1):
                o = Outlook(state, p, None, RAW)
                for s in range(9):
                    if state.owner[s] >= 0:
                        continue
                    q = stone_chance(state, o, s)
                    if 0.0 < q < 1.0:
                        pending.append((_group(state, s, p), q, s, p))
        q = state.to_move
        state = apply(state, agents[q].choose(view(state, q), rng), q)
    return [(g, q, state.owner[s] == p) for g, q, s, p in pending if state.owner[s] >= 0]


def fit(samples) -> tuple[float, float]:
    """Logistic regression of ``won`` on ``logit(q)``: returns ``(a, b)``."""
    xs = []
    for q, y in samples:
        q = min(max(q, 1e-3), 1 - 1e-3)
        xs.append((math.log(q / (1 - q)), 1.0 if y else 0.0))
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in xs:
            m = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a * x + b))))
            r, w = y - m, m * (1 - m)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        # A weak pull towards (1, 0) keeps a group that separates perfectly finite.
        ga -= 1e-2 * (a - 1.0)
        gb -= 1e-2 * b
        haa += 1e-2
        hbb += 1e-2
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = max(1.0, abs(da) + abs(db))  # damped: never more than 1 per iteration
        a, b = a + da / step, b + db / step
        if abs(da) + abs(db) < 1e-7:
            break
    return round(a, 3), round(b, 3)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.calibrate", description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agents", default="medium,medium")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    levels = args.agents.split(",")
    tasks = [(levels, args.seed, g) for g in range(args.games)]
    groups: dict = {}
    with Pool(args.jobs) as pool:
        for rows in pool.imap_unordered(play_and_record, tasks):
            for g, q, y in rows:
                groups.setdefault(g, []).append((q, y))
    table = {}
    for g in sorted(groups, key=str):
        if len(groups[g]) >= 1000:
            table[g] = fit(groups[g])
        print(f"{g!s:10} {len(groups[g]):7} samples  fit {table.get(g)}")
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
