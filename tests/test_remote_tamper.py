"""Tampering, refused: a message that is wrong in any way is refused with a named error and
leaves the receiving device exactly as it was; the audit at the end of a round names a cheat
that no single message shows (a deck that was not the real cards, a card played that was not
in the hand, a key or a returned card that is not the committed one)."""

from __future__ import annotations

import random

import pytest
from remote_play import TEST_GROUP, pair, play_game, resealed, run_until, snapshot

from engine.errors import GameError
from engine.remote import Cheat, Endpoint, RemoteError, audit, channel, sra
from engine.remote.device import Device
from engine.remote.messages import fingerprint, seal
from engine.state import Rules


def _refused(ep, msg, code):
    """``ep`` refuses ``msg`` with ``code`` and is unchanged."""
    before = snapshot(ep)
    with pytest.raises(GameError) as e:
        ep.receive(msg)
    assert e.value.code == code, (e.value.code, e.value.params)
    assert snapshot(ep) == before
    return e.value


def _has_share(msg, _ep):
    return any("s" in item for item in msg.get("shares", []))


def test_a_wrong_share_is_refused():
    eps, msg, to = run_until(Rules(), 1, _has_share)
    sender, receiver = eps[1 - to], eps[to]
    item = next(i for i in msg["shares"] if "s" in i)
    s = sra.text_to_int(item["s"])
    garbage = {**item, "s": sra.int_to_text(s * 4 % sender.group.p)}
    shares = [garbage if i is item else i for i in msg["shares"]]
    _refused(receiver, resealed(sender.key, msg, shares=shares), "wrong_share")
    # An honest share, with a valid proof, of another card of the deck: not this card's.
    other_entry = receiver.cards.decks[0][-1]
    s2, c2, z2 = sra.share(other_entry, sender.cards.key)
    honest_other = {"s": sra.int_to_text(s2), "c": sra.int_to_text(c2), "z": sra.int_to_text(z2)}
    shares = [honest_other if i is item else i for i in msg["shares"]]
    _refused(receiver, resealed(sender.key, msg, shares=shares), "wrong_share")
    # Too few shares.
    _refused(receiver, resealed(sender.key, msg, shares=msg["shares"][1:]), "share_count")
    receiver.receive(msg)  # the true message is still accepted


def test_a_draw_that_is_not_the_top_card_is_refused():
    eps, msg, to = run_until(Rules(), 2, lambda m, ep: bool(m.get("drew")))
    sender, receiver = eps[1 - to], eps[to]
    deck = receiver.cards.decks[0]
    for entry in (deck[-2], deck[0]):  # the second card, and the bottom one
        drew = [fingerprint(entry)] + msg["drew"][1:]
        e = _refused(receiver, resealed(sender.key, msg, drew=drew), "not_top")
        assert e.params["player"] == sender.seat
    _refused(receiver, resealed(sender.key, msg, drew=[]), "draw_count")
    receiver.receive(msg)


def test_a_replayed_or_reordered_message_is_refused():
    eps, msg, to = run_until(Rules(), 3, lambda m, ep: m["n"] == 4 and "actions" in m)
    receiver = eps[to]
    earlier = Endpoint.from_json(receiver.to_json())  # the receiver before message 4
    rng = random.Random(0)
    r = receiver.receive(msg)
    _refused(receiver, msg, "replayed")
    inbox = [(1 - to, r.send)] if r.send else []
    while not any(m["from"] == 1 - to and m["n"] == 5 for _, m in inbox):
        while inbox and not any(m["from"] == 1 - to and m["n"] == 5 for _, m in inbox):
            t, m = inbox.pop(0)
            r = eps[t].receive(m)
            if r.send:
                inbox.append((1 - t, r.send))
        if any(m["from"] == 1 - to and m["n"] == 5 for _, m in inbox):
            break
        e = next(e for e in eps if e.can_play())
        r = e.play(rng.choice(e.legal()))
        if r.send:
            inbox.append((1 - e.seat, r.send))
    later = next(m for _, m in inbox if m["from"] == 1 - to and m["n"] == 5)
    e = _refused(earlier, later, "out_of_order")  # message 5 before message 4
    assert e.params == {"n": 5, "expected": 4}
    earlier.receive(msg)  # message 4 is still accepted in its turn


def test_a_message_received_again_is_known_by_its_number_before_anything_heavy(
    monkeypatch,
):
    """A link can repeat an old message thousands of times: each repeat is refused by its
    sequence number before the MAC is computed (or the endpoint copied), with or without a
    MAC that holds (nothing changes either way)."""
    eps, msg, to = run_until(Rules(), 3, lambda m, ep: m["n"] == 4 and "actions" in m)
    eps[to].receive(msg)

    def heavy(*_args):
        raise AssertionError("the MAC was computed for a message already received")

    monkeypatch.setattr(channel, "authentic", heavy)
    monkeypatch.setattr(Device, "copy", heavy)
    _refused(eps[to], msg, "replayed")
    _refused(eps[to], {**msg, "mac": "A" * 43}, "replayed")


def test_a_message_of_another_game_or_from_oneself_is_refused():
    eps, msg, to = run_until(Rules(), 4, lambda m, ep: m["n"] == 3)
    others, _ = pair(Rules(), 99)
    foreign = others[0].invitation() if to == 1 else None
    _, other_msg, _ = run_until(Rules(), 5, lambda m, ep: m["from"] == msg["from"] and m["n"] == 3)
    _refused(eps[to], other_msg, "other_game")
    _refused(eps[1 - to], msg, "own_message")
    if foreign:
        _refused(eps[to], foreign, "other_game")
    eps[to].receive(msg)


def test_a_bad_mac_is_refused():
    eps, msg, to = run_until(Rules(), 6, lambda m, ep: "actions" in m)
    forged = {**msg, "actions": msg["actions"][:1] + [{"kind": "pass"}]}
    _refused(eps[to], forged, "bad_mac")
    stranger = Endpoint.host(Rules(), "Eve", group=TEST_GROUP)  # a key nobody agreed with
    _refused(eps[to], seal({k: v for k, v in msg.items() if k != "mac"}, b"\0" * 32), "bad_mac")
    assert stranger.game != eps[to].game
    eps[to].receive(msg)


def test_a_move_the_engine_refuses_is_refused():
    eps, msg, to = run_until(Rules(), 7, lambda m, ep: "actions" in m and m["n"] >= 3)
    sender, receiver = eps[1 - to], eps[to]
    # A claim at the play step, and a clan card played with a target: the engine's refusals.
    e = _refused(
        receiver, resealed(sender.key, msg, actions=[{"kind": "claim", "stone": 0}]), "wrong_step"
    )
    assert e.key == "error.wrong_step"
    played = msg["actions"][0]
    odd = [{**played, "target": "R1"}] + msg["actions"][1:]
    _refused(receiver, resealed(sender.key, msg, actions=odd), "stone_only")
    mine = receiver.state.hands[receiver.seat][0]
    from engine.cards import card_text

    held = [{"kind": "play", "card": card_text(mine), "stone": 4}] + msg["actions"][1:]
    _refused(receiver, resealed(sender.key, msg, actions=held), "not_held")
    receiver.receive(msg)


# ---------------------------------------------------------------- the audit


def _finished(seed, rules=None):
    eps, _sent = play_game(rules or Rules(), seed)
    return eps


def test_the_audit_catches_a_deck_that_was_not_the_real_cards():
    host, guest = _finished(8)
    cards = guest.cards.copy()
    cards.first = [cards.first[0][:], cards.first[1]]
    cards.first[0][5] = sra.lock(
        sra.lock(sra.code(60, cards.group), cards.their_key), cards.their_key
    )
    with pytest.raises(Cheat) as e:
        audit.check_round(cards, guest.start_state, guest.state)
    assert e.value.code == "deck_not_cards" and e.value.params == {"player": 0}
    # And the guest's second pass, checked by the host.
    cards = host.cards.copy()
    cards.start = [cards.start[0][:], cards.start[1]]
    cards.start[0][0], cards.start[0][1] = cards.start[0][1], cards.start[0][1]
    with pytest.raises(Cheat) as e:
        audit.check_round(cards, host.start_state, host.state)
    assert e.value.code == "shuffle_not_cards" and e.value.params == {"player": 1}


def test_a_cheating_host_is_named_in_the_game(monkeypatch):
    """A host whose first pass swaps one card for a number that is no card: whoever draws that
    card refuses its share at once; if nobody does, the audit names the host (random games
    draw the whole deck, so the audit's side is shown on a finished game's data above)."""
    from engine.remote.deal import RoundCards

    honest = RoundCards.lock_decks

    def cheat(self):
        out = honest(self)
        fake = sra.lock(self.group.codes[0] * 4 % self.group.p, self.key)
        self.first[0][0] = fake
        out["decks"][0][0] = sra.int_to_text(fake)
        return out

    monkeypatch.setattr(RoundCards, "lock_decks", cheat)
    found = []
    for seed in range(12):
        try:
            play_game(Rules(), seed)
        except Cheat as e:
            found.append(e.code)
            assert e.params["player"] == 0
        except RemoteError as e:
            found.append(e.code)
            assert e.code == "wrong_share"
        else:
            found.append(None)
    assert None not in found and set(found) <= {"wrong_share", "deck_not_cards"}


def test_the_audit_catches_a_card_played_that_was_not_in_the_hand():
    host, guest = _finished(9)
    cards = guest.cards.copy()
    hands_at_start = set(host.start_state.hands[0]) | {c for c in range(54)}
    i, (seat, wire) = next(
        (i, e) for i, e in enumerate(cards.log) if e[0] == 0 and e[1]["kind"] == "play"
    )
    from engine.cards import card_text

    s = guest.state
    faceup = {c for side in s.sides for c in side} | set(s.discard)
    swap = next(
        card_text(c) for c in sorted(hands_at_start - faceup) if card_text(c) != wire["card"]
    )
    cards.log = cards.log[:i] + [[seat, {**wire, "card": swap}]] + cards.log[i + 1 :]
    with pytest.raises(Cheat) as e:
        audit.check_round(cards, guest.start_state, guest.state)
    assert e.value.code == "illegal_move" and e.value.params["player"] == 0


def test_a_revealed_key_that_is_not_the_committed_one_is_named():
    def last_reveal(m, ep):
        return "reveal" in m

    eps, msg, to = run_until(Rules(), 10, last_reveal)
    sender, receiver = eps[1 - to], eps[to]
    wrong = {**msg["reveal"], "key": sra.int_to_text(sra.Key.new(group=sender.group).k)}
    with pytest.raises(Cheat) as e:
        receiver.receive(resealed(sender.key, msg, reveal=wrong))
    assert e.value.code == "key_mismatch" and e.value.params == {"player": sender.seat}
    with pytest.raises(RemoteError) as e:
        receiver.receive(msg)
    assert e.value.code == "game_void"


def test_a_returned_card_that_is_not_the_committed_one_is_named():
    def reveal_with_returns(m, ep):
        return "reveal" in m and m["reveal"]["returns"]

    for seed in range(40):
        try:
            eps, msg, to = run_until(Rules(tactics=True), seed, reveal_with_returns)
        except AssertionError:
            continue
        sender, receiver = eps[1 - to], eps[to]
        returns = [{**msg["reveal"]["returns"][0], "nonce": "0" * 32}] + msg["reveal"]["returns"][
            1:
        ]
        with pytest.raises(Cheat) as e:
            receiver.receive(
                resealed(sender.key, msg, reveal={**msg["reveal"], "returns": returns})
            )
        assert e.value.code == "return_mismatch" and e.value.params == {"player": sender.seat}
        return
    pytest.fail("no game with a Recruiter's return in 40 seeds")


def test_the_engines_checked_entry_points_still_refuse_a_back():
    """Backs are placed by the endpoint only: ``check`` refuses them like any unknown code."""
    from engine import Action, MalformedAction, check, new_game
    from engine.cards import CLAN_BACK, TACTIC_BACK, card_text, deck_of

    s = new_game(seed=1)
    for back in (CLAN_BACK, TACTIC_BACK):
        with pytest.raises(MalformedAction) as e:
            check(s, Action("play", card=back, stone=0))
        assert e.value.code == "bad_card"
    assert (deck_of(CLAN_BACK), deck_of(TACTIC_BACK), deck_of(0), deck_of(60)) == (0, 1, 0, 1)
    assert card_text(CLAN_BACK) == "ClanBack"
