"""Games shared as links at the table (web/shared.py): the game at the table and an opened
one become links; a link opens as a replay or as a position seen from its sharer's seat,
from which play goes on against the computer; a damaged link is refused in words."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from refusal import RecordError, RequestError, worded
from session import Session

from engine.gamelink import read_game_link


def finished(seed: int) -> Session:
    """A game on one device played to its end with random legal moves."""
    s = Session()
    p = s.new_game({"opponent": "human", "tactics": True, "seed": seed})
    rng = random.Random(seed)
    while p["view"]["step"] != "over":
        p = s.payload(s.state.to_move)
        p = s.act(rng.choice(p["view"]["legal"]), s.state.to_move)
    return s


def test_a_finished_game_becomes_a_link_that_replays_it_step_by_step():
    s = finished(5)
    out = s.share_link("game")
    assert out["kind"] == "game" and len(out["link"]) < 2000
    assert read_game_link(out["link"])["actions"] == s.record_json()["actions"]
    other = Session()
    info = other.open_link(out["link"])
    assert info["source"] == "opened" and info["over"] and not info["position"]
    assert info["steps"] == s.replay_info("game", "open")["steps"]
    assert other.replay_view("opened", "open", 3)["step"] == 3
    assert other.share_link("opened")["link"] == out["link"]  # shared again unchanged


def test_a_game_in_progress_is_shared_from_the_players_seat_and_played_on():
    s = Session()
    p = s.new_game({"opponent": "ai", "ai_level": "hard", "seed": 8})
    p = s.act(next(a for a in p["view"]["legal"] if a["kind"] == "play"), 0)
    out = s.share_link("game")
    assert out["kind"] == "position"
    other = Session()
    info = other.open_link(out["link"])
    assert info["position"] and info["modes"] == ["0"] and info["moves"] == []
    assert info["view"]["hand"] == s.payload(0)["view"]["hand"]
    assert info["players"]["ai_level"] == "hard"
    with pytest.raises(RequestError):  # nobody's or every card: not from a shared position
        other.replay_view("opened", "open", 0)
    played = other.play_link()
    assert played["view"]["hand"] == info["view"]["hand"]
    assert played["settings"]["opponent"] == "ai" and played["settings"]["ai_seat"] == 1
    with pytest.raises(RecordError):  # the position is taken up: nothing left to play from
        other.play_link()


def test_a_damaged_link_is_refused_in_the_players_words():
    link = finished(6).share_link("game")["link"]
    s = Session()
    with pytest.raises(RecordError) as e:
        s.open_link(link[:-2])
    assert e.value.code == "link_bad" and e.value.inner.code == "link_damaged"
    assert worded(e.value, s.words(None)).startswith("This game link cannot be opened: ")
    s.set_option("lang", "fr")
    assert "abîmé" in worded(e.value, s.words(None))
