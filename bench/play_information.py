#!/usr/bin/env python3
"""A probe: how much does a player's play tell about the cards still in their hand?

    python bench/play_information.py [--games 8] [--every 3]

Hard could weight its sampled worlds by how likely the opponent's past plays were in each.
That is worth building only if a play, read through some model of the player, makes the
real hand clearly likelier than a hand dealt from what the other side sees. For each clan
card played in self-play games (Medium against Medium, Barca against Medium, base game),
the probe compares log P(play | real hand) with the log of the mean of P(play | hand) over
20 hands dealt from the other side's view (the played card put in), under two models:

- ``table``: the fast placement measure (``playout._placements``), softmax at T = 0.4 (its
  best fit to both players' choices);
- ``medium``: Medium's evaluation of every legal move from the player's own view, softmax
  at T = 0.01, mixed with 10% uniform.

The mean log-likelihood ratio per play is what weighting by that model could learn about
a hand (0: nothing; negative: it would mislead).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import Rules, apply, legal_actions, new_game, view
from engine.actions import Kind
from engine.ai import make_agent
from engine.ai.medium import scored_plays
from engine.ai.playout import _placements
from engine.ai.world import Worlds
from engine.cards import N_CLAN
from engine.state import Step


def _softmax_log(values: list[float], chosen: float, temp: float, eps: float = 0.0) -> float:
    top = max(values)
    z = sum(math.exp((v - top) / temp) for v in values)
    return math.log((1 - eps) * math.exp((chosen - top) / temp) / z + eps / len(values))


def log_p_table(state, q: int, action) -> float | None:
    scored: list = []
    _placements(state, q, scored)
    key = action.card * 9 + action.stone
    chosen = [s for s, x in scored if x == key]
    return _softmax_log([s for s, _ in scored], chosen[0], 0.4) if chosen else None


def log_p_medium(state, q: int, action) -> float | None:
    # The player's own picture: their view (the other side's hand and the decks unknown).
    w = Worlds(view(state, q))
    scored = scored_plays(w.template, q, w.clan_deck_size, legal_actions(state))
    chosen = [s for s, a in scored if a == action]
    return _softmax_log([s for s, _ in scored], chosen[0], 0.01, 0.1) if chosen else None


MODELS = {"table": log_p_table, "medium": log_p_medium}


def ratios(pair: tuple[str, str], games: int, every: int, dealt: int = 20) -> dict:
    """``{(player level, model): [log-likelihood ratio per sampled play]}``."""
    out: dict = {}
    for g in range(games):
        state = new_game(Rules(tactics=False, starter=0), seed=f"information/{g}")
        agents = [make_agent(pair[0]), make_agent(pair[1])]
        rng = random.Random(g)
        plays = 0
        while state.step != Step.OVER:
            q = state.to_move
            action = agents[q].choose(view(state, q), rng)
            if state.step == Step.PLAY and action.kind == Kind.PLAY and action.card < N_CLAN:
                plays += 1
                if plays % every == 0:
                    hands = []
                    seen_by_other = Worlds(view(state, 1 - q))
                    for _ in range(dealt):
                        world = seen_by_other.sample(rng)
                        hand = world.hands[q]
                        if action.card not in hand:  # the card they played is certain
                            hand[rng.randrange(len(hand))] = action.card
                            hand.sort()
                        hands.append(world)
                    for name, log_p in MODELS.items():
                        real = log_p(state, q, action)
                        others = [x for x in (log_p(w, q, action) for w in hands) if x is not None]
                        if real is not None and others:
                            mean = math.log(sum(math.exp(x) for x in others) / len(others))
                            out.setdefault((pair[q], name), []).append(real - mean)
            state = apply(state, action, q)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--every", type=int, default=3, help="probe one play in this many")
    args = ap.parse_args(argv)
    for pair in (("medium", "medium"), ("barca", "medium")):
        for (level, model), rs in sorted(ratios(pair, args.games, args.every).items()):
            print(
                f"{pair[0]} vs {pair[1]}: {level}'s plays, model {model}: {len(rs)} plays, "
                f"mean log-likelihood ratio real hand / dealt hands {sum(rs) / len(rs):+.3f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
