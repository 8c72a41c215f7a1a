"""The table's session (web/session.py) under CPython: whole games through the page's glue,
saves, the log and turn summaries from events, refusals in words, nothing hidden leaked."""

import json
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from session import SaveError, Session

from engine import IllegalAction, Words
from engine.cards import card_text

CARD = re.compile(r"\b([ROYGBP][1-9])\b")
WORDS = Words("en")


def _play(session: Session, payload: dict, rng: random.Random, steps: int = 10_000):
    """Drive a pass-the-device game as the page does: take the device, act, repeat."""
    for _ in range(steps):
        v = payload["view"]
        if v["step"] == "over":
            return payload
        if payload["handover"] is not None:
            payload = session.payload(payload["handover"])
            continue
        if v["step"] == "round_over":
            payload = session.act({"kind": "next_round"}, None)
            continue
        payload = session.act(rng.choice(v["legal"]), payload["seat"])
        yield payload
    raise AssertionError("the game did not end")


def _without_proofs(value):
    if isinstance(value, dict):
        return {
            k: _without_proofs(v)
            for k, v in value.items()
            if k not in ("proof", "claims_text", "as")
        }  # "as": a declared value
    if isinstance(value, list):
        return [_without_proofs(v) for v in value]
    return value


def _hidden_texts(state, seat) -> set:
    hands = [0, 1] if seat is None else [1 - seat]
    return {card_text(c) for q in hands for c in state.hands[q]} | {
        card_text(c) for d in state.decks for c in d
    }


def _table_texts(state) -> set:
    return {card_text(c) for side in state.sides for c in side} | {
        card_text(c) for c in state.discard
    }


@pytest.mark.parametrize(
    "options",
    [
        {"opponent": "human", "seed": 4},
        {"opponent": "human", "seed": 5, "tactics": True},
        {
            "opponent": "human",
            "seed": 6,
            "tactics": True,
            "claim_timing": "start_of_turn",
            "rounds": 3,
        },
    ],
)
def test_a_shared_device_game_hides_each_hand_and_tells_each_turn(options):
    s = Session()
    first = s.new_game(options)
    rng = random.Random(options["seed"])
    handovers = 0
    for payload in _play(s, first, rng):
        seat = payload["seat"]
        if payload["handover"] is not None:
            handovers += 1
            assert seat is None and payload["view"]["hand"] == []
            summary = payload["summary"]
            if summary is not None:
                # The whole turn of the player who just moved: their play and their draw.
                assert summary["player"] == 1 - payload["handover"]
                text = " ".join(summary["lines"])
                assert "played" in text or "passed" in text or "claimed" in text
        # No card of a hidden hand or deck in anything the page gets (clan cards; a card
        # also face up on the table is not a leak). Claim proofs name a completion from the
        # unseen cards, a set both players know (tests/test_events.py): left out here.
        words = set(CARD.findall(json.dumps(_without_proofs(payload))))
        hidden = _hidden_texts(s.state, seat) - _table_texts(s.state)
        assert not words & hidden, (seat, words & hidden)
        # ... nor in words: the log and the turn summary name cards ("Red 7"). (A seat may
        # read the names of cards it put back under a deck itself, so for a seat only the
        # opponent's hand is checked here.)
        log = payload["log"]
        starts = [i for i, e in enumerate(log) if e["kind"] == "round_start"]
        this_round = log[starts[-1] :] if starts else log  # earlier rounds dealt other cards
        text = re.sub(
            r"\(as [^)]*\)",
            "",  # an elite troop's declared value: no card
            json.dumps([this_round, payload["summary"]]),
        )
        secret = (
            hidden
            if seat is None
            else {card_text(c) for c in s.state.hands[1 - seat]} - _table_texts(s.state)
        )
        named = {c for c in secret if CARD.match(c) and re.search(rf"\b{WORDS.card(c)}\b", text)}
        assert not named, (seat, named)
    assert handovers > 20
    assert payload["view"]["step"] == "over"
    single = options.get("rounds", 1) == 1  # one round: a game, not a match
    what = "game" if single else "match"
    assert any(f"won the {what}" in e["text"] or "is a draw" in e["text"] for e in payload["log"])
    assert not single or not any("match" in e["text"] for e in payload["log"])


def test_the_handover_shows_the_card_played_the_claim_and_the_draw():
    s = Session()
    s.new_game({"opponent": "human", "seed": 1})
    # A position where South can complete and claim stone 1, then draw.
    from engine import position_from_json

    s.state = position_from_json(
        {
            "format": "schotten-totten/position",
            "version": 1,
            "seed": 1,
            "rules": {"starter": 1},  # North started: a card ahead
            "to_move": 0,
            "hands": [["R9", "B1", "B2", "B3", "G1", "G2"], ["Y1", "Y2", "Y3", "P4", "P5", "P6"]],
            "stones": [{"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}],
        }
    )
    s.actions = None
    s.act({"kind": "play", "card": "R9", "stone": 0}, 0)
    payload = s.act({"kind": "claim", "stone": 0}, 0)
    assert payload["handover"] == 1
    [line] = payload["summary"]["lines"]
    assert line.startswith(
        "South played Red 9 on stone 1, then claimed stone 1: "
        "South's Color-Run totalling 24 beats North's Color totalling 7, "
        "then drew a card from the clan deck"
    )


def test_against_the_computer_the_log_says_you_and_the_computer():
    s = Session()
    payload = s.new_game({"opponent": "ai", "seed": 9, "ai_level": "easy"})
    payload = s.act(payload["view"]["legal"][0], 0)
    assert payload["log"][-1]["text"].startswith("You played ")
    assert re.search(r"then drew [A-Z][a-z]+ \d from the clan deck", payload["log"][-1]["text"])
    req = s.ai_request()
    assert req["view"]["player"] == 1 and req["view"]["hand"]
    from engine import action_to_json
    from engine.ai import make_agent

    a = make_agent("easy").choose(req["view"], random.Random(1))
    payload = s.act(action_to_json(a), 1)
    summary = payload["summary"]
    assert summary["player"] == 1
    assert summary["lines"][0].startswith("The computer played ")
    assert "drew a card" in summary["lines"][0]  # the computer's card stays hidden


def test_a_refusal_says_the_rule_in_words():
    s = Session()
    s.new_game({"opponent": "human", "seed": 2})
    with pytest.raises(IllegalAction) as e:
        s.act({"kind": "claim", "stone": 3}, 0)
    assert e.value.code == "wrong_step"
    assert s.error_text(e.value) == "Turn order: the play step expects play or pass, not claim."
    card = s.payload(0)["view"]["hand"][0]
    s.act({"kind": "play", "card": card, "stone": 0}, 0)
    with pytest.raises(IllegalAction) as e:
        s.act({"kind": "play", "card": card, "stone": 0}, 1)
    assert e.value.code == "not_in_hand"


def test_saves_restore_the_same_game_and_log_at_every_step():
    s = Session()
    first = s.new_game({"opponent": "human", "seed": 12, "tactics": True, "rounds": 2})
    rng = random.Random(12)
    restored_steps = 0
    for i, _ in enumerate(_play(s, first, rng)):
        if i % 7:
            continue
        restored_steps += 1
        text = s.save_json()
        t = Session()
        restored = t.restore(text)
        assert t.state == s.state
        assert t.events == s.events and t.actions == s.actions
        assert restored["log"] == s.payload(None)["log"]
    assert restored_steps >= 10  # two rounds of play: saved and restored many times


def test_an_old_save_without_a_record_keeps_its_log():
    s = Session()
    s.new_game({"opponent": "ai", "seed": 3})
    data = json.loads(s.save_json())
    data["record"] = None
    data["log"] = [
        {"p": None, "text": "New game. {N0} {start0}.", "round": 1},
        {"p": 0, "text": "Old line.", "round": 1},
    ]
    t = Session()
    payload = t.restore(json.dumps(data))
    assert [e["text"] for e in payload["log"][:2]] == ["New game. You start.", "Old line."]
    payload = t.act(payload["view"]["legal"][0], 0)  # play goes on, narrated from events
    assert payload["log"][-1]["text"].startswith("You played ")
    assert json.loads(t.save_json())["log"][1]["text"] == "Old line."


def test_a_damaged_save_is_refused_with_a_message():
    with pytest.raises(SaveError, match="damaged"):
        Session().restore("{not json")
    with pytest.raises(SaveError, match="another version"):
        Session().restore(json.dumps({"format": "schotten-totten/save", "version": 99}))


def test_the_payload_words_come_from_the_catalogue():
    s = Session()
    payload = s.new_game({"opponent": "human", "seed": 8, "tactics": True, "rounds": 3})
    assert payload["game_line"] == "Tactics · claim after playing · round 1 of 3"
    payload = s.payload(0)
    assert set(payload["claims_text"]) == set(range(9))
    assert payload["claims_text"][0].startswith("Stone 1: cannot be claimed yet — ")


def test_a_card_that_cannot_be_played_says_why():
    from engine import position_from_json

    s = Session()
    s.new_game({"opponent": "human", "seed": 1, "tactics": True})
    s.state = position_from_json(
        {
            "format": "schotten-totten/position",
            "version": 1,
            "rules": {"tactics": True},
            # Full hands: a game's draws refill them while the decks hold cards.
            "hands": [
                ["Spy", "Joker", "R1", "R2", "R3", "R4", "R5"],
                ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
            ],
            "tactics_played": [1, 0],
            # a card each, and 2 of the deal's 7 clan cards: North's turns came
            "stones": [{"sides": [["Joker"], ["B1"]]}, {"sides": [["P1", "P2"], ["P3", "P4"]]}],
        }
    )
    refusals = s.payload(0)["refusals"]
    assert set(refusals) == {"Spy", "Joker"}
    assert refusals["Spy"].startswith("Tactic limit: Spy cannot be played: you may play at most")
    assert s.payload(1)["refusals"] == {}  # not North's turn: nothing to explain


@pytest.mark.parametrize(
    ("lang", "opponent", "said"),
    [
        ("en", "ai", "A tactic card you draw now cannot be played until the computer plays one"),
        ("de", "ai", "Eine Taktikkarte, die du jetzt ziehst, darfst du erst spielen, wenn"),
        ("fr", "ai", "Une carte Tactique que tu pioches maintenant ne pourra être jouée"),
        ("en", "human", "A tactic card South draws now cannot be played until North plays one"),
    ],
)
def test_a_draw_from_the_tactic_deck_that_could_not_be_played_is_warned(lang, opponent, said):
    """Before a draw, while the tactic limit (the engine's) keeps the drawer from playing
    another tactic card, the payload warns that one drawn now waits for the opponent's."""
    from engine import position_from_json

    s = Session()
    s.new_game({"opponent": opponent, "seed": 1, "tactics": True})
    s.set_option("lang", lang)
    doc = {
        "format": "schotten-totten/position",
        "version": 1,
        "rules": {"tactics": True},
        # South has played (6 of 7 until the draw), North's hand is full.
        "hands": [["R1", "R2", "R3", "R4", "R5", "R6"], ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]],
        "tactics_played": [1, 0],
        # South's first card G1 (one of the deal's 7 clan cards), North's B1, South's Joker
        "stones": [{"sides": [["Joker"], []]}, {"sides": [[], ["B1"]]}, {"sides": [["G1"], []]}],
        "step": "draw",
        "played": True,
    }
    s.state = position_from_json(doc)
    warning = s.payload(0)["tactic_draw_warning"]
    assert warning.startswith(said), warning
    assert "1" in warning and "0" in warning  # the counts, as the tactic limit's refusal
    assert s.payload(1)["tactic_draw_warning"] is None  # not North's draw
    # North's tactic card too, played on North's turn after South's first card (G1).
    stones = [{"sides": [["Joker"], []]}, {"sides": [[], ["Spy"]]}, {"sides": [["G1"], []]}]
    s.state = position_from_json({**doc, "tactics_played": [1, 1], "stones": stones})
    assert s.payload(0)["tactic_draw_warning"] is None  # the limit allows one more
    south = [*doc["hands"][0], "R7"]  # at the start of the turn, full
    stones = [{"sides": [["Joker"], ["B1"]]}]  # North's turn came after South's Joker
    s.state = position_from_json(
        {
            **doc,
            "step": "play",
            "played": False,
            "hands": [south, doc["hands"][1]],
            "stones": stones,
        }
    )
    assert s.payload(0)["tactic_draw_warning"] is None  # only before a draw


# ---------------------------------------------------------------- take-backs and replay


def _ai_game(turns: int, seed: int = 5):
    from engine import action_to_json
    from engine.ai import make_agent

    s = Session()
    payload = s.new_game({"opponent": "ai", "seed": seed})
    rng = random.Random(seed)
    while len(s.actions) < turns and payload["view"]["step"] != "over":
        if payload["ai_to_move"]:
            req = s.ai_request()
            payload = s.act(action_to_json(make_agent("easy").choose(req["view"], rng)), 1)
        else:
            payload = s.act(rng.choice(payload["view"]["legal"]), 0)
    return s, payload


def test_a_take_back_against_the_computer_undoes_your_turn_and_its_reply():
    s, payload = _ai_game(6)
    assert payload["takeback"] == 0 and s.state.to_move == 0
    hand_before = list(s.state.hands[0])
    cards_before = sorted(s.state.decks[0])
    payload = s.take_back(0)
    assert s.state.to_move == 0 and s.state.step == "play" and s.takebacks == 1
    # Your turn and the computer's reply are gone: their two cards are back in the hands,
    # the two drawn cards back in the deck, which was shuffled again (a shuffle entry).
    assert s.actions[-1]["kind"] == "shuffle" and len(s.actions) == 5
    assert len(s.state.decks[0]) == len(cards_before) + 2
    assert s.state.hands[0] != hand_before
    assert payload["log"][-1]["text"] == "A turn was taken back, and the decks were shuffled again."
    # The page tells what was undone (a toast): the turn, its reply, the shuffle.
    assert payload["undone"] == (
        "Your last turn and the computer's reply are taken back. The decks are shuffled again."
    )
    # The record keeps the shuffle and counts the take-back; a save resumes the same game.
    record = s.record_json()
    assert record["takebacks"] == 1
    t = Session()
    t.restore(s.save_json())
    assert t.state == s.state and t.takebacks == 1


def test_a_take_back_is_told_in_german_and_without_a_reply_yet():
    s, _payload = _ai_game(6)
    s.set_option("lang", "de")
    assert s.take_back(0)["undone"] == (
        "Dein letzter Zug und die Antwort des Computers sind zurückgenommen. "
        "Die Stapel werden neu gemischt."
    )
    # The computer has not answered yet: South's turn alone is taken back.
    s = Session()
    payload = s.new_game({"opponent": "ai", "seed": 6, "starter": 0})
    s.act(next(a for a in payload["view"]["legal"] if a["kind"] == "play"), 0)
    assert s.state.to_move == 1
    assert s.take_back(0)["undone"] == (
        "Your last turn is taken back. The decks are shuffled again."
    )


def test_the_shuffle_after_a_take_back_is_new_each_time():
    orders = set()
    for _ in range(4):
        s, _payload = _ai_game(6)
        s.take_back(0)
        orders.add(tuple(s.state.decks[0]))
    assert len(orders) > 1  # the seed of the shuffle is fresh: the next card is not known


def test_on_a_shared_device_only_the_turn_just_ended_can_be_taken_back():
    s = Session()
    payload = s.new_game({"opponent": "human", "seed": 4})
    assert payload["takeback"] is None  # nothing played yet
    payload = s.act(s.payload(0)["view"]["legal"][0], 0)
    assert payload["handover"] == 1 and payload["takeback"] == 0
    with pytest.raises(ValueError, match="no turn to take back"):
        s.take_back(1)  # North has not moved
    payload = s.take_back(0)
    assert s.state.to_move == 0 and payload["handover"] == 0 and s.takebacks == 1
    assert "undone" not in payload  # the handover screen shows what happened
    payload = s.act(s.payload(0)["view"]["legal"][0], 0)
    payload = s.act(s.payload(1)["view"]["legal"][0], 1)
    assert payload["takeback"] == 1  # North's turn; South's is out of reach now


def test_replay_in_progress_shows_only_what_the_player_may_see():
    s, _payload = _ai_game(8)
    info = s.replay_info("game", "open")
    assert info["modes"] == ["0"] and info["mode"] == "0"  # not the computer's hand
    assert info["steps"] == len(info["moves"]) + 1
    assert info["moves"][0]["text"].startswith("You played ")
    first = s.replay_view("game", "0", 0)["view"]
    assert first["hand"] and all(st["sides"][0]["cards"] == [] for st in first["stones"])
    with pytest.raises(ValueError):
        s.replay_view("game", "open", 0)
    shared = Session()
    shared.new_game({"opponent": "human", "seed": 2})
    shared.act(shared.payload(0)["view"]["legal"][0], 0)
    assert shared.replay_info("game", "0")["modes"] == ["public"]


def test_a_finished_game_replays_with_every_card_open():
    s, payload = _ai_game(10_000, seed=7)
    assert payload["view"]["step"] == "over"
    info = s.replay_info("game", "open")
    assert info["modes"] == ["0", "1", "public", "open"]
    v = s.replay_view("game", "open", 1)["view"]
    # After the first turn (a card played, one drawn): both hands open, one card on the table.
    assert [len(h) for h in v["open_hands"]] == [6, 6] and v["hand"] == []
    assert sum(len(st["sides"][q]["cards"]) for st in v["stones"] for q in (0, 1)) == 1
    entry = s.finished_entry()
    assert entry["record"]["format"] == "schotten-totten/record"
    assert entry["opponent"] == "against the computer (Easy)"
    # A single game is a game: who won, and no score as a match has.
    assert re.fullmatch(
        r"(You won|The computer won|Draw)", entry["result"][:1].upper() + entry["result"][1:]
    )


def test_an_opened_record_replays_and_keeps_the_game_at_the_table():
    s = Session()
    s.new_game({"opponent": "ai", "seed": 3})
    game = json.loads(
        (Path(__file__).parent / "data" / "games" / "tactics-random-1068.json").read_text()
    )
    info = s.open_record(json.dumps(game["record"]))
    assert info["source"] == "opened" and info["over"] and info["steps"] > 20
    assert s.replay_view("opened", "open", 3)["step"] == 3
    assert s.state.round == 1 and not s.actions  # the game at the table is untouched
    with pytest.raises(ValueError, match="not a Schotten Totten game record"):
        s.open_record(json.dumps({"format": "something"}))
    with pytest.raises(ValueError, match="cannot be replayed"):
        bad = dict(game["record"], actions=[{"kind": "claim", "stone": 0}])
        s.open_record(json.dumps(bad))


def test_an_opened_record_is_labelled_by_its_own_players():
    """A record says who played; opened at a table playing another game it is named by its
    own players, never by the game at the table (issue 25). An old record without them
    reads as South and North."""
    shared = Session()
    first = shared.new_game({"opponent": "human", "seed": 3, "names": ["Anna", "Ben"]})
    for _ in _play(shared, first, random.Random(3)):
        pass
    record = shared.record_json()
    assert record["players"] == {"opponent": "human", "names": ["Anna", "Ben"]}
    at_table = Session()
    at_table.new_game({"opponent": "ai", "seed": 5, "ai_level": "hard"})
    assert at_table.record_json()["players"] == {"opponent": "ai", "ai_seat": 1, "ai_level": "hard"}
    info = at_table.open_record(json.dumps(record))
    assert info["players"] == {"opponent": "human", "names": ["Anna", "Ben"]}
    said = " ".join(m["text"] for m in info["moves"])
    assert "Anna" in said and "Ben" in said and "Computer" not in said and "You " not in said
    old = {k: v for k, v in record.items() if k != "players"}
    info = at_table.open_record(json.dumps(old))
    said = " ".join(m["text"] for m in info["moves"])
    assert "South" in said and "North" in said and "Anna" not in said and "Computer" not in said
    # The engine's reader takes the new key, and refuses it malformed.
    from engine import replay

    replay(record)
    with pytest.raises(ValueError, match="players"):
        replay({**record, "players": "Anna"})


def test_names_on_a_shared_device_and_the_passing_warning():
    from engine import position_from_json

    s = Session()
    payload = s.new_game({"opponent": "human", "seed": 3, "names": ["  Anna ", "Ben" * 10]})
    assert s.settings["names"] == ["Anna", ("Ben" * 10)[:20]]
    assert payload["log"][0]["text"].endswith("Anna starts.")
    t = Session()
    t.restore(s.save_json())
    assert t.settings["names"] == s.settings["names"]
    # A real game (seeded random moves) where no stone has room for South's cards any more,
    # North's still has: South can only pass from now on, and is told so.
    from engine import Rules, apply, legal_actions, new_game, position_to_json
    from engine.rules import rooms

    rng, state = random.Random(3), new_game(Rules(), 3)
    while not (
        state.step == "play" and state.to_move == 0 and state.hands[0] and not rooms(state, 0)
    ):
        state = apply(state, rng.choice(legal_actions(state)))
    assert rooms(state, 1) and state.hands[1]
    s.state = position_from_json(position_to_json(state))
    assert s.payload(0)["warning"] == (
        "No stone has room for Anna's clan cards any more: Anna will pass until the round ends."
    )
    assert s.payload(1)["warning"] is None


def test_an_automatic_claim_is_told_with_the_play_before_it():
    """Auto-claim claims in the same answer as the play: its events carry both (the page
    shows the card landing and sounds the stone won), in their order."""
    from engine import position_from_json

    s = Session()
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    doc = {
        "format": "schotten-totten/position",
        "version": 1,
        "rules": {"starter": 1},  # North started: a card ahead
        "seed": 11,
        "hands": [["R9", "B1", "B2", "G1", "P1", "Y1"], ["Y9", "O9", "O8", "G9", "G8", "P6"]],
        "stones": stones,
        "to_move": 0,
    }
    s.match.begin(
        position_from_json(doc), {"opponent": "ai", "ai_seat": 1, "autoclaim": True}, {}, None
    )
    out = s.act({"kind": "play", "card": "R9", "stone": 0}, 0)
    types = [e["type"] for e in out["events"]]
    assert types[0] == "play" and "claim" in types, types
    assert types.index("play") < types.index("claim")
    assert out["view"]["stones"][0]["owner"] == 0


def test_a_single_game_ends_in_the_log_without_a_round_or_a_score():
    """A game of one round is not a match: its end says why and the stones, no "Round 1", no
    score (the match_end line after it says who won); a match keeps both."""
    s, payload = _ai_game(10_000, seed=7)
    assert payload["view"]["step"] == "over"
    ends = [line["text"] for line in s.payload(None)["log"] if line["kind"] == "round_end"]
    assert len(ends) == 1 and ends[0].startswith("The game ends (")
    assert "score" not in ends[0] and "Round" not in ends[0]
    from engine import narrate
    from engine.words import Words

    event = {
        "type": "round_end",
        "round": 1,
        "winner": 0,
        "reason": "five_stones",
        "stones": [5, 1],
        "scores": [5, 1],
    }
    match_end = {"type": "match_end", "winner": 0, "scores": [5, 1], "rounds": 1}
    w = Words("de", you=0)
    assert (
        narrate([event, match_end], w)[0]["text"]
        == "Das Spiel ist aus (5 Grenzsteine); Steine 5:1."
    )
    assert narrate([event], w)[0]["text"].startswith("Runde 1 wird ")


def test_the_levels_that_search_are_marked_in_the_page_and_the_payload():
    """js/ai.js starts the AI's worker early for a level that searches in it: before Python,
    from the new-game dialog's ``data-searches``; after, from the payload's ``ai_searches``."""
    from ai_requests import AI_BUDGETS, searches

    page = (Path(__file__).resolve().parent.parent / "web" / "index.html").read_text()
    marked = set(re.findall(r'name="ai_level" value="(\w+)" data-searches', page))
    assert set(re.findall(r'name="ai_level" value="(\w+)"', page)) == set(AI_BUDGETS)
    assert marked == {level for level in AI_BUDGETS if searches(level)} == {"hard"}
    for level in AI_BUDGETS:
        payload = Session().new_game({"opponent": "ai", "seed": 3, "ai_level": level})
        assert payload["ai_searches"] is (level in marked)
    assert Session().new_game({"opponent": "human", "seed": 3})["ai_searches"] is False
