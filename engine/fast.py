"""The fast path for search and benchmarks: in-place play with no checks.

Everything here trusts its caller, like ``turn.apply_fast``: feed it states
from the engine and actions it lists. ``random_action`` draws uniformly from
``legal_actions(state)`` (taking a claim first, when one is provable) without
building the whole list: in the play step it counts the options and builds
only the tactic-card part when that is the one drawn. ``play_out`` plays the
same actions with the same random draws as repeated ``random_action`` and
``apply_fast`` (tests check it move for move), with the common moves inlined.

>>> import random
>>> from engine.state import new_game
>>> s = new_game(seed=4)
>>> play_out(s, random.Random(4)).step
<Step.OVER: 'over'>
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort

from .actions import DONE_ACTION, PASS_ACTION, Kind
from .cards import N_CLAN
from .claims import can_claim_fast
from .legality import CLAIMS as _CLAIMS
from .legality import DRAWS as _DRAWS
from .legality import PLACE as _PLACE
from .legality import legal_actions, tactic_actions
from .rules import CAPACITY
from .state import AFTER_PLAY, State, Step
from .turn import any_claim, apply_fast

# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_STEP_PLAY, _STEP_CLAIM, _STEP_DRAW, _STEP_OVER = Step.PLAY, Step.CLAIM, Step.DRAW, Step.OVER
_KIND_CLAIM = Kind.CLAIM


def random_action(state: State, rng: random.Random):
    """A uniformly random legal action, or the first provable claim."""
    step = state.step
    p = state.to_move
    if step == _STEP_PLAY:
        hand = state.hands[p]
        owner, modes, sides = state.owner, state.modes, state.sides
        # rules.rooms, inlined (the search's fast path)
        rooms = [s for s, i in _SEATS[p] if owner[s] < 0 and len(sides[i]) < CAPACITY[modes[s]]]
        n = len(rooms)
        if hand and hand[-1] < N_CLAN:  # sorted: no tactic card in hand
            if n:  # every (card, stone) pair is legal: sample the product
                i = rng.randrange(len(hand) * n)
                return _PLACE[hand[i // n]][rooms[i % n]]
            rng.randrange(1)  # the list is [pass]: draw as from it
            return PASS_ACTION
        # legal_actions lists clan plays (card by card, stone by stone), then the
        # tactic cards' options in hand order, then pass if no clan card can go.
        k = bisect_left(hand, N_CLAN)  # clan cards in hand, all distinct
        tacts = []
        if state.tactics_played[p] <= state.tactics_played[1 - p]:  # rules.may_play_tactic
            last = -1
            for card in hand[k:]:
                if card != last:
                    last = card
                    tacts += tactic_actions(state, p, card, rooms)
        clan = k * n
        i = rng.randrange(clan + len(tacts) + (0 if clan else 1))
        if i < clan:
            return _PLACE[hand[i // n]][rooms[i % n]]
        i -= clan
        return tacts[i] if i < len(tacts) else PASS_ACTION
    if step == _STEP_CLAIM:
        # legal_actions lists the provable claims in stone order, then done.
        done = state.done_at
        for s in range(9):
            if done[2 * s + p] and can_claim_fast(state, p, s):
                return _CLAIMS[s]
        return DONE_ACTION
    acts = legal_actions(state)
    if acts[0].kind == _KIND_CLAIM:
        return acts[0]
    return acts[rng.randrange(len(acts))]


# (stone, index into sides) for each player's seats.
_SEATS = tuple(tuple((s, 2 * s + p) for s in range(9)) for p in (0, 1))


def play_out(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end of the match in place with ``random_action``; returns it.

    Same moves as ``apply_fast(state, random_action(state, rng))`` in a loop: clan
    plays, the turn end and draws are inlined, and each player's open stones are
    kept between moves (dropped whenever anything but a clan play happens).
    """
    # randrange(n) is _randbelow(n) for n > 0: the same draws, one call less.
    randbelow = getattr(rng, "_randbelow", None) or rng.randrange
    while state.step != _STEP_OVER:
        hands, sides, owner, modes = state.hands, state.sides, state.owner, state.modes
        proofs, done, decks = state.proofs, state.done_at, state.decks
        after = state.rules.claim_timing == AFTER_PLAY
        size = state.rules.hand_size
        rooms: list[list[int] | None] = [None, None]
        # Each player's complete sides of unclaimed stones, in stone order: where
        # any_claim and the claim step look (the other sides cannot be claimed).
        comp = [[i for i in range(p, 18, 2) if done[i] and owner[i >> 1] < 0] for p in (0, 1)]
        while True:
            step = state.step
            p = state.to_move
            if step == _STEP_PLAY:
                hand = hands[p]
                if hand and hand[-1] < N_CLAN:
                    r = rooms[p]
                    if r is None:
                        r = rooms[p] = [
                            s
                            for s in range(9)
                            if owner[s] < 0 and len(sides[2 * s + p]) < CAPACITY[modes[s]]
                        ]  # rules.rooms, inlined
                    if r:
                        # turn.apply_fast for a clan card, inlined
                        n = len(r)
                        i = randbelow(len(hand) * n)
                        card = hand.pop(i // n)
                        s = r[i % n]
                        state.played = True
                        proofs[2 * s] = proofs[2 * s + 1] = None
                        i = 2 * s + p
                        side = sides[i]
                        side.append(card)
                        faceup = state.faceup = state.faceup | 1 << card
                        if len(side) == CAPACITY[modes[s]]:
                            done[i] = state.tick
                            state.tick += 1
                            r.remove(s)
                            insort(comp[p], i)
                        # _after_play, _to_draw and _end_turn for the common case
                        if after:
                            for i in comp[p]:  # any_claim, inlined
                                known = proofs[i]
                                if known is not None and known is not True and not known & faceup:
                                    continue
                                if known is True or can_claim_fast(state, p, i >> 1):
                                    break
                            else:
                                i = -1
                            if i >= 0:
                                state.step = _STEP_CLAIM
                                continue
                        if len(hand) < size:
                            clan_deck, tactic_deck = decks
                            if clan_deck and tactic_deck:
                                state.step = _STEP_DRAW
                                continue
                            if clan_deck or tactic_deck:
                                insort(hand, (clan_deck or tactic_deck).pop())
                        state.passes = 0
                        q = 1 - p
                        state.to_move = q
                        state.played = state.claimed = False
                        state.step = (
                            _STEP_CLAIM if not after and any_claim(state, q) else _STEP_PLAY
                        )
                        continue
            elif step == _STEP_CLAIM:
                for i in comp[p]:
                    if can_claim_fast(state, p, i >> 1):
                        s = i >> 1
                        apply_fast(state, _CLAIMS[s])
                        for lst in (rooms[0], rooms[1]):
                            if lst is not None and s in lst:
                                lst.remove(s)
                        for lst in comp:
                            if 2 * s in lst:
                                lst.remove(2 * s)
                            if 2 * s + 1 in lst:
                                lst.remove(2 * s + 1)
                        break
                else:
                    apply_fast(state, DONE_ACTION)
                if (
                    state.step == _STEP_CLAIM
                    or state.step == _STEP_PLAY
                    or state.step == _STEP_DRAW
                ):
                    continue
                break  # the round is over
            elif step == _STEP_DRAW and decks[0] and decks[1]:
                apply_fast(state, _DRAWS[randbelow(2)])
                continue
            apply_fast(state, random_action(state, rng))
            break  # anything else may change the table, or deal a new round
    return state
