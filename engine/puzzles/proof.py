"""Which kind of puzzle a position makes, and the re-proof of a shipped puzzle.

``find`` asks the kinds in order (*win it* once the deck is out, then *claim it*, then
*save the stone*) and keeps the first whose proof leaves exactly one play; ``solutions``
re-proves a puzzle's kind from scratch, for the test that every shipped puzzle has one
solution and for the page's answer.

>>> from engine.puzzles.codec import decode
>>> solutions(decode("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0"))
[]
"""

from __future__ import annotations

from ..state import State, Step
from .codec import Puzzle, normalised
from .search import (
    WIN_NODES,
    after_turn,
    claim_it,
    plays,
    save_it,
    threats_after_each,
    win_it,
    winning_line,
)

# A puzzle offers a real choice: at least this many plays to choose from.
FEWEST_PLAYS = 6


def solutions(p: Puzzle) -> list | None:
    """Every play that solves ``p``'s kind in its position (a list, so a second solution
    shows); ``None`` for a *win it* the solver cannot finish within its budget."""
    if p.kind == "claim":
        return list(claim_it(p.state))
    if p.kind == "save" and p.stone is not None:
        return list(save_it(p.state, p.stone))
    if p.kind != "win":
        return []
    found = win_it(p.state, stop_at=99)
    return None if found is None else list(found)


def find(state: State, win_nodes: int = WIN_NODES) -> Puzzle | None:
    """The puzzle ``state`` makes for the player to move (told as South), or ``None``;
    a *win it* needs its proof within ``win_nodes`` positions."""
    if state.step != Step.PLAY or state.rules.tactics:
        return None
    s = normalised(state)
    if len(plays(s)) < FEWEST_PLAYS:
        return None
    if not s.decks[0]:
        found = win_it(s, win_nodes)
        if found is not None and len(found) == 1:
            (move,) = found
            return Puzzle("win", s, winning_line(s, move))
        return None
    found = claim_it(s)
    if len(found) == 1:
        (move,) = found
        return Puzzle("claim", s, _with_claims(s, move))
    each = threats_after_each(s)
    for stone in sorted(set().union(*each.values())):
        safe = [a for a, stones in each.items() if stone not in stones]
        if len(safe) == 1:
            return Puzzle("save", s, _with_claims(s, safe[0]), stone)
    return None


def _with_claims(s: State, move) -> tuple:
    from ..actions import Action, Kind

    _, won = after_turn(s, move)
    return (move, *(Action(Kind.CLAIM, stone=x) for x in won))
