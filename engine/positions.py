"""Positions: any moment of a game as JSON, hidden cards included, so puzzles, lessons, bug
reports and tests can start from it (``docs/formats.md``, "Positions").

``position_from_json`` reads one field by field here and then as a whole
(``engine.position_checks``): any position it returns is one a game can reach.

>>> from engine.state import new_game
>>> s = new_game(seed=5)
>>> position_from_json(position_to_json(s)) == s
True
"""

from __future__ import annotations

import random

from .actions import shown
from .cards import ELITES, JOKER, MODES, N_CLAN, TACTIC_DECK, card_text
from .documents import (
    VERSION,
    check_accounting,
    check_deck_kinds,
    known_keys,
    read_cards,
    read_flag,
    read_header,
    read_player,
    read_seed,
    read_two,
    read_whole,
)
from .errors import FormatError
from .position_checks import check_position, check_result, read_reason
from .rules import CAPACITY, next_round_starter, round_points, round_starter_of, within_tactic_limit
from .state import Outcome, Rules, State, Step, deal_round

POSITION_FORMAT = "schotten-totten/position"
# The keys each object of a position may hold: any other is refused by name.
POSITION_KEYS = (
    "format",
    "version",
    "rules",
    "seed",
    "round",
    "scores",
    "round_starter",
    "history",
    "to_move",
    "step",
    "hands",
    "decks",
    "stones",
    "discard",
    "tactics_played",
    "joker_played",
    "tick",
    "played",
    "claimed",
    "draws_left",
    "returns_left",
    "passes",
    "outcome",
)
STONE_KEYS = ("sides", "mode", "owner", "done_at")
DECK_KEYS = ("clan", "tactic")
OUTCOME_KEYS = ("winner", "reason")


def position_to_json(state: State) -> dict:
    """The whole state, hidden cards included (decks listed bottom first, top last)."""
    return {
        "format": POSITION_FORMAT,
        "version": VERSION,
        "rules": state.rules.to_json(),
        "seed": state.seed,
        "round": state.round,
        "scores": state.scores[:],
        "round_starter": state.round_starter,
        "history": [[w, str(r), a, b] for w, r, a, b in state.history],
        "to_move": state.to_move,
        "step": str(state.step),
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "decks": {
            "clan": [card_text(c) for c in state.decks[0]],
            "tactic": [card_text(c) for c in state.decks[1]],
        },
        "stones": [
            {
                "sides": [[card_text(c) for c in state.sides[2 * s + q]] for q in (0, 1)],
                "mode": None if state.modes[s] < 0 else card_text(state.modes[s]),
                "owner": None if state.owner[s] < 0 else state.owner[s],
                "done_at": [state.done_at[2 * s], state.done_at[2 * s + 1]],
            }
            for s in range(9)
        ],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:],
        "joker_played": state.joker_played[:],
        "tick": state.tick,
        "played": state.played,
        "claimed": state.claimed,
        "draws_left": state.draws_left,
        "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _history(value) -> tuple:
    """The results of the rounds so far: ``(winner, reason, stones, stones)`` each."""
    if not isinstance(value, list):
        raise FormatError("history_not_list")
    out = []
    for i, h in enumerate(value):
        where = f"history[{i}]"
        if not isinstance(h, list) or len(h) != 4 or not isinstance(h[1], str) or not h[1]:
            raise FormatError("bad_history_entry", where=where)
        winner = read_player(h[0], f"{where}[0]", allow_none=True)
        a = read_whole(h[2], f"{where}[2]", 0, 9)
        b = read_whole(h[3], f"{where}[3]", 0, 9 - a)
        out.append((winner, check_result(winner, h[1], (a, b), where), a, b))
    return tuple(out)


def _outcome(value) -> Outcome | None:
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or "winner" not in value
        or not isinstance(value.get("reason"), str)
        or not value["reason"]
    ):
        raise FormatError("bad_outcome")
    known_keys(value, OUTCOME_KEYS, "outcome")
    winner = read_player(value["winner"], "outcome.winner", allow_none=True)
    return Outcome(winner, read_reason(value["reason"], "outcome"))


def position_from_json(data) -> State:
    """Read a position, checked field by field and as a whole (see docs/formats.md).

    Omitted fields take sensible defaults; any position it returns is one the game can
    reach, so the engine can go on from it: it refuses, with a ``FormatError`` naming the
    field, a key it does not know, a value of the wrong type, a card missing or doubled,
    a step that contradicts the hands, the decks, the counters or the stones, a claim no
    proof allows, tactic counts the plays cannot give, and a history, scores or outcome
    that disagree with each other or with the stones."""
    read_header(data, POSITION_FORMAT)
    known_keys(data, POSITION_KEYS, "position", "unknown_position_key")
    rules = Rules.from_json(data.get("rules", {}))
    seed = read_seed(data.get("seed", 0))
    s = State.__new__(State)
    s.rules, s.seed = rules, seed
    deal_round(s, 1, rules.starter, {"hands": [[], []], "deck": []})
    s.round = read_whole(data.get("round", 1), "round", 1, rules.rounds)
    s.history = _history(data.get("history", []))
    step = data.get("step", "play")
    if not isinstance(step, str) or step not in tuple(Step):
        raise FormatError("bad_step", steps=", ".join(Step), value=shown(step))
    s.step = Step(step)
    s.outcome = _outcome(data.get("outcome"))
    # Defaults from the history: the points it gives, who started this round, who is next.
    points = [0, 0]
    for w, _, a, b in s.history:
        got = round_points(w, (a, b))
        points = [points[0] + got[0], points[1] + got[1]]
    s.scores = read_two(data.get("scores", points), "scores", read_whole)
    s.round_starter = read_player(
        data.get("round_starter", round_starter_of(rules, s.history[: s.round - 1])),
        "round_starter",
    )
    mover = s.round_starter
    if s.step == Step.ROUND_OVER and s.outcome is not None:
        mover = next_round_starter(rules, s.round_starter, s.outcome.winner)
    s.to_move = read_player(data.get("to_move", mover), "to_move")
    hands = data.get("hands", [[], []])
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("hands_not_two")
    s.hands = [sorted(read_cards(hands[0], "hands[0]")), sorted(read_cards(hands[1], "hands[1]"))]
    _stones(s, data.get("stones", []))
    s.tick = read_whole(data.get("tick", s.tick), "tick", max(s.done_at) + 1)
    s.discard = read_cards(data.get("discard", []), "discard")
    modes = [m for m in s.modes if m >= 0]
    decks = data.get("decks")
    on_table = [c for side in s.sides for c in side]
    if decks is None:  # the rest, shuffled by the seed
        counts: dict[int, int] = {}
        for c in [*s.hands[0], *s.hands[1], *on_table, *modes, *s.discard]:
            counts[c] = counts.get(c, 0) + 1
        rng = random.Random(f"schotten-totten/position/{seed}")
        clan = [c for c in range(N_CLAN) if c not in counts]
        pool = list(TACTIC_DECK) if rules.tactics else []
        tactic = []
        for c in pool:
            if counts.get(c, 0) > 0:
                counts[c] -= 1
            else:
                tactic.append(c)
        rng.shuffle(clan)
        rng.shuffle(tactic)
        s.decks = [clan, tactic]
    else:
        if not isinstance(decks, dict):
            raise FormatError("decks_not_object")
        known_keys(decks, DECK_KEYS, "decks")
        s.decks = [
            read_cards(decks.get("clan", []), "decks.clan"),
            read_cards(decks.get("tactic", []), "decks.tactic"),
        ]
        check_deck_kinds(s.decks[0], s.decks[1], "decks.clan", "decks.tactic")
    check_accounting(rules, s.hands, s.decks[0], s.decks[1], s.sides, modes, s.discard)
    s.faceup = 0
    for c in on_table + s.discard:
        if c < N_CLAN:
            s.faceup |= 1 << c
    _tactics_played(s, data)
    s.played = read_flag(data.get("played", False), "played")
    s.claimed = read_flag(data.get("claimed", False), "claimed")
    s.draws_left = read_whole(data.get("draws_left", 0), "draws_left", 0, 3)
    s.returns_left = read_whole(data.get("returns_left", 0), "returns_left", 0, 2)
    s.passes = read_whole(data.get("passes", 0), "passes")
    check_position(s)
    return s


def _stones(s: State, stones) -> None:
    """The stones: sides, combat modes, owners, and when each complete side was completed."""
    if not isinstance(stones, list) or len(stones) > 9:
        raise FormatError("stones_not_list")
    stones = stones + [{}] * (9 - len(stones))
    explicit = set()
    for i, st in enumerate(stones):
        where = f"stones[{i}]"
        if not isinstance(st, dict):
            raise FormatError("not_an_object", where=where)
        known_keys(st, STONE_KEYS, where)
        sides = st.get("sides", [[], []])
        if not isinstance(sides, list) or len(sides) != 2:
            raise FormatError("sides_not_two", where=f"{where}.sides")
        for q in (0, 1):
            s.sides[2 * i + q] = read_cards(sides[q], f"{where}.sides[{q}]")
            for c in s.sides[2 * i + q]:
                if not (c < N_CLAN or c in ELITES):
                    raise FormatError("not_a_troop", where=f"{where}.sides[{q}]", card=card_text(c))
        mode = st.get("mode")
        if mode is not None:
            m = read_cards([mode], f"{where}.mode")[0]
            if m not in MODES:
                raise FormatError("bad_mode", where=f"{where}.mode")
            s.modes[i] = m
        owner = read_player(st.get("owner"), f"{where}.owner", allow_none=True)
        s.owner[i] = -1 if owner is None else owner
        cap = CAPACITY[s.modes[i]]
        for q in (0, 1):
            if len(s.sides[2 * i + q]) > cap:
                raise FormatError("side_too_full", where=f"{where}.sides[{q}]", capacity=cap)
        if "done_at" in st:
            explicit.add(i)
            s.done_at[2 * i], s.done_at[2 * i + 1] = read_two(
                st["done_at"], f"{where}.done_at", read_whole
            )
            for q in (0, 1):  # the engine relies on: non-zero exactly when complete
                if bool(s.done_at[2 * i + q]) != (len(s.sides[2 * i + q]) == cap):
                    raise FormatError("bad_done_at", where=f"{where}.done_at[{q}]")
    ticks = [t for t in s.done_at if t]
    if len(set(ticks)) != len(ticks):
        raise FormatError("shared_tick")
    # Complete sides without done_at were completed next, in stone order, South first.
    s.tick = max(s.done_at) + 1
    for i in range(18):
        if i // 2 not in explicit and len(s.sides[i]) == CAPACITY[s.modes[i // 2]]:
            s.done_at[i] = s.tick
            s.tick += 1
    for q in (0, 1):
        if sum(s.sides[2 * i + q].count(JOKER) for i in range(9)) > 1:
            raise FormatError("two_jokers", player=q)


def _tactics_played(s: State, data: dict) -> None:
    """``joker_played`` and ``tactics_played``, checked against what each player has surely
    played (the elite troops on their side, which an opponent cannot put there) and against
    what both have (every tactic card on the table or in the discard pile was played)."""
    mine = [[c for i in range(9) for c in s.sides[2 * i + q] if c >= N_CLAN] for q in (0, 1)]
    jokers_on = [JOKER in mine[0], JOKER in mine[1]]
    # By default a discarded Joker was played by a player with no Joker on the table, the
    # player to move last (the one whose turn is next had the last one before).
    default_jp = jokers_on[:]
    for _ in range(s.discard.count(JOKER)):
        for q in (1 - s.to_move, s.to_move):
            if not default_jp[q]:
                default_jp[q] = True
                break
    jp = read_two(data.get("joker_played", default_jp), "joker_played", read_flag)
    for q in (0, 1):
        if jokers_on[q] and not jp[q]:
            raise FormatError("joker_on_table", index=q, player=q)
    jokers_out = jokers_on.count(True) + s.discard.count(JOKER)
    if jp.count(True) > jokers_out:
        raise FormatError("jokers_too_many", n=jp.count(True), out=jokers_out)
    if jp.count(True) < jokers_out:  # a Joker gets out of a hand only by being played
        raise FormatError("jokers_unplayed", n=jp.count(True), out=jokers_out)
    least = [len(mine[q]) + (jp[q] and not jokers_on[q]) for q in (0, 1)]
    out = (
        len(mine[0])
        + len(mine[1])
        + sum(m >= 0 for m in s.modes)
        + sum(c >= N_CLAN for c in s.discard)
    )
    # The default: each player's own, and the rest shared so that the limit holds; the
    # player to move gets the smaller share (they may then play a tactic card).
    default = least[:]
    for _ in range(out - sum(least)):
        q = 0 if default[0] < default[1] else 1 if default[1] < default[0] else 1 - s.to_move
        default[q] += 1
    tp = read_two(data.get("tactics_played", default), "tactics_played", read_whole)
    for q in (0, 1):
        if tp[q] < least[q]:
            raise FormatError(
                "tactics_too_few" if least[q] == len(mine[q]) else "tactics_too_few_joker",
                index=q,
                least=least[q],
                player=q,
            )
    if not s.rules.tactics and tp != [0, 0]:
        raise FormatError("tactics_base", value=shown(tp))
    if sum(tp) < out:
        raise FormatError("tactics_unplayed", n=sum(tp), out=out)
    if not within_tactic_limit(tp):
        raise FormatError("tactics_limit", a=tp[0], b=tp[1])
    if sum(tp) > out:  # a tactic card played stays on the table or in the discard pile
        raise FormatError("tactics_exceed", n=sum(tp), out=out)
    s.joker_played, s.tactics_played = jp, tp
