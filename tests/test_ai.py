"""The AI levels: legal play in every variant, hidden-card blindness, reproducibility.

Search levels run with small iteration budgets here; strength is measured by
the arena (``python -m tools.arena``, see docs/ai.md), not here.
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from engine import (
    GameError,
    Rules,
    apply,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    view,
)
from engine.actions import action_from_json
from engine.ai import LEVEL_NAMES, LEVELS, STRONGEST, choose, hint, make_agent
from engine.ai.evaluate import CALIBRATIONS, beat_chance, evaluate, round_chance
from engine.ai.medium import TACTIC_COST, scored_plays, tactic_cost
from engine.ai.playout import win_p
from engine.ai.world import Worlds, sample_world
from engine.cards import JOKER, N_CLAN, RUSES
from engine.state import AFTER_PLAY, START_OF_TURN
from tools.arena import main as arena_main
from tools.arena import run, summary, wilson
from tools.calibrate import fit, play_and_record

HARD_TEST_BUDGET = {"iterations": 20}
# Many games: the search runs, but briefly (two candidate moves, one sampled world).
HARD_GAME_BUDGET = {"iterations": 2, "candidates": 2, "reply": 3}
VARIANTS = [(t, c) for t in (False, True) for c in (AFTER_PLAY, START_OF_TURN)]


def random_positions(n_games: int, seed: int = 0, rounds: int = 1):
    """States met in random games of every variant (a few per game)."""
    rng = random.Random(seed)
    for g in range(n_games):
        tactics, timing = VARIANTS[g % 4]
        s = new_game(Rules(tactics=tactics, claim_timing=timing, rounds=rounds), seed=g)
        while not s.over:
            if rng.random() < 0.15:
                yield s
            s = apply(s, rng.choice(legal_actions(s)))


# ---------------------------------------------------------------- hidden worlds


def test_sampled_world_looks_the_same_from_the_seat():
    rng = random.Random(3)
    count = 0
    for s in random_positions(40, rounds=2):
        for p in (0, 1):
            v = view(s, p)
            worlds = Worlds(v)
            for _ in range(2):
                w = worlds.sample(rng)
                assert view(w, p) == v
                # Same cards in play: every card accounted for once.
                assert sorted(w.hands[p]) == sorted(s.hands[p])
                hidden_w = sorted(w.hands[1 - p] + w.decks[0] + w.decks[1])
                hidden_s = sorted(s.hands[1 - p] + s.decks[0] + s.decks[1])
                assert hidden_w == hidden_s
                assert [len(d) for d in w.decks] == [len(d) for d in s.decks]
                count += 1
    assert count > 200


def test_a_sampled_world_is_the_true_state_but_for_the_hidden_cards():
    """Everything public is the true state's: ``played`` and ``claimed`` come from the view.
    (The sampler once guessed them from the step: a pass before the draw step and a claim
    made this turn were guessed wrong, and the stuck-game count went astray.)"""
    rng = random.Random(5)
    guessed_wrong = 0
    for s in random_positions(60, rounds=2):
        for p in (0, 1):
            w = sample_world(view(s, p), rng)
            docs = [position_to_json(s), position_to_json(w)]
            for d in docs:
                d["hands"][1 - p] = d["decks"] = d["seed"] = None
            assert docs[0] == docs[1]
        old_guess = s.step in ("draw", "recruit_draw", "recruit_return") or (
            s.step == "claim" and s.rules.claim_timing == AFTER_PLAY
        )
        guessed_wrong += s.played != old_guess or s.claimed
    assert guessed_wrong > 10


def test_sampled_worlds_differ_and_play_on():
    s = new_game(Rules(tactics=True), seed=11)
    v = view(s, 0)
    a, b = (sample_world(v, random.Random(i)) for i in (1, 2))
    assert a.hands[1] != b.hands[1] or a.decks != b.decks
    for w in (a, b):
        while not w.over:
            w = apply(w, legal_actions(w)[0])


def _quiet_positions(n_games: int):
    """States of seeded random Tactic games with draws from the tactic deck, tactic cards
    that are no ruse and passes favoured, so that hands hold many tactic cards while the
    discard pile is empty (where ``clan_cards_dealt`` and ``turn_order_tactic`` are checked)."""
    for g in range(n_games):
        rng = random.Random(f"worlds/{g}")
        timing = (AFTER_PLAY, START_OF_TURN)[g % 2]
        s = new_game(Rules(tactics=True, claim_timing=timing), seed=g)
        while not s.over:
            if rng.random() < 0.3:
                yield s
            acts = legal_actions(s)
            quiet = [
                a
                for a in acts
                if a.kind == "pass"
                or (a.kind == "draw" and a.deck == 1)
                or N_CLAN <= a.card not in RUSES
            ]
            s = apply(s, rng.choice(quiet if quiet and rng.random() < 0.8 else acts))


def test_every_sampled_world_is_a_position_the_reader_accepts():
    """A sampled world is read back by the position reader as it is (a position link deals
    the hidden cards with it, then reads the whole: engine/gamelink.read_position_link), in
    every variant and with many tactic cards in hand: the sampler gives the hidden hand as
    many clan cards as the true one (the deck sizes fix it), so it keeps the deal's clan
    cards (``clan_cards_dealt``) and every other count the reader checks."""
    rng = random.Random(7)
    read, tight = 0, 0
    states = itertools.chain(random_positions(24, seed=2, rounds=2), _quiet_positions(24))
    for s in states:
        for p in (0, 1):
            worlds = Worlds(view(s, p))
            for _ in range(3):
                w = worlds.sample(rng)
                assert position_from_json(position_to_json(w)) == w
                held = [sum(c < N_CLAN for c in h) for h in (s.hands[1 - p], w.hands[1 - p])]
                assert held[0] == held[1]
                placed = sum(c < N_CLAN for side in w.sides[1 - p :: 2] for c in side)
                tight += w.rules.tactics and not w.discard and held[1] + placed == 7
                read += 1
    assert read > 5000 and tight > 500, (read, tight)


def _two_worlds(v, rng):
    worlds = Worlds(v)
    first = worlds.sample(rng)
    for _ in range(50):
        other = worlds.sample(rng)
        if other.hands[1 - v["player"]] != first.hands[1 - v["player"]]:
            return first, other
    return first, worlds.sample(rng)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_decision_ignores_hidden_cards(level):
    """Two different hidden worlds behind the same view: the same decision for a seed."""
    rng = random.Random(7)
    budget = HARD_TEST_BUDGET if level == "hard" else {}
    checked = 0
    for s in itertools.islice(random_positions(12, seed=5), 0, None, 3):
        p = s.to_move
        v = view(s, p)
        a, b = _two_worlds(v, rng)
        va, vb = view(a, p), view(b, p)
        assert va == vb == v
        assert json.dumps(va, sort_keys=True) == json.dumps(vb, sort_keys=True)
        da = make_agent(level, **budget).choose(va, random.Random(42))
        db = make_agent(level, **budget).choose(vb, random.Random(42))
        assert da == db
        checked += 1
    assert checked >= 5


def test_search_is_reproducible_for_a_seed_and_budget():
    checked = 0
    for s in itertools.islice(random_positions(8, seed=9), 0, None, 4):
        v = view(s, s.to_move)
        first = choose(v, seed=5, level="hard", budget={"iterations": 30})
        assert choose(v, seed=5, level="hard", budget={"iterations": 30}) == first
        assert action_from_json(first) in legal_actions(s)
        checked += 1
    assert checked >= 5


# ---------------------------------------------------------------- the JSON entry points


def test_levels_registered_with_player_names():
    assert {"random", "easy", "medium", "hard"} <= set(LEVELS)
    assert all(level in LEVEL_NAMES for level in LEVELS)
    assert STRONGEST == "hard"


def test_choose_and_hint_return_legal_json_actions():
    s = new_game(Rules(tactics=True), seed=3)
    v = view(s, 0)
    for level in LEVELS:
        a = choose(v, seed=1, level=level, budget=HARD_TEST_BUDGET if level == "hard" else None)
        assert action_from_json(a) in legal_actions(s)
    h = hint(v, seed=1, budget={"iterations": 20})
    assert action_from_json(h) in legal_actions(s)
    # A time budget answers too.
    a = choose(v, seed=1, level="hard", budget={"time": 0.05})
    assert action_from_json(a) in legal_actions(s)


def test_unknown_level_is_refused():
    with pytest.raises(GameError, match="There is no computer level"):
        choose(view(new_game(), 0), level="grandmaster")


def test_choose_refuses_a_view_with_nothing_to_decide():
    with pytest.raises(ValueError):
        choose(view(new_game(), 1), level="medium")


# ---------------------------------------------------------------- evaluation


def test_round_chance_extremes():
    assert round_chance([1.0] * 9) == 1.0
    assert round_chance([0.0] * 9) == 0.0
    assert abs(round_chance([0.5] * 9) - 0.5) < 1e-9
    assert round_chance([1, 1, 1, 0, 0, 0, 0, 0.5, 0.5]) > 0.45  # 3 adjacent already


def test_estimated_strengths_compare_the_right_way_round():
    # Two estimated sums (fuzzy): the higher one is likelier to win, whichever is first,
    # and the two chances add up to one (a table index once wrapped around and inverted this).
    for a, b in ((110, 100), (150, 100), (101, 100), (400, 100)):
        hi = beat_chance([(a, 1.0, True)], [(b, 1.0, True)], 0.5)
        lo = beat_chance([(b, 1.0, True)], [(a, 1.0, True)], 0.5)
        assert hi > 0.5 > lo
        assert hi + lo == pytest.approx(1.0)
    assert beat_chance([(100, 1.0, True)], [(100, 1.0, True)], 0.5) == pytest.approx(0.5)


def test_playout_stone_chance_saturates_for_big_gaps():
    # Far beyond the table's range the stronger side is sure, not back at even.
    assert win_p(900, 0, False, False, False) > 0.999
    assert win_p(0, 900, False, False, False) < 0.001
    assert win_p(200, 0, False, False, False) > win_p(100, 0, False, False, False) > 0.5


def test_calibration_fit_recovers_a_known_slope_and_offset():
    # Outcomes drawn from sigma(0.6 * logit(q) - 0.3): the fit must find those numbers.
    rng = random.Random(3)
    samples = []
    for _ in range(20_000):
        q = rng.uniform(0.02, 0.98)
        p = 1 / (1 + math.exp(-(0.6 * math.log(q / (1 - q)) - 0.3)))
        samples.append((q, rng.random() < p))
    a, b = fit(samples)
    assert a == pytest.approx(0.6, abs=0.05) and b == pytest.approx(-0.3, abs=0.05)
    # A group that separates perfectly stays finite.
    a, b = fit([(0.9, True)] * 10 + [(0.1, False)] * 10)
    assert 1.0 < a < 20 and abs(b) < 5


def test_calibration_samples_come_from_a_real_game():
    rows = play_and_record((("easy", "easy"), 1, 0))
    assert len(rows) > 100
    assert all(0.0 < q < 1.0 and isinstance(won, bool) for _, q, won in rows)
    groups = {g for g, _, _ in rows}
    assert (1, 1) in groups and all(
        g == "mud" or (0 <= g[0] <= 3 and 0 <= g[1] <= 3) for g in groups
    )


def test_evaluate_is_a_chance_and_reads_only_the_seat():
    positions = list(itertools.islice(random_positions(6, seed=2), 20))
    assert len(positions) == 20
    for s in positions:
        for p in (0, 1):
            e = evaluate(s, p)
            assert 0.0 <= e <= 1.0
            w = sample_world(view(s, p), random.Random(1))
            assert evaluate(w, p) == pytest.approx(e)


def _tactics_position_with_joker():
    """A Tactic-variant position, first player to move with a Joker in hand."""
    s = new_game(Rules(tactics=True), seed=5)
    # Swap a clan card in hand for a Joker from the tactic deck (every count stays right).
    s.decks[0].append(s.hands[0][0])
    s.decks[1].remove(JOKER)
    s.hands[0][0] = JOKER
    return s


def test_a_tactic_card_played_is_priced_by_the_given_factor():
    s = _tactics_position_with_joker()
    actions = legal_actions(s)
    joker = next(a for a in actions if a.card == JOKER)
    clan = next(a for a in actions if a.kind == "play" and a.card < N_CLAN)
    assert tactic_cost(joker) == TACTIC_COST[JOKER] and tactic_cost(clan) == 0.0
    assert tactic_cost(joker, 2.0) == pytest.approx(2 * TACTIC_COST[JOKER])
    one = {a: v for v, a in scored_plays(s, 0, len(s.decks[0]), actions)}
    two = {a: v for v, a in scored_plays(s, 0, len(s.decks[0]), actions, tactic_price=2.0)}
    assert two[joker] == pytest.approx(one[joker] - TACTIC_COST[JOKER])
    assert two[clan] == one[clan]


def test_hard_weighs_a_tactic_cards_price():
    # Positions where Hard plays a Joker when it is free: priced out of reach, it never does.
    free_jokers = 0
    for s in itertools.islice(random_positions(40, seed=11), 40):
        if s.step != "play" or JOKER not in s.hands[s.to_move]:
            continue
        v = view(s, s.to_move)
        free = make_agent("hard", iterations=40, tactic_price=0.0).choose(v, random.Random(1))
        if free.card == JOKER:
            free_jokers += 1
            priced = make_agent("hard", iterations=40, tactic_price=100.0)
            assert priced.choose(v, random.Random(1)).card != JOKER
    assert free_jokers >= 2


def test_agents_take_only_their_own_settings():
    assert make_agent("medium", cal=3, tactic_price=2.0).tactic_price == 2.0
    assert make_agent("medium", cal=3).cal is CALIBRATIONS[3]
    assert make_agent("medium", time=1.0).cal is None  # a search budget: not Medium's
    assert make_agent("hard", iterations=5, tactic_price=2.0).tactic_price == 2.0
    with pytest.raises(TypeError):
        make_agent("hard", colour="red")
    # Experiments measured weaker and removed (docs/ai.md: "What has been tried", "Hard
    # against both styles").
    for gone in ("plays", "mix", "paired", "explore", "prior"):
        with pytest.raises(TypeError):
            make_agent("hard", iterations=5, **{gone: 1})


def test_arena_gives_each_side_its_own_settings(capsys):
    assert arena_main(["medium", "medium", "--games", "4", "--a-options", '{"cal": 3}']) == 0
    out = capsys.readouterr().out
    assert 'medium {"cal": 3} vs medium' in out and "all" in out


# ---------------------------------------------------------------- complete games

# Every level plays at least 200 complete games (a game against itself counts for both
# seats), the four variants (base/tactics x claim timings) equally, seats alternated.
PAIRINGS = [
    ("random", "easy", 104),
    ("random", "medium", 48),
    ("easy", "medium", 48),
    ("medium", "medium", 28),
    ("random", "hard", 64),
    ("easy", "hard", 48),
    ("medium", "hard", 48),
    ("hard", "hard", 20),
]


@pytest.mark.parametrize(
    "share",
    [
        pytest.param(8, marks=pytest.mark.slow),
        pytest.param(1, marks=[pytest.mark.slow, pytest.mark.soak]),
    ],
    ids=["sample", "all"],
)
def test_every_level_plays_200_complete_legal_games(share):
    """Seats alternated, base and tactics, both claim timings; apply() checks every action
    (an illegal one stops the run). Counted from the games really played. The suite plays a
    seeded eighth of the games (4 per variant and pairing at least); the soak run
    (``python -m pytest -m soak``, README) all of them, 86 s on two cores."""
    played: dict[str, int] = dict.fromkeys(LEVELS, 0)
    for a, b, all_games in PAIRINGS:
        games = max(4, all_games // share // 4 * 4)
        budgets = tuple(HARD_GAME_BUDGET if lvl == "hard" else None for lvl in (a, b))
        cfg_list, results = run(
            a,
            b,
            games,
            seed=f"test-{a}-{b}",
            tactics="both",
            timing="both",
            budgets=budgets,
            jobs=2,
        )
        assert len(cfg_list) == 4
        assert [sum(1 for r in results if r[0] == i) for i in range(4)] == [games // 4] * 4, (a, b)
        # every game ended with a result, after real play
        assert all(r[1] in (0.0, 0.5, 1.0) and r[4] > 0 for r in results), (a, b)
        played[a] += len(results)
        played[b] += len(results)
    assert min(played.values()) >= {1: 200, 8: 20}[share], played


def test_arena_smoke():
    cfg_list, results = run("easy", "random", 24, seed=1, jobs=1)
    text = summary("easy", "random", cfg_list, results)
    assert "95%" in text and "tactics / start_of_turn" in text
    score = sum(r[1] for r in results) / len(results)
    assert score > 0.8  # easy must beat random clearly even in a few games
    lo, hi = wilson(score * len(results), len(results))
    assert lo <= score <= hi


def test_wilson_interval():
    lo, hi = wilson(75, 100)
    assert 0.65 < lo < 0.75 < hi < 0.83
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_arena_log_sums_up_a_run(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    assert arena_main(["easy", "random", "--games", "4", "--log", str(log)]) == 0
    played = capsys.readouterr().out
    assert len(log.read_text().splitlines()) == 4
    assert arena_main(["easy", "random", "--from-log", str(log)]) == 0
    summed = capsys.readouterr().out
    # The same table, read back from the log.
    assert played.splitlines()[:8] == summed.splitlines()[:8]


def test_arena_run_in_parts_is_the_whole_run(tmp_path, capsys):
    whole, first, rest = (tmp_path / f"{n}.jsonl" for n in ("whole", "first", "rest"))
    assert arena_main(["easy", "medium", "--games", "6", "--log", str(whole)]) == 0
    assert arena_main(["easy", "medium", "--games", "2", "--log", str(first)]) == 0
    assert (
        arena_main(["easy", "medium", "--games", "6", "--from-game", "2", "--log", str(rest)]) == 0
    )
    capsys.readouterr()

    def games(*logs):
        return [
            {k: d[k] for k in ("game", "config", "result")}
            for log in logs
            for d in map(json.loads, log.read_text().splitlines())
        ]

    assert games(first, rest) == games(whole)
    assert [g["game"] for g in games(rest)] == [2, 3, 4, 5]


def test_arena_pairs_two_runs_on_the_same_deals():
    from tools.arena import paired

    mine = [(0, 1.0, [], [], 0), (1, 1.0, [], [], 0), (2, 0.0, [], [], 0), (3, 0.5, [], [], 0)]
    other = [(0, 1.0, [], [], 0), (1, 0.0, [], [], 0), (2, 0.0, [], [], 0), (3, 0.5, [], [], 0)]
    out = paired(mine, other)
    # Differences 0, +1, 0, 0: mean +25%, sd 0.5, half-width 1.96 * 0.5 / 2 = 49%.
    assert "62.5% here, 37.5% in the other log, difference +25.0% ± 49.0%" in out
    assert "1 games ended differently" in out
    # The same games seen from the opponent's seat (a log of B A) give the same comparison.
    flipped = [(c, 1 - r, [], [], 0) for c, r, *_ in other]
    assert paired(mine, flipped, flip=True) == out


def test_ladder_fit_and_ratings():
    from tools.ladder import elo, fit, ratings

    # 30 wins to 10 (one virtual draw added): 400 log10(30.5 / 10.5) Elo points.
    games = [(1, 0, 1.0)] * 30 + [(1, 0, 0.0)] * 10
    assert elo(fit(2, games))[1] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=0.5)
    table = ratings(
        ["a", "b", "c"],
        {
            ("a", "b"): [0.0] * 8 + [1.0] * 2,
            ("b", "c"): [0.0] * 7 + [0.5] * 2 + [1.0],
            ("a", "c"): [0.0] * 10,
        },
    )
    assert table[0][0] == 0 and table[0][0] < table[1][0] < table[2][0]
    assert all(lo <= e <= hi for e, lo, hi in table)


def test_ladder_reads_a_pairing_played_the_other_way_round(tmp_path, capsys):
    from tools.ladder import main as ladder_main

    assert (
        arena_main(["easy", "random", "--games", "4", "--log", str(tmp_path / "easy-random.jsonl")])
        == 0
    )
    capsys.readouterr()
    assert ladder_main(["--levels", "random,easy", "--games", "4", "--logs", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "Elo" in out
    assert not (tmp_path / "random-easy.jsonl").exists()  # read back, not played again
