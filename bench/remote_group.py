"""The two dealing groups side by side: ``python bench/remote_group.py [--runs 5]``.

One command: times each operation in this CPython (median over ``--runs`` runs of a batch,
in CPU time), then the same in Pyodide in Node (``bench/remote_group_pyodide.mjs``, timed by
Node's CPU time; it needs ``node_modules/pyodide``: ``npm ci``, or a symlink to a checkout
that has it; skipped with ``--no-pyodide`` or when it is missing), and prints both, the
ratios, the tablet profile (Pyodide x 4) and the cost estimates of
docs/remote-group-costs.md.

- today's group, ``sra.py``: (a) a lock, ``pow(x, E, P)`` with the 1,536-bit prime and
  ``E = 2k``, ``k`` 256 bits; (b) ``pow`` with a full-size exponent (an unlock); and two
  sizes the share proofs use, a response exponent (``NONCE_BITS``, 465) and a challenge
  (128 bits);
- ristretto255, ``ristretto.py``: (c) an arbitrary element times a random scalar mod ``l``;
  (d) the generator times one (fixed-base table, built before the timing; its one-time
  cost is printed too); ``a*P + b*Q`` in one pass; (e) decode + encode of 32 bytes (and
  each alone); (f) one card hashed to the group (SHA-512 and the one-way map).

``--json`` prints this interpreter's figures only, as one JSON line (what the Node script
reads back from Pyodide).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.remote import ristretto as rg
from engine.remote import sra

TABLET = 4  # the project's tablet profile: CPU 4x slower than this machine's Pyodide
SETUP_BUDGET = 3.0  # seconds of set-up on the tablet

# (key, label, operations per run)
ROWS = [
    ("pow_lock", "(a) lock today: pow, 1536-bit P, 257-bit E", 60),
    ("pow_full", "(b) pow, full-size exponent (an unlock)", 8),
    ("pow_nonce", "    pow, 465-bit exponent (proof response)", 30),
    ("pow_chal", "    pow, 128-bit exponent (proof challenge)", 100),
    ("mul", "(c) ristretto: k * P, P arbitrary", 80),
    ("mul_base", "(d) ristretto: k * B, generator (table)", 300),
    ("mul_double", "    ristretto: a * P + b * Q, one pass", 60),
    ("codec", "(e) ristretto: decode + encode", 200),
    ("decode", "    ristretto: decode", 200),
    ("encode", "    ristretto: encode", 200),
    ("hash", "(f) ristretto: hash one card to the group", 200),
]


def _cpu() -> float:
    """CPU seconds of this process: ``time.process_time`` in CPython; in Pyodide, where that
    is wall time, Node's ``process.cpuUsage()`` (so a busy machine disturbs both alike)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


def _inputs(n: int, rng: random.Random) -> dict:
    """Fresh operands for ``n`` operations of each kind (drawn before any timing)."""
    q = sra.MODP_1536.q  # the MODP figures are the 1,536-bit group's (no longer the one in play)
    codes = sra.MODP_1536.codes
    pts = [rg.hash_to_group(rng.randbytes(16)) for _ in range(4)]
    return {
        "x": [codes[rng.randrange(len(codes))] for _ in range(n)],
        "lock_e": [2 * (rng.getrandbits(256) | 1 << 255) for _ in range(n)],
        "full_e": [rng.randrange(q // 2, q) for _ in range(n)],
        "nonce_e": [rng.getrandbits(sra.NONCE_BITS) | 1 << (sra.NONCE_BITS - 1) for _ in range(n)],
        "chal_e": [rng.getrandbits(128) | 1 << 127 for _ in range(n)],
        "k": [rng.randrange(1, rg.L) for _ in range(n)],
        "pts": [pts[i % 4] for i in range(n)],
        "encs": [rg.encode(pts[i % 4]) for i in range(n)],
        "cards": [f"schotten-totten/remote/card/{i % 64}".encode() for i in range(n)],
    }


def _time(key: str, n: int, v: dict) -> float:
    """CPU seconds of ``n`` operations of kind ``key``, per operation."""
    P = sra.P
    xs, ks, pts, encs = v["x"], v["k"], v["pts"], v["encs"]
    mul, mul_base, mul_double = rg.mul, rg.mul_base, rg.mul_double
    encode, decode, hash_to_group = rg.encode, rg.decode, rg.hash_to_group
    t = _cpu()
    if key.startswith("pow_"):
        es = v[
            {"pow_lock": "lock_e", "pow_full": "full_e", "pow_nonce": "nonce_e"}.get(key, "chal_e")
        ]
        for i in range(n):
            pow(xs[i], es[i], P)
    elif key == "mul":
        for i in range(n):
            mul(ks[i], pts[i])
    elif key == "mul_base":
        for i in range(n):
            mul_base(ks[i])
    elif key == "mul_double":
        for i in range(n):
            mul_double(ks[i], pts[i], ks[-1 - i], pts[-1 - i])
    elif key == "codec":
        for i in range(n):
            encode(decode(encs[i]))  # type: ignore[arg-type]  (never None here)
    elif key == "decode":
        for i in range(n):
            decode(encs[i])
    elif key == "encode":
        for i in range(n):
            encode(pts[i])
    elif key == "hash":
        for i in range(n):
            hash_to_group(v["cards"][i])
    return (_cpu() - t) / n


def measure(runs: int, seed: int = 5) -> dict:
    """Medians over ``runs`` runs, in milliseconds per operation."""
    rng = random.Random(seed)
    t = _cpu()
    rg.mul_base(1)  # the generator's table, once
    table_ms = (_cpu() - t) * 1000
    samples: dict[str, list[float]] = {key: [] for key, _, _ in ROWS}
    for key, _, n in ROWS:  # a run not counted: Node compiles hot WebAssembly again, faster
        _time(key, n, _inputs(n, rng))
    for _ in range(runs):
        for key, _, n in ROWS:
            v = _inputs(n, rng)
            samples[key].append(_time(key, n, v) * 1000)
    out: dict = {key: statistics.median(s) for key, s in samples.items()}
    out["table_ms"] = table_ms
    out["runs"] = runs
    out["python"] = platform.python_version()
    out["implementation"] = "Pyodide" if sys.platform == "emscripten" else "CPython"
    return out


def pyodide(runs: int) -> dict | None:
    """The same measure in Pyodide in Node, or ``None`` when Node or Pyodide is missing."""
    node = shutil.which("node")
    if not node or not (ROOT / "node_modules" / "pyodide").exists():
        return None
    script = ROOT / "bench" / "remote_group_pyodide.mjs"
    out = subprocess.run(
        [node, str(script), "--runs", str(runs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NODE_NO_WARNINGS": "1"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- the estimates

N_CARDS = 64  # both decks of a Tactic game
PROOFS = 7  # Chaum-Pedersen share proofs each device makes, and checks, at the deal
OPENING = 7  # entries of the opening hands each device is asked to unlock (12-14 in all)
BRANCHES = 54  # the clan deck: a 1-of-54 OR-proof
SHADOWS = 40  # cut-and-choose: shadow shuffles of the 64 entries


def costs(m: dict) -> dict:
    """Seconds one device spends, from per-operation milliseconds ``m``, for each variant of
    the deal in both groups (docs/remote-group-costs.md has the model)."""
    ms = 1 / 1000
    # today: a share proof makes s = c^D (full) and two commitments with the response-sized
    # nonce; its check raises two values to the response and two to the challenge
    today = {
        "lock": m["pow_lock"],
        "prove": m["pow_full"] + 2 * m["pow_nonce"],
        "verify": 2 * m["pow_nonce"] + 2 * m["pow_chal"],
        "branch": 2 * m["pow_nonce"] + 2 * m["pow_chal"],  # 4 exponentiations
        "shadow": m["pow_lock"],  # a re-lock with a fresh 257-bit exponent
        "once": 0.0,
    }
    # ristretto: every entry decoded on arrival and encoded to be sent or hashed; a proof is
    # s = D*c, w*c and w*B, two encodings for its challenge; a check, two a*P + b*Q and two
    # encodings; an OR branch, two a*P + b*Q (4 multiplications) and two encodings
    ristretto = {
        "lock": m["mul"] + m["decode"] + m["encode"],
        "prove": 2 * m["mul"] + m["mul_base"] + 2 * m["encode"],
        "verify": 2 * m["mul_double"] + 2 * m["encode"] + 2 * m["decode"],
        "branch": 2 * m["mul_double"] + 2 * m["encode"],
        "shadow": m["mul"] + m["encode"],
        "once": N_CARDS * m["hash"] + m["table_ms"],  # the card codes and the table, per load
    }
    out = {}
    for name, c in (("today", today), ("ristretto", ristretto)):
        deal = c["once"] + N_CARDS * c["lock"] + PROOFS * (c["prove"] + c["verify"])
        or_entry = BRANCHES * c["branch"]  # to prove one entry; as much to check it
        out[name] = {
            "deal": deal * ms,
            "deal_or": (deal + OPENING * 2 * or_entry) * ms,
            "or_draw": or_entry * ms,
            "deal_shuffle": (deal + 2 * SHADOWS * N_CARDS * c["shadow"]) * ms,
        }
    return out


def _estimates(columns: list[tuple[str, dict]]) -> list[str]:
    rows = [
        ("deal: 64 locks, 7 share proofs made + 7 checked", "deal"),
        ("deal + OR-proofs (n = 54), 7 made + 7 checked", "deal_or"),
        ("a later draw: one OR-proof made (or checked)", "or_draw"),
        ("deal + cut-and-choose shuffle proof (t = 40)", "deal_shuffle"),
    ]
    lines = [f"{'seconds per device':48}" + "".join(f"{h:>16}" for h, _ in columns)]
    lines.append(f"{'':48}" + f"{'today':>9}{'ristr.':>7}" * len(columns))
    for label, key in rows:
        cells = "".join(f"{c['today'][key]:9.2f}{c['ristretto'][key]:7.2f}" for _, c in columns)
        lines.append(f"{label:48}{cells}")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/remote_group.py")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="this interpreter's figures only")
    ap.add_argument("--no-pyodide", action="store_true")
    args = ap.parse_args(argv)
    here = measure(args.runs)
    if args.json:
        print(json.dumps(here))
        return 0
    there = None if args.no_pyodide else pyodide(args.runs)
    ref = here["pow_lock"]
    head = f"{'operation, ms (median of ' + str(args.runs) + ' runs)':46}{'CPython':>9}{'/ (a)':>7}"
    if there:
        head += f"{'Pyodide':>9}{'/ (a)':>7}{'Py/CPy':>8}{'tablet':>8}"
    print(f"CPython {here['python']}" + (f", Pyodide {there['python']} (Node)" if there else ""))
    print(head)
    for key, label, _ in ROWS:
        line = f"{label:46}{here[key]:9.3f}{here[key] / ref:7.2f}"
        if there:
            p = there[key]
            line += f"{p:9.3f}{p / there['pow_lock']:7.2f}{p / here[key]:8.2f}{TABLET * p:8.2f}"
        print(line)
    table = f"generator table, once: {here['table_ms']:.1f} ms CPython"
    if there:
        table += f", {there['table_ms']:.1f} ms Pyodide"
    print(table)
    print()
    columns = [("CPython", costs(here))]
    if there:
        tablet = {k: (TABLET * v if isinstance(v, float) else v) for k, v in there.items()}
        columns += [("Pyodide", costs(there)), ("tablet (Py x 4)", costs(tablet))]
    for line in _estimates(columns):
        print(line)
    if there:
        fits = costs(tablet)
        print(f"fits {SETUP_BUDGET:.0f} s on the tablet:")
        for key in ("deal", "deal_or", "deal_shuffle"):
            verdict = ", ".join(
                f"{g} {'yes' if fits[g][key] <= SETUP_BUDGET else 'no'}"
                for g in ("today", "ristretto")
            )
            print(f"  {key}: {verdict}")
    enc_today = len(sra.int_to_text(sra.P - 2))
    enc_r = len(base64.urlsafe_b64encode(bytes(rg.ENCODED_BYTES)).rstrip(b"="))
    print(
        f"a deal message's 64 entries: {N_CARDS * enc_today:,} characters today "
        f"({enc_today} each), {N_CARDS * enc_r:,} with ristretto255 ({enc_r} each)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
