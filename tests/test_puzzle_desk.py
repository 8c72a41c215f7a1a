"""The Puzzles screen's calls (web/puzzles.py through web/app.py, in the stand-in browser):
loaded on first use, a puzzle on the table with the game in progress put aside, an answer
judged and not played, the hint, the rating and streak in the statistics, and leaving."""

from __future__ import annotations

import json
from pathlib import Path

from saves import MemoryStore

from engine.actions import action_to_json
from engine.puzzles import decode

FILE = (Path(__file__).resolve().parent.parent / "web" / "puzzles.json").read_text()
# South's Red 6-7 at stone 1 against North's Yellow 3-4-5: only Red 8 proves it. (North
# started the round: a card more on the table, South's Orange 1 at stone 9 among them.)
ONE = "c;HjkmxA;FG,UVW,,E,,,,,,,,,,,,,J,;xxxxxxxxx;b;6;H0!0"
DOC = json.dumps({"format": "schotten-totten/puzzles", "version": 1, "puzzles": [ONE]})


def test_no_puzzle_before_the_file_is_loaded_and_a_damaged_file_is_refused(open_tab):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})
    out = tab.call("puzzle_open", {})
    assert out["ok"] is False and out["code"] == "puzzles_not_loaded"
    bad = tab.call("puzzle_load", {"text": '{"format": "x"}'})
    assert bad["ok"] is False and bad["code"] == "puzzles_damaged"
    assert tab("puzzle_load", {"text": FILE})["count"] >= 40


def test_a_puzzle_is_judged_not_played_and_the_game_comes_back(open_tab):
    store = MemoryStore()
    tab = open_tab(store)
    game = tab("new_game", {"opponent": "ai", "seed": 3})
    hand = game["view"]["hand"]
    tab("puzzle_load", {"text": DOC})
    out = tab("puzzle_open", {"index": 0})
    pz = out["puzzle"]
    assert pz["kind"] == "claim" and pz["title"] == "Claim it"
    assert pz["task"].startswith("Win a stone this turn")
    assert out["view"]["stones"][0]["sides"][0]["cards"] == ["R6", "R7"]
    assert tab("puzzle_hint")["puzzle"]["hint"].startswith("Look at stone 1")
    wrong = tab("act", {"action": {"kind": "play", "card": "B1", "stone": 0}})
    assert wrong["puzzle"]["solved"] is False
    assert "proves nothing" in wrong["puzzle"]["verdict"]["text"]
    assert wrong["view"]["stones"][0]["sides"][0]["cards"] == ["R6", "R7"]  # not played
    right = tab("act", {"action": {"kind": "play", "card": "R8", "stone": 0}})
    assert right["puzzle"]["solved"] is True
    # Only the first answer counts: one miss, and the streak is 0.
    stats = tab("statistics")
    stats = stats["puzzles"]
    assert stats["text"].startswith("Puzzles: rating") and "0 solved, 1 missed" in stats["text"]
    back = tab("puzzle_leave")
    assert back["restored"] is True and back["view"]["hand"] == hand
    assert tab("puzzle_status")["puzzle"] is None


def test_the_puzzle_of_the_day_and_a_solve_in_french(open_tab):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})
    tab("set_option", {"name": "lang", "value": "fr"})
    tab("puzzle_load", {"text": FILE})
    out = tab("puzzle_open", {"daily": "2026-11-27"})
    again = tab("puzzle_open", {"daily": "2026-11-27"})
    assert out["puzzle"]["index"] == again["puzzle"]["index"]
    assert out["puzzle"]["daily"] == "2026-11-27"
    assert out["puzzle"]["words"]["count"].startswith("Problème ")
    code = json.loads(FILE)["puzzles"][out["puzzle"]["index"]]
    right = tab("act", {"action": action_to_json(decode(code).move)})
    assert right["puzzle"]["solved"] is True
    assert right["puzzle"]["verdict"]["text"].startswith("Joue ")
    assert "série : 1" in tab("puzzle_status")["puzzle"]["words"]["rating"]


def test_a_reload_in_the_middle_of_the_puzzles_brings_the_game_back(open_tab):
    store = MemoryStore()
    tab = open_tab(store)
    game = tab("new_game", {"opponent": "ai", "seed": 3})
    tab("puzzle_load", {"text": DOC})
    tab("puzzle_open", {"index": 0})
    again = open_tab(store)
    out = again("boot", {"lang": "en"})
    assert out["resumed"] is True and out["view"]["hand"] == game["view"]["hand"]
    assert open_tab(store)("boot", {"lang": "en"})["view"]["hand"] == game["view"]["hand"]


def test_no_puzzle_while_a_lesson_keeps_the_game_aside(open_tab):
    tab = open_tab()
    tab("new_game", {"opponent": "ai", "seed": 3})
    tab("lesson_start", {"lesson": "basics"})
    tab("puzzle_load", {"text": DOC})
    out = tab.call("puzzle_open", {"index": 0})
    assert out["ok"] is False and out["code"] == "puzzle_in_lesson"
    assert out["error"] == "Leave the lesson first to open the puzzles."


def test_the_puzzles_and_the_replay_wait_for_their_parts(open_tab, monkeypatch):
    # The puzzles (part-puzzles.zip) and the replay, the review and the game links
    # (part-replay.zip) are loaded on first use (web/parts.py): before the page has unpacked
    # them their calls are refused in words, and what the puzzles kept on the device (a game
    # put aside, the rating for the statistics) asks for their part; then it is read.
    store = MemoryStore()
    tab = open_tab(store)
    tab("new_game", {"opponent": "ai", "seed": 3})
    tab("puzzle_load", {"text": DOC})
    tab("puzzle_open", {"index": 0})
    tab("act", {"action": {"kind": "play", "card": "B1", "stone": 0}})  # a miss, kept
    desk = tab.app.puzzles
    # app.py reads the desk's keys without its part
    assert (desk.progress_key, desk.aside) == tuple(
        tab.app.SAVE + k for k in (tab.app.PUZZLE_PROGRESS, tab.app.PUZZLE_ASIDE)
    )
    reloaded = open_tab(store)  # a reload in the middle of the puzzles
    with monkeypatch.context() as patch:
        patch.setattr(reloaded.app.parts, "available", lambda module: False)
        out = reloaded("boot", {"lang": "en"})
        assert out["part"] == "puzzles" and not out["resumed"] and "kept" not in out
        assert isinstance(store.getItem(desk.aside), str)  # nothing taken yet
        assert reloaded("statistics")["part"] == "puzzles"
        for name, arg, part in (
            ("puzzle_open", {}, "puzzles"),
            ("replay_info", {"source": "game"}, "replay"),
            ("open_link", {"text": "x"}, "replay"),
            ("review_requests", {"source": "game"}, "replay"),
        ):
            out = reloaded.call(name, arg)
            assert not out["ok"] and out["code"] == "part_missing", (name, out)
            assert f"({part})" in out["error"]
    out = reloaded("boot", {"lang": "en"})  # the part loaded: the game put aside comes back
    assert out["resumed"] and "part" not in out and out["view"]["hand"]
    assert "1 missed" in reloaded("statistics")["puzzles"]["text"]
