"""Events: golden records replay to exactly their stored events; events hide what they must;
narration words every event; the checked and fast paths are one turn machine."""

import json
import random
import re
from pathlib import Path

import pytest
from helpers import DATA

from engine import (
    Rules,
    Words,
    action_from_json,
    apply_events,
    apply_fast,
    legal_actions,
    narrate,
    new_game,
    redact,
    replay_events,
    view,
)
from engine.cards import card_text
from engine.events import PRIVATE, TYPES
from engine.state import START_OF_TURN

GAMES = sorted((DATA / "games").glob("*.json"))
VARIANTS = [
    Rules(),
    Rules(tactics=True),
    Rules(claim_timing=START_OF_TURN),
    Rules(tactics=True, claim_timing=START_OF_TURN, rounds=2),
]
CARD = re.compile(
    r"^([ROYGBP][1-9]|Joker|Spy|ShieldBearer|BlindMansBluff|MudFight|Recruiter|"
    r"Strategist|Banshee|Traitor)$"
)


def _load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_there_are_golden_games_of_every_kind():
    names = [p.stem for p in GAMES]
    assert len(names) >= 20
    for kind in ("base-", "tactics-", "expert-", "match-"):
        assert any(n.startswith(kind) for n in names), kind
    kinds = {e["type"] for p in GAMES for ev in _load(p)["events"] for e in ev}
    assert kinds >= {
        "play",
        "move",
        "pass",
        "claim",
        "draw",
        "return",
        "turn",
        "round_end",
        "match_end",
        "round_start",
        "claims_done",
    }


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_records_replay_to_their_events(path):
    game = _load(path)
    _final, actions, events = replay_events(game["record"])
    assert len(events) == len(game["events"]) == len(actions)
    for i, (got, want) in enumerate(zip(events, game["events"])):
        assert got == want, f"{path.name}: action {i + 1} {game['record']['actions'][i]}"


@pytest.mark.parametrize("path", GAMES[::3], ids=[p.stem for p in GAMES[::3]])
def test_the_fast_path_is_the_same_turn_machine(path):
    """Telling events changes nothing: with and without an event list, the same states."""
    record = _load(path)["record"]
    rules = Rules.from_json(record["rules"])
    a, b = new_game(rules, record["seed"]), new_game(rules, record["seed"])
    for data in record["actions"]:
        action = action_from_json(data)
        apply_fast(a, action)
        apply_fast(b, action, [])
        assert a == b


def test_every_event_kind_is_documented():
    doc = (Path(__file__).parent.parent / "docs" / "formats.md").read_text()
    for kind in TYPES:
        assert f"`{kind}`" in doc, kind


# ---------------------------------------------------------------- hidden information


def _strings(value):
    if isinstance(value, dict):
        for k, v in value.items():
            # A proof's cards are a completion from the unseen cards (a public set: no card of
            # a hand or deck is singled out by it); "as" is a declared value, not a card.
            if k in ("proof", "as"):
                continue
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str) and CARD.match(value):
        yield value


def _visible(state, viewer) -> set:
    """Cards ``viewer`` (0, 1 or None) can see now: the table, the discard pile, their hand.
    (Card texts: the two Jokers share one, and one can be seen while the other is hidden.)"""
    cards = (
        [c for side in state.sides for c in side]
        + state.discard
        + [m for m in state.modes if m >= 0]
        + ([] if viewer is None else state.hands[viewer])
    )
    return {card_text(c) for c in cards}


@pytest.mark.parametrize("rules", VARIANTS, ids=["base", "tactics", "expert", "tactics-match"])
def test_redacted_events_never_show_a_hidden_card(rules):
    checked = redacted = 0
    for seed in range(40):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while not state.over:
            state, events = apply_events(state, rng.choice(legal_actions(state)))
            for viewer in (0, 1, None):
                visible = _visible(state, viewer)
                for e in events:
                    public = redact(e, viewer)
                    if public is not e:
                        redacted += 1
                        assert "card" not in public and set(public) < set(e)
                    own = e["type"] in PRIVATE and e["player"] == viewer
                    leaked = set(_strings(public)) - visible
                    assert own or not leaked, (seed, viewer, public, leaked)
                    checked += 1
            json.dumps(events)
    assert checked > 10_000 and redacted > 1_000


def test_a_private_draw_shows_its_card_to_the_drawer_only():
    state = new_game(Rules(), 3)
    state, events = apply_events(state, legal_actions(state)[0])
    draw = next(e for e in events if e["type"] == "draw")
    assert draw["card"] == card_text(
        state.hands[0][
            state.hands[0].index(next(c for c in state.hands[0] if card_text(c) == draw["card"]))
        ]
    )
    assert redact(draw, 0)["card"] == draw["card"]
    assert "card" not in redact(draw, 1) and "card" not in redact(draw, None)


# ---------------------------------------------------------------- narration


def _names(events, words):
    return {words.card(e["card"]) for e in events if e["type"] == "play"}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_narration_tells_each_whole_turn(path):
    """One line per turn naming the card played, each claim and the draw; round ends too."""
    words = Words("en")
    _final, _actions, events = replay_events(_load(path)["record"])
    flat = [e for ev in events for e in ev]
    for viewer in (0, None):
        lines = narrate([redact(e, viewer) for e in flat], words)
        turns = [ln for ln in lines if ln["kind"] == "turn"]
        plays = [e for e in flat if e["type"] in ("play", "pass")]
        assert len(turns) >= len(plays) * 0.9  # a turn is a play or pass (Expert: claims first)
        text = "\n".join(ln["text"] for ln in lines)
        for e in flat:
            if e["type"] == "play":
                assert words.card(e["card"]) in text
            if e["type"] == "claim":
                assert f"claimed stone {e['stone'] + 1}:" in text
        ends = [e for e in flat if e["type"] == "round_end"]
        assert len([ln for ln in lines if ln["kind"] == "round_end"]) == len(ends)
        assert not re.search(r"\{\w+\}", text), "a placeholder was left unfilled"


def test_a_turn_line_has_the_play_the_claim_and_the_draw():
    events = [
        {"type": "play", "player": 1, "card": "B7", "stone": 4},
        {
            "type": "claim",
            "player": 1,
            "stone": 4,
            "proof": {
                "ok": True,
                "why": "stronger",
                "stone": 4,
                "mine": {"rank": "run", "total": 21, "cards": 3},
                "theirs": {"rank": "sum", "total": 12, "cards": 3},
            },
            "declared": [],
        },
        {"type": "draw", "player": 1, "deck": "tactic", "auto": False},
        {"type": "turn", "player": 0},
    ]
    [line] = narrate(events, Words("en", you=0, computer=1))
    assert line["text"] == (
        "The computer played Blue 7 on stone 5, then claimed stone 5: "
        "the computer's Run totalling 21 beats your Sum totalling 12, "
        "then drew a card from the tactic deck."
    )
    [mine] = narrate(
        [{**e, "player": 0} if "player" in e else e for e in events[:3]],
        Words("en", you=0, computer=1),
    )
    assert mine["text"].startswith("You played Blue 7 on stone 5")


def test_the_view_is_worded_from_data():
    """Formations and proofs in a view are data; words come from the catalogue."""
    state = new_game(Rules(), 11)
    rng = random.Random(11)
    words = Words("en")
    for _ in range(60):
        state, _ = apply_events(state, rng.choice(legal_actions(state)))
        if state.over:
            break
    v = view(state, 0)
    assert all(isinstance(c["proof"], dict) and "reason" not in c for c in v["claims"])
    for c in v["claims"]:
        assert words.proof(c["proof"])
