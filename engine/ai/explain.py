"""Why a move is good, in one reason: the data a hint or a review's preferred move is
worded from (``engine.narrate.advice_line``).

The reason reads only the deciding player's view, like the AI that found the move: the
formation it aims for, the stone it protects, the claim it prepares, or what a tactic card
does there. Stones are 0-8 and cards their text, as in every event.

>>> from engine import new_game, view
>>> from engine.ai.explain import advice
>>> v = view(new_game(seed=4), 0)
>>> advice(v, {"kind": "pass"})["reason"]
'pass'
"""

from __future__ import annotations

from ..actions import DISCARD, Kind, action_from_json
from ..cards import (
    BANSHEE,
    BLIND,
    COLOUR_OF,
    MUD,
    N_CLAN,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    VALUE_OF,
    card_text,
)
from ..claims import can_claim_fast
from ..formations import formation, strength
from ..rules import CAPACITY, win_shape
from ..turn import apply_fast
from .world import Worlds

HIGH = 7  # a lone clan card from this value on opens a stone "with a high card"


def shape(cards, room: int = 3) -> str | None:
    """The formation two or more clan cards on an incomplete side still point to:
    ``color_run``, ``kind``, ``color``, ``run`` or ``sum`` (None for fewer than two).

    >>> shape([6, 7]), shape([6, 15]), shape([0, 5]), shape([6, 16]), shape([0, 17])
    ('color_run', 'kind', 'color', 'run', 'sum')
    """
    clan = [c for c in cards if c < N_CLAN]
    if len(clan) < 2:
        return None
    values = sorted(VALUE_OF[c] for c in clan)
    one_colour = len({COLOUR_OF[c] for c in clan}) == 1
    runs = len(set(values)) == len(values) and values[-1] - values[0] <= room - 1
    if one_colour and runs:
        return "color_run"
    if len(set(values)) == 1:
        return "kind"
    if one_colour:
        return "color"
    return "run" if runs else "sum"


def _side_words(state, s: int, q: int) -> dict:
    """What a side holds, for a reason: its formation once complete, else its shape."""
    side = state.sides[2 * s + q]
    room = CAPACITY[state.modes[s]]
    blind = state.modes[s] == BLIND
    if len(side) >= room:
        return {"formation": formation(strength(side, blind), blind, len(side))}
    found = shape(side, room)
    return {"shape": found} if found and not blind else {}


def advice(view: dict, action_json: dict) -> dict:
    """The reason for ``action_json`` (legal in ``view``) as data: ``reason`` plus the
    stones, cards and formations a sentence needs. Raises ``IllegalAction`` for a
    malformed action."""
    a = action_from_json(action_json)
    p = view["player"]
    if a.kind == Kind.PASS:
        return {"reason": "pass"}
    if a.kind == Kind.CLAIM:
        # Only tactic cards can change a stone's sides before it is claimed: the base game's
        # reason is the round the stone counts toward.
        tactics = view["rules"].get("tactics", False)
        return {"reason": "claim_now" if tactics else "claim_proof", "stone": a.stone}
    if a.kind == Kind.DRAW:
        return {"reason": "draw_tactic" if a.deck == 1 else "draw_clan"}
    if a.kind == Kind.RETURN:
        return {"reason": "return", "card": card_text(a.card)}
    if a.kind != Kind.PLAY:
        return {"reason": "done"}
    state = Worlds(view).template
    card = a.card
    if card == RECRUITER:
        return {"reason": "recruiter"}
    if card == STRATEGIST and a.to == DISCARD:
        return {"reason": "strategist_discard", "target": card_text(a.target), "stone": a.stone}
    if card == BANSHEE:
        return {
            "reason": "banshee",
            "target": card_text(a.target),
            "stone": a.stone,
            **_side_words(state, a.stone, 1 - p),
        }
    if card in (STRATEGIST, TRAITOR):
        # A card moved to a stone of ours: a win or a claim it makes says more than the move.
        gain = _gain(_after(state, a), p, a.to)
        if gain["reason"] in ("win", "claim"):
            return {**gain, "card": card_text(a.target), "stone": a.to}
        return {
            "reason": "strategist" if card == STRATEGIST else "traitor",
            "target": card_text(a.target),
            "stone": a.stone,
            "to": a.to,
        }
    if card in (BLIND, MUD):
        mine = len(state.sides[2 * a.stone + p])
        theirs = len(state.sides[2 * a.stone + 1 - p])
        key = "blind" if card == BLIND else "mud" if theirs > mine else "mud_room"
        return {"reason": key, "stone": a.stone}
    # A troop (clan card or elite) on a stone.
    after = _after(state, a)
    return {"card": card_text(card), "stone": a.stone, **_gain(after, p, a.stone)}


def _after(state, a):
    t = state.copy()
    apply_fast(t, a)
    return t


def _gain(after, p: int, s: int) -> dict:
    """The reason a card that lands on stone ``s`` is good there (``reason`` included)."""
    claimable = [x for x in range(9) if after.owner[x] < 0 and can_claim_fast(after, p, x)]
    if claimable:
        owner = list(after.owner)
        for x in claimable:
            owner[x] = p
        if win_shape(owner, p):
            return {"reason": "win"}
        if s in claimable:
            return {"reason": "claim"}
    mine = after.sides[2 * s + p]
    theirs = after.sides[2 * s + 1 - p]
    room = CAPACITY[after.modes[s]]
    if len(theirs) >= 2 and len(theirs) >= len(mine) - 1:
        return {"reason": "protect", **_side_words(after, s, 1 - p)}
    if len(mine) >= room:
        return {"reason": "complete", **_side_words(after, s, p)}
    if len(mine) >= 2:
        found = _side_words(after, s, p)
        return {"reason": "build", **found} if found else {"reason": "open"}
    top = mine[0] if mine else -1
    if 0 <= top < N_CLAN and VALUE_OF[top] >= HIGH:
        return {"reason": "open_high"}
    return {"reason": "answer" if theirs else "open"}


__all__ = ["advice", "shape"]
