"""Narration: events into the sentences of the move log, turn summaries and announcements.

``narrate(events, words)`` groups a stream of events (already redacted for the reader,
see ``engine.events.redact``) into log lines: one line per turn, naming the card
played (or the tactic and what it did), each claim with its reason and the draw; and
a line each for a stuck game, the end of a round, of the match and a new round.
``claim_line`` explains a stone's claim verdict from a view. All words come from the
message catalogue through ``engine.words``.

>>> from engine.words import Words
>>> events = [{"type": "play", "player": 0, "card": "R7", "stone": 2},
...           {"type": "draw", "player": 0, "deck": "clan", "auto": True},
...           {"type": "turn", "player": 1}]
>>> [line["text"] for line in narrate(events, Words("en"))]
['South played Red 7 on stone 3, then drew a card from the clan deck.']
"""

from __future__ import annotations

from .words import Words, english

TURN_EVENTS = ("play", "move", "pass", "claim", "draw", "return")


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def narrate(events, words: Words) -> list[dict]:
    """Log lines ``{"player": p or None, "kind": ..., "text": ...}`` for ``events``."""
    lines: list[dict] = []
    turn: list = []  # the events of the turn in progress

    def flush():
        if turn:
            lines.append(turn_line(turn, words))
            turn.clear()

    for i, e in enumerate(events):
        kind = e["type"]
        if kind == "round_end" and _ends_a_single_game(events, i):
            flush()
            line = event_line({**e, "type": "single_round_end"}, words)
            lines.extend([line] if line else [])
            continue
        if kind in TURN_EVENTS:
            if turn and turn[0]["player"] != e["player"]:
                flush()
            turn.append(e)
        elif kind == "turn":
            flush()
        elif kind != "claims_done":
            flush()
            line = event_line(e, words)
            if line:
                lines.append(line)
    flush()
    return lines


def _ends_a_single_game(events, i: int) -> bool:
    """Is the round ending at ``events[i]`` a whole game of one round (its match_end follows
    in the same step)? Then it has no round number and no score to tell."""
    after = [e for e in events[i + 1 :] if e["type"] not in ("turn", "claims_done")]
    return bool(after) and after[0]["type"] == "match_end" and after[0].get("rounds") == 1


def turn_line(events, words: Words) -> dict:
    """One player's turn as one sentence: what they played, claimed and drew."""
    p = events[0]["player"]
    clauses = turn_clauses(events, words)
    text = words.said("turn.line", p, player=p, clauses=words.t("turn.then").join(clauses))
    return {"player": p, "kind": "turn", "text": sentence(text), "clauses": clauses}


def turn_clauses(events, words: Words) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        kind = e["type"]
        p = e["player"]
        if kind == "play":
            nxt = events[i + 1] if i + 1 < len(events) else None
            if nxt is not None and nxt["type"] == "move":
                out.append(_ruse(e, nxt, words))
                i += 2
                continue
            out.append(_play(e, words))
        elif kind == "pass":
            out.append(words.said("clause.pass", p))
        elif kind == "claim":
            out.append(
                words.said("clause.claim", p, stone=e["stone"], why=why(e["proof"], p, words))
            )
        elif kind in ("draw", "return"):
            # Consecutive draws (or returns) from one deck: one clause.
            group = [e]
            while (
                i + 1 < len(events)
                and events[i + 1]["type"] == kind
                and events[i + 1]["deck"] == e["deck"]
            ):
                i += 1
                group.append(events[i])
            seen = [g["card"] for g in group if "card" in g]
            key = f"clause.{kind}" + (".seen" if len(seen) == len(group) else "")
            out.append(words.said(key, p, n=len(group), deck=e["deck"], cards=seen))
        i += 1
    return out


def _play(e: dict, words: Words) -> str:
    p = e["player"]
    if "stone" not in e:
        return words.said("clause.play.recruiter", p, card=e["card"])
    if e.get("declared"):
        return words.said(
            "clause.play.declared",
            p,
            card=e["card"],
            stone=e["stone"],
            **{"as": e["declared"][0]["as"]},
        )
    if e.get("reopened"):
        return words.said("clause.play.reopened", p, card=e["card"], stone=e["stone"])
    return words.said("clause.play", p, card=e["card"], stone=e["stone"])


def _ruse(play: dict, move: dict, words: Words) -> str:
    p = play["player"]
    params = {
        "card": play["card"],
        "target": move["card"],
        "stone": move["stone"],
        "to": move["to"],
        "player": p,
        "other": 1 - p,
    }
    card = play["card"]
    if card == "Strategist":
        key = "clause.strategist.discard" if move["to"] == "discard" else "clause.strategist.move"
    else:
        key = "clause.banshee" if card == "Banshee" else "clause.traitor"
    return words.said(key, p, **params)


def why(proof: dict, p: int, words: Words) -> str:
    """A successful claim's reason, told of the claimant ``p`` (third person)."""
    return words.said(
        f"why.{proof['why']}",
        p,
        player=p,
        other=1 - p,
        **{k: v for k, v in proof.items() if k in ("mine", "theirs", "best")},
    )


def event_line(e: dict, words: Words) -> dict | None:
    kind = e["type"]
    if kind == "stuck":
        if not e["awards"]:
            return {"player": None, "kind": kind, "text": words.t("line.stuck.none")}
        awards = words.t("list.comma").join(
            words.t("award", stone=a["stone"], player=a["player"]) for a in e["awards"]
        )
        return {"player": None, "kind": kind, "text": words.t("line.stuck", awards=awards)}
    if kind in ("round_end", "single_round_end"):
        reason = (
            words.t(f"reason.{e['reason']}") if words.has(f"reason.{e['reason']}") else e["reason"]
        )
        params = {
            "round": e["round"],
            "winner": e["winner"],
            "reason": reason,
            "a": e["stones"][0],
            "b": e["stones"][1],
            "score_a": e["scores"][0],
            "score_b": e["scores"][1],
        }
        if kind == "single_round_end":  # the match_end line after it says who won
            return {"player": None, "kind": "round_end", "text": words.t("line.game_end", **params)}
        key = "line.round_draw" if e["winner"] is None else "line.round_won"
        # Said of the winner: in the reader's own form when the reader won (French verbs agree).
        return {"player": None, "kind": kind, "text": words.said(key, e["winner"], **params)}
    if kind == "match_end":
        params = {"winner": e["winner"], "score_a": e["scores"][0], "score_b": e["scores"][1]}
        # A single game (one round) is a game, not a match, and has no score to tell.
        what = "game" if e.get("rounds") == 1 else "match"
        if e["winner"] is None:
            return {"player": None, "kind": kind, "text": words.t(f"line.{what}_draw", **params)}
        return {
            "player": None,
            "kind": kind,
            "text": sentence(words.said(f"line.{what}_won", e["winner"], **params)),
        }
    if kind == "shuffle":
        return {"player": None, "kind": kind, "text": words.t("line.shuffle")}
    if kind == "round_start":
        return {
            "player": None,
            "kind": kind,
            "text": words.said(
                "line.round_start", e["player"], round=e["round"], player=e["player"]
            ),
        }
    return None


def variant_text(rules, words: Words) -> str:
    """Which game is played, e.g. "Tactics · claim after playing"."""
    return words.t(
        "variant.line",
        variant=words.t("variant.tactics" if rules.tactics else "variant.base"),
        timing=words.t(f"timing.{rules.claim_timing}"),
    )


def new_game_line(rules, words: Words) -> dict:
    p = rules.starter
    key = "line.new_match" if rules.rounds > 1 else "line.new_game"
    return {
        "player": None,
        "kind": "new_game",
        "text": words.said(
            key, p, rounds=rules.rounds, variant=variant_text(rules, words), player=p
        ),
    }


def claim_line(claim: dict, words: Words) -> str:
    """A stone's claim verdict from a view's ``claims`` entry, with when it may be made."""
    proof = claim["proof"]
    verdict = words.t(f"claim.{claim['when']}") if proof["ok"] else words.t("claim.not_yet")
    return words.t("claim.line", stone=claim["stone"], verdict=verdict, why=words.proof(proof))


def move_text(action: dict, words: Words, claim_timing: str = "after_play") -> str:
    """A suggested move (JSON form) as an instruction: "play Red 9 on stone 1"."""
    kind = action["kind"]

    def stone(n):
        return words.t("hint.stone", n=n + 1)

    if kind == "play":
        card = action["card"]
        if "stone" not in action:
            return words.t("hint.recruiter", card=card)
        if "target" not in action:
            return words.t("hint.play", card=card, stone=stone(action["stone"]))
        p = {"card": card, "target": action["target"], "stone": stone(action["stone"])}
        if card == "Banshee":
            return words.t("hint.banshee", **p)
        if action.get("to") == "discard":
            return words.t("hint.discard", **p)
        return words.t(
            "hint.traitor" if card == "Traitor" else "hint.move", **p, to=stone(action["to"])
        )
    if kind == "claim":
        return words.t("hint.claim", stone=stone(action["stone"]))
    if kind == "done":
        return words.t(f"hint.done_{claim_timing}")
    if kind == "draw":
        return words.t(f"hint.draw_{action['deck']}")
    if kind == "return":
        return words.t("hint.return", card=action["card"])
    return words.t("hint.pass")


def advice_line(advice: dict, words: Words) -> str:
    """Why a move is good, in one sentence, from ``engine.ai.explain.advice`` data."""
    reason = advice["reason"]
    params = {k: v for k, v in advice.items() if k in ("card", "target", "stone", "to")}
    key = f"advice.{reason}"
    if "formation" in advice:
        key += ".formation"
        params["mine" if reason == "complete" else "theirs"] = advice["formation"]
    elif "shape" in advice:
        key += ".shape"
        params["shape"] = words.t(f"shape.{advice['shape']}")
        params["a_shape"] = words.t(f"shape.a.{advice['shape']}")
    return words.t(key, **params)


def claim_verdict(state, p: int, s: int) -> tuple[bool, str]:
    """``(ok, reason)``: the claim verdict with its reason in English, for the CLI and tests."""
    from .claims import claim_proof

    proof = claim_proof(state, p, s)
    return proof["ok"], english().proof(proof)
