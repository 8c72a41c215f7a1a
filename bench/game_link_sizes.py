"""How long a game link is: ``python bench/game_link_sizes.py [--games N] [--hard-games N]``.

Seeded whole games (one round), base game and Tactics, between two random players, two Medium
players and two Hard players (Hard with a fixed small search budget, so the games are the same
on every run): for each kind, the median and largest number of turns and of characters of the
game link (``engine/gamelink.py``, without the page's address), and of a position link taken
at its 20th turn. docs/formats.md, "Game links", quotes the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Rules, apply, legal_actions, new_game, view
from engine.ai import make_agent
from engine.gamelink import game_link, position_link, read_game_link
from engine.records import record_to_json


def play(seed: int, tactics: bool, level: str) -> tuple[dict, int, object]:
    """A seeded game's record, its turns (cards played or passes), its position at turn 20."""
    rules = Rules(tactics=tactics)
    rng = random.Random(f"links/{seed}")
    agents = None if level == "random" else [make_agent(level, iterations=60)] * 2
    state, actions, middle, turns = new_game(rules, seed), [], None, 0
    while not state.over:
        if agents is None:
            a = rng.choice(legal_actions(state))
        else:
            a = agents[state.to_move].choose(view(state, state.to_move), rng)
        turns += a.kind in ("play", "pass")
        state = apply(state, a)
        actions.append(a)
        if middle is None and turns >= 20 and not state.over:
            middle = state
    return record_to_json(rules, seed, actions), turns, middle


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per kind (random, medium)")
    ap.add_argument("--hard-games", type=int, default=10, help="games per kind for Hard")
    args = ap.parse_args(argv)
    print(
        f"{'players':<8} {'game':<8} {'games':>5} {'turns':>11} {'game link':>13} {'position':>13}"
    )
    print(f"{'':<8} {'':<8} {'':>5} {'med / max':>11} {'med / max':>13} {'med / max':>13}")
    for level, n in (("random", args.games), ("medium", args.games), ("hard", args.hard_games)):
        for tactics in (False, True) if n else ():
            sizes, turns, pos = [], [], []
            for seed in range(1, n + 1):
                record, t, middle = play(seed, tactics, level)
                link = game_link(record)
                assert read_game_link(link)["actions"] == record["actions"]
                sizes.append(len(link))
                turns.append(t)
                if middle is not None:
                    pos.append(len(position_link(middle, middle.to_move)))

            def med_max(xs):
                return f"{statistics.median(xs):>5.0f} / {max(xs):<5}"

            name = "Tactics" if tactics else "base"
            print(f"{level:<8} {name:<8} {n:>5} {med_max(turns):>11} {med_max(sizes):>13} "
                  f"{med_max(pos):>13}", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
