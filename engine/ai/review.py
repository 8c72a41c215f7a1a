"""Game review: Hard's estimate of one decision, from the deciding player's view only.

``assess(view, played)`` weighs the move a player made against the moves Hard
considers best, all in the same hidden worlds sampled from ``view`` (common random
numbers, so their difference shows with few worlds; no move is dropped early, so
every move gets the same worlds). A value is Hard's estimate of the player's chance
of winning the round after the move, less the price of a tactic card it spends --
the same objective Hard plays by. Only the view is read: the opponent's hand and the
deck order never reach the review (``tests/test_review.py`` checks this).

The verdict's ``level``: ``blunder``, ``mistake``, ``inaccuracy`` or None, by the drop
from Hard's preferred move (``LEVELS``), and only a drop larger than the review's own noise
(``NOISE_Z`` standard errors of the paired difference, ``noise``); a claim left untaken is a
``missed_claim``.

>>> from engine import new_game, view
>>> v = view(new_game(seed=4), 0)
>>> r = assess(v, {"kind": "play", "card": v["hand"][0], "stone": 0}, iterations=60)
>>> r["kind"], 0 <= r["played_value"] <= r["best_value"] <= 1
('play', True)
"""

from __future__ import annotations

import random

from ..actions import Kind, action_from_json, action_to_json
from .base import legal
from .explain import advice
from .hard import HardAgent
from .world import Worlds

# Per decision: enough worlds for a paired difference of a few points (about 40 worlds
# for 9 moves), and a time cap for a slow device.
ITERATIONS = 360
TIME = 2.0
# Drops in the chance of winning the round that mark a decision, largest first.
LEVELS = (("blunder", 0.15), ("mistake", 0.07), ("inaccuracy", 0.03))
# A drop is marked only when it stands out of the review's own noise: this many standard
# errors of the paired difference (a move the hint chose with a smaller budget, and any move
# as good as Hard's, then stays unmarked).
NOISE_Z = 2.0
UNDECIDED = 1e9  # the paired test's z: never drop a move, so every move sees every world


def level_of(drop: float) -> str | None:
    """The mark of a drop in the chance of winning.

    >>> level_of(0.2), level_of(0.08), level_of(0.01)
    ('blunder', 'mistake', None)
    """
    return next((name for name, bar in LEVELS if drop >= bar), None)


def assess(
    view: dict, played: dict, seed: int = 0, iterations: int = ITERATIONS, time: float | None = None
) -> dict:
    """Hard's verdict on ``played`` (an action, JSON form, legal in ``view``).

    ``kind``: ``play`` (weighed: ``best``, ``best_value``, ``played_value``, ``drop``,
    ``level``, ``advice`` for the best move, ``worlds``), ``missed_claim`` (``best`` is
    the claim, ``level`` "mistake"), ``forced`` (one legal move) or ``by_rule`` (claims
    taken, draws and returns: not weighed). Raises ``ValueError`` for an illegal move.
    """
    actions = legal(view)
    move = action_from_json(played)
    if move not in actions:
        raise ValueError(f"the reviewed move {played!r} is not legal in this view")
    if len(actions) == 1:
        return {"kind": "forced"}
    kind = actions[0].kind
    if kind in (Kind.CLAIM, Kind.DONE):
        claims = [a for a in actions if a.kind == Kind.CLAIM]
        if move.kind == Kind.DONE and claims:
            claim_json = action_to_json(claims[0])
            return {
                "kind": "missed_claim",
                "level": "mistake",
                "best": claim_json,
                "advice": advice(view, claim_json),
            }
        return {"kind": "by_rule"}
    if kind not in (Kind.PLAY, Kind.PASS):
        return {"kind": "by_rule"}
    worlds = Worlds(view)
    p = view["player"]
    agent = HardAgent(iterations=iterations, time=time, z=UNDECIDED)
    arms = agent.candidate_arms(worlds, p, actions, extra=move)
    rng = random.Random(seed)
    agent._paired(
        worlds,
        p,
        arms,
        random.Random(rng.getrandbits(64)),
        None if time is None else _deadline(time),
    )
    mine = next(a for a in arms if a.action == move)
    best = max(arms, key=lambda a: (_mean(a), a.prior))
    drop = max(0.0, _mean(best) - _mean(mine)) if best is not mine else 0.0
    noise = _noise(best, mine)
    best_json = action_to_json(best.action)
    return {
        "kind": "play",
        "best": best_json,
        "best_value": _chance(best),
        "played_value": min(_chance(mine), _chance(best)),
        "drop": round(drop, 4),
        "noise": round(noise, 4),
        "level": level_of(drop) if best is not mine and drop > NOISE_Z * noise else None,
        "advice": advice(view, best_json),
        "worlds": mine.n,
    }


def _mean(arm) -> float:
    return arm.w / arm.n if arm.n else float("-inf")


def _noise(best, mine) -> float:
    """The standard error of the paired difference between two moves over their worlds."""
    d = [b - m for b, m in zip(best.vals, mine.vals)]
    n = len(d)
    if best is mine or n < 2:
        return 0.0
    m = sum(d) / n
    return (sum((x - m) ** 2 for x in d) / (n - 1) / n) ** 0.5


def _chance(arm) -> float:
    """An estimate shown as a chance: the mean value, kept within 0-1."""
    return round(min(1.0, max(0.0, _mean(arm))), 4)


def _deadline(time: float) -> float:
    import time as _time

    return _time.perf_counter() + time


__all__ = ["ITERATIONS", "LEVELS", "NOISE_Z", "TIME", "assess", "level_of"]
