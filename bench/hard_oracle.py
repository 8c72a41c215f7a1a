#!/usr/bin/env python3
"""A probe, not a player: how strong would Hard be if it could see every hidden card?

    python bench/hard_oracle.py [--games 200] [--seed 1] [--iterations 300] [--jobs 2]
                                [--options '{"depth": 99}'] [--hand-only]

Plays the arena's duplicate deals (``tools.arena``) between Medium and a Hard whose
"sampled" worlds are always the real one: the opponent's actual hand and the decks in their
real order (``--hand-only``: the real hand, the decks shuffled anew in each world). Everything
else is Hard as shipped (its candidates, its simulated replies, its evaluation at the end of
them). Agents are never given hidden cards in play; this breaks that on purpose, only here,
to measure what the hidden information costs Hard.

If the all-seeing Hard scores no better than the honest one on the same deals, the limit is
not the guessing of hidden cards (the search) but the evaluation at the leaves
(see docs/ai.md, "What has been tried for Hard").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import LEVELS, world
from engine.ai.hard import HardAgent
from tools import arena

_REAL = {}  # the real state of the game being decided, per worker process


class OracleHard(HardAgent):
    name = "oracle-hard"


def _real_world(self, rng):
    return _REAL["state"].copy()


def _real_hand_world(self, rng):
    """The opponent's real hand, but the decks shuffled anew: the future draws stay hidden."""
    state = _REAL["state"].copy()
    rng.shuffle(state.decks[0])
    rng.shuffle(state.decks[1])
    return state


def _spy_view(state, player, _view=arena.view):
    _REAL["state"] = state
    return _view(state, player)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--options",
        default="{}",
        help="JSON of Hard's other settings (candidates, reply, depth, z, cal, "
        "tactic_price), e.g. '{\"depth\": 99}': replies to the end of the round",
    )
    ap.add_argument(
        "--hand-only",
        action="store_true",
        help="know the opponent's hand only: the decks are shuffled in every world",
    )
    args = ap.parse_args(argv)
    # Patched before the worker processes fork, so they inherit it.
    world.Worlds.sample = _real_hand_world if args.hand_only else _real_world
    arena.view = _spy_view
    LEVELS["oracle-hard"] = OracleHard
    t0 = time.perf_counter()
    budget = {**json.loads(args.options), "iterations": args.iterations}
    cfg_list, results = arena.run(
        "oracle-hard", "medium", args.games, args.seed, "both", "both", (budget, None), args.jobs
    )
    print(arena.summary("oracle-hard", "medium", cfg_list, results))
    print(f"{args.games} games in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
