"""Set-up of a game between two devices, in CPython: ``python bench/remote_setup.py [--runs 5]``.

Prints each device's CPU time for pairing and dealing (Tactic variant, 1,536-bit prime), the
same in full-size exponentiations measured in the same run, the cost of one draw and of the
audit, and a move's message and link sizes (tools/remote_bench.py has the definitions). The
Pyodide figures come from ``node bench/remote_pyodide.mjs``; docs/performance.md has both.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import remote_bench


def main(argv=None) -> int:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        remote_bench.main([*(argv or sys.argv[1:]), "--json"])
    r = json.loads(out.getvalue())
    pow_s = r["pow_ms"] / 1000
    print(f"CPython {r['python']}, medians of {r['runs']} runs, Tactic variant, 1536-bit prime")
    for who in ("host", "guest"):
        t = r[f"setup_{who}"]
        print(f"set-up, {who:5}: {t * 1000:7.0f} ms CPU = {t / pow_s:5.1f} full-size pow")
    t = r["setup_wait"]
    print(
        f"set-up, waited for (after the answer, both in turn): {t * 1000:7.0f} ms CPU = "
        f"{t / pow_s:5.1f} full-size pow"
    )
    print(
        f"one full-size pow: {r['pow_ms']:.1f} ms; a draw read: {r['draw_ms']:.1f} ms; "
        f"the audit: {r['audit_ms']:.0f} ms"
    )
    print(
        f"a move ({r['moves']} in one game): message median {r['move_bytes_median']} B, "
        f"largest {r['move_bytes_max']} B; link median {r['move_link_median']}, "
        f"largest {r['move_link_max']} characters"
    )
    print(
        f"set-up: largest message {r['setup_bytes_max']} B, link {r['setup_link_max']} "
        f"characters; end of round: link {r['end_link_max']} characters"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
