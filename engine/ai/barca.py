"""Barca: a sparring partner of another kind, for the arena only (not offered at the table).

Written from the published description of "Deep Barca" for Battle Line (McCulloch et
al., MAICS 2017), and sharing no code with ``evaluate.py``'s model:

* for each side of each stone, every way it may still be completed (the cards it
  still needs, taken from the player's hand and from the cards that player has not
  seen), each with the chance that the player gets those cards in time: a card in
  hand ``HAND``, an unseen card the chance it is in the deck and drawn by this player
  (for the opponent also the chance it is already in their hand);
* the strongest formation the side will reach, as a distribution (the completions in
  order of strength, each taken if it comes and nothing stronger did);
* the chance of winning each stone from the two distributions (a side that cannot be
  completed loses to one that is);
* the chance of winning the round from the nine stones (three adjacent or five), by a
  dynamic programme over the stones in order, treating them as independent;
* optionally (``playouts``) a few Monte Carlo playouts of its best moves to the end of
  the round, in worlds dealt from its view, both players playing by the same measure
  at one ply, mixed with the static value.

Every move is the legal play (or pass) with the highest chance of winning the round
after it, less a small price for spending a tactic card. Claims are made at once.

>>> import random
>>> from engine import new_game, view
>>> BarcaAgent().choose(view(new_game(seed=3), 0), random.Random(1)).kind
<Kind.PLAY: 'play'>
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from ..actions import Action, Kind
from ..cards import BLIND, ELITES, N_CLAN, RECRUITER, VALUE_OF
from ..formations import strength
from ..legality import legal_actions
from ..rules import CAPACITY
from ..state import Step
from ..turn import apply_fast
from .base import Agent, legal
from .medium import claim_or_done
from .world import Worlds

HAND = 0.85  # a card in hand ends up where it is wanted
DRAWN = 0.45  # share of the deck a player draws in time to matter (of its half+)
TACTIC_PRICE = 0.04  # chance of the round given up to spend a tactic card
WIDE_POOL = 14  # cards tried for a Mud side or under Fog (too many combinations)
TOP_MOVES = 4  # moves given playouts (with ``playouts``)


def _pool(hand, unseen, p_hand: float, p_unseen: float):
    """``[(card, chance)]``: the cards a side may be completed with."""
    return [(c, p_hand) for c in hand if c < N_CLAN or c in ELITES] + [
        (c, p_unseen) for c in unseen
    ]


def reach(side, n: int, blind: bool, pool) -> list:
    """``[(strength, chance the side ends at least this strong)]``, strongest first."""
    need = n - len(side)
    if need <= 0:
        return [(strength(side, blind), 1.0)]
    if len(pool) < need:
        return []
    if n != 3 or blind:
        pool = sorted(pool, key=lambda x: (-x[1], -(VALUE_OF[x[0]] if x[0] < N_CLAN else 9)))
        pool = pool[:WIDE_POOL]
    logs: dict = {}
    base = tuple(side)
    for combo in combinations(pool, need):
        prob = 1.0
        for _, q in combo:
            prob *= q
        if prob < 1e-4:
            continue
        st = strength(base + tuple(c for c, _ in combo), blind)
        # Each completion comes independently with its chance: keep log of "none came".
        logs[st] = logs.get(st, 0.0) + (math.log1p(-prob) if prob < 1.0 else -50.0)
    out = []
    acc = 0.0
    for st in sorted(logs, reverse=True):
        acc += logs[st]
        out.append((st, 1.0 - math.exp(acc)))
    return out


def stone_chance(mine: list, theirs: list, my_first: bool) -> float:
    """Chance my side ends stronger (ties to who completed first, else half)."""
    if not mine:
        return 0.5 if not theirs else 0.0 if theirs[-1][1] > 0.999 else 0.5 * (1.0 - theirs[-1][1])
    # Distributions from cumulative reach: P(= st) = reach(st) - reach(stronger).
    total = 0.0
    j = 0
    t_cum_above = 0.0  # P(theirs > current st)
    prev = 0.0
    nt = len(theirs)
    for st, cum in mine:
        pm = cum - prev
        prev = cum
        while j < nt and theirs[j][0] > st:
            t_cum_above = theirs[j][1]
            j += 1
        t_eq = 0.0
        if j < nt and theirs[j][0] == st:
            t_eq = theirs[j][1] - t_cum_above
        t_below = 1.0 - t_cum_above - t_eq
        total += pm * (t_below + (1.0 if my_first else 0.5) * t_eq)
    # My side never completes: wins only if theirs does not either (half).
    t_none = 1.0 - (theirs[-1][1] if theirs else 0.0)
    total += (1.0 - prev) * 0.5 * t_none
    return total


def round_chance(ps) -> float:
    """Chance of three adjacent or five stones, stones independent: a dynamic programme
    over (my stones, my run, their stones, their run, who reached a shape)."""
    # key: (mine, my_run, theirs, their_run, shape) where shape 0 none, 1 me, 2 them, 3 both
    states = {(0, 0, 0, 0, 0): 1.0}
    for p in ps:
        nxt: dict = {}
        for (m, mr, t, tr, sh), w in states.items():
            for won, q in ((True, p), (False, 1.0 - p)):
                if q <= 0.0:
                    continue
                if won:
                    k = (m + 1, mr + 1, t, 0, sh | (1 if mr + 1 >= 3 or m + 1 >= 5 else 0))
                else:
                    k = (m, 0, t + 1, tr + 1, sh | (2 if tr + 1 >= 3 or t + 1 >= 5 else 0))
                nxt[k] = nxt.get(k, 0.0) + w * q
        # Only what still matters: counts capped at 5, runs at 3.
        states = {}
        for (m, mr, t, tr, sh), w in nxt.items():
            k = (min(m, 5), min(mr, 3), min(t, 5), min(tr, 3), sh)
            states[k] = states.get(k, 0.0) + w
    win = 0.0
    for (_, _, _, _, sh), w in states.items():
        win += w if sh == 1 else 0.5 * w if sh in (0, 3) else 0.0
    return win


class Model:
    """The per-stone model from one player's view; side distributions cached."""

    def __init__(self, worlds: Worlds, p: int):
        self.p = p
        unseen = worlds.unseen_clan
        deck = worlds.clan_deck_size
        opp = worlds.opp_clan
        u = max(len(unseen), 1)
        share = DRAWN * deck / u
        self.mine_unseen = share  # in the deck and drawn by me
        self.their_unseen = opp / u + share  # in their hand, or drawn by them
        self.unseen = unseen
        self.cache: dict = {}

    def side(self, state, s: int, q: int, hand) -> list:
        n = CAPACITY[state.modes[s]]
        blind = state.modes[s] == BLIND
        cards = state.sides[2 * s + q]
        key = (tuple(cards), n, blind, q, hand)
        hit = self.cache.get(key)
        if hit is None:
            # A card drawn since the model was made (in a playout) is mine, not unseen.
            unseen = [c for c in self.unseen if c not in hand]
            if q == self.p:
                pool = _pool(hand, unseen, HAND, self.mine_unseen)
            else:
                pool = _pool((), unseen, HAND, self.their_unseen)
            hit = self.cache[key] = reach(cards, n, blind, pool)
        return hit

    def value(self, state) -> float:
        p = self.p
        if state.step == Step.OVER or state.step == Step.ROUND_OVER:
            w = state.outcome.winner
            return 0.5 if w is None else 1.0 if w == p else 0.0
        hand = tuple(state.hands[p])
        ps = []
        for s in range(9):
            o = state.owner[s]
            if o >= 0:
                ps.append(1.0 if o == p else 0.0)
                continue
            mine = self.side(state, s, p, hand)
            theirs = self.side(state, s, 1 - p, hand)
            da, db = state.done_at[2 * s + p], state.done_at[2 * s + 1 - p]
            ps.append(stone_chance(mine, theirs, bool(da) and (not db or da < db)))
        return round_chance(ps)


def _price(a: Action) -> float:
    if a.kind != Kind.PLAY or a.card < N_CLAN:
        return 0.0
    return TACTIC_PRICE


class BarcaAgent(Agent):
    """Per-stone completion chances, combined into the round (see the module)."""

    name = "barca"
    settings = ("playouts",)

    def __init__(self, playouts: int = 0):
        self.playouts = playouts

    def choose(self, view: dict, rng: random.Random) -> Action:
        actions = legal(view)
        if len(actions) == 1:
            return actions[0]
        kind = actions[0].kind
        if kind in (Kind.CLAIM, Kind.DONE):
            return claim_or_done(actions)
        worlds = Worlds(view)
        state, p = worlds.template, view["player"]
        if kind == Kind.DRAW:
            tactics = sum(1 for c in state.hands[p] if c >= N_CLAN)
            want = 1 if tactics == 0 and len(state.hands[p]) >= 4 else 0
            return next((a for a in actions if a.deck == want), actions[0])
        if kind == Kind.RETURN:
            return min(
                actions,
                key=lambda a: (a.card >= N_CLAN, VALUE_OF[a.card] if a.card < N_CLAN else 0),
            )
        model = Model(worlds, p)
        scored = self.scored(model, state, actions)
        scored.sort(key=lambda x: -x[0])
        if self.playouts and len(scored) > 1:
            return self._playouts(worlds, p, scored[:TOP_MOVES], rng)
        return scored[0][1]

    @staticmethod
    def scored(model: Model, state, actions) -> list:
        now = model.value(state)
        out = []
        for a in actions:
            if a.kind == Kind.PASS or a.card == RECRUITER:
                out.append((now - _price(a), a))
                continue
            t = state.copy()
            apply_fast(t, a)
            out.append((model.value(t) - _price(a), a))
        return out

    def _playouts(self, worlds, p, top, rng) -> Action:
        """Each of the best moves played out ``playouts`` times in the same worlds."""
        totals = [0.0] * len(top)
        for _ in range(self.playouts):
            world = worlds.sample(rng)
            seed = rng.getrandbits(32)
            for i, (v, a) in enumerate(top):
                s = world.copy()
                apply_fast(s, a)
                totals[i] += 0.5 * v + 0.5 * _play_out(s, p, random.Random(seed))
        best = max(range(len(top)), key=lambda i: totals[i])
        return top[best][1]


def _play_out(state, p: int, rng, plies: int = 60) -> float:
    """Both players play the best one-ply move by their own model to the round's end."""
    for _ in range(plies):
        step = state.step
        if step == Step.OVER or step == Step.ROUND_OVER:
            break
        acts = legal_actions(state)
        q = state.to_move
        if step != Step.PLAY:
            claim = next((a for a in acts if a.kind == Kind.CLAIM), None)
            a = claim or next((a for a in acts if a.kind == Kind.DONE), None) or rng.choice(acts)
        elif len(acts) == 1:
            a = acts[0]
        else:
            # A sampled world is fully known; each player reads only their own side of it.
            w = _SeatModel(state, q)
            a = max(BarcaAgent.scored(w, state, acts), key=lambda x: x[0])[1]
        apply_fast(state, a)
    if state.step == Step.OVER or state.step == Step.ROUND_OVER:
        w = state.outcome.winner
        return 0.5 if w is None else 1.0 if w == p else 0.0
    return _SeatModel(state, p).value(state)


class _SeatModel(Model):
    """The model for seat ``q`` of a full state (what ``q`` has not seen is unseen)."""

    def __init__(self, state, q: int):
        self.p = q
        hidden = state.hands[1 - q] + state.decks[0]
        unseen = sorted(c for c in hidden if c < N_CLAN)
        deck = len(state.decks[0])
        opp = len([c for c in state.hands[1 - q] if c < N_CLAN])
        u = max(len(unseen), 1)
        share = DRAWN * deck / u
        self.mine_unseen = share
        self.their_unseen = opp / u + share
        self.unseen = unseen
        self.cache = {}
