"""The game record of a game between two devices, once it is over and every round audited.

No device knows the cards before then. Each round's audit (``audit.check_round``) opens
every card with both keys and keeps the round as a record holds it: its deal and its
actions, each card put back named. Here the rounds are put together into one record
(``engine.records``, docs/formats.md) with one deal per round, which replays to the same end
as the endpoint's own game. Either device builds the same record but for ``players.seat``.
"""

from __future__ import annotations

from ..actions import Kind
from ..documents import VERSION
from ..records import RECORD_FORMAT
from ..state import Step
from .errors import RemoteError

OPPONENT = "remote"  # the record's ``players.opponent``: a friend on another device


def is_complete(ep) -> bool:
    """The game is over and each of its rounds was audited (every card is known)."""
    s = ep.state
    return (
        ep.verdict is None
        and s is not None
        and s.step == Step.OVER
        and len(ep.audits) == s.round
        and all("deal" in a for a in ep.audits)
    )


def game_record(ep) -> dict:
    """The whole game as a record, every card known; ``RemoteError("not_over")`` before the
    game is over and audited (until then this device may not know a card of it)."""
    if not is_complete(ep):
        raise RemoteError("not_over")
    actions: list = []
    for a in ep.audits:
        if a["round"] > 1:
            actions.append({"kind": str(Kind.NEXT_ROUND)})
        actions.extend(a["actions"])
    return {
        "format": RECORD_FORMAT,
        "version": VERSION,
        "rules": ep.rules.to_json(),
        "seed": ep.game,
        "deal": [a["deal"] for a in ep.audits],
        "actions": actions,
        "takebacks": ep.takebacks,  # agreed take-backs: the turns undone are not in `actions`
        "players": {"opponent": OPPONENT, "names": list(ep.names), "seat": ep.seat},
    }
