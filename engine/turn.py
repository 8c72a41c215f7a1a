"""The turn machine: ``apply`` (checked) and ``apply_fast`` (in place, trusted), one path.

A turn is a small state machine: ``play`` (or pass), ``claim`` (any number, then
``done``), ``draw`` (only when there is a real choice of deck). Under the Expert
claim timing the ``claim`` step comes first. Steps with nothing to decide are taken
automatically (no claim provable, a single deck to draw from).

Given a list, ``apply_fast`` also tells what happened in it as events (``engine.events``):
the checked ``apply_events`` and replays pass one, search passes none and pays nothing.

>>> from engine.state import new_game
>>> from engine.legality import legal_actions
>>> s = new_game(seed=3)
>>> t, events = apply_events(s, legal_actions(s)[0])
>>> t.to_move, s.to_move        # apply never mutates its input
(1, 0)
>>> [e["type"] for e in events]
['play', 'draw', 'turn']
"""

from __future__ import annotations

import random
from bisect import insort

from .actions import DISCARD, Action, Kind
from .cards import (
    BANSHEE,
    ELITES,
    JOKER,
    MODES,
    MUD,
    N_CLAN,
    RECRUITER,
    STRATEGIST,
    card_text,
    deck_of,
)
from .claims import can_claim_fast, claim_proof
from .events import DECKS, declared_json
from .legality import check
from .rules import (
    CAPACITY,
    Reason,
    match_winner,
    next_round_starter,
    round_points,
    stuck_result,
    win_shape,
)
from .state import AFTER_PLAY, Outcome, State, Step, deal_round, shuffle_cards

# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_KIND_PLAY, _KIND_CLAIM, _KIND_DRAW, _KIND_DONE = Kind.PLAY, Kind.CLAIM, Kind.DRAW, Kind.DONE
_KIND_PASS, _KIND_RETURN = Kind.PASS, Kind.RETURN
_STEP_PLAY, _STEP_CLAIM, _STEP_DRAW = Step.PLAY, Step.CLAIM, Step.DRAW


def apply(state: State, action: Action, player: int | None = None) -> State:
    """The state after ``action``; raises ``IllegalAction`` and leaves ``state`` untouched."""
    check(state, action, player)
    s = state.copy()
    apply_fast(s, action)
    return s


def apply_events(state: State, action: Action, player: int | None = None) -> tuple:
    """``apply``, and the events of what happened (their full form: see ``engine.events``)."""
    check(state, action, player)
    s = state.copy()
    events: list = []
    apply_fast(s, action, events)
    return s, events


# ---------------------------------------------------------------- the fast path


def _place(state: State, p: int, s: int, card: int) -> None:
    state.proofs[2 * s] = state.proofs[2 * s + 1] = None
    side = state.sides[2 * s + p]
    side.append(card)
    if card < N_CLAN:
        state.faceup |= 1 << card
    if len(side) == CAPACITY[state.modes[s]]:
        state.done_at[2 * s + p] = state.tick
        state.tick += 1


def _remove(state: State, p: int, s: int, card: int) -> None:
    state.proofs[2 * s] = state.proofs[2 * s + 1] = None
    state.sides[2 * s + p].remove(card)
    state.done_at[2 * s + p] = 0  # a side a card leaves is incomplete again


def apply_fast(state: State, a: Action, ev: list | None = None) -> None:
    """Apply a legal action in place. Trusts its caller: feed it only ``legal_actions``.

    With a list ``ev``, appends the events of the action and of the steps it set off.
    """
    kind = a.kind
    p = state.to_move
    if kind == _KIND_PLAY:
        card = a.card
        state.hands[p].remove(card)
        state.played = True
        if card < N_CLAN:  # _place, inlined: this is most moves
            s = a.stone
            proofs = state.proofs
            proofs[2 * s] = proofs[2 * s + 1] = None
            side = state.sides[2 * s + p]
            side.append(card)
            state.faceup |= 1 << card
            if len(side) == CAPACITY[state.modes[s]]:
                state.done_at[2 * s + p] = state.tick
                state.tick += 1
            if ev is not None:
                ev.append({"type": "play", "player": p, "card": card_text(card), "stone": s})
        else:
            state.tactics_played[p] += 1
            if ev is not None:
                e = {"type": "play", "player": p, "card": card_text(card)}
                if card != RECRUITER:
                    e["stone"] = a.stone
                ev.append(e)
            if card in ELITES:
                if card == JOKER:
                    state.joker_played[p] = True
                _place(state, p, a.stone, card)
                if ev is not None and state.done_at[2 * a.stone + p]:
                    ev[-1]["declared"] = declared_json(state, a.stone, p)
            elif card in MODES:
                s = a.stone
                state.modes[s] = card
                state.proofs[2 * s] = state.proofs[2 * s + 1] = None
                if card == MUD:  # sides of 3 are no longer complete
                    reopened = [
                        q
                        for q in (0, 1)
                        if state.done_at[2 * s + q] and len(state.sides[2 * s + q]) < 4
                    ]
                    for q in reopened:
                        state.done_at[2 * s + q] = 0
                    if ev is not None and reopened:
                        ev[-1]["reopened"] = reopened
            elif card == RECRUITER:
                state.discard.append(card)
                state.step = Step.RECRUIT_DRAW
                state.draws_left = 3
                _recruit_auto(state, ev)
                return
            else:
                s, t = a.stone, a.target
                if card == STRATEGIST:
                    _remove(state, p, s, t)
                    if a.to == DISCARD:
                        state.discard.append(t)
                    else:
                        _place(state, p, a.to, t)
                    whose = p
                else:  # Banshee and Traitor act on the opponent's side
                    whose = 1 - p
                    _remove(state, whose, s, t)
                    if card == BANSHEE:
                        state.discard.append(t)
                    else:
                        _place(state, p, a.to, t)
                if ev is not None:
                    to = "discard" if card == BANSHEE or a.to == DISCARD else a.to
                    ev.append(
                        {
                            "type": "move",
                            "player": p,
                            "card": card_text(t),
                            "stone": s,
                            "side": whose,
                            "to": to,
                        }
                    )
                state.discard.append(card)
        _after_play(state, ev)
    elif kind == _KIND_CLAIM:
        if ev is not None:
            ev.append(
                {
                    "type": "claim",
                    "player": p,
                    "stone": a.stone,
                    "proof": claim_proof(state, p, a.stone),
                    "declared": declared_json(state, a.stone, p),
                }
            )
        _claim(state, p, a.stone, ev)
    elif kind == _KIND_DRAW:
        if ev is None:
            insort(state.hands[p], state.decks[a.deck].pop())
        else:
            _draw(state, p, a.deck, False, ev)
        if state.step == Step.RECRUIT_DRAW:
            state.draws_left -= 1
            _recruit_auto(state, ev)
        else:
            _end_turn(state, ev, True)
    elif kind == _KIND_DONE:
        if ev is not None:
            ev.append({"type": "claims_done", "player": p})
        _claims_done(state, ev)
    elif kind == _KIND_PASS:
        state.played = False
        if ev is not None:
            ev.append({"type": "pass", "player": p})
        _after_play(state, ev)
    elif kind == _KIND_RETURN:
        card = a.card
        state.hands[p].remove(card)
        deck = deck_of(card)  # a remote game returns the opponent's card as its back
        state.decks[deck].insert(0, card)  # bottom of its own deck
        state.returns_left -= 1
        if ev is not None:
            ev.append({"type": "return", "player": p, "deck": DECKS[deck], "card": card_text(card)})
        if state.returns_left == 0:
            _after_play(state, ev)
    elif kind == Kind.NEXT_ROUND:
        deal_round(state, state.round + 1, state.to_move)
        if ev is not None:
            ev.append({"type": "round_start", "round": state.round, "player": state.to_move})


def reshuffle(state: State, seed, ev: list | None = None) -> None:
    """Chance, in place: shuffle each deck again (a take-back does this, so that a card drawn
    and taken back is not known to come next). The order comes from ``seed`` alone, so a
    record that holds the seed replays it."""
    rng = random.Random(f"schotten-totten/reshuffle/{seed}")
    for deck in state.decks:
        shuffle_cards(deck, rng.getrandbits)
    if ev is not None:
        ev.append({"type": "shuffle"})


def _draw(state: State, p: int, deck: int, auto: bool, ev) -> None:
    card = state.decks[deck].pop()
    insort(state.hands[p], card)
    if ev is not None:
        ev.append(
            {
                "type": "draw",
                "player": p,
                "deck": DECKS[deck],
                "card": card_text(card),
                "auto": auto,
            }
        )


def _recruit_auto(state: State, ev=None) -> None:
    """Recruiter: draw while there is a choice to make; then return 2 cards."""
    hand = state.hands[state.to_move]
    decks = state.decks
    while state.draws_left > 0 and (decks[0] or decks[1]):
        if decks[0] and decks[1]:
            return  # the player chooses
        _draw(state, state.to_move, 0 if decks[0] else 1, True, ev)
        state.draws_left -= 1
    state.draws_left = 0
    state.returns_left = min(2, len(hand))
    state.step = Step.RECRUIT_RETURN
    if state.returns_left == 0:
        _after_play(state, ev)


def _after_play(state: State, ev=None) -> None:
    p = state.to_move
    if state.rules.claim_timing == AFTER_PLAY and any_claim(state, p):
        state.step = _STEP_CLAIM
    else:
        _to_draw(state, ev)


def any_claim(state: State, p: int) -> bool:
    """Whether player ``p`` can prove any stone now."""
    # can_claim_fast, with its cached verdicts read inline: this runs after every play.
    done, owner, proofs, faceup = state.done_at, state.owner, state.proofs, state.faceup
    for i in range(p, 18, 2):
        if done[i]:
            known = proofs[i]
            if known is True:
                if owner[i >> 1] < 0:
                    return True
                continue
            if known is not None and not known & faceup:
                continue
            if owner[i >> 1] < 0 and can_claim_fast(state, p, i >> 1):
                return True
    return False


def _claims_done(state: State, ev=None) -> None:
    if state.rules.claim_timing == AFTER_PLAY:
        _to_draw(state, ev)
    else:
        state.step = _STEP_PLAY


def _to_draw(state: State, ev=None) -> None:
    p = state.to_move
    decks = state.decks
    hand = state.hands[p]
    drew = False
    if len(hand) < state.rules.hand_size:
        clan, tactic = decks
        if clan and tactic:
            state.step = _STEP_DRAW
            return
        if clan or tactic:
            if ev is None:  # _draw, inlined for search
                insort(hand, (clan or tactic).pop())
            else:
                _draw(state, p, 0 if clan else 1, True, ev)
            drew = True
    _end_turn(state, ev, drew)


def _end_turn(state: State, ev=None, drew: bool = False) -> None:
    """End the turn. ``passes`` counts the turns in a row with nothing played, claimed or
    drawn: at two, if nobody can claim, the game is stuck (house rule)."""
    p = state.to_move
    if state.played or state.claimed or drew:
        state.passes = 0
    else:
        state.passes += 1
        if state.passes >= 2 and not any_claim(state, 0) and not any_claim(state, 1):
            _end_stuck(state, ev)
            return
    q = 1 - p
    state.to_move = q
    state.played = state.claimed = False
    if state.rules.claim_timing != AFTER_PLAY and any_claim(state, q):
        state.step = _STEP_CLAIM
    else:
        state.step = _STEP_PLAY
    if ev is not None:
        ev.append({"type": "turn", "player": q})


def _claim(state: State, p: int, s: int, ev=None) -> None:
    state.owner[s] = p
    state.claimed = True
    shape = win_shape(state.owner, p)
    if shape:
        _end_round(state, p, shape, ev)
    elif not any_claim(state, p):
        _claims_done(state, ev)


def _end_stuck(state: State, ev=None) -> None:
    """House rule: both passed in succession and nobody can claim."""
    awards = []
    for s in range(9):
        if state.owner[s] < 0:
            cap = CAPACITY[state.modes[s]]
            full = [len(state.sides[2 * s + q]) == cap for q in (0, 1)]
            if full[0] != full[1]:
                state.owner[s] = 0 if full[0] else 1
                awards.append({"stone": s, "player": state.owner[s]})
    if ev is not None:
        ev.append({"type": "stuck", "awards": awards})
    winner, reason = stuck_result(state.owner)
    _end_round(state, winner, reason, ev)


def _end_round(state: State, winner, reason: Reason, ev=None) -> None:
    state.outcome = Outcome(winner, reason)
    stones = (state.owner.count(0), state.owner.count(1))
    points = round_points(winner, stones)
    for q in (0, 1):
        state.scores[q] += points[q]
    state.history = state.history + ((winner, reason, stones[0], stones[1]),)
    if state.round < state.rules.rounds:
        state.step = Step.ROUND_OVER
        state.to_move = next_round_starter(state.rules, state.round_starter, winner)
    else:
        state.step = Step.OVER
    if ev is not None:
        ev.append(
            {
                "type": "round_end",
                "round": state.round,
                "winner": winner,
                "reason": str(reason),
                "stones": list(stones),
                "points": list(points),
                "scores": state.scores[:],
            }
        )
        if state.step == Step.OVER:
            ev.append(
                {
                    "type": "match_end",
                    "winner": match_winner(state.scores),
                    "scores": state.scores[:],
                    "rounds": state.round,
                }
            )
