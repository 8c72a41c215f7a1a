"""Easy: a friendly greedy player that still plays sensibly.

It claims every stone it can prove, and otherwise puts the card where its side
can still reach the strongest formation, with a little randomness.
"""

from __future__ import annotations

import random

from ..actions import Action, Kind
from ..cards import BLIND, ELITES, MUD, N_CLAN, VALUE_OF, parse_card
from ..completions import ALL_CLAN, best_completion
from .base import Agent, faceup_mask, legal


class EasyAgent(Agent):
    name = "easy"

    def choose(self, view: dict, rng: random.Random) -> Action:
        actions = legal(view)
        kinds = {a.kind for a in actions}
        if Kind.CLAIM in kinds:
            return next(a for a in actions if a.kind == Kind.CLAIM)
        if Kind.DONE in kinds:
            return next(a for a in actions if a.kind == Kind.DONE)
        if actions[0].kind == Kind.DRAW:
            # Mostly clan cards; a tactic card now and then.
            decks = [a for a in actions if a.kind == Kind.DRAW]
            return decks[-1] if len(decks) > 1 and rng.random() < 0.25 else decks[0]
        if actions[0].kind == Kind.RETURN:
            return min(
                actions,
                key=lambda a: (a.card >= N_CLAN, VALUE_OF[a.card] if a.card < N_CLAN else 0),
            )
        if kinds <= {Kind.PLAY, Kind.PASS}:
            return self._play(view, actions, rng)
        return actions[0]

    def _play(self, view: dict, actions: list[Action], rng: random.Random) -> Action:
        unseen = ALL_CLAN & ~faceup_mask(view)
        p = view["player"]
        best, best_score = actions[0], None
        for a in actions:
            score = rng.random() * 3
            if a.kind == Kind.PASS:
                score -= 1000
            elif a.card < N_CLAN or a.card in ELITES:
                stone = view["stones"][a.stone]
                mode = stone["mode"]
                cap = stone["capacity"]
                side = [parse_card(c) for c in stone["sides"][p]["cards"]] + [a.card]
                blind = mode is not None and parse_card(mode) == BLIND
                result = best_completion(tuple(sorted(side)), cap, blind, unseen)
                reach = result[0] if result else 0
                # Prefer strong reachable formations; spend elites only when they matter.
                score += reach / 10 - (15 if a.card in ELITES else 0)
                if mode is not None and parse_card(mode) == MUD:
                    score -= 5
            else:
                score -= 40  # ruses and combat modes: only when nothing else is good
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best
