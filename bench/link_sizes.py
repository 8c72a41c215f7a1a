"""The links of a game on two devices, from the invitation to the first move, by links:
``python bench/link_sizes.py``. For the base game and with tactics (the host starts, seeded
devices, the real group), each link's length in characters as the page writes it
(``#m=``, no address, no ``rtc=`` part) and what it carries; docs/remote.md, "Link sizes"."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.remote.endpoint import Endpoint
from engine.remote.links import to_link
from engine.remote.sra import Entropy
from engine.state import Rules


def _carries(msg: dict) -> str:
    what = ", ".join(k for k in ("dh", "deal", "shares", "actions") if k in msg)
    return f"{'host' if msg['from'] == 0 else 'guest'}: {what}"


def links_to_first_move(tactics: bool, seed: int = 1) -> list[tuple[str, int]]:
    """(what the link carries, its length) for each link until the first move has gone."""
    host = Endpoint.host(Rules(tactics=tactics), "Ann", Entropy(random.Random(seed)))
    out = [("invitation", len(to_link(host.invitation())))]
    guest, r = Endpoint.join(host.invitation(), "Bob", Entropy(random.Random(seed + 1)))
    eps, to, msg = [host, guest], 0, r.send
    while msg is not None:  # pairing and the deal, until the host may move
        out.append((_carries(msg), len(to_link(msg))))
        msg, to = eps[to].receive(msg).send, 1 - to
    while msg is None:  # the host's first turn (a card played, one drawn)
        msg = host.play(host.legal()[0]).send
    out.append((_carries(msg), len(to_link(msg))))
    return out


def main() -> int:
    for tactics in (False, True):
        print("with tactics" if tactics else "base game")
        for i, (what, size) in enumerate(links_to_first_move(tactics)):
            print(f"  {i}. {size:>5} characters  {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
