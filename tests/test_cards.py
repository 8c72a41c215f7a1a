"""Cards: codes, the short text notation and its parser."""

import pytest

from engine import MalformedAction
from engine.cards import (
    BANSHEE,
    BLIND,
    COLOUR_OF,
    ELITES,
    JOKER,
    MODES,
    MUD,
    N_CLAN,
    RECRUITER,
    RUSES,
    SHIELD,
    SPY,
    STRATEGIST,
    TACTIC_DECK,
    TRAITOR,
    VALUE_OF,
    card_text,
    card_title,
    cards_text,
    clan,
    is_clan,
    is_tactic,
    is_troop,
    parse_card,
)


def test_clan_codes_cover_six_colours_of_nine_values():
    assert N_CLAN == 54
    assert clan(0, 1) == 0 and clan(5, 9) == 53
    assert [card_text(clan(c, 7)) for c in range(6)] == ["R7", "O7", "Y7", "G7", "B7", "P7"]
    assert len({card_text(c) for c in range(N_CLAN)}) == 54
    for c in range(N_CLAN):
        assert clan(COLOUR_OF[c], VALUE_OF[c]) == c
        assert 1 <= VALUE_OF[c] <= 9


def test_tactic_deck_has_ten_cards_with_two_identical_jokers():
    assert len(TACTIC_DECK) == 10
    assert TACTIC_DECK.count(JOKER) == 2
    assert set(TACTIC_DECK) == ELITES | MODES | RUSES
    assert ELITES == {JOKER, SPY, SHIELD} and MODES == {BLIND, MUD}
    assert RUSES == {RECRUITER, STRATEGIST, BANSHEE, TRAITOR}


@pytest.mark.parametrize(
    "text,code",
    [("R1", 0), ("R7", 6), ("O1", 9), ("P9", 53), ("b4", clan(4, 4)), (" g2 ", clan(3, 2))],
)
def test_parse_clan_cards(text, code):
    assert parse_card(text) == code


@pytest.mark.parametrize(
    "text,code",
    [
        ("Joker", JOKER),
        ("joker", JOKER),
        ("Spy", SPY),
        ("ShieldBearer", SHIELD),
        ("Shield-Bearer", SHIELD),
        ("shield", SHIELD),
        ("BlindMansBluff", BLIND),
        ("Blind-Man's Bluff", BLIND),
        ("blind", BLIND),
        ("MudFight", MUD),
        ("Mud Fight", MUD),
        ("mud", MUD),
        ("Recruiter", RECRUITER),
        ("Strategist", STRATEGIST),
        ("Banshee", BANSHEE),
        ("Traitor", TRAITOR),
    ],
)
def test_parse_tactic_names_and_aliases(text, code):
    assert parse_card(text) == code


def test_text_round_trip_for_every_code():
    for c in [*range(N_CLAN), *sorted(set(TACTIC_DECK))]:
        assert parse_card(card_text(c)) == c


@pytest.mark.parametrize("bad", ["R0", "R10", "X7", "7R", "", "Jokers", "RR", "R", "Q1"])
def test_parse_rejects_unknown_text(bad):
    with pytest.raises(MalformedAction, match="Unknown card") as e:
        parse_card(bad)
    assert e.value.code == "unknown_card" and e.value.params["value"] == repr(bad)


@pytest.mark.parametrize("bad", [7, None, ["R7"], 6.0, True])
def test_parse_rejects_non_text(bad):
    with pytest.raises(MalformedAction, match=r"Unknown card .*a card is written like 'R7'"):
        parse_card(bad)


def test_titles_and_texts():
    assert card_title(parse_card("B3")) == "Blue 3"
    assert card_title(SHIELD) == "Shield-Bearer"
    assert card_title(BLIND) == "Blind-Man's Bluff"
    assert card_text(MUD) == "MudFight"
    assert cards_text([0, JOKER, 53]) == "R1 Joker P9"


def test_kinds_of_cards():
    assert is_clan(0) and is_clan(53) and not is_clan(54) and not is_clan(-1)
    assert is_tactic(JOKER) and is_tactic(TRAITOR) and not is_tactic(53)
    assert is_troop(5) and is_troop(JOKER) and is_troop(SPY) and is_troop(SHIELD)
    assert not is_troop(MUD) and not is_troop(RECRUITER) and not is_troop(TRAITOR)
