"""Hidden worlds: full game states consistent with what one player may see.

A view hides the opponent's hand and the order of both decks. ``Worlds(view)``
rebuilds everything else once; each ``sample(rng)`` then deals the unseen cards
uniformly at random into the opponent's hand and the decks, respecting every
known count (hand sizes, deck sizes, and which deck a card can be in). Viewing
a sampled state from the same seat gives back the same view.

Near the end of a round few cards are hidden and the worlds can be counted: when there
are at most ``ENUMERATE`` of them (and no two hidden cards alike), every world is listed
and ``sample`` deals them in a shuffled cycle, each once before any again, instead of at
random; ``enumerated`` is then their number (a search can stop once it has seen them all).

>>> import random
>>> from engine import new_game, view
>>> v = view(new_game(seed=4), 0)
>>> view(sample_world(v, random.Random(1)), 0) == v
True
"""

from __future__ import annotations

import itertools
import random
from math import comb, factorial

from ..cards import N_CLAN, TACTIC_DECK, parse_card
from ..rules import Reason, round_starter_of
from ..state import Outcome, Rules, State, Step, deal_round

ENUMERATE = 64  # at most this many hidden worlds are listed rather than sampled


class Worlds:
    """Everything a view fixes, and a sampler for what it hides."""

    def __init__(self, view: dict):
        rules = Rules.from_json(view["rules"])
        p = view["player"]
        self.player = p
        s = State.__new__(State)
        s.rules, s.seed = rules, 0  # the seed only deals later rounds: not needed here
        # A blank round sets every field (caches included); the view then fills them in.
        deal_round(s, 1, rules.starter, {"hands": [[], []], "deck": []})
        s.round = view["round"]
        s.scores = list(view["scores"])
        s.history = tuple(
            (h["winner"], Reason(h["reason"]), h["stones"][0], h["stones"][1])
            for h in view["history"]
        )
        # (once the round is over the history holds its result too: the rounds before it)
        s.round_starter = round_starter_of(rules, s.history[: s.round - 1])
        s.sides = []
        s.done_at = []
        s.modes = []
        s.owner = []
        faceup = 0
        seen_tactics = []
        for st in view["stones"]:
            for q in (0, 1):
                side = [parse_card(c) for c in st["sides"][q]["cards"]]
                s.sides.append(side)
                s.done_at.append(st["sides"][q]["done_at"])
                for c in side:
                    if c < N_CLAN:
                        faceup |= 1 << c
                    else:
                        seen_tactics.append(c)
            mode = st["mode"]
            s.modes.append(-1 if mode is None else parse_card(mode))
            if mode is not None:
                seen_tactics.append(s.modes[-1])
            s.owner.append(-1 if st["owner"] is None else st["owner"])
        s.discard = [parse_card(c) for c in view["discard"]]
        for c in s.discard:
            if c < N_CLAN:
                faceup |= 1 << c
            else:
                seen_tactics.append(c)
        s.faceup = faceup
        s.tick = view["tick"]
        s.tactics_played = list(view["tactics_played"])
        s.joker_played = list(view["joker_played"])
        s.to_move = view["to_move"]
        s.step = Step(view["step"])
        s.played = view["played"]
        s.claimed = view["claimed"]
        s.draws_left = view["draws_left"]
        s.returns_left = view["returns_left"]
        s.passes = view["passes"]
        out = view["outcome"]
        s.outcome = None if out is None else Outcome(out["winner"], Reason(out["reason"]))
        hand = [parse_card(c) for c in view["hand"]]
        s.hands = [[], []]
        s.hands[p] = hand
        s.decks = [[], []]
        self.template = s

        # The unseen cards: clan cards not visible, tactic cards not visible (a multiset:
        # both Jokers share one code).
        visible = faceup
        for c in hand:
            if c < N_CLAN:
                visible |= 1 << c
        self.unseen_clan = [c for c in range(N_CLAN) if not visible >> c & 1]
        tactics = list(TACTIC_DECK) if rules.tactics else []
        for c in seen_tactics + [c for c in hand if c >= N_CLAN]:
            tactics.remove(c)
        self.unseen_tactics = tactics
        self.opp_hand_size = view["hand_sizes"][1 - p]
        self.clan_deck_size, self.tactic_deck_size = view["deck_sizes"]
        self.opp_tactics = len(tactics) - self.tactic_deck_size
        self.opp_clan = self.opp_hand_size - self.opp_tactics
        if (
            self.opp_tactics < 0
            or self.opp_clan < 0
            or self.opp_clan + self.clan_deck_size != len(self.unseen_clan)
        ):
            raise ValueError("inconsistent view: the hidden card counts do not add up")
        # The visible clan mask from this player's seat (everything else is unseen).
        self.visible_mask = visible
        self.all = self._listed()
        self.enumerated = None if self.all is None else len(self.all)
        self._cycle: list[int] = []

    def count(self) -> int:
        """How many distinct worlds the view allows (each deck's order counts)."""
        return (
            comb(len(self.unseen_clan), self.opp_clan)
            * factorial(self.clan_deck_size)
            * comb(len(self.unseen_tactics), self.opp_tactics)
            * factorial(self.tactic_deck_size)
        )

    def _listed(self):
        """Every world as (opponent's hand, clan deck, tactic deck), if few enough."""
        if len(set(self.unseen_tactics)) != len(self.unseen_tactics) or self.count() > ENUMERATE:
            return None  # too many, or two Jokers hidden (worlds would not be equally likely)

        def splits(cards, k):
            for held in itertools.combinations(cards, k):
                rest = [c for c in cards if c not in held]
                for deck in itertools.permutations(rest):
                    yield list(held), list(deck)

        return [
            (sorted(ch + th), cd, td)
            for ch, cd in splits(self.unseen_clan, self.opp_clan)
            for th, td in splits(self.unseen_tactics, self.opp_tactics)
        ]

    def sample(self, rng: random.Random) -> State:
        """A full state drawn uniformly from the worlds consistent with the view (listed
        worlds: the next of a shuffled cycle through all of them)."""
        s = self.template.copy()
        if self.all is not None:
            if not self._cycle:
                self._cycle = list(range(len(self.all)))
                rng.shuffle(self._cycle)
            opp, clan_deck, tactic_deck = self.all[self._cycle.pop()]
            s.hands[1 - self.player] = list(opp)
            s.decks = [list(clan_deck), list(tactic_deck)]
            return s
        clan = self.unseen_clan[:]
        rng.shuffle(clan)
        tac = self.unseen_tactics[:]
        rng.shuffle(tac)
        opp = clan[: self.opp_clan] + tac[: self.opp_tactics]
        opp.sort()
        s.hands[1 - self.player] = opp
        s.decks = [clan[self.opp_clan :], tac[self.opp_tactics :]]
        return s


def sample_world(view: dict, rng: random.Random) -> State:
    """One full state consistent with ``view``, hidden cards dealt at random."""
    return Worlds(view).sample(rng)
