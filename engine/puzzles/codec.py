"""A puzzle in a few dozen characters, and back to a checked position.

A puzzle is told from the side of the player to move, who is always South (0) here:
``encode`` turns the board round when North is to move. The text holds only what
the puzzle needs: the mover's hand, both sides of every stone (in play order), who
holds which stone, the order in which sides were completed (it breaks ties), how many
cards the opponent holds, and the solution line. The opponent's hand and the deck
are never stored for a puzzle played while cards remain in the deck (the puzzle holds
for every hand they may have): ``decode`` deals the unseen cards in a fixed order so the
engine has a whole position. With the deck out, every unseen card is in their hand.

Fields, joined by ``;``: kind (``c``, ``w``, or ``s`` and the stone to save), hand,
18 sides (``,``), owners (``0``/``1``/``x``), completion order (sides as letters
``a``-``r``), the opponent's card count, the line.
A card is one character of ``ALPHABET``; a line is a play (card, stone digit) or a
claim (``!``, stone digit) each.

>>> text = "c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0"
>>> p = decode(text)
>>> p.kind, p.state.to_move, p.move.card, p.move.stone, encode(p) == text
('claim', 0, 0, 0, True)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..actions import Action, Kind
from ..cards import N_CLAN, card_text
from ..errors import FormatError, shown
from ..records import POSITION_FORMAT, VERSION, position_from_json
from ..state import State

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz01"  # 54 clan cards
KINDS = {"c": "claim", "s": "save", "w": "win"}
LETTER = {name: k for k, name in KINDS.items()}
_SAVES = tuple(f"s{i}" for i in range(9))
_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
__all__ = ["KINDS", "Puzzle", "decode", "encode", "normalised"]


class Puzzle(NamedTuple):
    """A position (South to move, at the play step), its kind and its solution line: the
    mover's play first, then the claims it allows (and for *win it* the rest of a forced
    win, the opponent's replies included)."""

    kind: str
    state: State
    line: tuple
    stone: int | None = None  # *save the stone*: the stone to save

    @property
    def move(self) -> Action:
        return self.line[0]


def _cards(text: str, where: str) -> list[int]:
    out = []
    for ch in text:
        if ch not in _INDEX:
            raise FormatError("puzzle_field", field=where, value=shown(text))
        out.append(_INDEX[ch])
    return out


def _line_text(line) -> str:
    out = []
    for a in line:
        if a.kind == Kind.PLAY:
            out.append(ALPHABET[a.card] + str(a.stone))
        elif a.kind == Kind.CLAIM:
            out.append("!" + str(a.stone))
    return "".join(out)


def _line(text: str) -> tuple:
    if len(text) % 2 or not text:
        raise FormatError("puzzle_field", field="line", value=shown(text))
    out = []
    for i in range(0, len(text), 2):
        head, stone = text[i], text[i + 1]
        if not stone.isdigit() or stone == "9":
            raise FormatError("puzzle_field", field="line", value=shown(text))
        if head == "!":
            out.append(Action(Kind.CLAIM, stone=int(stone)))
        else:
            out.append(Action(Kind.PLAY, card=_cards(head, "line")[0], stone=int(stone)))
    return tuple(out)


def normalised(state: State) -> State:
    """``state`` with the player to move as South: the board turned round if need be."""
    if state.to_move == 0:
        return state
    s = state.copy()
    s.hands = [s.hands[1], s.hands[0]]
    s.sides = [state.sides[i ^ 1][:] for i in range(18)]
    s.done_at = [state.done_at[i ^ 1] for i in range(18)]
    s.owner = [-1 if o < 0 else 1 - o for o in state.owner]
    s.proofs = [None] * 18
    s.scores = s.scores[::-1]
    s.round_starter = 1 - s.round_starter
    s.to_move = 0
    return s


def encode(p: Puzzle) -> str:
    """The puzzle's text (its state must have South to move: see ``normalised``)."""
    s = p.state
    order = sorted((t, i) for i, t in enumerate(s.done_at) if t)
    return ";".join(
        [
            LETTER[p.kind] + ("" if p.stone is None else str(p.stone)),
            "".join(ALPHABET[c] for c in s.hands[0]),
            ",".join("".join(ALPHABET[c] for c in side) for side in s.sides),
            "".join("x" if o < 0 else str(o) for o in s.owner),
            "".join(chr(97 + i) for _, i in order),
            str(len(s.hands[1])),
            _line_text(p.line),
        ]
    )


def decode(text: str) -> Puzzle:
    """The puzzle a text holds, its position read by the engine's checked reader; a
    ``FormatError`` names a field that is not what ``encode`` writes."""
    if not isinstance(text, str):
        raise FormatError("puzzle_field", field="puzzle", value=shown(text))
    fields = text.split(";")
    head = fields[0]
    if len(fields) != 7 or head[:1] not in KINDS or head not in ("c", "w", *_SAVES):
        raise FormatError("puzzle_field", field="puzzle", value=shown(text[:40]))
    kind, hand, sides_text, owners, order, n_other, line = fields
    stone = int(head[1]) if head[0] == "s" else None
    hand_cards = _cards(hand, "hand")
    sides = [_cards(t, "sides") for t in sides_text.split(",")]
    if len(sides) != 18 or len(owners) != 9 or any(o not in "01x" for o in owners):
        raise FormatError("puzzle_field", field="sides", value=shown(text[:40]))
    done = [0] * 18
    for tick, ch in enumerate(order, 1):
        if not "a" <= ch <= "r":
            raise FormatError("puzzle_field", field="order", value=shown(order))
        done[ord(ch) - 97] = tick
    if not n_other.isdigit():
        raise FormatError("puzzle_field", field="count", value=shown(n_other))
    known = set(hand_cards).union(*map(set, sides))
    unseen = [c for c in range(N_CLAN) if c not in known]
    random.Random(text).shuffle(unseen)  # the same deal every time, and no real hand
    k = int(n_other)
    # Who started the round is not stored: South is to move, so North started it when North
    # has a card more on the table (in a base game a player plays every turn until they can
    # no longer play, for good), and South otherwise.
    on_table = [sum(len(sides[2 * s + q]) for s in range(9)) for q in (0, 1)]
    data = {
        "format": POSITION_FORMAT,
        "version": VERSION,
        "rules": {"starter": int(on_table[1] > on_table[0])},
        "to_move": 0,
        "hands": [[card_text(c) for c in hand_cards], [card_text(c) for c in unseen[:k]]],
        "decks": {"clan": [card_text(c) for c in unseen[k:]]},
        "stones": [
            {
                "sides": [
                    [card_text(c) for c in sides[2 * s]],
                    [card_text(c) for c in sides[2 * s + 1]],
                ],
                "owner": None if owners[s] == "x" else int(owners[s]),
                "done_at": [done[2 * s], done[2 * s + 1]],
            }
            for s in range(9)
        ],
        "tick": len(order) + 1,
    }
    return Puzzle(KINDS[kind[0]], position_from_json(data), _line(line), stone)
