#!/usr/bin/env python3
"""How often Hard plays tactic cards, against the player model (Medium), in Tactic games.

    python bench/hard_tactics.py [--games 20] [--seed 1] [--iterations 300] [--player medium]

Issue 30: in a Tactic game against Hard a person may hold tactic cards they can never play
(a player may play at most one tactic card more than the opponent; one Hard never plays
none keeps the person's all locked after their first). Plays seeded Tactic games, Hard
(an iteration budget, so a run repeats exactly) against the player model, seats
alternated, and counts per game and side: tactic cards drawn and played, the player
turns on which a tactic card in hand could not be played by the tactic limit alone (the
engine's ``legal`` list offers no play of it while it offers plays), and the tactic cards
held at the end. Prints one line per game and the means.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import AFTER_PLAY, Rules, apply, new_game, view
from engine.ai import make_agent
from engine.state import Step

SIDES = ("hard", "player")


def _tactics(hand: list[str]) -> list[str]:
    """The tactic cards of a hand (a clan card is a colour letter and a value: "R7")."""
    return [c for c in hand if not c[1:].isdigit()]


def play(game: int, seed: int, iterations: int, player: str) -> dict:
    """One seeded game; the counts of each side."""
    hard_seat = game % 2
    agents = {
        hard_seat: make_agent("hard", iterations=iterations),
        1 - hard_seat: make_agent(player),
    }
    side = {hard_seat: "hard", 1 - hard_seat: "player"}
    rngs = {q: random.Random(f"hard_tactics/{seed}/{game}/{q}") for q in (0, 1)}
    rules = Rules(tactics=True, claim_timing=AFTER_PLAY, starter=0)
    state = new_game(rules, seed=f"{seed}/{game}")
    out = {s: {"drawn": 0, "played": 0, "locked_turns": 0, "held_at_end": 0} for s in SIDES}
    while state.step != Step.OVER:
        q = state.to_move
        v = view(state, q)
        counts = out[side[q]]
        if v["step"] == "play":
            playable = {a["card"] for a in v["legal"] if a["kind"] == "play"}
            if playable and any(c not in playable for c in _tactics(v["hand"])):
                limit = v["tactics_played"][q] > v["tactics_played"][1 - q]
                counts["locked_turns"] += limit
        before = state.tactics_played[q]
        a = agents[q].choose(v, rngs[q])
        state = apply(state, a, q)
        counts["played"] += state.tactics_played[q] - before
        if v["step"] in ("draw", "recruit_draw") and getattr(a, "deck", None) == 1:
            counts["drawn"] += 1
    for q in (0, 1):
        out[side[q]]["held_at_end"] = len(_tactics(view(state, q)["hand"]))
    out["hard_won"] = state.outcome.winner == hard_seat
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=300, help="Hard's budget per decision")
    ap.add_argument("--player", default="medium", help="the player model's level")
    args = ap.parse_args(argv)
    rows = []
    for g in range(args.games):
        r = play(g, args.seed, args.iterations, args.player)
        rows.append(r)
        print(
            f"game {g:3d}: "
            + "  ".join(
                f"{s}: drew {r[s]['drawn']} played {r[s]['played']} "
                f"locked {r[s]['locked_turns']} held {r[s]['held_at_end']}"
                for s in SIDES
            )
            + f"  hard {'won' if r['hard_won'] else 'lost'}",
            flush=True,
        )
    print(f"\n{args.games} Tactic games, Hard at {args.iterations} iterations vs {args.player}:")
    for s in SIDES:
        means = {k: statistics.mean(r[s][k] for r in rows) for k in rows[0][s]}
        none = sum(r[s]["played"] == 0 for r in rows)
        print(
            f"  {s:6s} per game: drew {means['drawn']:.2f}, played {means['played']:.2f} "
            f"(none in {none} of {len(rows)}), turns with a tactic card locked by the limit "
            f"{means['locked_turns']:.2f}, held at the end {means['held_at_end']:.2f}"
        )
    print(f"  Hard won {sum(r['hard_won'] for r in rows)} of {len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
