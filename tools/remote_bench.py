"""Protocol benchmark: ``python -m tools.remote_bench [--runs 5] [--json]``.

Measures, at the real prime size (RFC 3526, 1,536 bits), medians over several runs of:

- ``setup_host`` / ``setup_guest``: the CPU time each device spends from the invitation until
  both hold their hands (pairing, locking and shuffling both decks, dealing, the shares of
  the initial hands and their proofs), Tactic variant (64 cards); ``wait``: the part of it
  the players wait for, in sequence, once the answer is sent (the host's first pass is done
  with the invitation, while the guest opens it);
- ``pow_ms``: one full-size ``pow(x, e, P)``, the reference in the same run (set-up / pow
  says how many exponentiations' worth the set-up costs, whatever the machine);
- ``draw_ms``: one card drawn and read (the other's share with its proof, checking it,
  taking one's own lock off);
- ``audit_ms``: the end-of-round audit on one device;
- ``move_bytes`` / ``move_link``: the median and largest live message and link of a move
  over one Tactic game (Expert timing), and the same for the set-up messages.

CPU time (``time.process_time``) so that a busy machine disturbs less. ``bench/remote_setup.py``
prints it as a table; ``bench/remote_pyodide.mjs`` runs it in Pyodide and CPython together.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from engine.remote import Endpoint, sra
from engine.remote.links import to_link
from engine.remote.messages import dumps
from engine.state import START_OF_TURN, Rules

BASE = "https://user.github.io/schotten-totten/"


def _clock(f, *args):
    t = time.process_time()
    out = f(*args)
    return out, time.process_time() - t


def setup_once(rules: Rules) -> dict:
    """One pairing and deal between two endpoints; the CPU seconds of each."""
    spent = [0.0, 0.0]
    host, t = _clock(Endpoint.host, rules, "Ann")
    spent[0] += t
    (guest, r), t = _clock(Endpoint.join, host.invitation(), "Bob")
    spent[1] += t
    eps, to, msg, wait = [host, guest], 0, r.send, 0.0
    while msg is not None:
        r, t = _clock(eps[to].receive, msg)
        spent[to] += t
        wait += t
        msg, to = r.send, 1 - to
    assert not host.view()["unread"] and not guest.view()["unread"]
    return {"host": spent[0], "guest": spent[1], "wait": wait, "eps": eps}


def pow_once() -> float:
    x, e = random.randrange(2, sra.P), random.getrandbits(1536)
    t = time.process_time()
    for _ in range(10):
        pow(x, e, sra.P)
    return (time.process_time() - t) / 10


def draw_once() -> float:
    a, b = sra.Key.new(), sra.Key.new()
    c = sra.lock(sra.lock(sra.code(9), a), b)
    t = time.process_time()
    s, ch, z = sra.share(c, a)
    assert sra.check_share(c, s, ch, z, a.commit)
    assert sra.card_of(sra.unlock(s, b)) == 9
    return time.process_time() - t


def game_sizes(seed: int = 11) -> tuple[dict, float]:
    """Sizes of one Tactic game's messages; and the CPU time of one device's audit."""
    rng = random.Random(seed)
    out = {"move": [], "setup": [], "end": []}
    links = {"move": [], "setup": [], "end": []}
    audit_time = []
    rules = Rules(tactics=True, claim_timing=START_OF_TURN)
    host = Endpoint.host(rules, "Ann")
    guest, r = Endpoint.join(host.invitation(), "Bob")
    eps, inbox = [host, guest], [(0, r.send)]
    sent = [r.send]
    while True:
        while inbox:
            to, msg = inbox.pop(0)
            r, t = _clock(eps[to].receive, msg)
            if r.audit:
                audit_time.append(t)
            if r.send:
                inbox.append((1 - to, r.send))
                sent.append(r.send)
        movers = [e for e in eps if e.can_play()]
        if not movers:
            break
        e = movers[0]
        r = e.play(rng.choice(e.legal()))
        if r.send:
            inbox.append((1 - e.seat, r.send))
            sent.append(r.send)
    for msg in sent:
        kind = (
            "setup"
            if "deal" in msg
            or msg["t"] != "move"
            or (
                set(msg) == {"v", "g", "n", "from", "t", "mac", "shares"}
                and len(msg["shares"]) >= 6
            )
            else "end"
            if "reveal" in msg
            else "move"
        )
        out[kind].append(len(dumps(msg).encode()))
        links[kind].append(len(to_link(msg, BASE)))
    return {"bytes": out, "links": links}, min(audit_time)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.remote_bench")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rules = Rules(tactics=True)
    setup_once(rules)  # warm up: the engine's tables, the card codes
    hosts, guests, waits, pows, draws = [], [], [], [], []
    for _ in range(args.runs):
        r = setup_once(rules)
        hosts.append(r["host"])
        guests.append(r["guest"])
        waits.append(r["wait"])
        pows.append(pow_once())
        draws.append(draw_once())
    sizes, audit = game_sizes()
    med = statistics.median
    result = {
        "python": sys.version.split()[0],
        "runs": args.runs,
        "setup_host": med(hosts),
        "setup_guest": med(guests),
        "setup_wait": med(waits),
        "pow_ms": med(pows) * 1000,
        "draw_ms": med(draws) * 1000,
        "audit_ms": audit * 1000,
        "move_bytes_median": med(sizes["bytes"]["move"]),
        "move_bytes_max": max(sizes["bytes"]["move"]),
        "move_link_median": med(sizes["links"]["move"]),
        "move_link_max": max(sizes["links"]["move"]),
        "setup_bytes_max": max(sizes["bytes"]["setup"]),
        "setup_link_max": max(sizes["links"]["setup"]),
        "end_link_max": max(sizes["links"]["end"]),
        "moves": len(sizes["bytes"]["move"]),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:20} {v:.3f}" if isinstance(v, float) else f"{k:20} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
