"""Shared test helpers: compact positions, card accounting, a reference strength, random play.

The reference functions here are written from RULES.md, independently of the engine, so
that tests compare the engine against a second implementation rather than against itself.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import combinations, product
from pathlib import Path

from engine import (
    Action,
    Rules,
    apply,
    apply_fast,
    legal_actions,
    new_game,
    parse_card,
    position_from_json,
    position_to_json,
)
from engine.cards import JOKER, MODES, N_CLAN, RUSES, TACTIC_DECK, card_text, is_troop

DATA = Path(__file__).parent / "data"

# ---------------------------------------------------------------- cards and positions


def C(text: str) -> list[int]:
    """``C("R7 B8 Joker")`` -> card codes."""
    return [parse_card(t) for t in text.split()]


def c1(text: str) -> int:
    return parse_card(text)


def doc(
    rules=None,
    hands=("", ""),
    stones=None,
    discard="",
    decks=None,
    rest_to_discard=False,
    rest_won_by=None,
    **fields,
) -> dict:
    """A position document from compact text.

    ``stones`` maps a stone index to ``(south, north)`` card texts, optionally followed by a
    dict with ``mode``/``owner``/``done_at``. Omitted decks are filled by the engine with the
    remaining cards. ``decks`` is ``(clan, tactic)`` card texts, bottom first, top last;
    ``rest_to_discard`` puts every card not placed elsewhere on the discard pile (in a Tactic
    game, where the pile holds only the ruses and the troops they discarded, on the table
    instead: ``on_table``; ``rest_won_by`` a player: that player's side wins every stone the
    rest fills on both sides, so that the other has nothing more to claim).

    With decks omitted, a hand given short is topped up from the cards left, clan cards first,
    the highest codes first, as a game's draws would have refilled it: while a deck has cards
    a hand is short only between its play and its draw (the position reader refuses it
    otherwise, ``hand_short``). Hand cards are unseen like the decks', so no claim's proof
    changes; a test that needs a short hand gives the decks (or ``rest_to_discard``).
    """
    rules = rules or Rules()
    if decks is None and not rest_to_discard:
        hands = _refilled(rules, hands, stones, discard, fields)
    if rest_to_discard and rules.tactics:
        stones, discard = _rest_on_table(hands, stones, discard, decks, rest_won_by)
    elif rest_to_discard:
        used = [*hands, discard, *(decks or ())]
        for south, north, *more in (stones or {}).values():
            used += [south, north, (more[0].get("mode") or "") if more else ""]
        discard = (
            " ".join(_texts(discard))
            + " "
            + rest_of(" ".join(" ".join(_texts(u)) for u in used), rules.tactics)
        )
    out = {
        "format": "schotten-totten/position",
        "version": 1,
        "rules": rules.to_json(),
        "hands": [_texts(hands[0]), _texts(hands[1])],
        "discard": _texts(discard),
    }
    st = [{} for _ in range(9)]
    for i, spec in (stones or {}).items():
        south, north, *more = spec
        st[i] = {"sides": [_texts(south), _texts(north)]}
        if more:
            st[i].update(more[0])
    out["stones"] = st
    if decks is not None:
        out["decks"] = {"clan": _texts(decks[0]), "tactic": _texts(decks[1])}
    out.update(fields)
    return out


def _rest_on_table(hands, stones, discard, decks, won_by=None) -> tuple:
    """``stones`` and ``discard`` of a Tactic position with every card no field holds placed
    as a game could have left it (``doc``'s ``rest_to_discard``, by ``on_table``)."""
    used = [*hands, discard, *(decks or ())]
    for south, north, *more in (stones or {}).values():
        used += [south, north, (more[0].get("mode") or "") if more else ""]
    rest = rest_of(" ".join(" ".join(_texts(u)) for u in used), True)
    return on_table(stones, rest, discard, won_by)


def on_table(stones, cards, discard="", won_by=None) -> tuple:
    """``(stones, discard)`` of a Tactic position with ``cards`` (text) face up where a game
    could have left them: the ruses in the discard pile, the combat modes and the troops on
    the stones ``stones`` leaves empty, three troops a side (four with Mud Fight), one Joker a
    side at most, and what finds no room in the pile, at most as many troops as the Banshee
    and Strategist there let a game discard (the two are put there when they are needed and
    ``cards`` does not hold them). Face up either way, so no claim's proof changes. With
    ``won_by`` a player, that player's side is the stronger on every stone filled on both
    sides (the two sides swapped where needed)."""
    stones = dict(stones or {})
    rest = C(cards) if isinstance(cards, str) else list(cards)
    discard_cards = _texts(discard) + [card_text(c) for c in rest if c in RUSES]
    modes = [c for c in rest if c in MODES]
    # The Jokers last, or with ``won_by`` first: two on one stone, whose sides may then swap.
    troops = sorted(
        (c for c in rest if is_troop(c)), key=lambda c: ((c == JOKER) ^ (won_by is not None), c)
    )
    free = [i for i in range(9) if i not in stones]
    sides: dict = {i: ([], []) for i in free}
    mode_of = {i: card_text(modes.pop()) for i in free[::-1] if modes}
    joker_side = [any("Joker" in _texts(spec[q]) for spec in stones.values()) for q in (0, 1)]
    slots = [(i, q) for i in free for q in (0, 1)]
    overflow = []
    for c in troops:
        for i, q in slots:
            room = (4 if mode_of.get(i) == "MudFight" else 3) - len(sides[i][q])
            if room and not (c == JOKER and joker_side[q]):
                sides[i][q].append(card_text(c))
                joker_side[q] |= c == JOKER
                break
        else:
            overflow.append(card_text(c))  # a Banshee's or a Strategist's
    for ruse in ("Banshee", "Strategist")[: len(overflow)]:
        if ruse not in discard_cards:
            discard_cards.append(ruse)
    assert len(overflow) <= 2, f"no game leaves {len(rest)} cards face up around {stones}"
    for i in free if won_by is not None else ():
        cap = 4 if mode_of.get(i) == "MudFight" else 3
        if len(sides[i][0]) == len(sides[i][1]) == cap:
            blind = mode_of.get(i) == "BlindMansBluff"
            mine, theirs = (
                ref_strength(C(" ".join(sides[i][q])), blind) for q in (won_by, 1 - won_by)
            )
            # A tie goes to South, whose side is completed first.
            if mine < theirs or (mine == theirs and won_by == 1):
                here = ["Joker" in sides[i][q] for q in (0, 1)]
                elsewhere = [joker_side[q] and not here[q] for q in (0, 1)]
                if not any(elsewhere[q] and here[1 - q] for q in (0, 1)):  # one Joker a side
                    sides[i] = sides[i][::-1]
                    joker_side = [elsewhere[q] or here[1 - q] for q in (0, 1)]
    for i in free:
        south, north = sides[i]
        if south or north or i in mode_of:
            more = {"mode": mode_of[i]} if i in mode_of else {}
            stones[i] = (" ".join(south), " ".join(north), more)
    return stones, " ".join(discard_cards + overflow)


def _refilled(rules, hands, stones, discard, fields) -> tuple:
    """``hands`` with each short one topped up from the cards no other field holds (``doc``)."""
    used = [*hands, discard]
    for south, north, *more in (stones or {}).values():
        used += [south, north, (more[0].get("mode") or "") if more else ""]
    left = sorted(C(rest_of(" ".join(" ".join(_texts(u)) for u in used), rules.tactics)))
    left.sort(key=lambda c: (c >= N_CLAN, -c))  # clan cards first, the highest first
    step = fields.get("step", "play")
    mover = fields.get("to_move", fields.get("round_starter", rules.starter))
    if step in ("recruit_draw", "recruit_return"):
        return hands
    out = []
    for q, hand in enumerate(hands):
        cards = _texts(hand)
        want = rules.hand_size
        if q == mover and (step == "draw" or (step == "claim" and fields.get("played"))):
            want -= 1  # played, not drawn yet
        while len(cards) < want and left:
            cards.append(card_text(left.pop(0)))
        out.append(cards)
    return tuple(out)


def decks_left(d: dict) -> dict:
    """The decks of position document ``d`` holding every card no other field of it holds
    (clan cards in code order, the tactic deck in ``TACTIC_DECK`` order, bottom first)."""
    used = [*d["hands"], d.get("discard", [])]
    for st in d.get("stones", []):
        used += [*st.get("sides", ([], [])), [st["mode"]] if st.get("mode") else []]
    tactics = d.get("rules", {}).get("tactics", False)
    left = Counter(C(rest_of(" ".join(" ".join(_texts(u)) for u in used), tactics)))
    tactic = []
    for c in TACTIC_DECK:  # the two Jokers are one code
        if left[c]:
            left[c] -= 1
            tactic.append(card_text(c))
    return {"clan": [card_text(c) for c in sorted(left.elements()) if c < N_CLAN], "tactic": tactic}


def position(*args, **kwargs):
    """``position_from_json(doc(...))``: a State from compact text."""
    return position_from_json(doc(*args, **kwargs))


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return list(value)


def rest_of(used: str, tactics: bool = False) -> str:
    """Every card (clan, and tactic with ``tactics``) not in ``used``, as text."""
    left = Counter(range(N_CLAN))
    if tactics:
        left.update(TACTIC_DECK)
    left.subtract(C(used))
    assert all(n >= 0 for n in left.values()), f"a card is used twice in {used!r}"
    return " ".join(card_text(c) for c in sorted(left.elements()))


def play(card: str, stone: int = -1, target: str | None = None, to: int = -1) -> Action:
    return Action("play", c1(card), stone, -1 if target is None else c1(target), to)


def claim(stone: int) -> Action:
    return Action("claim", stone=stone)


PASS = Action("pass")
DONE = Action("done")
NEXT_ROUND = Action("next_round")


def draw(deck: int) -> Action:
    return Action("draw", deck=deck)


def ret(card: str) -> Action:
    return Action("return", card=c1(card))


def snapshot(state):
    """Everything about a state, twice over: its key and its full JSON document."""
    return state.key(), json.dumps(position_to_json(state), sort_keys=True)


# ---------------------------------------------------------------- accounting


def expected_cards(rules) -> Counter:
    want = Counter(range(N_CLAN))
    if rules.tactics:
        want.update(TACTIC_DECK)
    return want


def card_locations(state) -> Counter:
    have = Counter()
    for group in (*state.hands, *state.decks, *state.sides, state.discard):
        have.update(group)
    have.update(m for m in state.modes if m >= 0)
    return have


_ALL = {False: list(range(N_CLAN)), True: sorted([*range(N_CLAN), *TACTIC_DECK])}


def check_accounting(state) -> None:
    """Every card exactly once; the face-up mask is the clan cards on the table + discard."""
    cards = [
        *state.hands[0],
        *state.hands[1],
        *state.decks[0],
        *state.decks[1],
        *state.discard,
        *(m for m in state.modes if m >= 0),
    ]
    faceup = 0
    for side in state.sides:
        cards += side
        for c in side:
            if c < N_CLAN:
                faceup |= 1 << c
    cards.sort()
    if cards != _ALL[state.rules.tactics]:
        have, want = card_locations(state), expected_cards(state.rules)
        raise AssertionError(
            f"cards missing {sorted((want - have).elements())}, "
            f"extra {sorted((have - want).elements())}"
        )
    for c in state.discard:
        if c < N_CLAN:
            faceup |= 1 << c
    assert state.faceup == faceup, "faceup mask differs from the cards on the table + discard"


# ---------------------------------------------------------------- reference strength

_OPTIONS = {
    "Joker": [(c, v) for c in range(6) for v in range(1, 10)],
    "Spy": [(c, 7) for c in range(6)],
    "ShieldBearer": [(c, v) for c in range(6) for v in (1, 2, 3)],
}


def _options(card: int):
    if card < N_CLAN:
        return [(card // 9, card % 9 + 1)]
    return _OPTIONS[card_text(card)]


def ref_rank(pairs) -> int:
    """5 Color-Run, 4 N of a kind, 3 Color, 2 Run, 1 Sum (RULES.md, 'Formations')."""
    values = sorted(v for _, v in pairs)
    one_colour = len({c for c, _ in pairs}) == 1
    consecutive = values == list(range(values[0], values[0] + len(values)))
    if one_colour and consecutive:
        return 5
    if len(set(values)) == 1:
        return 4
    if one_colour:
        return 3
    if consecutive:
        return 2
    return 1


def ref_strength(cards, blind: bool = False) -> int:
    """Best rank * 100 + total over every declaration of the elite troops."""
    best = -1
    for pairs in product(*(_options(c) for c in cards)):
        total = sum(v for _, v in pairs)
        best = max(best, total if blind else ref_rank(pairs) * 100 + total)
    return best


def ref_best_completion(fixed, n: int, blind: bool, unseen_cards) -> int | None:
    """Brute force: the best strength ``fixed`` reaches with ``n`` cards from ``unseen_cards``."""
    k = n - len(fixed)
    best = None
    for combo in combinations(sorted(unseen_cards), k):
        s = ref_strength(list(fixed) + list(combo), blind)
        if best is None or s > best:
            best = s
    return best


# ---------------------------------------------------------------- random play


def random_game(rules, seed: int, max_steps: int = 3000, on_step=None):
    """Play a seeded random game with the checked ``apply``; return (final state, actions)."""
    state = new_game(rules, seed)
    rng = random.Random(f"moves/{seed}")
    actions = []
    for i in range(max_steps):
        if state.over:
            return state, actions
        acts = legal_actions(state)
        assert acts, f"no legal action at step {i} ({state.step}) of seed {seed}"
        a = rng.choice(acts)
        if on_step is not None:
            on_step(state, acts, a, i)
        state = apply(state, a)
        actions.append(a)
    raise AssertionError(f"seed {seed}: the game did not end in {max_steps} steps")


def sample_states(rules, seed: int, every: int) -> list:
    """The states before every ``every``-th action of a seeded random game."""
    states = []
    random_game(rules, seed, on_step=lambda s, acts, a, i: i % every == 0 and states.append(s))
    return states


def fast_copy_apply(state, action):
    t = state.copy()
    apply_fast(t, action)
    return t


# ---------------------------------------------------------------- what a view may show

TOKEN = re.compile(r"[A-Za-z0-9]+")


def hidden_texts(state, player):
    """Card texts in the opponent's hand or a deck that are face up nowhere for ``player``
    (``None``: a spectator, for whom both hands are hidden)."""
    others = (0, 1) if player is None else (1 - player,)
    own = [] if player is None else state.hands[player]
    hidden = {
        card_text(c)
        for c in [*(c for q in others for c in state.hands[q]), *state.decks[0], *state.decks[1]]
    }
    seen = {
        card_text(c)
        for c in [
            *own,
            *state.discard,
            *(c for side in state.sides for c in side),
            *(m for m in state.modes if m >= 0),
        ]
    }
    return hidden - seen


def visible_tokens(v) -> set:
    """Every word in the view, except the witness cards of claim proofs and what elite
    troops are declared as.

    Those two name cards the rules let anyone work out from the table (a completion from the
    unseen cards; the colour/value an elite troop is resolved as), so they may spell a hidden
    card's text without revealing where it is: ``test_view_depends_only_on_what_the_
    player_may_know`` checks them.
    """
    v = json.loads(json.dumps(v))
    for c in v["claims"]:
        c["proof"].pop("cards", None)
    for stone in v["stones"]:
        for side in stone["sides"]:
            for d in side.get("declared", ()):
                d.pop("as")
    return set(TOKEN.findall(json.dumps(v)))


def resample(state, player, rng):
    """The same game as ``player`` sees it: the opponent's hand and the decks reshuffled."""
    t = state.copy()
    other = 1 - player
    hand = t.hands[other]
    for deck, is_kind in ((0, lambda c: c < N_CLAN), (1, lambda c: c >= N_CLAN)):
        mine = [c for c in hand if is_kind(c)]
        pool = mine + t.decks[deck]
        rng.shuffle(pool)
        t.decks[deck] = pool[len(mine) :]
        hand = [c for c in hand if not is_kind(c)] + pool[: len(mine)]
    t.hands[other] = sorted(hand)
    return t
