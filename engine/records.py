"""JSON documents: game records (options + seed + actions) and positions.

A record replays a whole match exactly. A position describes any moment of a
game, hidden cards included, so puzzles, bug reports and tests can start from
it. Both formats are documented in ``docs/formats.md``.

>>> from engine.state import new_game
>>> s = new_game(seed=5)
>>> position_from_json(position_to_json(s)) == s
True
"""

from __future__ import annotations

import json
import random

from .actions import IllegalAction, action_from_json, action_to_json
from .cards import ELITES, JOKER, MODES, N_CLAN, TACTIC_DECK, card_text, parse_card
from .rules import CAPACITY
from .state import OVER, PLAY, STEPS, Outcome, Rules, State, deal_round, new_game
from .turn import apply, apply_events

RECORD_FORMAT = "schotten-totten/record"
POSITION_FORMAT = "schotten-totten/position"
VERSION = 1


class FormatError(ValueError):
    """A record or position document that cannot be read; the message says where."""


# ---------------------------------------------------------------- records

def record_to_json(rules: Rules, seed, actions, deal: dict | None = None) -> dict:
    out = {"format": RECORD_FORMAT, "version": VERSION, "rules": rules.to_json(), "seed": seed}
    if deal is not None:
        out["deal"] = {"hands": [[card_text(c) for c in h] for h in deal["hands"]],
                       "deck": [card_text(c) for c in deal["deck"]],
                       "tactic_deck": [card_text(c) for c in deal.get("tactic_deck", [])]}
    out["actions"] = [action_to_json(a) for a in actions]
    return out


def _header(data, fmt: str) -> None:
    if not isinstance(data, dict):
        raise FormatError(f"expected a JSON object with \"format\": \"{fmt}\"")
    if data.get("format") != fmt:
        raise FormatError(f"not a {fmt} document (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise FormatError(f"unsupported {fmt} version {data.get('version')!r} "
                          f"(this engine reads version {VERSION})")


def _seed(data) -> int | str:
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise FormatError(f"'seed' must be a number or a string, not {seed!r}")
    return seed


def _cards(value, where: str) -> list[int]:
    if not isinstance(value, list):
        raise FormatError(f"{where} must be a list of cards like [\"R7\", \"Joker\"]")
    try:
        return [parse_card(c) for c in value]
    except ValueError as e:
        raise FormatError(f"{where}: {e}") from None


def replay(record) -> tuple[State, list]:
    """Check and replay a record: ``(final state, actions)``; errors name the action number."""
    state, actions, _ = _replay(record, False)
    return state, actions


def replay_events(record) -> tuple[State, list, list]:
    """``replay``, with the events of each action: ``(final state, actions, events)``,
    ``events[i]`` the full events of ``actions[i]`` (see ``engine.events``)."""
    return _replay(record, True)


def _replay(record, with_events: bool) -> tuple[State, list, list]:
    _header(record, RECORD_FORMAT)
    try:
        rules = Rules.from_json(record.get("rules", {}))
    except (TypeError, ValueError) as e:
        raise FormatError(str(e) if str(e).startswith("rules") else f"rules: {e}") from None
    deal = None
    if "deal" in record:
        d = record["deal"]
        if not isinstance(d, dict):
            raise FormatError("'deal' must be an object with hands, deck, tactic_deck")
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise FormatError("deal: 'hands' must hold two lists of cards")
        deal = {"hands": [_cards(hands[0], "deal.hands[0]"), _cards(hands[1], "deal.hands[1]")],
                "deck": _cards(d.get("deck", []), "deal.deck"),
                "tactic_deck": _cards(d.get("tactic_deck", []), "deal.tactic_deck")}
        _check_accounting(rules, deal["hands"], deal["deck"], deal["tactic_deck"], [], [], [])
    state = new_game(rules, _seed(record), deal)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise FormatError("'actions' must be a list")
    done, events = [], []
    for i, data in enumerate(actions):
        try:
            a = action_from_json(data)
            if with_events:
                state, ev = apply_events(state, a)
                events.append(ev)
            else:
                state = apply(state, a)
        except IllegalAction as e:
            raise FormatError(f"action {i + 1} ({json.dumps(data)}): {e}") from None
        done.append(a)
    return state, done, events


# ---------------------------------------------------------------- positions

def position_to_json(state: State) -> dict:
    """The whole state, hidden cards included (decks listed bottom first, top last)."""
    return {
        "format": POSITION_FORMAT, "version": VERSION,
        "rules": state.rules.to_json(), "seed": state.seed,
        "round": state.round, "scores": state.scores[:], "round_starter": state.round_starter,
        "history": [list(h) for h in state.history],
        "to_move": state.to_move, "step": state.step,
        "hands": [[card_text(c) for c in h] for h in state.hands],
        "decks": {"clan": [card_text(c) for c in state.decks[0]],
                  "tactic": [card_text(c) for c in state.decks[1]]},
        "stones": [{"sides": [[card_text(c) for c in state.sides[2 * s + q]] for q in (0, 1)],
                    "mode": None if state.modes[s] < 0 else card_text(state.modes[s]),
                    "owner": None if state.owner[s] < 0 else state.owner[s],
                    "done_at": [state.done_at[2 * s], state.done_at[2 * s + 1]]}
                   for s in range(9)],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:], "joker_played": state.joker_played[:],
        "tick": state.tick, "played": state.played, "claimed": state.claimed,
        "draws_left": state.draws_left, "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _player(value, where: str, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if value not in (0, 1) or isinstance(value, bool):
        raise FormatError(f"{where} must be 0 (South) or 1 (North), not {value!r}")
    return value


def _whole(value, where: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (
            hi is not None and value > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise FormatError(f"{where} must be a whole number {span}, not {value!r}")
    return value


def _flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(f"{where} must be true or false, not {value!r}")
    return value


def _two(value, where: str, read) -> list:
    """A [South, North] pair, each item checked by ``read(item, where)``."""
    if not isinstance(value, list) or len(value) != 2:
        raise FormatError(f"{where} must be a list of two values [South, North], not {value!r}")
    return [read(v, f"{where}[{q}]") for q, v in enumerate(value)]


def _history(value) -> tuple:
    if not isinstance(value, list):
        raise FormatError("'history' must be a list of [winner, reason, stones, stones]")
    out = []
    for i, h in enumerate(value):
        if not isinstance(h, list) or len(h) != 4 or not isinstance(h[1], str):
            raise FormatError(f"history[{i}] must be [winner, reason, stones, stones]")
        out.append((_player(h[0], f"history[{i}] winner", allow_none=True), h[1],
                    _whole(h[2], f"history[{i}] stones", 0, 9),
                    _whole(h[3], f"history[{i}] stones", 0, 9)))
    return tuple(out)


def _outcome(value) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("reason", ""), str):
        raise FormatError("'outcome' must be an object "
                          "{\"winner\": 0, 1 or null, \"reason\": text}")
    return Outcome(_player(value.get("winner"), "outcome.winner", allow_none=True),
                   value.get("reason", ""))


def _check_accounting(rules, hands, clan_deck, tactic_deck, sides, modes, discard) -> None:
    """Every card exactly once: 54 clan cards (+ the 10 tactic cards in the variant)."""
    seen: dict[int, int] = {}
    for group in [*hands, clan_deck, tactic_deck, *sides, modes, discard]:
        for c in group:
            seen[c] = seen.get(c, 0) + 1
    expected = {c: 1 for c in range(N_CLAN)}
    if rules.tactics:
        for c in TACTIC_DECK:
            expected[c] = expected.get(c, 0) + 1
    for c in sorted(set(seen) | set(expected)):
        have, want = seen.get(c, 0), expected.get(c, 0)
        if have != want:
            what = "is not in this game" if want == 0 else (
                "is missing" if have < want else "appears too often")
            raise FormatError(f"card accounting: {card_text(c)} {what} "
                              f"({have} found, {want} expected)")


def position_from_json(data) -> State:
    """Read a position. Omitted fields take sensible defaults (see docs/formats.md)."""
    _header(data, POSITION_FORMAT)
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (TypeError, ValueError) as e:
        raise FormatError(str(e) if str(e).startswith("rules") else f"rules: {e}") from None
    seed = _seed(data)
    s = State.__new__(State)
    s.rules, s.seed = rules, seed
    deal_round(s, 1, rules.starter, {"hands": [[], []], "deck": []})
    s.round = _whole(data.get("round", 1), "round", 1, 99)
    s.scores = _two(data.get("scores", [0, 0]), "scores", _whole)
    s.round_starter = _player(data.get("round_starter", rules.starter), "round_starter")
    s.history = _history(data.get("history", []))
    s.to_move = _player(data.get("to_move", s.round_starter), "to_move")
    s.step = data.get("step", PLAY)
    if s.step not in STEPS:
        raise FormatError(f"'step' must be one of {', '.join(STEPS)}, not {s.step!r}")
    hands = data.get("hands", [[], []])
    if not isinstance(hands, list) or len(hands) != 2:
        raise FormatError("'hands' must hold two lists of cards")
    s.hands = [sorted(_cards(hands[0], "hands[0]")), sorted(_cards(hands[1], "hands[1]"))]
    stones = data.get("stones", [])
    if not isinstance(stones, list) or len(stones) > 9:
        raise FormatError("'stones' must be a list of at most 9 stones")
    stones = stones + [{}] * (9 - len(stones))
    explicit = set()
    for i, st in enumerate(stones):
        if not isinstance(st, dict):
            raise FormatError(f"stones[{i}] must be an object")
        sides = st.get("sides", [[], []])
        if not isinstance(sides, list) or len(sides) != 2:
            raise FormatError(f"stones[{i}].sides must hold two lists of cards")
        for q in (0, 1):
            s.sides[2 * i + q] = _cards(sides[q], f"stones[{i}].sides[{q}]")
            for c in s.sides[2 * i + q]:
                if not (c < N_CLAN or c in ELITES):
                    raise FormatError(f"stones[{i}].sides[{q}]: {card_text(c)} is not a troop")
        mode = st.get("mode")
        if mode is not None:
            m = _cards([mode], f"stones[{i}].mode")[0]
            if m not in MODES:
                raise FormatError(f"stones[{i}].mode must be BlindMansBluff or MudFight")
            s.modes[i] = m
        owner = _player(st.get("owner"), f"stones[{i}].owner", allow_none=True)
        s.owner[i] = -1 if owner is None else owner
        cap = CAPACITY[s.modes[i]]
        for q in (0, 1):
            if len(s.sides[2 * i + q]) > cap:
                raise FormatError(f"stones[{i}].sides[{q}] holds more than {cap} cards")
        if "done_at" in st:
            explicit.add(i)
            s.done_at[2 * i], s.done_at[2 * i + 1] = _two(st["done_at"], f"stones[{i}].done_at",
                                                          _whole)
            for q in (0, 1):   # the engine relies on: non-zero exactly when complete
                if bool(s.done_at[2 * i + q]) != (len(s.sides[2 * i + q]) == cap):
                    raise FormatError(f"stones[{i}].done_at[{q}] must be 0 for an incomplete "
                                      f"side and a tick above 0 for a complete one")
    ticks = [t for t in s.done_at if t]
    if len(set(ticks)) != len(ticks):
        raise FormatError("done_at: two complete sides cannot share a completion tick")
    # Complete sides without done_at were completed next, in stone order, South first.
    s.tick = max(s.done_at) + 1
    for i in range(18):
        if i // 2 not in explicit and len(s.sides[i]) == CAPACITY[s.modes[i // 2]]:
            s.done_at[i] = s.tick
            s.tick += 1
    s.tick = _whole(data.get("tick", s.tick), "tick", max(s.done_at) + 1)
    s.discard = _cards(data.get("discard", []), "discard")
    modes = [m for m in s.modes if m >= 0]
    decks = data.get("decks")
    on_table = [c for side in s.sides for c in side]
    if decks is None:   # the rest, shuffled by the seed
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
            raise FormatError("'decks' must be an object {\"clan\": [...], \"tactic\": [...]}")
        s.decks = [_cards(decks.get("clan", []), "decks.clan"),
                   _cards(decks.get("tactic", []), "decks.tactic")]
    _check_accounting(rules, s.hands, s.decks[0], s.decks[1], s.sides, modes, s.discard)
    s.faceup = 0
    for c in on_table + s.discard:
        if c < N_CLAN:
            s.faceup |= 1 << c
    elites = [[c for i in range(9) for c in s.sides[2 * i + q] if c >= N_CLAN] for q in (0, 1)]
    s.tactics_played = _two(data.get("tactics_played", [len(elites[0]), len(elites[1])]),
                            "tactics_played", _whole)
    s.joker_played = _two(data.get("joker_played", [JOKER in elites[0], JOKER in elites[1]]),
                          "joker_played", _flag)
    s.played = _flag(data.get("played", False), "played")
    s.claimed = _flag(data.get("claimed", False), "claimed")
    s.draws_left = _whole(data.get("draws_left", 0), "draws_left", 0, 3)
    s.returns_left = _whole(data.get("returns_left", 0), "returns_left", 0, 2)
    s.passes = _whole(data.get("passes", 0), "passes")
    s.outcome = _outcome(data.get("outcome"))
    if s.outcome is None and s.step == OVER:
        raise FormatError("a position whose step is 'over' needs an 'outcome'")
    return s


def loads(text: str):
    """Parse JSON text, turning a syntax error into a one-line ``FormatError``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


