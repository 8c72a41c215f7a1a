"""The new-game options have one home (web/game_options.py): a game on this device and one
offered to a friend's device deal the same rules from the same options, and refuse the same
options by the same name, in every catalogue's words."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from duo import Duo
from game_options import rules_of
from match import Match
from refusal import RequestError, worded
from words import Words, languages

from engine.remote.sra import Entropy
from engine.state import START_OF_TURN, WINNER, Rules

BAD = [
    ({"claim_timing": "never"}, "claim_timing", "'never'"),
    ({"next_starter": "loser"}, "next_starter", "'loser'"),
    ({"starter": 2}, "starter", "2"),
    ({"starter": True}, "starter", "True"),  # True == 1 in Python, but it is no player
    ({"rounds": 0}, "rounds", "0"),
    ({"rounds": 100}, "rounds", "100"),
    ({"rounds": 2.0}, "rounds", "2.0"),
]


def _match_rules(options: dict) -> Rules:
    m = Match()
    m.new_game({"opponent": "ai", "seed": 1, **options})
    return m.state.rules


def _duo_rules(options: dict) -> Rules:
    d = Duo(Entropy(random.Random(1)))
    d.host({"name": "Ann", **options}, "en")
    return d.ep.rules


@pytest.mark.parametrize("deal", [_match_rules, _duo_rules], ids=["match", "duo"])
def test_both_tables_deal_the_rules_the_options_ask_for(deal):
    options = {"tactics": True, "claim_timing": START_OF_TURN, "rounds": 3}
    assert deal({**options, "starter": 1, "next_starter": WINNER}) == Rules(
        tactics=True, claim_timing=START_OF_TURN, starter=1, rounds=3, next_starter=WINNER
    )
    assert deal({"starter": "random"}).starter in (0, 1)
    assert deal({}) == Rules()


@pytest.mark.parametrize("deal", [_match_rules, _duo_rules], ids=["match", "duo"])
@pytest.mark.parametrize(("options", "name", "value"), BAD)
def test_both_tables_refuse_an_option_by_name(deal, options, name, value):
    with pytest.raises(RequestError) as caught:
        deal(options)
    e = caught.value
    assert (e.code, e.params) == ("bad_option", {"name": name, "value": value})
    for lang in languages():
        text = worded(e, Words(lang))
        assert name in text and value in text and "{" not in text, (lang, text)


def test_options_that_are_no_object_are_refused_by_name():
    for options in (None, [], "tactics"):
        with pytest.raises(RequestError) as caught:
            rules_of(options, pick=lambda: 0)
        assert (caught.value.code, caught.value.params) == ("bad_argument", {"name": "options"})
