"""Agents: each receives only a player's view and a seeded random generator.

The one interface is ``agent.choose(view, rng) -> Action``. ``choose`` below is
the JSON entry point the web table and its worker call; ``hint`` suggests a
move for a human player with the strongest level.

>>> from engine import new_game, view
>>> choose(view(new_game(seed=2), 0), seed=1, level="easy")["kind"]
'play'
"""

from __future__ import annotations

import importlib
import random

from ..actions import action_to_json
from ..errors import GameError, shown
from .base import Agent, RandomAgent
from .easy import EasyAgent
from .medium import MediumAgent

LEVELS: dict[str, type[Agent]] = {"random": RandomAgent, "easy": EasyAgent, "medium": MediumAgent}
# Names shown to players, weakest first.
LEVEL_NAMES = {"random": "Random (no strategy)", "easy": "Easy", "medium": "Medium", "hard": "Hard"}
STRONGEST = "medium"
# Sparring partners: for the arena and the ladder only, never offered at the table (the
# page and its worker read ``LEVELS``). Imported on first use, so the page never loads them.
SPARRING: dict[str, str] = {"barca": "barca:BarcaAgent"}

try:
    from .hard import HardAgent

    LEVELS["hard"] = HardAgent
    STRONGEST = "hard"
except ImportError:  # pragma: no cover - while hard.py is being written
    pass


def make_agent(level: str, **budget) -> Agent:
    """An agent of ``level``; search levels take ``iterations=`` and/or ``time=`` (seconds).

    Other levels take only the settings they list (``Agent.settings``) and ignore the rest.
    """
    cls = LEVELS.get(level)
    if cls is None and level in SPARRING:
        module, name = SPARRING[level].split(":")
        cls = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    if cls is None:
        raise GameError("unknown_level", value=shown(level), levels=", ".join(LEVELS))
    if not getattr(cls, "searches", False):
        budget = {k: v for k, v in budget.items() if k in cls.settings}
    return cls(**budget) if budget else cls()


def choose(view: dict, seed: int = 0, level: str = "easy", budget: dict | None = None) -> dict:
    """The action (JSON form) the agent of ``level`` picks for the player of ``view``.

    ``budget`` (search levels only): ``{"iterations": n}`` for a reproducible
    search, ``{"time": seconds}`` for a thinking-time limit, or both.
    """
    return action_to_json(make_agent(level, **(budget or {})).choose(view, random.Random(seed)))


def hint(view: dict, seed: int = 0, budget: dict | None = None) -> dict:
    """A suggested action (JSON form) for the player of ``view``, from the strongest level."""
    return choose(view, seed, STRONGEST, budget)
