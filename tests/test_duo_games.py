"""A game against a friend on another device in the Games dialog (web/duo_games.py, through
the page's calls of web/app.py): while it goes on there is no replay, review or record (each
refused by name: no device knows every card); once it is over and audited, each device keeps
it among its recent games and counts it once in its statistics, as a game against a friend on
another device, and its replay (every card open), review and record work as for any finished
game. Two stand-in tabs with their own storage, the 256-bit test prime."""

from __future__ import annotations

import json

import pytest
from remote_play import hidden_from
from test_duo import Devices, _strings

from engine.cards import card_text
from engine.records import replay


def _finished(open_tab, seed: int, options: dict, lang: str = "en") -> Devices:
    d = Devices(open_tab, seed=seed, live=True)
    for tab in d.tabs:
        tab.app.session.settings["lang"] = lang
    d.pair(options)
    return d


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_in_progress_the_replay_shows_what_this_seat_saw(open_tab):
    """While the game goes on, the replay steps through the game as this seat saw it (its own
    seat only, never a card it may not see, its own hand as the table showed it); the review
    and the record are refused by name; nothing is among the recent games yet."""
    d = _finished(open_tab, 11, {"tactics": True, "rounds": 2})
    asked = checked = moves = 0
    while True:
        d.deliver()
        movers = [s for s in (0, 1) if d.payloads[s]["view"] and d.payloads[s]["view"]["legal"]]
        if not movers:
            break
        eps = d.eps()
        moves += 1
        for seat in (0, 1) if moves % 2 else ():  # every other move (each replay is a call)
            tab = d.tabs[seat]
            info = tab("replay_info", {"source": "game", "mode": "open"})
            assert info["ok"] and info["modes"] == [str(seat)] and info["mode"] == str(seat)
            assert info["review"] is None and info["players"]["names"] == ["Ann", "Bob"]
            if asked % 12 == 0:  # every step, now and then
                shown = [
                    tab("replay_view", {"source": "game", "mode": str(seat), "step": k})
                    for k in range(info["steps"])
                ]
            else:
                shown = [info]
            hidden = {card_text(c) for c in hidden_from(eps, seat)}
            now = eps[seat].state.round  # an earlier round's cards were all shown by its audit
            for out in [info, *shown]:
                if out["view"]["round"] == now:
                    assert not hidden & set(_strings(out, [])), "a hidden card in the replay"
                    checked += 1
            # At its last step, the replay is the table as it stands here.
            assert sorted(info["view"]["hand"]) == sorted(d.payloads[seat]["view"]["hand"])
            assert info["view"]["legal"] == []
            out = tab("replay_view", {"source": "game", "mode": "open", "step": 0})
            assert not out["ok"] and out["code"] == "bad_mode"
            for call, arg in (("review_requests", {"source": "game"}), ("record", None)):
                out = tab(call, arg)
                assert not out["ok"] and out["code"] == "duo_in_progress", (call, out)
                assert "over" in out["error"]
            assert tab("games", None)["games"] == []
            asked += 1
        seat = movers[0]
        action = d.rng.choice(d.payloads[seat]["view"]["legal"])
        d.took(seat, d.tabs[seat]("act", {"action": action}))
    assert asked > 40 and checked > 60
    assert all(d.payloads[s]["duo"]["waiting"] == "over" for s in (0, 1))


def test_a_finished_game_is_kept_counted_once_replayed_and_reviewed(
    open_tab,
):
    d = _finished(open_tab, 4, {"tactics": False, "rounds": 2})
    d.play()
    eps = d.eps()
    scores = eps[0].state.scores
    for seat in (0, 1):
        tab = d.tabs[seat]
        games = tab("games", None)["games"]
        assert len(games) == 1, games
        g = games[0]
        friend = ["Ann", "Bob"][1 - seat]
        assert g["opponent"] == f"against {friend} on another device"
        assert g["human"] == seat and g["level"] == "remote" and g["scores"] == scores
        assert g["record"]["players"] == {
            "opponent": "remote",
            "names": ["Ann", "Bob"],
            "seat": seat,
        }
        final, _ = replay(g["record"])
        assert final.scores == scores and final.history == eps[seat].state.history
        # The download is the same record.
        assert tab("record", None)["record"] == g["record"]
        stats = tab("statistics", None)
        (row,) = stats["rows"]
        assert row["opponent"] == "A friend on another device" and row["games"] == 1
        mine, theirs = scores[seat], scores[1 - seat]
        won = "wins" if mine > theirs else "losses" if mine < theirs else "draws"
        assert row[won] == 1 and row["wins"] + row["draws"] + row["losses"] == 1
        assert stats["streak"] is None  # streaks are against the computer
        # The replay: every card open, every mode, the names of the pairing.
        info = tab("replay_info", {"source": "game", "mode": "open"})
        assert info["ok"] and info["over"] and info["mode"] == "open"
        assert set(info["modes"]) == {"0", "1", "public", "open"}
        assert info["players"]["names"] == ["Ann", "Bob"]
        assert len(info["moves"]) == info["steps"] - 1 > 20
        first = tab("replay_view", {"source": "game", "mode": "open", "step": 0})["view"]
        assert [len(h) for h in first["open_hands"]] == [6, 6]
        # The review weighs this seat's decisions only; its verdicts mark the replay.
        asked = tab("review_requests", {"source": "game"})
        assert asked["ok"] and asked["requests"]
        assert {r["view"]["to_move"] for r in asked["requests"]} == {seat}
        first_req = asked["requests"][0]
        result = {"kind": "play", "level": "blunder", "drop": 0.5, "best": first_req["played"]}
        result.update(best_value=0.9, played_value=0.4, advice={"kind": "none"})
        stored = tab(
            "review_store",
            {"key": asked["key"], "results": [{"index": first_req["index"], "result": result}]},
        )
        assert stored["ok"] and stored["stored"] == 1
        info = tab("replay_info", {"source": "game", "mode": "open"})
        assert info["review"] and "1 blunder" in info["review"]["summary"]
    # A reload, a message received again, another save: still one game, counted once.
    d.reload(0)
    again = d.tabs[0]("duo_receive", {"message": json.dumps(eps[1].last_sent)})
    assert again["ok"] and "ignored" in again
    english = d.tabs[0]("replay_info", {"source": "game", "mode": "open"})["moves"]
    d.tabs[0]("set_option", {"name": "lang", "value": "de"})
    assert len(d.tabs[0]("games", None)["games"]) == 1
    assert d.tabs[0]("statistics", None)["rows"][0]["games"] == 1
    assert d.tabs[0]("statistics", None)["rows"][0]["opponent"] == "Jemand an einem anderen Gerät"
    german = d.tabs[0]("replay_info", {"source": "game", "mode": "open"})["moves"]
    assert len(german) == len(english)
    assert all(g["text"] != e["text"] for g, e in zip(german, english))  # the replay in German


def test_a_record_of_a_duo_game_opens_from_a_file(open_tab):
    d = _finished(open_tab, 6, {"tactics": True})
    d.play()
    record = d.tabs[1]("record", None)["record"]
    fresh = open_tab()  # a third device, with no game at the table
    out = fresh("open_record", {"text": json.dumps(record)})
    assert out["ok"] and out["over"] and "open" in out["modes"]
    assert out["players"] == {"opponent": "remote", "names": ["Ann", "Bob"], "seat": 1}
    last = fresh("replay_view", {"source": "opened", "mode": "open", "step": out["steps"] - 1})
    assert last["ok"] and last["view"]["step"] == "over"


def test_a_german_page_counts_the_game_in_german_and_replays_from_its_own_seat(
    open_tab,
):
    """After a reload in German the statistics' row is German (the table's language is the
    game's, not the session's English); the guest's replay opens from the guest's seat."""
    d = _finished(open_tab, 8, {"tactics": False}, lang="de")
    d.play()
    tab = d.open_tab(d.stores[1])
    assert tab("boot", {"lang": "de"})["resumed"]
    (row,) = tab("statistics", None)["rows"]
    assert row["opponent"] == "Jemand an einem anderen Gerät", row
    assert "Partie" in row["text"], row
    info = tab("replay_info", {"source": "game", "mode": ""})
    assert info["mode"] == "1" and info["modes"][0] == "1" and info["players"]["seat"] == 1
    assert d.tabs[0]("replay_info", {"source": "game", "mode": ""})["mode"] == "0"
