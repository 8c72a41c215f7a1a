"""The record of a game between two devices: once every round is audited, each device builds
the whole game (every card known, one deal per round) and it replays to the same end as the
endpoint's own game; before then there is no record. Games over the in-memory transport of
``remote_play`` (the 256-bit test prime)."""

from __future__ import annotations

import json

import pytest
from remote_play import play_game

from engine.cards import card_text
from engine.errors import FormatError
from engine.records import replay, replay_events
from engine.remote import Endpoint
from engine.remote.errors import RemoteError
from engine.remote.record import game_record, is_complete
from engine.state import START_OF_TURN, Rules, Step, new_game

KINDS = {
    "base": (Rules(), 8),
    "tactics": (Rules(tactics=True), 8),
    "tactics_expert": (Rules(tactics=True, claim_timing=START_OF_TURN, starter=1), 4),
    "match": (Rules(rounds=3, next_starter="winner"), 4),
    "tactics_match": (Rules(tactics=True, rounds=2), 4),
}  # 28 games: the soak run's
SAMPLE = 2  # the suite's games of each kind: seeds 500-501 (10 games)


def _same_end(record, ep) -> None:
    final, _actions = replay(json.loads(json.dumps(record)))
    s = ep.state
    assert final.step == Step.OVER
    assert (final.sides, final.owner, final.outcome) == (s.sides, s.owner, s.outcome)
    assert (final.scores, final.history, final.round) == (s.scores, s.history, s.round)
    assert final.discard == s.discard and final.modes == s.modes


@pytest.mark.parametrize(
    "games",
    [pytest.param("sample"), pytest.param("all", marks=[pytest.mark.slow, pytest.mark.soak])],
)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_record_replays_to_the_endpoints_end(kind, games):
    rules, seeds = KINDS[kind]
    returns = 0
    for seed in range(SAMPLE if games == "sample" else seeds):
        eps, _ = play_game(rules, 500 + seed)
        host, guest = eps
        records = [game_record(host), game_record(guest)]
        for ep, record in zip(eps, records):
            _same_end(record, ep)
            assert record["players"] == {
                "opponent": "remote",
                "names": ["Ann", "Bob"],
                "seat": ep.seat,
            }
            assert len(record["deal"]) == rules.rounds
        # Both devices know the same game: only the seat each played differs.
        strip = [{k: v for k, v in r.items() if k != "players"} for r in records]
        assert strip[0] == strip[1]
        returns += sum(1 for a in records[0]["actions"] if a["kind"] == "return")
    if rules.tactics:
        assert returns > 0, "no Recruiter put a card back: its named return is untested"


def test_a_match_record_has_a_deal_for_every_round():
    eps, _ = play_game(Rules(rounds=2), 31)
    record = game_record(eps[0])
    assert [a["kind"] for a in record["actions"]].count("next_round") == 1
    _final, _actions, events = replay_events(record)
    starts = [e for ev in events for e in ev if e["type"] == "round_start"]
    assert [e["round"] for e in starts] == [2]
    # Round 2's deal is the list's own, not the seed's.
    cut = {**record, "deal": record["deal"][:1]}
    with pytest.raises(FormatError) as e:
        replay(cut)
    assert e.value.code == "deal_missing_round" and e.value.params["round"] == 2
    with pytest.raises(FormatError) as e:
        replay({**record, "deal": record["deal"] * 2})
    assert e.value.code == "deal_rounds"
    with pytest.raises(FormatError) as e:
        replay({**record, "deal": [record["deal"][0], {"hands": [[], []], "deck": ["Z9"]}]})
    assert e.value.code == "unknown_card" and e.value.params["where"] == "deal[1].deck[0]"


def test_no_record_before_the_game_is_over_and_audited():
    """While the game goes on (and at its last message before both audits), asking for the
    record is refused by name: no device knows every card yet."""
    refused = []

    def after(eps):
        for ep in eps:
            if not is_complete(ep):
                with pytest.raises(RemoteError) as e:
                    game_record(ep)
                refused.append(e.value.code)

    eps, _ = play_game(Rules(tactics=True), 3, after)
    assert refused and set(refused) == {"not_over"}
    assert all(is_complete(ep) for ep in eps)


def test_the_record_survives_the_save():
    eps, _ = play_game(Rules(rounds=2), 8)
    for ep in eps:
        again = Endpoint.from_json(json.loads(json.dumps(ep.to_json())))
        assert game_record(again) == game_record(ep)


def test_an_old_single_deal_record_still_reads():
    from engine.records import record_to_json

    s = new_game(Rules(rounds=2), seed=4)
    deal = {"hands": s.hands, "deck": s.decks[0], "tactic_deck": s.decks[1]}
    record = record_to_json(Rules(rounds=2), 4, [], deal)
    assert isinstance(record["deal"], dict)
    final, _ = replay(record)
    assert final.hands == s.hands and final.decks == s.decks


@pytest.mark.parametrize(
    "games",
    [
        pytest.param(2, id="sample"),
        pytest.param(3, id="all", marks=[pytest.mark.slow, pytest.mark.soak]),
    ],
)
@pytest.mark.parametrize("kind", ["base", "tactics", "tactics_match"])
def test_the_round_as_a_seat_saw_it_ends_where_its_device_is(kind, games):
    """After every message, the round played again from what the device keeps
    (``seen_round``) reaches the device's own state, and no step shows a card the device may
    not see: the other's hand and the decks are backs, my hand holds only cards I read."""
    from remote_play import BACKS, hidden_from

    from engine.remote.seen import seen_round

    rules, _ = KINDS[kind]
    checked = {"steps": 0, "hidden": 0}

    def after(eps):
        for ep in eps:
            if ep.cards is None or ep.start_state is None or ep.cards.round != ep.state.round:
                continue
            first, steps = seen_round(ep)
            states = [first] + [st for _, _, st in steps]
            last = states[-1]
            s = ep.state
            assert (last.hands, last.decks, last.sides, last.owner) == (
                s.hands,
                s.decks,
                s.sides,
                s.owner,
            )
            assert (last.discard, last.step, last.to_move) == (s.discard, s.step, s.to_move)
            hidden = hidden_from(eps, ep.seat)
            for st in states:
                assert all(c in BACKS for c in st.hands[1 - ep.seat])
                assert all(c in BACKS for d in st.decks for c in d)
                assert not hidden & set(st.hands[ep.seat])
            for _, events, _ in steps:
                shown = {e.get("card") for e in events}
                assert not shown & {card_text(c) for c in hidden}
            checked["steps"] += len(steps)
            checked["hidden"] += len(hidden)

    for seed in range(games):  # the suite: seeds 900-901; the soak run (README) 900-902
        play_game(rules, 900 + seed, after)
    assert checked["steps"] > 1000 and checked["hidden"] > 1000
