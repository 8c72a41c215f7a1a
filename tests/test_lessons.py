"""Learn to play (web/lessons.py, and the lesson calls of web/app.py) under CPython: every
lesson position reads, each step's moves are legal and reach its goal, the check fires on
them and on no other move, the words exist in every language, nothing depends on chance,
and the game put aside for a lesson comes back when the player leaves it."""

import doctest
import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import lessons
from lessons import LESSONS, position, progress
from session import Session
from tutorial import Tutorial

from engine import action_to_json, legal_actions, position_from_json, position_to_json
from engine.ai import choose
from engine.words import Words, languages

STEPS = [(les.id, k) for les in LESSONS for k in range(len(les.steps))]


def _step(lesson_id, k):
    return lessons.lesson(lesson_id).steps[k]


def _do(t: Tutorial, action: dict) -> None:
    """One of the player's moves: a look at a stone, or an action through the session."""
    if action["kind"] == "look":
        t.look(action["stone"])
    else:
        t.session.act(action, 0)


def _firsts(t: Tutorial) -> list[dict]:
    """Every move the player can make now: each legal action, and a look at each stone."""
    acts = [action_to_json(a) for a in legal_actions(t.session.state)]
    return acts + [{"kind": "look", "stone": s} for s in range(9)]


def test_the_modules_examples_hold():
    import tutorial

    for module in (lessons, tutorial):
        result = doctest.testmod(module)
        assert result.attempted >= 2 and result.failed == 0, module.__name__


def test_there_are_the_two_lessons_with_short_steps():
    assert [les.id for les in LESSONS] == ["basics", "tactics"]
    basics, tactics = LESSONS
    assert 8 <= len(basics.steps) <= 12, "about five minutes, in short steps"
    assert 3 <= len(tactics.steps) < len(basics.steps), "a second, shorter lesson"
    assert not basics.rules.get("tactics") and tactics.rules["tactics"] is True
    ids = [s.id for s in basics.steps]
    # the brief's order: a card, formations, a complete side, proofs, a tie, winning
    assert ids == [
        "play",
        "formations",
        "complete",
        "proof",
        "refused",
        "reveal",
        "tie",
        "three",
        "five",
    ]
    assert basics.steps[1].panel == "formations"
    kinds = {s.solution[0]["card"] for s in tactics.steps if s.solution[0]["kind"] == "play"}
    assert {"Joker", "MudFight", "Traitor"} <= kinds  # an elite troop, a combat mode, a ruse


@pytest.mark.parametrize("lesson_id, k", STEPS)
def test_every_position_reads_and_is_fixed(lesson_id, k):
    doc = position(lesson_id, k)
    state = position_from_json(doc)
    assert state.to_move == 0 and state.step == "play" and state.outcome is None
    assert len(state.hands[0]) == state.rules.hand_size == len(state.hands[1])
    # The decks follow from the seed: the same every time, on every device.
    assert position_to_json(position_from_json(doc)) == position_to_json(state)
    again = position_from_json(json.loads(json.dumps(doc)))
    assert again.decks == state.decks and again.decks[0], "a deck to draw from"


@pytest.mark.parametrize("lesson_id, k", STEPS)
def test_the_expected_moves_are_legal_and_reach_the_goal(lesson_id, k):
    step = _step(lesson_id, k)
    t = Tutorial()
    t.load(lesson_id, k)
    assert t.status()["state"] == "todo"
    for i, action in enumerate(step.solution):
        if action["kind"] != "look":
            legal = [action_to_json(a) for a in legal_actions(t.session.state)]
            assert action in legal, f"{lesson_id}/{step.id}: {action} is not legal"
            assert t.session.state.to_move == 0
        _do(t, action)
        state = t.status()["state"]
        assert state == ("done" if i == len(step.solution) - 1 else "todo"), (step.id, i)
    assert t.status()["done"]


@pytest.mark.parametrize("lesson_id, k", STEPS)
def test_the_check_fires_on_no_other_move(lesson_id, k):
    """At every point of the expected moves, each other move leaves the step undone: a look
    elsewhere changes nothing, any other decision misses the step (but where the step asks
    for a card on any stone, another stone does as well)."""
    step = _step(lesson_id, k)
    missed = accepted = 0
    for i, expected in enumerate(step.solution):
        t = Tutorial()
        t.load(lesson_id, k)
        for action in step.solution[:i]:
            _do(t, action)
        for other in _firsts(t):
            if other == expected:
                continue
            t2 = Tutorial()
            t2.load(lesson_id, k)
            for action in step.solution[:i]:
                _do(t2, action)
            _do(t2, other)
            status = t2.status()
            assert status["state"] != "done", f"{step.id}: {other} completed the step"
            if other["kind"] == "look":
                assert status["state"] == "todo"
            elif _any_stone(step, i, other):
                assert status["state"] == "todo", f"{step.id}: {other} is as good"
                accepted += 1
            else:
                assert status["state"] == "missed", f"{step.id}: {other} not seen as missed"
                assert "{" not in status["missed"]
                missed += 1
    assert missed >= 1
    if step.id in ("reveal", "deck"):
        assert accepted >= 3
    else:
        assert missed >= 3


def _any_stone(step, i, other) -> bool:
    """The step's pattern asks for a card (or any card) on any stone, and ``other`` is one."""
    pattern = step.goal[i] if i < len(step.goal) else {}
    then = step.goal[i + 1] if i + 1 < len(step.goal) else {}
    return (
        pattern.get("type") == "play" == other["kind"]
        and "stone" not in pattern
        and pattern.get("card", other["card"]) == other["card"]
        and then.get("type") != "move"
    )


def test_progress_needs_the_patterns_in_order_and_ignores_the_opponent():
    goal = ({"type": "play", "card": "R7"}, {"type": "claim", "stone": 1})
    play = {"type": "play", "player": 0, "card": "R7", "stone": 1}
    claim = {"type": "claim", "player": 0, "stone": 1}
    assert progress(goal, [play, claim]) == (2, False)
    assert progress(goal, [claim, play]) == (0, True)
    assert progress(goal, [{**claim, "player": 1}, play]) == (1, False)
    assert progress(goal, [play, {"type": "draw", "player": 0, "auto": True}]) == (1, False)
    assert progress(goal, [play, {"type": "draw", "player": 0, "auto": False}]) == (1, True)
    assert progress(goal, [play, {"type": "claims_done", "player": 0}]) == (1, True)
    assert progress(goal, [{"type": "look", "player": 0, "stone": 3}, play]) == (1, False)


def test_a_refused_claim_shows_the_opponents_completion():
    k = [s.id for s in LESSONS[0].steps].index("refused")
    t = Tutorial()
    t.load("basics", k)
    t.look(3)
    status = t.status()
    assert status["state"] == "done"
    # The engine's proof, in words: North's winning completion, with the card in our hand.
    assert status["said"].startswith("Stone 4: cannot be claimed yet")
    assert "Green 7" in status["said"] and "G7" in t.session.payload(0)["view"]["hand"]
    claim = next(c for c in t.session.payload(0)["view"]["claims"] if c["stone"] == 3)
    assert claim["proof"]["why"] == "can_beat" and "G7" in claim["proof"]["cards"]


def test_the_claims_list_is_a_look_at_every_stone():
    k = [s.id for s in LESSONS[0].steps].index("refused")
    t = Tutorial()
    t.load("basics", k)
    t.look(8)
    assert t.status()["state"] == "todo" and t.status()["said"].startswith("Stone 9:")
    for stone in range(9):
        t.look(stone)
    status = t.status()
    assert status["state"] == "done" and status["said"].startswith("Stone 4:")
    t.look(99)
    t.look("3")
    assert len(t.events()) == 10


def test_claims_in_the_lesson_are_proved_the_way_it_says():
    """The proof step is a claim against an incomplete side; the tie step wins a tie by
    completing first; the last two win the game."""
    whys = {}
    for k, step in enumerate(LESSONS[0].steps):
        t = Tutorial()
        t.load("basics", k)
        for action in step.solution:
            _do(t, action)
        for e in t.session.events:
            if e["type"] == "claim":
                whys[step.id] = e["proof"]
            if e["type"] == "round_end":
                whys[step.id + "/end"] = e["reason"]
    assert whys["complete"]["why"] == "stronger"
    assert whys["proof"]["why"] == "cannot_beat"
    assert whys["reveal"]["why"] == "cannot_beat"
    assert whys["tie"]["why"] == "cannot_beat"
    assert whys["tie"]["best"] == whys["tie"]["mine"], "North can still draw level"
    assert whys["three/end"] == "three_adjacent"
    assert whys["five/end"] == "five_stones"


@pytest.mark.parametrize("lang", languages())
def test_every_step_has_its_words_in_every_language(lang):
    session = Session()
    session.settings["lang"] = lang
    words = Words(lang, you=0, computer=1)
    for les in LESSONS:
        assert words.t(f"lesson.{les.id}.title") and words.t(f"lesson.{les.id}.about")
        for step in les.steps:
            for part in ("task", "done", "missed"):
                text = words.t(f"lesson.{les.id}.{step.id}.{part}", **step.params)
                assert text and not re.search(r"\{\w+\}", text), (les.id, step.id, part)
    t = Tutorial(session)
    t.load("basics", 0)
    status = t.status()
    if lang == "de":
        assert "Rot 9" in status["task"] and "Stein 5" in status["task"]
        assert words.t("forms.color_run") == "Königstrupp"
        assert words.t("forms.sum") == "Wilde Horde"
    if lang == "fr":
        assert "le 9 rouge" in status["task"] and "borne 5" in status["task"]
        assert words.t("forms.color_run") == "Suite couleur"
        assert words.t("forms.sum") == "Somme"


def test_the_computers_replies_do_not_depend_on_chance():
    """North is the Easy AI; its request's seed follows from the position, so every run of a
    lesson goes the same way."""
    answers = []
    for _ in range(2):
        t = Tutorial()
        t.load("basics", 0)
        t.session.act(_step("basics", 0).solution[0], 0)
        request = t.session.ai_request()
        assert request and request["level"] == "easy"
        answers.append(choose(request["view"], request["seed"], request["level"]))
    assert answers[0] == answers[1]


def test_a_new_game_ends_the_lesson_and_the_language_is_kept():
    session = Session()
    session.settings["lang"] = "de"
    t = Tutorial(session)
    p = t.load("tactics", 1)
    assert p["settings"]["lang"] == "de" and p["settings"]["opponent"] == "ai"
    assert p["settings"]["autoclaim"] is False
    assert t.active and t.status()["lesson"] == "tactics"
    session.new_game({"opponent": "human"})
    assert not t.active and t.status() is None
    with pytest.raises(ValueError):
        t.load("basics", 99)
    with pytest.raises(ValueError):
        t.load("nope", 0)


def test_a_lesson_game_is_neither_replayed_nor_kept():
    t = Tutorial()
    t.load("basics", 7)  # three adjacent: the game ends
    for action in _step("basics", 7).solution:
        _do(t, action)
    assert t.session.state.step == "over"
    assert t.session.finished_entry() is None
    assert t.session.takeback_start(0) is None


# ------------------------------------------------------------------ the page's calls (app.py)


@pytest.fixture
def app(open_tab):
    """A tab of the page over a stand-in browser (tests/fake_browser.py) and its storage."""
    tab = open_tab()
    return tab, tab.window.localStorage


def _same_save(text, game) -> bool:
    """The same game saved, whatever the tab stamp (web/saves.py: each write is stamped with
    its tab and a new generation)."""

    def unstamped(t):
        return {k: v for k, v in json.loads(t).items() if k not in ("tab", "generation", "at")}

    return isinstance(text, str) and unstamped(text) == unstamped(game)


def _call(app, name, arg=None):
    out = app(name, arg)
    assert out["ok"], out
    return out


def test_a_lesson_keeps_the_game_aside_and_gives_it_back(app):
    app, storage = app
    _call(app, "new_game", {"opponent": "ai", "seed": 5})
    p = _call(
        app, "act", {"action": _call(app, "state", {"seat": 0})["view"]["legal"][0], "seat": 0}
    )
    game = storage.getItem(app.app.SAVE)
    hand = p["view"]["hand"]
    out = _call(app, "lesson_start", {"lesson": "basics"})
    assert out["lesson"]["step"] == 0 and out["lesson"]["state"] == "todo"
    assert storage.getItem(app.app.lessons.aside) == game
    assert storage.getItem(app.app.SAVE) != game  # a reload resumes the lesson's step
    # The step done, the next: still the same game aside.
    _call(app, "act", {"action": _step("basics", 0).solution[0], "seat": 0})
    assert _call(app, "lesson_status")["lesson"]["state"] == "done"
    assert json.loads(storage.getItem(app.app.lessons.progress_key))["at"] == {"basics": 1}
    out = _call(app, "lesson_next")
    assert out["lesson"]["step"] == 1 and storage.getItem(app.app.lessons.aside) == game
    # A reload: Python starts afresh; the lesson resumes at its step, the game still aside.
    app.app.lessons.tutorial.stop()
    out = _call(app, "lesson_resume")
    assert out["lesson"]["lesson"] == "basics" and out["lesson"]["step"] == 1
    assert storage.getItem(app.app.lessons.aside) == game
    # A look at the stones (the claims list) changes nothing here.
    assert _call(app, "lesson_status", {"look": list(range(9))})["lesson"]["state"] == "todo"
    # Leaving gives the game back, exactly.
    out = _call(app, "lesson_leave")
    assert out["restored"] is True and out["view"]["hand"] == hand
    assert _same_save(storage.getItem(app.app.SAVE), game)
    assert storage.getItem(app.app.lessons.aside) is None
    progress = json.loads(storage.getItem(app.app.lessons.progress_key))
    assert progress["active"] is None and progress["at"] == {"basics": 1}
    assert _call(app, "lesson_resume")["lesson"] is None
    listed = _call(app, "lessons")["lessons"]
    assert [(x["id"], x["at"], x["done"]) for x in listed] == [
        ("basics", 1, False),
        ("tactics", None, False),
    ]
    # Started again, the lesson starts where the player was.
    assert _call(app, "lesson_start", {"lesson": "basics"})["lesson"]["step"] == 1


def test_the_last_step_finishes_the_lesson(app):
    app, storage = app
    _call(app, "new_game", {"opponent": "human", "seed": 3})
    game = storage.getItem(app.app.SAVE)
    last = len(LESSONS[1].steps) - 1
    _call(app, "lesson_start", {"lesson": "tactics", "step": last})
    for action in _step("tactics", last).solution:
        _call(app, "act", {"action": action, "seat": 0})
    status = _call(app, "lesson_status")["lesson"]
    assert status["state"] == "done" and status["last"] and status["next"] is None
    assert _call(app, "lesson_next")["finished"] is True
    assert json.loads(storage.getItem(app.app.lessons.progress_key))["done"] == ["tactics"]
    out = _call(app, "lesson_leave")
    assert out["restored"] and out["settings"]["opponent"] == "human"
    assert _same_save(storage.getItem(app.app.SAVE), game)


def test_a_game_dealt_over_a_lesson_ends_it(app):
    app, storage = app
    _call(app, "lesson_start", {"lesson": "basics"})  # nothing to put aside
    assert storage.getItem(app.app.lessons.aside) == ""
    _call(app, "new_game", {"opponent": "ai"})
    assert _call(app, "lesson_status")["lesson"] is None
    assert json.loads(storage.getItem(app.app.lessons.progress_key))["active"] is None
    # That game is the one put aside for the next lesson.
    game = storage.getItem(app.app.SAVE)
    _call(app, "lesson_start", {"lesson": "basics"})
    assert _call(app, "lesson_leave")["restored"] is True
    assert _same_save(storage.getItem(app.app.SAVE), game)
    # A lesson under way whose game put aside was lost: the game saved now is kept.
    storage.setItem(app.app.lessons.progress_key, json.dumps({"active": "basics"}))
    _call(app, "lesson_resume")
    assert _same_save(storage.getItem(app.app.lessons.aside), game)
    assert _call(app, "lesson_leave")["restored"] is True
    assert _same_save(storage.getItem(app.app.SAVE), game)
    # With nothing saved to put aside, leaving deals a fresh game.
    storage.removeItem(app.app.SAVE)
    _call(app, "lesson_start", {"lesson": "basics"})
    out = _call(app, "lesson_leave")
    assert out["restored"] is False and out["view"]["step"] == "play"


def test_bad_lesson_calls_are_refused(app):
    app, _storage = app
    for name, arg in (("lesson_start", {"lesson": "nope"}), ("lesson_next", None)):
        out = app(name, arg)
        assert out["ok"] is False and out["error"]
    # a step out of range starts the lesson from its beginning
    assert _call(app, "lesson_start", {"lesson": "basics", "step": 42})["lesson"]["step"] == 0


def test_a_game_waits_for_the_player_only_when_one_was_in_progress():
    """The lesson's end says "your game in progress is waiting" only when a game with cards
    played was put aside for it; a first visit's untouched deal is none (issue 25)."""
    from lesson_progress import LessonProgress
    from saves import MemoryStore, Saves

    for played in (False, True):
        store = MemoryStore()
        session = Session()
        p = session.new_game({"opponent": "ai", "seed": 3})
        if played:
            session.act(p["view"]["legal"][0], 0)
        saves = Saves(store, "k")
        saves.write(session.save_data())
        progress = LessonProgress(
            session, store, saves, "k", lambda s=saves, g=session: s.write(g.save_data(), True)
        )
        progress.start(LESSONS[0].id, len(LESSONS[0].steps) - 1)
        assert progress.game_waiting() is played


def test_the_page_asks_whether_a_lesson_was_left_open(app):
    # The lessons are a part loaded on first use (web/parts.py): at start the page asks
    # app.py itself whether one was left open, and loads them only then.
    app, storage = app
    assert _call(app, "lesson_open")["open"] is False
    assert app.app.lessons is None  # nothing of the lessons made yet
    _call(app, "lesson_start", {"lesson": "basics"})
    assert _call(app, "lesson_open")["open"] is True
    _call(app, "lesson_leave")
    assert _call(app, "lesson_open")["open"] is False
    storage.setItem(app.app.SAVE + ".lesson", "{not json")  # damaged: none left open
    assert _call(app, "lesson_open")["open"] is False


def test_the_built_first_screen_is_what_the_page_answers_and_hides_nothing(app):
    """lesson-first.json (sitebuild/lesson.py), drawn before Python is ready, is the page's
    own answer to lesson_start in each language: the same view, legal moves and lesson
    status; no card of the computer's hand, no seed."""
    from sitebuild.lesson import first_lesson_payloads

    app, _storage = app
    built = first_lesson_payloads()
    assert sorted(built) == ["de", "en", "fr"]
    _call(app, "new_game", {"opponent": "ai"})  # a first visit's deal, then the lesson
    for lang, payload in built.items():
        _call(app, "set_option", {"name": "lang", "value": lang})
        live = _call(app, "lesson_start", {"lesson": "basics", "step": 0})
        assert payload["view"] == live["view"]
        assert payload["lesson"] == live["lesson"]
        assert payload["seat"] == live["seat"] == 0
        text = json.dumps(payload)
        assert '"seed"' not in text
        for card in position("basics", 0)["hands"][1]:
            assert f'"{card}"' not in text
