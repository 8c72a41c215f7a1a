"""Soak the page's own glue: seeded games through web/session.py as the page drives them,
saved and restored at every step.

    python -m tools.soak --games 1000        # 1000 games per variant (12 variants)
    python -m tools.soak --games 20 --seed 7

Variants: base game or tactics, x standard or Expert claims, x against the computer (Random
or Easy, its moves asked for with ``ai_request`` and played back with ``act``, as the page
does with the worker's answer) or two players on one device (the handover screen taken, the
seat's own payload fetched). Each step acts with an action from the payload's ``legal``
list; now and then the player takes a turn back (``take_back``). After every step the
session is saved as the page saves it (``web/saves.py`` stamping ``save_data()``, the exact
text written to localStorage) and a new session resumes from that text; the resumed
session's state and payload must equal the original's, and play goes on from the resumed
one. In every payload the seat on show sees nothing hidden: no card of the opponent's hand
(nor, on the handover screen, of either hand) and none of the decks, as data or in words,
unless that seat held the card itself earlier (a card it put back under the deck).

Prints the counts (games, steps, saves restored, take-backs, rounds) and the time; a broken
invariant prints the variant, the seed and the step, and exits 1.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import match as page_match
import saves as page_saves
import session as page_session

from engine import Words, action_to_json, view
from engine.ai import make_agent
from engine.cards import N_CLAN, card_text

OPPONENTS = ("random", "easy", "human")  # the computer at Random or Easy, or two players
VARIANTS = [
    (tactics, claims, opponent)
    for tactics in (False, True)
    for claims in ("after_play", "start_of_turn")
    for opponent in OPPONENTS
]
TAKEBACK_RATE = 0.03
MAX_STEPS = 5000
KEY = page_session.SAVE_KEY
WORDS = Words("en")
QUOTED = re.compile(r'"([A-Za-z]+[0-9]?)"')


def _name(card: str, names: dict = {}) -> str:  # noqa: B006 - a cache on purpose
    """A card's name in the log's words ("R7" -> "Red 7")."""
    if card not in names:
        names[card] = WORDS.card(card)
    return names[card]


class SoakFailure(AssertionError):
    """An invariant broken: says where (variant, seed, step)."""


def variant_name(variant) -> str:
    tactics, claims, opponent = variant
    timing = "standard" if claims == "after_play" else "expert"
    versus = "two players" if opponent == "human" else "vs " + opponent
    return f"{'tactics' if tactics else 'base'}/{timing}/{versus}"


class _SeededRandom:
    """The match's ``random`` while soaking: its shuffles and random starters come from
    the game's seed, so a failing game replays exactly (SystemRandom there, in the page)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def SystemRandom(self):  # the name the session calls
        return self.rng

    def randrange(self, *args):
        return self.rng.randrange(*args)


def hidden_cards(state, seat, known: set) -> set[str]:
    """The cards ``seat`` must not see now: the decks, the opponent's hand (both hands for the
    public table), less the cards it held itself and any card text shown on the table (the
    two Jokers share one)."""
    cards = [c for deck in state.decks for c in deck]
    for p in (0, 1):
        if seat is None or p != seat:
            cards += state.hands[p]
    shown = (
        [c for side in state.sides for c in side]
        + list(state.discard)
        + [c for c in state.modes if c >= 0]
        + (list(state.hands[seat]) if seat is not None else [])
    )
    return {card_text(c) for c in cards} - known - {card_text(c) for c in shown}


def resampled(state, seat, rng: random.Random):
    """Another world ``seat`` cannot tell from this one: the hidden cards (the decks and the
    hands it may not see) dealt again at random among their places, each kind among its own
    (a clan card for a clan card), every place keeping its count."""
    alt = state.copy()
    alt.proofs = [None] * len(alt.proofs)
    hands = [p for p in (0, 1) if seat is None or p != seat]
    for tactic in (False, True):
        places = [("deck", tactic)] + [("hand", p) for p in hands]
        slots, pool = [], []
        for kind, i in places:
            cards = alt.decks[1 if i else 0] if kind == "deck" else alt.hands[i]
            for k, c in enumerate(cards):
                if kind == "deck" or (c >= N_CLAN) == tactic:
                    slots.append((cards, k))
                    pool.append(c)
        rng.shuffle(pool)
        for (cards, k), c in zip(slots, pool):
            cards[k] = c
    for p in hands:
        alt.hands[p].sort()
    return alt


def check_hidden(s, payload: dict, seat, known: set, rng: random.Random) -> None:
    """Nothing hidden in the payload for the seat on show: its view is the same in a world
    resampled from what it cannot see; the rest (log, turn summary, words) names no hidden
    card (a claim's proof may name unseen cards that could complete a side: those are
    possibilities, not places, and the view check covers them)."""
    if view(resampled(s.state, seat, rng), seat) != payload["view"]:
        raise SoakFailure("the view changes with the hidden cards")
    hidden = hidden_cards(s.state, seat, known)
    rest = {k: v for k, v in payload.items() if k not in ("view", "claims_text")}
    leaked = {m for m in QUOTED.findall(json.dumps(rest)) if m in hidden}
    text = "\n".join(
        [ln["text"] for ln in payload["log"]]
        + (payload["summary"]["lines"] if payload.get("summary") else [])
    )
    leaked |= {c for c in hidden if _name(c) in text}
    if leaked:
        raise SoakFailure(f"hidden cards in the payload: {sorted(leaked)}")


def play_game(variant, seed: int, counts: dict) -> None:
    """One seeded game through the session, saved and restored at every step."""
    tactics, claims, opponent = variant
    rng = random.Random(seed)
    page_match.random = _SeededRandom(random.Random(seed * 7919 + 1))
    agent = make_agent(opponent) if opponent != "human" else None
    store = page_saves.MemoryStore()
    tab = page_saves.Saves(store, KEY, tab="soak")
    s = page_session.Session()
    p = s.new_game(
        {
            "opponent": "human" if opponent == "human" else "ai",
            "tactics": tactics,
            "claim_timing": claims,
            "seed": seed,
            "starter": rng.randrange(2),
            "rounds": rng.choice((1, 1, 3)),
            "ai_level": "easy",
            "autoclaim": rng.random() < 0.3,
        }
    )
    known = {0: set(), 1: set(), None: set()}
    counts["games"] += 1
    for _ in range(MAX_STEPS):
        # What each seat has seen: its own cards, and every card shown on the table (the
        # log of an earlier round names cards that are back in the decks now).
        st = s.state
        public = (
            [c for side in st.sides for c in side] + st.discard + [c for c in st.modes if c >= 0]
        )
        # A Joker's or a Shield-Bearer's declared card is named, not shown: no card.
        named = {
            d["as"]
            for stone in p["view"]["stones"]
            for side in stone["sides"]
            for d in side.get("declared") or ()
            if isinstance(d, dict) and "as" in d
        }
        for q in (0, 1, None):
            known[q].update(card_text(c) for c in public + (st.hands[q] if q is not None else []))
            known[q].update(named)
        seat = p["seat"]
        check_hidden(s, p, seat, known[seat], rng)
        # Saved as the page saves it, and resumed from that text as a reload does.
        if tab.write(s.save_data()) != "saved":
            raise SoakFailure("the save was not written")
        text = store.getItem(KEY)
        resumed = page_session.Session()
        resumed.restore(text)
        counts["restored"] += 1
        if resumed.state != s.state:
            raise SoakFailure("the resumed state differs")
        again = resumed.payload(seat)
        # The log's key names this page's copy of the log: a reload starts a new one; a
        # take-back's words (``undone``) are told once, as the answer to it, as a toast.
        once = {"log_key": None, "undone": None}
        if {**again, **once} != {**p, **once}:
            diff = sorted(k for k in p if again.get(k) != p[k] and k not in once)
            raise SoakFailure(f"the resumed payload differs in {diff}")
        json.loads(json.dumps(again))
        s = resumed  # play goes on from the save
        v = p["view"]
        if v["step"] == "over":
            return
        counts["steps"] += 1
        if p["handover"] is not None:  # the next player takes the device
            p = s.payload(p["handover"])
        elif p["ai_to_move"]:  # the worker's answer, played back
            req = s.ai_request()
            action = agent.choose(req["view"], random.Random(req["seed"]))
            p = s.act(action_to_json(action), req["seat"])
        elif v["step"] == "round_over":
            p = s.act({"kind": "next_round"}, None)
            counts["rounds"] += 1
        elif p["takeback"] is not None and rng.random() < TAKEBACK_RATE:
            p = s.take_back(p["takeback"])
            counts["takebacks"] += 1
        else:
            p = s.act(rng.choice(v["legal"]), seat)
    raise SoakFailure("the game did not end")


def run(games: int, seed: int = 1, variants=VARIANTS, out=None) -> dict:
    """``games`` seeded games per variant; the counts per variant and in all."""
    result = {"variants": {}, "seconds": 0.0}
    total = dict.fromkeys(("games", "steps", "restored", "takebacks", "rounds"), 0)
    start = time.perf_counter()
    saved_random = page_match.random
    try:
        for variant in variants:
            counts = dict.fromkeys(total, 0)
            t0 = time.perf_counter()
            for g in range(games):
                game_seed = seed * 1_000_003 + g
                try:
                    play_game(variant, game_seed, counts)
                except Exception as e:
                    raise SoakFailure(
                        f"{variant_name(variant)}, seed {game_seed}, step {counts['steps']}: {e!r}"
                    ) from e
            counts["seconds"] = round(time.perf_counter() - t0, 2)
            result["variants"][variant_name(variant)] = counts
            for k in total:
                total[k] += counts[k]
            if out:
                print(_row(variant_name(variant), counts), file=out, flush=True)
    finally:
        page_match.random = saved_random
    result["total"] = total
    result["seconds"] = round(time.perf_counter() - start, 2)
    return result


def _row(name: str, c: dict) -> str:
    return (
        f"{name:32} {c['games']:7} {c['steps']:10} {c['restored']:10} "
        f"{c['takebacks']:9} {c['rounds']:7} {c['seconds']:9.1f}"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per variant (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(
        f"{'variant':32} {'games':>7} {'steps':>10} {'restored':>10} {'takebacks':>9} "
        f"{'rounds':>7} {'seconds':>9}"
    )
    try:
        result = run(args.games, args.seed, variants=VARIANTS, out=sys.stdout)
    except SoakFailure as e:
        # Where it failed (variant, seed, step), then the failure's own traceback: an
        # invariant broken or any error of the glue is a bug, never a one-line refusal.
        print(f"FAILED: {e}", file=sys.stderr)
        if e.__cause__ is not None:
            traceback.print_exception(e.__cause__, file=sys.stderr)
        return 1
    t = result["total"]
    print(_row("all", {**t, "seconds": result["seconds"]}))
    print(
        f"{t['games']} games, {t['steps']} steps, {t['restored']} saves restored, "
        f"{t['takebacks']} take-backs in {result['seconds']:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
