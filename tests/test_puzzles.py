"""Puzzles (engine/puzzles): the text form, each kind's exact proof on stated positions,
the answer's words in three languages, and refusals of damaged puzzles."""

from __future__ import annotations

import pytest

from engine import FormatError, Rules, apply, legal_actions, new_game
from engine.actions import Action, Kind
from engine.ai.endgame import solve
from engine.cards import parse_card
from engine.puzzles import decode, encode, find, solutions
from engine.puzzles.answer import hint, judge, task
from engine.puzzles.codec import ALPHABET, normalised
from engine.puzzles.search import claim_it, save_it, win_it
from engine.words import Words


def code(kind, hand, sides=None, owners="xxxxxxxxx", order="", other=6, line=""):
    """A puzzle's text from card names: ``sides`` maps (stone, player) to cards; ``order``
    lists the complete sides (stone, player) in the order they were completed."""
    cells = [""] * 18
    for (stone, q), cards in (sides or {}).items():
        cells[2 * stone + q] = "".join(ALPHABET[parse_card(c)] for c in cards)
    return ";".join(
        [
            kind,
            "".join(ALPHABET[c] for c in sorted(map(parse_card, hand))),
            ",".join(cells),
            owners,
            "".join(chr(97 + 2 * s + q) for s, q in order),
            str(other),
            line,
        ]
    )


def play(card, stone):
    return Action(Kind.PLAY, card=parse_card(card), stone=stone)


# South's Red 6-7 at stone 1 against North's Yellow 3-4-5: only Red 8 makes a better
# Color-Run (Red 5 is face up at stone 2); every other card makes less. North started the
# round: a card more on the table than South (whose Orange 1 lies at stone 9).
CLAIM_IT = code(
    "c",
    ["R8", "B1", "B3", "P5", "P7", "G9"],
    {(0, 0): ["R6", "R7"], (0, 1): ["Y3", "Y4", "Y5"], (1, 1): ["R5"], (8, 0): ["O1"]},
    order=[(0, 1)],
    line="H0!0",
)


def test_the_text_form_round_trips_and_reads_through_the_checked_position_reader():
    p = decode(CLAIM_IT)
    assert encode(p) == CLAIM_IT
    assert p.kind == "claim" and p.move == play("R8", 0)
    assert p.line == (play("R8", 0), Action(Kind.CLAIM, stone=0))
    assert p.state.to_move == 0 and len(p.state.hands[1]) == 6
    # The opponent's hand is dealt from the unseen cards, the same way every time.
    assert decode(CLAIM_IT).state.hands == p.state.hands


@pytest.mark.parametrize(
    "text, field",
    [
        ("x;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0", "puzzle"),
        ("c;ABCDE?;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0", "hand"),
        ("c;ABCDEF;,,,;xxxxxxxxx;;6;A0", "sides"),
        ("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;z;6;A0", "order"),
        ("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;six;A0", "count"),
        ("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A9", "line"),
    ],
)
def test_a_damaged_puzzle_is_refused_by_name(text, field):
    with pytest.raises(FormatError) as e:
        decode(text)
    assert e.value.params["field"] == field


def test_who_started_the_round_follows_from_the_cards_on_the_table():
    """The text does not hold the round's starter: North, a card ahead, started it; with as
    many cards each, South did; North two cards ahead is a table no base game makes."""
    assert decode(CLAIM_IT).state.round_starter == 1
    even = code("c", ["R8", "B1", "B3", "P5", "P7", "G9"], {(0, 0): ["R6"], (0, 1): ["Y3"]})
    assert decode(even + "H0").state.round_starter == 0
    ahead = code("c", ["R8", "B1", "B3", "P5", "P7", "G9"], {(0, 1): ["Y3", "Y4"]}, line="H0")
    with pytest.raises(FormatError) as e:
        decode(ahead)
    assert e.value.code == "turn_order"


def test_a_puzzle_whose_cards_do_not_add_up_is_refused_by_the_position_reader():
    with pytest.raises(FormatError):
        decode(code("c", ["R8", "R8"], line="H0"))


def test_claim_it_has_exactly_one_play_and_its_proof():
    p = decode(CLAIM_IT)
    assert claim_it(p.state) == {play("R8", 0): [0]}
    assert solutions(p) == [play("R8", 0)]
    en = Words("en")
    assert judge(p, {"kind": "play", "card": "R8", "stone": 0}, en) == {
        "ok": True,
        "refused": False,
        "text": "Play Red 8 at stone 1, then claim stone 1: your Color-Run totalling 21 "
        "beats their Color-Run totalling 12.",
    }
    wrong = judge(p, {"kind": "play", "card": "P7", "stone": 0}, en)
    assert not wrong["ok"] and not wrong["refused"]
    assert "their Color-Run totalling 12 beats your" in wrong["text"]
    assert hint(p, en).startswith("Look at stone 1:")


def test_an_illegal_answer_gets_the_engines_refusal_in_the_players_language():
    p = decode(CLAIM_IT)
    for lang, words in (("en", "not in your hand"), ("de", "nicht auf deiner Hand")):
        got = judge(p, {"kind": "play", "card": "R9", "stone": 0}, Words(lang))
        assert got["refused"] and not got["ok"]
        assert words in got["text"], got["text"]
    full = judge(p, {"kind": "play", "card": "B1", "stone": 0}, Words("fr"))
    assert full["ok"] is False and full["refused"] is False  # legal: wrong, not refused


def test_a_position_with_two_solutions_is_no_puzzle():
    # Red 8 and Red 5 both make a better Color-Run than North's 3-4-5 (Red 5 is in hand).
    two = decode(
        code(
            "c",
            ["R8", "R5", "B3", "P5", "P7", "G9"],
            {(0, 0): ["R6", "R7"], (0, 1): ["Y3", "Y4", "Y5"]},
            order=[(0, 1)],
            line="H0",
        )
    )
    assert set(claim_it(two.state)) == {play("R8", 0), play("R5", 0)}
    assert find(two.state) is None


# Found by tools/puzzles.py (game 2): North threatens stone 1; only Orange 8 at stone 6,
# which claims stone 6 and with it three stones in a row, stops every card they may hold.
SAVE = (
    "s0;QRWmp1;tS,gik,ef,z,xw,qsl,aY,no,cKu,DBv,0r,CA,UVT,ML,EF,HI,PN,Xyb;xx1x0x0xx;bjfimr;6;Q5!5"
)


def test_save_the_stone_has_one_play_and_a_wrong_one_is_answered_by_the_opponents_card():
    p = decode(SAVE)
    assert save_it(p.state, 0) == {play("O8", 5): None}
    assert solutions(p) == [play("O8", 5)]
    en = Words("en")
    assert task(p, en).startswith("The opponent threatens to claim stone 1")
    assert judge(p, play("O8", 5), en)["ok"]
    for a in legal_actions(p.state):
        if a.kind == Kind.PLAY and a != play("O8", 5):
            text = judge(p, a, en)["text"]
            assert "claim stone 1" in text, text
            break


def _deck_out(seed):
    """A base game played by random moves until both decks are empty and both hands small
    (a quick exact search), or ``None``."""
    import random

    rng = random.Random(seed)
    s = new_game(Rules(), seed=seed)
    while not s.over:
        if not s.decks[0] and s.step == "play" and len(s.hands[0]) + len(s.hands[1]) <= 4:
            return s
        s = apply(s, rng.choice(legal_actions(s)))
    return None


def test_win_it_asks_the_exact_solver_and_needs_an_empty_deck():
    assert win_it(decode(CLAIM_IT).state) is None  # cards in the deck: no perfect information
    checked = 0
    for seed in range(40):
        s = _deck_out(seed)
        if s is None:
            continue
        s = normalised(s)
        got = win_it(s, stop_at=99)
        if got is None:
            continue
        values = solve(s, 0, nodes=100_000)
        assert set(got) == {a for a, v in values.items() if a.kind == Kind.PLAY and v == 1.0}
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_position_with_north_to_move_is_told_from_norths_side():
    s = new_game(Rules(), seed=3)
    s = apply(s, legal_actions(s)[0])
    n = normalised(s)
    assert n.to_move == 0 and n.hands[0] == s.hands[1] and n.sides[1] == s.sides[0]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_puzzle_word_is_in_every_language(lang):
    for text in (CLAIM_IT, SAVE, WIN):
        p = decode(text)
        w = Words(lang)
        assert task(p, w) and hint(p, w)
        assert judge(p, p.move, w)["ok"]


# Found by tools/puzzles.py: the deck is out; only Orange 7 at stone 5 wins by force.
WIN = (
    "w;KPbp;ATx,GE,WXn,0zv,1Rs,ZQr,yF,UVY,gH,hJi,Dl,aIj,Skt,dfe,NML,w,qo,Bcu;x10xx110x;"
    "fmolehrcdanj;3;P4!4C0!0p3!3"
)


def test_win_it_has_one_winning_play_and_its_line_says_who_plays():
    p = decode(WIN)
    assert p.kind == "win" and solutions(p) == [play("O7", 4)]
    en = Words("en")
    assert judge(p, play("O7", 4), en)["text"] == (
        "Play Orange 7 at stone 5: it wins by force; then the opponent plays Red 3 at stone 1, "
        "you play Blue 6 at stone 4."
    )
    assert hint(p, en) == "The winning play goes to stone 5."
    wrong = judge(p, play("O2", 3), en)
    assert not wrong["ok"] and "force" in wrong["text"]
