"""Events: what happened in a game, as data, and who may see which part of it.

``turn.apply_events`` (and a replay of a record) tell every action as a list of events,
plain JSON-ready dicts with a ``type``. Stones are numbered 0-8 and players 0/1 as in
every format; cards are in short notation. The kinds and their fields are listed in
``docs/formats.md`` ("Events").

An event is made in its full form. ``redact(event, player)`` gives the form that
``player`` may see (``None``: a spectator, or the table between two players' turns):
a drawn card, and a card put back by the Recruiter, show only to their owner. The
engine owns this: nothing else decides what an event hides.

>>> e = {"type": "draw", "player": 0, "deck": "clan", "card": "R7", "auto": False}
>>> redact(e, 1)
{'type': 'draw', 'player': 0, 'deck': 'clan', 'auto': False}
>>> redact(e, 0) == e
True
"""

from __future__ import annotations

from .cards import BLIND, COLOURS, N_CLAN, card_text, parse_card
from .formations import RANK_CODES, declared
from .rules import CAPACITY, Reason

DECKS = ("clan", "tactic")

TYPES = (
    "play",
    "move",
    "pass",
    "claim",
    "claims_done",
    "draw",
    "return",
    "turn",
    "stuck",
    "round_end",
    "match_end",
    "round_start",
    "shuffle",
)

# The fields of each kind that only its ``player`` may see.
PRIVATE = {"draw": ("card",), "return": ("card",)}


def redact(event: dict, player) -> dict:
    """The form of ``event`` that ``player`` (0, 1, or ``None`` for nobody's hand) may see."""
    hidden = PRIVATE.get(event["type"])
    if hidden and event["player"] != player:
        return {k: v for k, v in event.items() if k not in hidden}
    return event


def redact_all(events, player) -> list:
    return [redact(e, player) for e in events]


def declared_json(state, stone: int, p: int) -> list:
    """How the elite troops of player ``p``'s complete side of ``stone`` are resolved:
    ``[{"card": "Joker", "as": "R8"}]`` (empty without elite troops or while incomplete)."""
    cards = state.sides[2 * stone + p]
    mode = state.modes[stone]
    if len(cards) < CAPACITY[mode] or all(c < N_CLAN for c in cards):
        return []
    pairs = declared(cards, mode == BLIND)
    return [
        {"card": card_text(c), "as": f"{COLOURS[colour]}{value}"}
        for c, (colour, value) in zip(cards, pairs)
        if c >= N_CLAN
    ]


# ---------------------------------------------------------------- reading an event back


def _is(test):
    """A field's check: ``test(value)`` true, else a ``ValueError``."""

    def check(value, where: str) -> None:
        if not test(value):
            raise ValueError(where)

    return check


def _ok(lo: int, hi: int):
    return lambda v: type(v) is int and lo <= v <= hi


def _whole(lo: int, hi: int):
    return _is(_ok(lo, hi))


def _card_text(v) -> bool:
    try:
        return isinstance(v, str) and card_text(parse_card(v)) == v
    except ValueError:
        return False


def _pairs(check):
    return _is(lambda v: isinstance(v, list) and len(v) == 2 and all(check(x) for x in v))


def _each(keys: dict, most: int = 9):
    """A list of objects of these fields."""

    def check(value, where: str) -> None:
        if not isinstance(value, list) or len(value) > most:
            raise ValueError(where)
        for item in value:
            if not isinstance(item, dict) or set(item) != set(keys):
                raise ValueError(where)
            for k, field in keys.items():
                field(item[k], f"{where}.{k}")

    return check


_player = _whole(0, 1)
_player_ok = _ok(0, 1)
_stone = _whole(0, 8)
_card = _is(_card_text)
_SCORE = _ok(0, 1 << 20)  # never more than 99 rounds' points
_AS = frozenset(f"{c}{v}" for c in COLOURS for v in range(1, 10))  # what an elite troop is
_declared = _each({"card": _card, "as": _is(lambda v: isinstance(v, str) and v in _AS)}, 4)
_formation = _is(
    lambda f: (
        isinstance(f, dict)
        and set(f) == {"rank", "total", "cards"}
        and f["rank"] in (*RANK_CODES.values(), "total")
        and type(f["total"]) is int
        and f["cards"] in (3, 4)
        and type(f["cards"]) is int
    )
)
# The reasons a claim holds, and what each says besides the claimant's formation (``mine``).
_HOLDS: dict[str, set] = {
    "stronger": {"theirs"},
    "tie_first": {"theirs"},
    "cannot_complete": set(),
    "cannot_beat": {"best"},
}


def _proof(value, where: str) -> None:
    """A claim's proof (``claims.claim_proof``), one that holds."""
    if not isinstance(value, dict) or value.get("ok") is not True:
        raise ValueError(where)
    why = value.get("why")
    if not isinstance(why, str) or why not in _HOLDS:
        raise ValueError(f"{where}.why")
    if set(value) != {"ok", "why", "stone", "mine"} | _HOLDS[why]:
        raise ValueError(where)
    _stone(value["stone"], f"{where}.stone")
    for k in {"mine"} | _HOLDS[why]:
        _formation(value[k], f"{where}.{k}")


# Each kind's fields and their checks: required, then optional (docs/formats.md, "Events").
_EVENT: dict = {
    "play": (
        {"player": _player, "card": _card},
        {
            "stone": _stone,
            "declared": _declared,
            "reopened": _is(
                lambda v: isinstance(v, list) and len(v) <= 2 and all(_player_ok(p) for p in v)
            ),
        },
    ),
    "move": (
        {
            "player": _player,
            "card": _card,
            "stone": _stone,
            "side": _player,
            "to": _is(lambda v: v == "discard" or (type(v) is int and 0 <= v <= 8)),
        },
        {},
    ),
    "pass": ({"player": _player}, {}),
    "claim": (
        {
            "player": _player,
            "stone": _stone,
            "proof": _proof,
            "declared": _declared,
        },
        {},
    ),
    "claims_done": ({"player": _player}, {}),
    "draw": (
        {
            "player": _player,
            "deck": _is(lambda v: v in DECKS),
            "auto": _is(lambda v: type(v) is bool),
        },
        {"card": _card},
    ),
    "return": ({"player": _player, "deck": _is(lambda v: v in DECKS)}, {"card": _card}),
    "turn": ({"player": _player}, {}),
    "stuck": ({"awards": _each({"stone": _stone, "player": _player})}, {}),
    "round_end": (
        {
            "round": _whole(1, 99),
            "winner": _is(lambda v: v is None or (type(v) is int and v in (0, 1))),
            "reason": _is(lambda v: v in tuple(Reason)),
            "stones": _pairs(_ok(0, 9)),
            "points": _pairs(_ok(0, 9)),
            "scores": _pairs(_SCORE),
        },
        {},
    ),
    "match_end": (
        {
            "winner": _is(lambda v: v is None or (type(v) is int and v in (0, 1))),
            "scores": _pairs(_SCORE),
            "rounds": _whole(1, 99),
        },
        {},
    ),
    "round_start": ({"round": _whole(1, 99), "player": _player}, {}),
    "shuffle": ({}, {}),
}


def check_event(e) -> dict:
    """``e`` if it is an event as the engine makes it (a saved one, read back): a known
    ``type`` and each field of its kind in its form; a ``ValueError`` names what is not.

    >>> check_event({"type": "pass", "player": 1})
    {'type': 'pass', 'player': 1}
    >>> check_event({"type": "pass", "player": 2})
    Traceback (most recent call last):
    ...
    ValueError: pass.player
    """
    kind = e.get("type") if isinstance(e, dict) else None
    if not isinstance(kind, str) or kind not in _EVENT:
        raise ValueError("event")
    required, optional = _EVENT[kind]
    if not set(required) <= set(e) <= {"type", *required, *optional}:
        raise ValueError(kind)
    for k, v in e.items():
        if k != "type":
            {**required, **optional}[k](v, f"{kind}.{k}")
    return e
