"""A game against a friend on another device, through the page's calls (web/app.py, web/duo.py)
in two stand-in browser tabs with their own storage (two devices): pairing by links, a whole
Tactic game with each message carried as a link or as live text, and after every message no
card of the other's hand or of the decks in either page's payload or save; a reload resumes;
a repeated or foreign link is ignored with words; refusals in the table's language.

Each page's games begin in the 256-bit test group (``Duo.group``, a parameter of the games it
begins) to keep the exponentiations cheap, as in the protocol tests."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_play import TEST_GROUP, assert_hidden, damage, hidden_from, pair
from saves import MemoryStore
from session import SAVE_KEY

from engine.cards import card_text
from engine.remote.sra import PLAY, Entropy
from engine.state import START_OF_TURN, Rules

ROOT = Path(__file__).resolve().parent.parent

# Cards named that are no card's place: a claim's proof names cards that could still complete
# a side (worked out on this device's state, where every hidden card is a back), and an elite
# troop's declared value ("Joker as O9") is the player's choice, not the card O9.
PROOFS = ("claims", "claims_text", "proof", "declared", "as", "log", "summary")


def _strings(obj, out: list) -> list:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in PROOFS:
                _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def _no_hidden_card(strings: list, hidden: set, where: str) -> None:
    """No hidden card by its code ("R7"): in the view, the events, the save's endpoint."""
    texts = {card_text(c) for c in hidden}
    for s in strings:
        assert s not in texts, f"{where} holds {s}"


def _game(store) -> dict:
    """The saved game, without the stamp of the tab that wrote it."""
    data = json.loads(store.getItem(SAVE_KEY))
    return {k: v for k, v in data.items() if k not in ("tab", "generation", "at")}


def _this_round(events: list) -> list:
    """The events since the round began: the cards of an earlier round were all shown by its
    audit, and the deal of this one is new."""
    starts = [i for i, ev in enumerate(events) if any(e["type"] == "round_start" for e in ev)]
    return events[starts[-1] :] if starts else events


class Devices:
    """Two tabs, each its own device, and the messages in flight between them."""

    def __init__(self, open_tab, seed: int, live: bool):
        self.stores = [None, None]
        self.tabs = [open_tab(), open_tab()]
        for seat, tab in enumerate(self.tabs):
            tab.app.duo_part()  # the page's Duo now, to be given what its games begin with
            tab.app.duo.entropy = Entropy(random.Random(seed * 2 + seat))
            tab.app.duo.group = TEST_GROUP
            self.stores[seat] = tab.window.localStorage
        self.open_tab, self.live, self.rng = open_tab, live, random.Random(seed)
        self.inbox: list = []
        self.payloads = [None, None]
        self.checked = 0

    def took(self, seat: int, out: dict) -> dict:
        assert out["ok"], out
        self.payloads[seat] = out
        send = out.get("duo", {}).get("send")
        if send:
            self.inbox.append(
                (
                    1 - seat,
                    send["text"] if self.live else "https://example.org/index.html" + send["link"],
                )
            )
        return out

    def eps(self):
        return [t.app.duo.match.ep for t in self.tabs]

    def check_hidden(self) -> None:
        eps = self.eps()
        for seat in (0, 1):
            hidden = hidden_from(eps, seat)
            if not hidden:
                continue
            self.checked += len(hidden)
            assert_hidden(eps, seat)
            _no_hidden_card(_strings(self.payloads[seat], []), hidden, f"page {seat}")
            saved = json.loads(self.stores[seat].getItem(SAVE_KEY))
            saved["duo"]["events"] = _this_round(saved["duo"]["events"])
            # The earlier rounds' audits keep their cards for the game's record: those
            # rounds are over (the audit showed every card), this one was dealt afresh.
            audits = saved["duo"]["endpoint"]["audits"]
            assert all(a["round"] < eps[seat].state.round for a in audits)
            saved["duo"]["endpoint"]["audits"] = [a["round"] for a in audits]
            _no_hidden_card(_strings(saved, []), hidden, f"save {seat}")

    def deliver(self) -> None:
        while self.inbox:
            to, msg = self.inbox.pop(0)
            self.took(to, self.tabs[to]("duo_receive", {"message": msg, "live": self.live}))
            self.check_hidden()

    def links_to_first_move(self, options: dict) -> int:
        """Pair (the invitation sent), then carry one message at a time until a device may
        move: how many were carried."""
        host, guest = self.tabs
        out = self.took(0, host("duo_host", {**options, "name": "Ann"}))
        link = "https://example.org/index.html" + out["duo"]["send"]["link"]
        self.inbox.clear()
        self.took(1, guest("duo_join", {"link": link, "name": "Bob"}))
        carried = 0
        while not any(p["view"] and p["view"]["legal"] for p in self.payloads):
            to, msg = self.inbox.pop(0)
            self.took(to, self.tabs[to]("duo_receive", {"message": msg, "live": self.live}))
            carried += 1
        assert not self.inbox  # nothing else is due before the first move
        return carried

    def pair(self, options: dict) -> None:
        host, guest = self.tabs
        out = self.took(0, host("duo_host", {**options, "name": "Ann"}))
        link = "https://example.org/index.html" + out["duo"]["send"]["link"]
        self.inbox.clear()
        offer = guest("duo_invitation", {"link": link})
        assert offer["host"] == "Ann" and offer["rules"]["tactics"] is options["tactics"]
        out = self.took(1, guest("duo_join", {"link": link, "name": "Bob"}))
        assert out["view"] is None and out["duo"]["names"] == ["Ann", "Bob"]
        self.deliver()

    def play(self, reload_at: int | None = None) -> int:
        """Moves chosen at random from each page's legal list until the match is over."""
        moves = 0
        while True:
            self.deliver()
            movers = [
                s for s in (0, 1) if self.payloads[s]["view"] and self.payloads[s]["view"]["legal"]
            ]
            if not movers:
                return moves
            seat = movers[0]
            assert self.payloads[seat]["duo"]["waiting"] == "you"
            assert self.payloads[1 - seat]["duo"]["waiting"] == "them"
            action = self.rng.choice(self.payloads[seat]["view"]["legal"])
            self.took(seat, self.tabs[seat]("act", {"action": action}))
            moves += 1
            if moves == reload_at:
                self.reload(1)

    def play_turns(self, turns: int) -> None:
        """``turns`` whole turns, each page's first legal moves, every message delivered."""
        for _ in range(turns):
            self.deliver()
            seat = next(s for s in (0, 1) if self.payloads[s]["duo"]["waiting"] == "you")
            while self.payloads[seat]["duo"]["waiting"] == "you":
                self.took(
                    seat,
                    self.tabs[seat]("act", {"action": self.payloads[seat]["view"]["legal"][0]}),
                )
        self.deliver()

    def reload(self, seat: int) -> None:
        """The page of ``seat`` reloads: a new tab on the same storage resumes the game."""
        before = self.payloads[seat]
        tab = self.open_tab(self.stores[seat])
        out = tab("boot", {"lang": "en"})
        assert out["resumed"] is True and out["duo"]["game"] == before["duo"]["game"]
        assert out["view"]["hand"] == before["view"]["hand"]
        assert out["log"][-1]["text"] == before["log"][-1]["text"]
        tab.app.duo.entropy = self.tabs[seat].app.duo.entropy
        self.tabs[seat] = tab
        self.payloads[seat] = out


def test_a_tactic_game_by_links_with_a_reload(open_tab):
    d = Devices(open_tab, seed=3, live=False)
    d.pair({"tactics": True, "rounds": 1})
    p0, p1 = d.payloads
    assert p0["view"]["hand_sizes"] == [7, 7] and len(p0["view"]["hand"]) == 7
    assert p0["duo"]["code"] == p1["duo"]["code"] and len(p0["duo"]["code"]) == 6
    moves = d.play(reload_at=12)
    assert moves > 20 and d.checked > 0
    for seat in (0, 1):
        out = d.payloads[seat]
        assert out["duo"]["waiting"] == "over" and out["view"]["step"] == "over"
        assert out["outcome_text"]
        assert _game(d.stores[seat])["duo"]["endpoint"]["group"] == TEST_GROUP.name
    assert d.payloads[0]["view"]["scores"] == d.payloads[1]["view"]["scores"]
    # The reloaded page's Duo would begin a game in the group in play; the game it resumed
    # kept its own, from its save.
    assert d.tabs[1].app.duo.group is PLAY and d.eps()[1].group is TEST_GROUP


def test_by_links_the_first_move_comes_three_links_after_the_invitation(open_tab):
    """Answer, deal, reply: the host starts and the guest's hand goes with its first move. When
    the guest starts, the host's shares of its hand are a fourth link."""
    d = Devices(open_tab, seed=11, live=False)
    assert d.links_to_first_move({"tactics": True}) == 3
    assert d.payloads[0]["duo"]["waiting"] == "you"
    guest = d.payloads[1]
    assert guest["view"]["hand"] == [] and guest["view"]["hand_sizes"] == [7, 7]
    assert guest["duo"]["hand_coming"]
    assert guest["duo"]["waiting"] == "them" and not d.payloads[0]["duo"]["hand_coming"]
    while not d.inbox:  # the host's first turn (a card played, then one drawn)
        d.took(0, d.tabs[0]("act", {"action": d.payloads[0]["view"]["legal"][0]}))
    d.deliver()  # the first move, and the guest's hand with it
    guest = d.payloads[1]
    assert len(guest["view"]["hand"]) == 7 and "ClanBack" not in guest["view"]["hand"]
    assert not guest["duo"]["hand_coming"] and guest["duo"]["waiting"] == "you"
    d = Devices(open_tab, seed=12, live=False)
    assert d.links_to_first_move({"tactics": False, "starter": 1}) == 4
    assert d.payloads[1]["duo"]["waiting"] == "you"


def test_a_second_tab_takes_the_game_over(open_tab):
    """The game open in two tabs of one device: the first moves, the second is asked
    ("Continued elsewhere") and takes it over: its table is the friend's game as the first
    saved it, also in a tab that had a game against the computer at its table (that game
    is not the one taken over), and it plays on with the friend; the first is then behind.
    "Keep playing here" keeps the game against the friend's device."""
    d = Devices(open_tab, seed=14, live=False)
    d.links_to_first_move({"tactics": False})
    first, store = d.tabs[0], d.stores[0]
    second = open_tab(store)
    assert second("boot", {"lang": "en"})["duo"]["waiting"] == "you"
    other = MemoryStore()  # a tab whose table has a game against the computer
    third = open_tab(other)
    third("boot", {"lang": "en"})
    local = third("new_game", {"opponent": "ai", "seed": 4})
    while not d.inbox:  # the first tab's turn (a card played, then one drawn)
        d.took(0, first("act", {"action": d.payloads[0]["view"]["legal"][0]}))
    mine = d.payloads[0]
    other.setItem(SAVE_KEY, store.getItem(SAVE_KEY))
    for tab in (second, third):
        assert tab("save_check")["conflict"]
        assert tab("save_compare")["ok"]
        taken = tab("save_take_over")
        assert taken["ok"] and taken["resumed"], taken
        assert taken["duo"]["waiting"] == "them" and taken["duo"]["game"] == mine["duo"]["game"]
        assert taken["view"]["hand"] == mine["view"]["hand"] != local["view"]["hand"]
        assert taken["view"]["stones"] == mine["view"]["stones"]
        assert taken["log"][-1]["text"] == mine["log"][-1]["text"]
        assert not tab("save_check")["conflict"]
    assert third("save_keep")["ok"]  # its game is the friend's now, not the computer's
    assert _game(other) == _game(store)
    # The second tab plays on with the friend; the first, behind, is asked in its turn.
    d.tabs[0] = second
    d.play_turns(2)
    assert d.payloads[0]["duo"]["waiting"] == "them"
    assert first("save_check")["conflict"]
    assert _game(store)["duo"]["endpoint"] == second.app.duo.save_data()["duo"]["endpoint"]


def test_live_the_guests_hand_comes_before_the_hosts_first_move(open_tab):
    """Live a message costs nothing: the host sends the guest's hand's shares as soon as the
    deal is done, so the guest sees its cards while the host thinks."""
    d = Devices(open_tab, seed=13, live=True)
    d.pair({"tactics": False})
    host, guest = d.payloads
    assert host["duo"]["waiting"] == "you" and guest["duo"]["waiting"] == "them"
    assert len(guest["view"]["hand"]) == 6 and "ClanBack" not in guest["view"]["hand"]
    assert not guest["duo"]["hand_coming"]


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_a_match_in_german_live_with_the_expert_timing(open_tab):
    d = Devices(open_tab, seed=5, live=True)
    for tab in d.tabs:  # the table's language, as the page sets it before a game
        tab.app.session.settings["lang"] = "de"
    d.pair({"tactics": True, "rounds": 2, "claim_timing": "start_of_turn", "starter": 1})
    assert d.payloads[0]["view"]["to_move"] == 1
    assert "Runde 1" in d.payloads[0]["game_line"]
    d.play()
    assert d.payloads[0]["view"]["round"] == 2
    assert [a["round"] for a in d.eps()[0].audits] == [1, 2]


def test_stale_repeated_and_foreign_links_are_ignored(open_tab):
    d = Devices(open_tab, seed=7, live=False)
    d.pair({"tactics": False})
    seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
    out = d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
    link = "https://example.org/index.html" + out["duo"]["send"]["link"]
    d.deliver()
    save = _game(d.stores[1 - seat])
    again = d.tabs[1 - seat]("duo_receive", {"message": link})
    # In the players' words, not the protocol's ("Message 2 was already received...").
    assert again["ok"] and again["ignored"] == "You opened this link before; nothing to do."
    assert _game(d.stores[1 - seat]) == save
    own = d.tabs[seat]("duo_receive", {"message": link})
    assert own["ok"] and "your own link" in own["ignored"] and "Message" not in own["ignored"]
    # A message of another game (a second pair of devices) is refused, in words.
    other = Devices(open_tab, seed=8, live=False)
    other.pair({"tactics": False})
    foreign = d.tabs[0](
        "duo_receive",
        {
            "message": other.tabs[0].app.duo.match.ep.last_sent
            and json.dumps(other.tabs[0].app.duo.match.ep.last_sent)
        },
    )
    assert not foreign["ok"] and foreign["code"] == "other_game"
    assert _game(d.stores[1 - seat]) == save


def test_a_link_repeating_an_old_move_is_answered_in_words_alone_and_not_saved(
    open_tab,
):
    """The page reads each message of a link in turn: a link that repeats an old move
    thousands of times froze it for seconds when each repeat drew the table again and wrote
    the save. A repeat now gets the reason alone (for a toast), and the save is not touched,
    not even its stamp."""
    d = Devices(open_tab, seed=7, live=False)
    d.pair({"tactics": False})
    seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
    out = d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
    link = "https://example.org/index.html" + out["duo"]["send"]["link"]
    d.deliver()
    stored = d.stores[1 - seat].getItem(SAVE_KEY)
    for _ in range(200):
        again = d.tabs[1 - seat]("duo_receive", {"message": link})
        assert again["ok"] and "opened this link before" in again["ignored"]
        assert "view" not in again and "duo" not in again
    assert d.stores[1 - seat].getItem(SAVE_KEY) == stored


def _most_messages_in_one_link(rules, seed: int) -> int:
    """Two devices that each send their link as late as the game allows (only when they can
    do nothing more: every move played, a take-back asked or answered now and then): the most
    messages one link then carries."""
    rng = random.Random(seed)
    eps, inbox = pair(rules, seed)
    links = [[], [inbox[0][1]]]  # the guest's answer
    most, turn = 1, 1
    while True:
        me = eps[turn]
        for msg in links[1 - turn]:  # the other's link, opened here
            r = me.receive(msg)
            if r.send:
                links[turn].append(r.send)
        links[1 - turn] = []
        if me.takeback_question() and rng.random() < 0.5:
            links[turn].append(me.answer_takeback(rng.random() < 0.5).send)
        while me.can_play():
            r = me.play(rng.choice(me.legal()))
            if r.send:
                links[turn].append(r.send)
        if me.can_take_back() and rng.random() < 0.5:
            links[turn].append(me.ask_takeback().send)
        most = max(most, len(links[turn]))
        if not links[turn] and me.waiting_for() == "over":
            return most
        turn = 1 - turn


def _links_js(texts: list) -> dict:
    node = shutil.which("node")
    assert node, "node (v20) runs the page's reading of links for this test"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "links_check.mjs")],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(done.stdout)


def test_a_link_with_more_messages_than_the_page_ever_sends_is_refused_unread():
    """The page puts three messages in one link at most (the hand's shares after the deal, a
    turn, a take-back question); web/js/links.js (and engine/remote/links.py alike:
    tests/test_link_grammar.py) refuses a link with more than its limit
    before any message in it goes to Python: one that repeats an old move 3,000 times froze
    the page for 8.6 s."""
    most = max(
        _most_messages_in_one_link(rules, seed)
        for rules, seed in (
            (Rules(), 1),
            (Rules(tactics=True, rounds=2), 2),
            (Rules(tactics=True, claim_timing=START_OF_TURN), 3),
        )
    )
    assert most == 3
    move = "https://example.org/index.html#m=eNpLTE4uSs0FAAmwAsU"
    out = _links_js([move, move + "&m=x" * 2 + "&rtc=abc", move + "&m=x" * 2999])
    limit = out["limits"]["messages"]
    assert most <= limit <= 10
    assert [len(x["parsed"]["messages"]) for x in out["links"][:2]] == [1, 3]
    assert out["links"][2]["parsed"] == {"refused": ["too_many", {"n": 3000, "limit": limit}]}


def test_refusals_are_worded_and_change_nothing(open_tab):
    d = Devices(open_tab, seed=9, live=True)
    d.pair({"tactics": True})
    seat = next(s for s in (0, 1) if not d.payloads[s]["view"]["legal"])
    save = _game(d.stores[seat])
    out = d.tabs[seat]("act", {"action": {"kind": "pass"}})
    assert not out["ok"] and out["code"]
    assert _game(d.stores[seat]) == save
    out = d.tabs[seat]("duo_receive", {"message": "https://example.org/#m=AAAA"})
    assert not out["ok"] and out["code"] == "not_a_link" and out["error"]
    out = d.tabs[seat]("take_back", {"seat": seat})
    assert not out["ok"] and out["code"] == "takeback_none" and "take back" in out["error"]
    out = d.tabs[seat]("duo_takeback_answer", {"agree": "yes"})
    assert not out["ok"] and out["code"] == "bad_argument"
    for call, arg in (("rematch", None),):
        out = d.tabs[seat](call, arg)
        assert not out["ok"] and out["code"] == "duo_game" and "device" in out["error"]
    # The record and the review wait for the end (tests/test_duo_games.py).
    for call, arg in (("record", None), ("review_requests", {})):
        out = d.tabs[seat](call, arg)
        assert not out["ok"] and out["code"] == "duo_in_progress" and "over" in out["error"]
    out = d.tabs[0]("duo_host", {"name": "", "tactics": True})
    assert not out["ok"] and out["code"] == "bad_name"
    out = d.tabs[0]("duo_host", {"name": "Ann", "rounds": 0})
    assert not out["ok"] and out["code"] == "bad_option"
    # Another game at the table puts the game against the friend's device down.
    out = d.tabs[seat]("new_game", {"opponent": "ai"})
    assert out["ok"] and "duo" not in out and not d.tabs[seat].app.duo.active


def test_a_cheat_found_is_named_on_the_table(open_tab):
    d = Devices(open_tab, seed=11, live=True)
    d.pair({"tactics": False})
    # As the endpoint records what the round's audit found (tests/test_remote_tamper.py).
    d.tabs[0].app.duo.match.ep._now.verdict = {"code": "wrong_card", "params": {"player": 1}}
    out = d.tabs[0]("state", {})
    assert out["ok"], d.tabs[0].window.errors
    assert out["duo"]["waiting"] == "over" and out["view"]["legal"] == []
    assert out["duo"]["verdict"] == "Cheat found: Bob unlocked a card other than the one drawn."


def test_a_take_back_asked_on_one_device_and_answered_on_the_other(open_tab):
    """Through the page's calls: Undo offered to the player who just moved, the question on
    the friend's device, agreed (both tables back, the undone card in no log or save of the
    other), then asked again and declined; the game goes on to its end."""
    d = Devices(open_tab, seed=13, live=False)
    d.pair({"tactics": False})
    for _ in range(3):  # a few turns
        seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
        hand, before = d.payloads[seat]["view"]["hand"], d.payloads[1 - seat]["view"]["stones"]
        while d.payloads[seat]["view"]["legal"]:
            legal = d.payloads[seat]["view"]["legal"]
            d.took(seat, d.tabs[seat]("act", {"action": legal[0]}))
        d.deliver()
    asker, other = seat, 1 - seat  # the asker moved last
    assert d.payloads[asker]["takeback"] == asker and d.payloads[other]["takeback"] is None
    for agree, news in ((True, "taken back"), (False, "declined")):
        if not agree:  # the turn played again, then asked again
            legal = d.payloads[asker]["view"]["legal"]
            d.took(asker, d.tabs[asker]("act", {"action": legal[0]}))
            d.deliver()
        out = d.took(asker, d.tabs[asker]("take_back", {}))
        assert out["duo"]["asking"] and out["takeback"] is None and out["duo"]["send"]
        d.deliver()
        assert d.payloads[other]["duo"]["question"]
        out = d.took(other, d.tabs[other]("duo_takeback_answer", {"agree": agree}))
        assert not out["duo"]["question"] and out["duo"]["news"]
        assert (out["log_from"] == 0) is agree  # agreed: the log told again, without the turn
        d.deliver()
        d.check_hidden()
        assert news in d.payloads[asker]["duo"]["news"]
        assert not d.payloads[asker]["duo"]["asking"]
        if agree:
            assert d.payloads[asker]["view"]["hand"] == hand and d.payloads[asker]["view"]["legal"]
            assert d.payloads[other]["view"]["stones"] == before
            assert d.payloads[asker]["takebacks"] == d.payloads[other]["takebacks"] == 1
    assert d.play() > 10 and d.checked > 0
    assert d.payloads[0]["view"]["scores"] == d.payloads[1]["view"]["scores"]


def test_the_pairing_code_is_compared_and_the_answer_kept(open_tab):
    """Both devices show the same code once paired, and what the pairing waits for; "the
    codes match" is kept in the save (a reload does not ask again)."""
    d = Devices(open_tab, seed=15, live=False)
    host, guest = d.tabs
    out = d.took(0, host("duo_host", {"tactics": False, "name": "Ann"}))
    assert out["duo"]["stage"] == "invite" and out["duo"]["code"] == ""
    assert out["duo"]["send"]["kind"] == "invite" and out["duo"]["code_check"] is None
    link = "https://example.org/index.html" + out["duo"]["send"]["link"]
    d.inbox.clear()
    out = d.took(1, guest("duo_join", {"link": link, "name": "Bob"}))
    assert out["duo"]["stage"] == "answer" and out["duo"]["send"]["kind"] == "answer"
    _, answer = d.inbox.pop(0)
    out = d.took(0, host("duo_receive", {"message": answer}))
    assert out["duo"]["stage"] == "deal" and out["duo"]["send"]["kind"] == "deal"
    assert len(out["duo"]["code"]) == 6 and out["duo"]["code_check"] is None
    while d.inbox:  # every message of the deal says it is the cards
        to, msg = d.inbox.pop(0)
        out = d.took(to, d.tabs[to]("duo_receive", {"message": msg}))
        assert out["duo"]["send"] is None or out["duo"]["send"]["kind"] == "deal"
    codes = {p["duo"]["code"] for p in d.payloads}
    assert len(codes) == 1 and all(p["duo"]["stage"] == "play" for p in d.payloads)
    out = d.took(0, host("duo_code", {"same": True}))
    assert out["duo"]["code_check"] == "same"
    d.reload(0)
    assert d.payloads[0]["duo"]["code_check"] == "same"
    assert d.payloads[1]["duo"]["code_check"] is None  # each device answers for itself
    out = guest("duo_code", {"same": "yes"})
    assert not out["ok"] and out["code"] == "bad_argument"
    # A move's link is a move; the moves go on.
    seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
    out = d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
    assert out["duo"]["send"]["kind"] == "move"


def test_codes_that_differ_end_the_game_on_this_device(open_tab):
    d = Devices(open_tab, seed=17, live=True)
    d.pair({"tactics": False})
    seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
    other = 1 - seat
    out = d.took(other, d.tabs[other]("duo_code", {"same": False}))
    assert out["duo"]["code_check"] == "differ" and out["duo"]["waiting"] == "over"
    assert out["view"]["legal"] == [] and out["takeback"] is None
    # The friend's move reaches a game that has ended here: nothing changes.
    save = _game(d.stores[other])
    d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
    _, msg = d.inbox.pop(0)
    out = d.tabs[other]("duo_receive", {"message": msg})
    assert out["ok"] and out["ignored"].startswith("This game has ended on this device")
    assert _game(d.stores[other])["duo"]["endpoint"] == save["duo"]["endpoint"]
    d.reload(other)
    assert d.payloads[other]["duo"]["code_check"] == "differ"
    assert d.payloads[other]["duo"]["waiting"] == "over"


@pytest.mark.parametrize(
    ("rounds", "lang", "words", "why"),
    [
        (2, "en", "Waiting for {}'s device to send its key", "the next round cannot start"),
        (1, "de", "Warten darauf, dass das Gerät von {} seinen Schlüssel", "letzten Partien"),
    ],
    ids=["round-en", "game-de"],
)
def test_a_device_whose_key_went_with_the_rounds_end_says_it_waits_for_the_others(
    open_tab,
    rounds,
    lang,
    words,
    why,
):
    """The move that ends a round carries its player's key; until the friend's key comes
    back, the round is not checked, the next one not dealt and the game not counted
    (docs/remote.md, "What is guaranteed"). That device's page says so in words, naming the
    friend (after a reload too); the friend's page, which holds both keys, does not, nor
    does either page once the key has come."""
    d = Devices(open_tab, seed=21, live=True)
    for tab in d.tabs:
        tab.app.session.settings["lang"] = lang
    d.pair({"tactics": False, "rounds": rounds})
    while True:
        d.deliver()
        for out in d.payloads:
            assert out["duo"]["key_due"] is False and out["duo"]["key_due_text"] is None
        seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
        d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
        if d.payloads[seat]["view"]["step"] in ("round_over", "over"):
            break
    duo = d.payloads[seat]["duo"]
    assert duo["key_due"] is True and duo["waiting"] == "them"
    assert duo["key_due_text"].startswith(words.format(("Ann", "Bob")[1 - seat]))
    assert why in duo["key_due_text"]
    d.reload(seat)
    assert d.payloads[seat]["duo"]["key_due_text"] == duo["key_due_text"]
    d.deliver()  # the friend's device opens the move and answers with its key
    for out in d.payloads:
        assert out["duo"]["key_due"] is False and out["duo"]["key_due_text"] is None
    assert len(d.eps()[seat].audits) == 1


def test_the_log_says_you_on_your_own_device(open_tab):
    """Each device tells its own player's moves in the second person ("You played Red 4"),
    the friend's by name, in English and in German."""
    d = Devices(open_tab, seed=19, live=True)
    d.pair({"tactics": False})
    for _ in range(4):
        seat = next(s for s in (0, 1) if d.payloads[s]["view"]["legal"])
        while d.payloads[seat]["view"]["legal"]:
            d.took(seat, d.tabs[seat]("act", {"action": d.payloads[seat]["view"]["legal"][0]}))
        d.deliver()
    for seat, (me, friend) in enumerate((("Ann", "Bob"), ("Bob", "Ann"))):
        d.tabs[seat]("set_option", {"name": "lang", "value": "en"})
        turns = [ln["text"] for ln in d.tabs[seat]("state", {})["log"] if ln["kind"] == "turn"]
        assert any(t.startswith("You played") for t in turns), turns
        assert any(t.startswith(f"{friend} played") for t in turns), turns
        assert not any(t.startswith(me) for t in turns), turns
    out = d.tabs[0]("set_option", {"name": "lang", "value": "de"})
    turns = [ln["text"] for ln in out["log"] if ln["kind"] == "turn"]
    assert any(t.startswith("Du ") for t in turns) and not any("Ann" in t for t in turns), turns


_PAGE_SAVES: list = []


def _page_saves(open_tab) -> list:
    """The saves of a two-round Tactic game on two pages (live), after every fifth message,
    both seats."""
    if not _PAGE_SAVES:
        d = Devices(open_tab, seed=5, live=True)
        n = 0

        def keep():
            nonlocal n
            n += 1
            if n % 5 == 0:
                _PAGE_SAVES.extend(_game(store) for store in d.stores)

        d.check_hidden = keep
        d.pair({"tactics": True, "rounds": 2})
        d.play()
    return _PAGE_SAVES


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_a_save_whose_settings_are_not_an_object_resumes_in_the_pages_language(
    open_tab,
):
    from duo import Duo

    save = _page_saves(open_tab)[-1]
    out = Duo().restore(json.dumps({**save, "settings": 5}), "de")
    assert out["duo"]["game"] == save["duo"]["endpoint"]["game"]


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
@settings(
    max_examples=150,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_a_damaged_duo_save_is_refused_as_damaged_or_resumes(open_tab, data):
    """A save of a game against a friend's device with any part damaged (its endpoint, its
    events, its marks, its settings): refused with the page's ``SaveError`` (the refusal
    inside named), or resumed to a table the page can show; never another error."""
    from duo import Duo
    from saves import SaveError

    save = data.draw(damage(data.draw(st.sampled_from(_page_saves(open_tab)))))
    try:
        out = Duo().restore(json.dumps(save), "en")
    except SaveError as e:
        assert e.key.startswith("save.")
        return
    json.dumps(out)
