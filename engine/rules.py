"""The rules as predicates: one home for each fact that several modules need.

The turn machine (``turn``), legality (``legality``), the views, the AI and the
web glue all ask these instead of working the answer out again.

>>> from engine.cards import MUD
>>> CAPACITY[-1], CAPACITY[MUD]        # no combat mode on the stone, or Mud Fight
(3, 4)
>>> win_shape([0, 0, 0, -1, -1, -1, -1, -1, -1], 0)
<Reason.THREE_ADJACENT: 'three_adjacent'>
>>> round_points(0, (3, 2)), match_winner([7, 7])
((5, 2), None)
"""

from __future__ import annotations

from enum import StrEnum

from .cards import MUD
from .errors import GameError, shown

# Cards a side needs to be complete, indexed by the stone's mode (-1: no mode, which
# Python reads as the last entry; MUD: 4). A tuple index is as cheap as the comparison
# it replaces in the search's hot loops.
CAPACITY = tuple(4 if m == MUD else 3 for m in range(64))


class Reason(StrEnum):
    """Why a round ended (``Outcome.reason``): data the message catalogue words."""

    FIVE_STONES = "five_stones"
    THREE_ADJACENT = "three_adjacent"
    # A stuck game (house rule), once its stones are awarded: a shape, more stones, a draw.
    STUCK_FIVE = "stuck_five_stones"
    STUCK_ADJACENT = "stuck_three_adjacent"
    STUCK_MORE = "stuck_more_stones"
    STUCK_EQUAL = "stuck_equal_stones"


WIN_POINTS = 5  # a round's winner scores 5; the loser 1 per stone held


def capacity(state, stone: int) -> int:
    """Cards each side of ``stone`` needs: 3, or 4 under Mud Fight (a ``GameError`` for a
    stone other than 0-8; the search indexes ``CAPACITY`` itself)."""
    return CAPACITY[state.modes[checked_stone(stone)]]


def has_room(state, p: int, stone: int) -> bool:
    """Whether player ``p`` may add a troop to ``stone`` (unclaimed, side not full)."""
    return state.owner[stone] < 0 and len(state.sides[2 * stone + p]) < CAPACITY[state.modes[stone]]


def rooms(state, p: int) -> list[int]:
    """The stones where player ``p`` may add a troop."""
    owner, modes, sides = state.owner, state.modes, state.sides
    return [s for s in range(9) if owner[s] < 0 and len(sides[2 * s + p]) < CAPACITY[modes[s]]]


def may_play_tactic(state, p: int) -> bool:
    """Tactic limit: at most one tactic card ahead of the opponent."""
    return state.tactics_played[p] <= state.tactics_played[1 - p]


def within_tactic_limit(counts) -> bool:
    """Whether tactic counts ``[South, North]`` can come from play: a tactic card is played
    only while ``may_play_tactic``, so neither count is ever more than one ahead."""
    return abs(counts[0] - counts[1]) <= 1


def checked_player(p) -> int:
    """``p`` if it is a player (0 or 1; not 1.0, not ``True``), else a ``GameError``: for
    the public verdict functions (their fast forms trust their callers)."""
    if type(p) is not int or p not in (0, 1):
        raise GameError("not_a_player", value=shown(p))
    return p


def checked_stone(s) -> int:
    """``s`` if it is a stone (0-8 in data), else a ``GameError``."""
    if type(s) is not int or not 0 <= s <= 8:
        raise GameError("not_a_stone", value=shown(s))
    return s


def win_shape(owner, p: int) -> Reason | None:
    """``five_stones`` or ``three_adjacent`` if player ``p`` holds a winning shape (a
    ``GameError`` for a player other than 0 or 1: -1 would count the unclaimed stones)."""
    if type(p) is not int or (p != 0 and p != 1):  # cheap: a claim in the search asks this
        checked_player(p)
    if owner.count(p) >= 5:
        return Reason.FIVE_STONES
    for i in range(7):
        if owner[i] == p and owner[i + 1] == p and owner[i + 2] == p:
            return Reason.THREE_ADJACENT
    return None


def stuck_result(owner) -> tuple:
    """``(winner, reason)`` of a stuck game once its stones are awarded (house rule):
    a winning shape wins; if both or neither have one, more stones; equal is a draw."""
    shapes = [win_shape(owner, 0), win_shape(owner, 1)]
    counts = [owner.count(0), owner.count(1)]
    for q in (0, 1):
        if shapes[q] and not shapes[1 - q]:
            stuck = Reason.STUCK_FIVE if shapes[q] == Reason.FIVE_STONES else Reason.STUCK_ADJACENT
            return q, stuck
    if counts[0] != counts[1]:
        return (0 if counts[0] > counts[1] else 1), Reason.STUCK_MORE
    return None, Reason.STUCK_EQUAL


def round_points(winner, stones) -> tuple[int, int]:
    """Points each player scores for a round: 5 to the winner, 1 per stone to the other."""
    return (WIN_POINTS if winner == 0 else stones[0], WIN_POINTS if winner == 1 else stones[1])


def next_round_starter(rules, round_starter: int, winner) -> int:
    """Who starts the next round: alternate, or (option) the winner of the last one."""
    if rules.next_starter == "winner" and winner is not None:
        return winner
    return 1 - round_starter


def round_starter_of(rules, history) -> int:
    """Who started the current round, from the results of the earlier ones."""
    starter = rules.starter
    for winner, *_ in history:
        starter = next_round_starter(rules, starter, winner)
    return starter


def match_winner(scores):
    """0, 1, or ``None`` for a draw: most points wins. Meaningful once the match is over."""
    a, b = scores if not hasattr(scores, "scores") else scores.scores
    return 0 if a > b else 1 if b > a else None
