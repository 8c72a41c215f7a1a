"""Take-backs between two devices: asked, agreed or declined, in base and Tactic games; every
refusal (cards already read, a turn that ended the round, the other has moved, a second
question); a stale link of the undone turn ignored; whole games with take-backs still pass
the audit (which still catches a cheat), and after every message neither device's memory nor
save holds a card it may not see."""

from __future__ import annotations

import json
import random

import pytest
from remote_play import assert_hidden, pair

from engine.cards import RECRUITER, card_text
from engine.errors import GameError
from engine.records import replay
from engine.remote import Cheat, Endpoint, RemoteError, audit
from engine.remote.messages import VERSION, read, seal
from engine.remote.record import game_record
from engine.state import START_OF_TURN, Rules, Step


def _save(ep) -> str:
    return json.dumps(ep.to_json(), sort_keys=True)


def _refused(code, fn, *args):
    """``fn(*args)`` raises ``code`` and leaves its endpoint as it was."""
    ep = fn.__self__
    before = _save(ep)
    with pytest.raises(GameError) as e:
        fn(*args)
    assert e.value.code == code, (e.value.code, e.value.params)
    assert _save(ep) == before
    return e.value


def _same_table(eps):
    """Both devices agree on everything public: the table, the round's log, the decks'
    entries (locked cards and commitments)."""
    a, b = eps
    assert a.state.sides == b.state.sides and a.state.history == b.state.history
    assert a.state.to_move == b.state.to_move and a.state.step == b.state.step
    assert a.cards.log == b.cards.log
    assert a.cards.decks == b.cards.decks
    assert [len(h) for h in a.state.hands] == [len(h) for h in b.state.hands]


class Game:
    """Two endpoints and the messages in flight, delivered one at a time."""

    def __init__(self, rules, seed, checks=None):
        self.rng = random.Random(seed)
        self.eps, self.inbox = pair(rules, seed)
        self.checks = checks
        self.results = []
        self.deliver()

    def send(self, seat, r):
        if r.send:
            self.inbox.append((1 - seat, r.send))
        return r

    def deliver(self, n=None):
        while self.inbox and n != 0:
            to, msg = self.inbox.pop(0)
            r = self.send(to, self.eps[to].receive(msg))
            self.results.append((to, r))
            if self.checks is not None:
                for seat in (0, 1):
                    self.checks["cards"] += assert_hidden(self.eps, seat)
            n = None if n is None else n - 1

    def turn(self, choose=None):
        """The player to move plays a whole turn (until a message goes out); not delivered.
        Returns the mover and the turn's first state."""
        e = next(e for e in self.eps if e.can_play())
        before = _save(e)
        while True:
            legal = e.legal()
            r = self.send(e.seat, e.play(choose(legal) if choose else self.rng.choice(legal)))
            if r.send:
                return e, before


def _ordinary(legal):
    """A move that is neither the Recruiter (its draws are read at once) nor ends a round."""
    calm = [a for a in legal if getattr(a, "card", None) != RECRUITER]
    return calm[0] if calm else legal[0]


def _after_a_first_move(g: Game):
    """A first turn, then the other seat's ordinary one, both delivered: the endpoints of
    the seat that moved last and of the other."""
    g.turn()
    g.deliver()
    a, _ = g.turn(_ordinary)
    g.deliver()
    return a, g.eps[1 - a.seat]


@pytest.mark.parametrize("rules", [Rules(), Rules(tactics=True, claim_timing=START_OF_TURN)])
def test_a_take_back_agreed_goes_back_on_both_devices(rules):
    checks = {"cards": 0}
    g = Game(rules, 3, checks)
    for _ in range(4):
        g.turn()
        g.deliver()
    a, before_a = g.turn(_ordinary)
    b = g.eps[1 - a.seat]
    turn_msg = g.inbox[-1][1]
    b_before = Endpoint.from_json(b.to_json())
    g.deliver()
    assert a.state.to_move == b.seat and a.cards.pending  # my draw: not read yet
    drawn = a.cards.pending[-1][1]
    assert a.can_take_back() and not b.can_take_back()
    r = g.send(a.seat, a.ask_takeback())
    assert r.send["t"] == "takeback" and a.waiting_for() == "them"
    g.deliver()
    question = g.results[-1][1].takeback
    assert question == {"player": a.seat, "asked": True} and b.takeback_question()
    r = g.send(b.seat, b.answer_takeback(True))
    assert r.takeback == {"player": a.seat, "agree": True}
    g.deliver()
    assert g.results[-1][1].takeback == {"player": a.seat, "agree": True}
    # Back to the turn's first state: the hand, the table, the decks (the drawn card on top
    # of its deck again, locked by both), the log; nobody read it.
    restored = json.loads(_save(a))
    for k in ("state", "start_state"):
        assert restored[k] == json.loads(before_a)[k]
    assert a.cards.decks[0][-1] == drawn or a.cards.decks[1][-1] == drawn
    assert not a.cards.pending and not b.cards.owed and a.can_play()
    assert b.state.to_move == a.seat and not b.can_play()
    assert b.state.sides == b_before.state.sides
    assert a.takebacks == b.takebacks == 1
    _same_table(g.eps)
    # The undone turn's link opened again: a replay, ignored; so is the question.
    for msg, code in ((turn_msg, "replayed"),):
        _refused(code, b.receive, msg)
    # The game goes on to its end, audited on both sides.
    while a.waiting_for() != "over" or b.waiting_for() != "over":
        g.turn()
        g.deliver()
    assert [x["ok"] for x in a.audits] == [x["ok"] for x in b.audits] == [True] * rules.rounds
    assert a.state.scores == b.state.scores and checks["cards"] > 0


@pytest.mark.parametrize("rules", [Rules(), Rules(tactics=True)])
def test_a_take_back_declined_leaves_the_turn(rules):
    g = Game(rules, 5)
    for _ in range(3):
        g.turn()
        g.deliver()
    a, _ = g.turn(_ordinary)
    b = g.eps[1 - a.seat]
    g.deliver()
    table = _save(b)
    g.send(a.seat, a.ask_takeback())
    g.deliver()
    _refused("takeback_pending", a.ask_takeback)
    r = g.send(b.seat, b.answer_takeback(False))
    assert r.send["t"] == "consent" and r.send["agree"] is False
    assert json.loads(_save(b))["state"] == json.loads(table)["state"]
    g.deliver()
    assert g.results[-1][1].takeback == {"player": a.seat, "agree": False}
    assert a.takebacks == b.takebacks == 0 and b.can_play()
    _refused("takeback_not_asked", b.answer_takeback, True)
    _same_table(g.eps)
    while a.waiting_for() != "over":
        g.turn()
        g.deliver()
    assert a.audits[-1]["ok"] and b.audits[-1]["ok"]


def test_what_the_other_did_since_is_undone():
    """The other played a card (not sent: in a Tactic game the turn waits for the choice of
    deck) and then agrees: the card is back in their hand, the table as before."""
    g = Game(Rules(tactics=True), 8)
    a, b = _after_a_first_move(g)
    hand = list(b.state.hands[b.seat])
    g.send(a.seat, a.ask_takeback())
    g.deliver()
    r = b.play(next(x for x in b.legal() if x.kind == "play" and x.card < 54))
    assert r.send is None and b.unsent and b.state.hands[b.seat] != hand
    g.send(b.seat, b.answer_takeback(True))
    assert b.state.hands[b.seat] == hand and not b.unsent
    g.deliver()
    _same_table(g.eps)
    assert a.can_play()


def test_a_question_overtaken_by_the_others_move_lapses():
    """Links at any pace: the other moves before the question arrives. The question lapses
    there, the move arrives here and closes the window; nothing is undone."""
    g = Game(Rules(), 11)
    a, b = _after_a_first_move(g)
    question = a.ask_takeback().send
    g.turn()  # b's whole turn, its message in flight to a
    r = b.receive(question)
    assert r.takeback == {"player": a.seat, "lapsed": True} and r.send is None
    assert b.takeback_question() is None
    g.deliver()
    assert g.results[-1][1].takeback == {"player": a.seat, "agree": False, "moved": True}
    assert a.asked is None and a.can_play()
    _refused("takeback_moved", a.ask_takeback)
    _refused("takeback_not_asked", b.answer_takeback, True)
    _same_table(g.eps)


def test_a_take_back_is_refused_once_the_other_has_moved_or_before_a_turn():
    g = Game(Rules(tactics=True), 12)
    e = next(e for e in g.eps if e.can_play())
    _refused("takeback_none", e.ask_takeback)  # nothing played yet this round
    e.play(next(x for x in e.legal() if x.kind == "play" and x.card < 54))  # then: which deck
    _refused("takeback_none", e.ask_takeback)  # the turn is not over (nothing sent)
    while not g.inbox:
        g.send(e.seat, e.play(e.legal()[0]))
    g.deliver()
    b = g.eps[1 - e.seat]
    _refused("takeback_none", b.ask_takeback)  # no turn of b's yet
    g.turn()
    g.deliver()
    _refused("takeback_moved", e.ask_takeback)  # b has moved since
    assert b.can_take_back()


def test_a_turn_whose_drawn_cards_were_read_cannot_be_taken_back():
    """The Recruiter's three draws are unlocked in a round trip: that turn's cards are read."""
    for seed in range(40):
        g = Game(Rules(tactics=True), seed)
        for _ in range(30):
            e = next((e for e in g.eps if e.can_play()), None)
            if e is None:
                break
            if any(getattr(x, "card", None) == RECRUITER for x in e.legal()):
                break
            g.turn()
            g.deliver()
        else:
            continue
        if e is None:
            continue
        e.play(next(x for x in e.legal() if getattr(x, "card", None) == RECRUITER))
        while e.state.to_move == e.seat:
            g.deliver()
            if e.can_play():
                g.send(e.seat, e.play(e.legal()[0]))
        g.deliver(1)  # the turn's last message, to the other
        assert e.turn_points[e.seat]["why"] == "read"
        _refused("takeback_read", e.ask_takeback)
        # A modified client asking anyway is refused there.
        other = g.eps[1 - e.seat]
        bogus = seal(
            {
                "v": VERSION,
                "g": e.game,
                "n": e.sent,
                "from": e.seat,
                "t": "takeback",
                "turn": {
                    "round": e.turn_points[e.seat]["round"],
                    "ply": e.turn_points[e.seat]["ply"],
                },
            },
            e.key,
        )
        _refused("takeback_read", other.receive, bogus)
        return
    pytest.fail("no game with a Recruiter in 40 seeds")


def test_a_turn_that_ended_the_round_cannot_be_taken_back():
    g = Game(Rules(), 14)
    while True:
        e, _ = g.turn()
        if e.state.step in (Step.ROUND_OVER, Step.OVER):
            break
        g.deliver()
    _refused("takeback_round_over", e.ask_takeback)
    g.deliver()
    _refused("takeback_round_over", e.ask_takeback)


def test_questions_and_answers_that_do_not_fit_are_refused():
    g = Game(Rules(), 15)
    a, b = _after_a_first_move(g)
    tp = a.turn_points[a.seat]
    envelope = {"v": VERSION, "g": a.game, "from": a.seat}

    def signed(n, **body):
        return seal({**envelope, "n": n, **body}, a.key)

    wrong = signed(a.sent, t="takeback", turn={"round": tp["round"], "ply": tp["ply"] + 1})
    _refused("takeback_unknown", b.receive, wrong)
    consent = signed(a.sent, t="consent", turn={"round": 1, "ply": tp["ply"]}, agree=True)
    _refused("unexpected", b.receive, consent)
    old = {**envelope, "n": a.sent, "t": "takeback", "turn": {"round": 1, "ply": tp["ply"]}}
    _refused("version", b.receive, seal({**old, "v": 1}, a.key))
    for bad in ({"round": 0, "ply": 1}, {"ply": 1}, {"round": 1, "ply": "1"}):
        with pytest.raises(RemoteError):
            read(signed(a.sent, t="takeback", turn=bad))
    with pytest.raises(RemoteError):
        read(signed(a.sent, t="consent", turn={"round": 1, "ply": 1}, agree="yes"))
    g.send(a.seat, a.ask_takeback())
    question = g.inbox[-1][1]
    g.deliver()
    _refused("replayed", b.receive, question)  # the question opened twice
    g.send(b.seat, b.answer_takeback(True))
    answer = g.inbox[-1][1]
    g.deliver()
    _refused("replayed", a.receive, answer)
    _same_table(g.eps)


def test_a_save_keeps_a_question_and_the_turn_points():
    g = Game(Rules(tactics=True), 16)
    a, _ = _after_a_first_move(g)
    g.send(a.seat, a.ask_takeback())
    g.deliver()
    g.eps = [Endpoint.from_json(json.loads(json.dumps(e.to_json()))) for e in g.eps]
    a, b = g.eps[a.seat], g.eps[1 - a.seat]
    assert b.takeback_question() == {
        "player": a.seat,
        "round": 1,
        "ply": a.turn_points[a.seat]["ply"],
    }
    g.send(b.seat, b.answer_takeback(True))
    g.deliver()
    _same_table(g.eps)
    assert a.can_play()
    # A save of protocol version 1 (no take-back fields) still resumes.
    old = a.to_json()
    for k in ("turn_points", "asked", "takebacks"):
        del old[k]
    old["version"] = 1
    assert Endpoint.from_json(old).turn_points == [None, None]


GAMES = [
    (Rules(), 20),
    (Rules(tactics=True), 21),
    (Rules(claim_timing=START_OF_TURN, rounds=2), 22),
    (Rules(tactics=True, claim_timing=START_OF_TURN), 23),
    (Rules(tactics=True, rounds=2, next_starter="winner"), 24),
    (Rules(), 25),
]


@pytest.mark.parametrize("rules, seed", GAMES)
def test_whole_games_with_take_backs_pass_the_audit_and_hide_every_card(rules, seed):
    """Seeded: after a turn, its player often asks; the other agrees or declines, sometimes
    after starting their own turn, sometimes moving instead. Every round is audited on both
    sides; after every message no hidden card is in either memory or save."""
    checks = {"cards": 0}
    g = Game(rules, seed, checks)
    rng = random.Random(seed)
    agreed = declined = lapsed = 0
    while not all(e.waiting_for() == "over" for e in g.eps):
        a, _ = g.turn()
        if not a.can_take_back() or rng.random() < 0.4:
            g.deliver()
            continue
        b = g.eps[1 - a.seat]
        g.deliver()
        question = a.ask_takeback().send
        roll = rng.random()
        if roll < 0.15:  # b moves before the question arrives
            g.turn()
            b.receive(question)
            g.deliver()
            lapsed += 1
            continue
        if roll < 0.4 and b.can_play():  # b starts a turn, unsent
            r = b.play(rng.choice(b.legal()))
            if r.send:
                g.send(b.seat, r)
        g.inbox.insert(0, (b.seat, question))
        g.deliver(1)
        if b.takeback_question() is None:  # b's turn had ended after all: it lapsed
            g.deliver()
            lapsed += 1
            continue
        agree = rng.random() < 0.7
        g.send(b.seat, b.answer_takeback(agree))
        g.deliver()
        agreed += agree
        declined += not agree
        if not b.unsent:  # (declined: b's turn, begun, goes on)
            _same_table(g.eps)
    a, b = g.eps
    assert a.state.step == b.state.step == Step.OVER and a.state.scores == b.state.scores
    assert [x["round"] for x in a.audits] == [x["round"] for x in b.audits]
    assert len(a.audits) == a.state.round and all(x["ok"] for x in a.audits + b.audits)
    assert a.takebacks == b.takebacks == agreed > 0
    assert checks["cards"] > 0
    # The game's record (engine/remote/record.py) holds the turns kept, not the ones taken
    # back: both devices build the same one, and it replays to where they ended.
    record, theirs = game_record(a), game_record(b)
    assert {**theirs, "players": None} == {**record, "players": None}  # but for whose it is
    final, _ = replay(json.loads(json.dumps(record)))
    end = (final.sides, final.scores, final.history)
    assert end == (a.state.sides, a.state.scores, a.state.history)
    TALLY.append((agreed, declined, lapsed))


TALLY: list = []


def test_the_seeded_games_agree_decline_and_lapse():
    """The games above cover each answer (they ran first, in this module's order)."""
    assert len(TALLY) == len(GAMES)
    assert all(sum(col) > 0 for col in zip(*TALLY)), TALLY


def test_the_audit_still_catches_a_cheat_after_a_take_back():
    """A card played that was not in the hand, after a take-back in the same round."""
    g = Game(Rules(), 30)
    a, b = _after_a_first_move(g)
    g.send(a.seat, a.ask_takeback())
    g.deliver()
    g.send(b.seat, b.answer_takeback(True))
    g.deliver()
    while b.state.step not in (Step.ROUND_OVER, Step.OVER) or b.cards.their_key is None:
        g.turn()
        g.deliver()
    assert b.audits[-1]["ok"]
    guest = g.eps[1]
    cards = guest.cards.copy()
    i, (seat, wire) = next(
        (i, e) for i, e in enumerate(cards.log) if e[0] == 0 and e[1]["kind"] == "play"
    )
    s = guest.state
    faceup = {c for side in s.sides for c in side} | set(s.discard)
    swap = next(card_text(c) for c in range(54) if c not in faceup and card_text(c) != wire["card"])
    cards.log = cards.log[:i] + [[seat, {**wire, "card": swap}]] + cards.log[i + 1 :]
    with pytest.raises(Cheat) as e:
        audit.check_round(cards, guest.start_state, guest.state)
    assert e.value.code == "illegal_move" and e.value.params["player"] == 0
