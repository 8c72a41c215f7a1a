"""Cards as small integers, and their short text notation.

A card is an ``int``. Clan cards are ``0..53``: ``colour * 9 + value - 1``.
Tactic cards are ``54..62``; the two Jokers share the code ``JOKER`` (they
are identical), so a deck holds 64 physical cards but 63 codes.

>>> parse_card("R7"), card_text(6), card_text(JOKER)
(6, 'R7', 'Joker')
"""

from __future__ import annotations

from .errors import MalformedAction, shown

COLOURS = "ROYGBP"
COLOUR_NAMES = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
N_CLAN = 54

# Tactic codes. Elite troops first, then combat modes, then ruses.
JOKER, SPY, SHIELD, BLIND, MUD, RECRUITER, STRATEGIST, BANSHEE, TRAITOR = range(54, 63)
# A card face down: a state that does not know a card (in a game between two devices, the
# opponent's hand and the decks) holds its back, which tells only the deck it came from.
# The checked entry points refuse a back in an action; only engine.remote places them.
CLAN_BACK, TACTIC_BACK = 63, 64
BACK_NAMES = {CLAN_BACK: "ClanBack", TACTIC_BACK: "TacticBack"}
BACK_TEXTS = frozenset(BACK_NAMES.values())  # a card not read yet, as views and events show it
ELITES = frozenset((JOKER, SPY, SHIELD))
MODES = frozenset((BLIND, MUD))
RUSES = frozenset((RECRUITER, STRATEGIST, BANSHEE, TRAITOR))
TACTIC_DECK = (JOKER, JOKER, SPY, SHIELD, BLIND, MUD, RECRUITER, STRATEGIST, BANSHEE, TRAITOR)

TACTIC_NAMES = {
    JOKER: "Joker",
    SPY: "Spy",
    SHIELD: "ShieldBearer",
    BLIND: "BlindMansBluff",
    MUD: "MudFight",
    RECRUITER: "Recruiter",
    STRATEGIST: "Strategist",
    BANSHEE: "Banshee",
    TRAITOR: "Traitor",
}
TACTIC_TITLES = {
    JOKER: "Joker",
    SPY: "Spy",
    SHIELD: "Shield-Bearer",
    BLIND: "Blind-Man's Bluff",
    MUD: "Mud Fight",
    RECRUITER: "Recruiter",
    STRATEGIST: "Strategist",
    BANSHEE: "Banshee",
    TRAITOR: "Traitor",
}
_BY_NAME = {name.lower(): code for code, name in TACTIC_NAMES.items()}
_BY_NAME.update({"shield": SHIELD, "blind": BLIND, "mud": MUD})

# Precomputed per clan card, so hot paths index tuples instead of dividing.
COLOUR_OF = tuple(c // 9 for c in range(N_CLAN))
VALUE_OF = tuple(c % 9 + 1 for c in range(N_CLAN))


def clan(colour: int, value: int) -> int:
    """The clan card of a colour index (0..5) and a value (1..9)."""
    return colour * 9 + value - 1


def is_clan(card: int) -> bool:
    return 0 <= card < N_CLAN


def is_tactic(card: int) -> bool:
    return JOKER <= card <= TRAITOR


def is_troop(card: int) -> bool:
    """Cards that take a slot in a formation: clan cards and elite troops."""
    return 0 <= card < N_CLAN or card in ELITES


def card_text(card: int) -> str:
    """Short notation: ``R7`` for a clan card, the tactic's name otherwise."""
    if 0 <= card < N_CLAN:
        return COLOURS[card // 9] + str(card % 9 + 1)
    if card >= CLAN_BACK:
        return BACK_NAMES[card]
    return TACTIC_NAMES[card]


def deck_of(card: int) -> int:
    """The deck a card (or a card's back) belongs to: 0 clan, 1 tactic."""
    return 0 if card < N_CLAN or card == CLAN_BACK else 1


def card_title(card: int) -> str:
    """Readable name for logs and messages: ``Red 7``, ``Shield-Bearer``."""
    if 0 <= card < N_CLAN:
        return f"{COLOUR_NAMES[card // 9]} {card % 9 + 1}"
    return TACTIC_TITLES[card]


def parse_card(text: object) -> int:
    """Parse ``R7`` / ``Joker`` (case-insensitive); raise ``MalformedAction`` (a
    ``ValueError``) otherwise."""
    if not isinstance(text, str):
        raise MalformedAction("unknown_card", value=shown(text))
    t = text.strip()
    if len(t) == 2 and t[0].upper() in COLOURS and t[1] in "123456789":
        return clan(COLOURS.index(t[0].upper()), int(t[1]))
    code = _BY_NAME.get(t.lower().replace("-", "").replace("'", "").replace(" ", ""))
    if code is None:
        raise MalformedAction("unknown_card", value=shown(text))
    return code


def cards_text(cards) -> str:
    return " ".join(card_text(c) for c in cards)
