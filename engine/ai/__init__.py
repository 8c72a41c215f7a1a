"""Agents: each receives only a player's view and a seeded random generator.

The one interface is ``agent.choose(view, rng) -> Action``. ``choose`` below is
the JSON entry point the web table and its worker call.

>>> from engine import new_game, view
>>> choose(view(new_game(seed=2), 0), seed=1, level="easy")["kind"]
'play'
"""

from __future__ import annotations

import random

from ..actions import action_to_json
from .base import Agent, RandomAgent
from .easy import EasyAgent

LEVELS: dict[str, type[Agent]] = {"random": RandomAgent, "easy": EasyAgent}


def make_agent(level: str) -> Agent:
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}") from None


def choose(view: dict, seed: int = 0, level: str = "easy") -> dict:
    """The action (JSON form) the agent of ``level`` picks for the player of ``view``."""
    return action_to_json(make_agent(level).choose(view, random.Random(seed)))
