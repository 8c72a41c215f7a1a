"""A device's engine state as JSON, for its save: cards as text, hidden cards as their backs.

The engine's position format (``engine.records``) describes a whole game, every card known,
and refuses a back; an endpoint's state knows only its own hand. This writes every field of
``engine.state.State`` (the claim cache excepted), cards in short notation so that a save can
be searched for a card, and reads it back as strictly as a position: each back stands for one
of the cards nobody has seen, and the whole must then be a position the game can reach
(``records.position_from_json``), so the engine can show and play on from it.

>>> from engine.state import new_game
>>> s = new_game(seed=2)
>>> state_from_json(state_to_json(s)) == s
True
"""

from __future__ import annotations

from collections import Counter

from ..cards import BACK_NAMES, CLAN_BACK, N_CLAN, TACTIC_BACK, TACTIC_DECK, card_text, parse_card
from ..positions import POSITION_FORMAT, position_from_json
from ..state import Rules, State

_BY_BACK = {name: code for code, name in BACK_NAMES.items()}
# Every field of State but those holding cards or objects (written one by one below): a field
# added to State is saved with the rest, and the round trip's test checks it reads back.
_SPECIAL = ("rules", "hands", "decks", "sides", "discard", "outcome", "history", "proofs")
_PLAIN = tuple(k for k in State.__slots__ if k not in _SPECIAL)
_KEYS = frozenset(_PLAIN) | frozenset(_SPECIAL) - {"proofs"}
# The most cards each list can hold: a hand (7, and the Recruiter's 3 drawn), a deck, a side.
_MOST = {"hands": 10, "decks": 54, "sides": 4, "discard": 64}


def _texts(cards) -> list:
    return [card_text(c) for c in cards]


def _codes(texts, where: str, most: int, backs: bool = False) -> list:
    """Cards in the notation ``card_text`` writes (a back only where ``backs``)."""
    if not isinstance(texts, list) or len(texts) > most:
        raise ValueError(where)
    out = []
    for t in texts:
        code = _BY_BACK.get(t) if backs and isinstance(t, str) else None
        if code is None:
            code = parse_card(t)  # a MalformedAction (a ValueError) for anything else
            if card_text(code) != t:  # "r7", " R7" and "shield" are no save's
                raise ValueError(where)
        out.append(code)
    return out


def _lists(value, n: int, where: str, most: int, backs: bool = False) -> list:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(where)
    return [_codes(x, f"{where}[{i}]", most, backs) for i, x in enumerate(value)]


def state_to_json(s: State) -> dict:
    out = {k: getattr(s, k) for k in _PLAIN}
    out["step"] = str(s.step)  # the plain string, as JSON reads it
    out["modes"] = [None if m < 0 else card_text(m) for m in s.modes]
    out.update(
        rules=s.rules.to_json(),
        hands=[_texts(h) for h in s.hands],
        decks=[_texts(d) for d in s.decks],
        sides=[_texts(x) for x in s.sides],
        discard=_texts(s.discard),
        outcome=None if s.outcome is None else s.outcome.to_json(),
        history=[[w, str(r), a, b] for w, r, a, b in s.history],
    )
    return out


def state_from_json(data, rules: Rules | None = None, seed=None) -> State:
    """The state ``state_to_json`` wrote (of a game of ``rules`` and ``seed``, when given),
    checked field by field and as a position; anything else raises a ``ValueError`` (a
    ``FormatError`` where the position reader names it), which the endpoint words."""
    if not isinstance(data, dict) or set(data) != _KEYS:
        raise ValueError("state")
    hands = _lists(data["hands"], 2, "hands", _MOST["hands"], backs=True)
    decks = _lists(data["decks"], 2, "decks", _MOST["decks"], backs=True)
    sides = _lists(data["sides"], 18, "sides", _MOST["sides"])
    modes = _codes([m for m in _nine(data["modes"], "modes") if m is not None], "modes", 9)
    owner, done_at = _nine(data["owner"], "owner"), data["done_at"]
    if any(type(o) is not int or o not in (-1, 0, 1) for o in owner):
        raise ValueError("owner")
    if not isinstance(done_at, list) or len(done_at) != 18:
        raise ValueError("done_at")
    discard = _codes(data["discard"], "discard", _MOST["discard"])
    if any(h != sorted(h) for h in hands):
        raise ValueError("hands: not sorted")
    # Each back as one of the cards nobody has seen, of its deck: the whole is then a position.
    seen = Counter(c for group in (*hands, *decks, *sides, modes, discard) for c in group)
    unseen: list[list[int]] = [[c for c in range(N_CLAN) if not seen[c]], []]
    for c in TACTIC_DECK if Rules.from_json(data["rules"]).tactics else ():
        if seen[c]:
            seen[c] -= 1
        else:
            unseen[1].append(c)

    def known(cards: list) -> list:
        out = []
        for c in cards:
            if c in (CLAN_BACK, TACTIC_BACK):
                pool = unseen[c == TACTIC_BACK]
                if not pool:
                    raise ValueError("backs: more than the cards unseen")
                c = pool.pop()
            out.append(card_text(c))
        return out

    stones = []
    for i, m in enumerate(data["modes"]):
        sides_i = [[card_text(c) for c in sides[2 * i + q]] for q in (0, 1)]
        o = owner[i]
        stones.append(
            {
                "sides": sides_i,
                "mode": m,
                "owner": None if o < 0 else o,
                "done_at": done_at[2 * i : 2 * i + 2],
            }
        )
    position = {k: data[k] for k in _PLAIN if k not in ("modes", "owner", "done_at", "faceup")}
    position.update(
        format=POSITION_FORMAT,
        version=1,
        rules=data["rules"],
        history=data["history"],
        outcome=data["outcome"],
        hands=[known(h) for h in hands],
        decks={"clan": known(decks[0]), "tactic": known(decks[1])},
        stones=stones,
        discard=[card_text(c) for c in discard],
    )
    s = position_from_json(position)  # a FormatError (a ValueError) names what is wrong
    if type(data["faceup"]) is not int or data["faceup"] != s.faceup:
        raise ValueError("faceup")
    if (rules is not None and s.rules != rules) or (seed is not None and s.seed != seed):
        raise ValueError("rules or seed: another game's")
    s.hands, s.decks = hands, decks  # the backs again: this device does not know those cards
    return s


def _nine(value, where: str) -> list:
    if not isinstance(value, list) or len(value) != 9:
        raise ValueError(where)
    return value


BACKS = (CLAN_BACK, TACTIC_BACK)


def hidden(s, cards, seat: int, where: str) -> None:
    """The cards this device cannot see are the round's entries it has not read: the decks'
    (as many backs as entries), its own draws whose shares have not come (``pending``) and the
    other's hand (backs only). For the save's state and each turn point's (takeback.py)."""
    for d in (0, 1):
        if len(s.decks[d]) != len(cards.decks[d]) or any(c != BACKS[d] for c in s.decks[d]):
            raise ValueError(f"save: {where}.decks")
        mine = sum(1 for c in s.hands[seat] if c == BACKS[d])
        if mine != sum(1 for deck, _ in cards.pending if deck == d):
            raise ValueError(f"save: {where}.hands: not the draws waiting for their shares")
    if any(c not in BACKS for c in s.hands[1 - seat]):
        raise ValueError(f"save: {where}.hands: a card of the other's hand")
