"""The agent interface, and helpers that read a view."""

from __future__ import annotations

import random

from ..actions import Action, action_from_json
from ..cards import N_CLAN, parse_card


class Agent:
    """Picks a legal action from what one player may see."""

    name = "agent"
    settings: tuple[str, ...] = ()  # keyword settings the constructor takes (for tuning)

    def choose(self, view: dict, rng: random.Random) -> Action:
        raise NotImplementedError


def legal(view: dict) -> list[Action]:
    """The legal actions listed in the view (empty when it is not this player's turn)."""
    if not view["legal"]:
        raise ValueError("this view's player has nothing to decide: it is not their turn")
    return [action_from_json(a) for a in view["legal"]]


def faceup_mask(view: dict) -> int:
    """Clan cards face up on the table or in the discard pile, as a bit mask."""
    mask = 0
    for stone in view["stones"]:
        for side in stone["sides"]:
            for text in side["cards"]:
                c = parse_card(text)
                if c < N_CLAN:
                    mask |= 1 << c
    for text in view["discard"]:
        c = parse_card(text)
        if c < N_CLAN:
            mask |= 1 << c
    return mask


class RandomAgent(Agent):
    """Uniformly random legal actions: the yardstick for the others."""

    name = "random"

    def choose(self, view: dict, rng: random.Random) -> Action:
        return rng.choice(legal(view))
