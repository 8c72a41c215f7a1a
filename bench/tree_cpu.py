"""Run a command; print its wall time and the CPU seconds of its whole process tree.

    python bench/tree_cpu.py python -m pytest -q e2e/test_x.py

`/usr/bin/time` counts only the children a process reaps, and pytest's browsers are not
reaped by it (docs/performance.md, session 21). This polls /proc every 0.1 s and keeps, for
each process descended from the command, its user + system time at its last sighting (a
process's last 0.1 s may be missed). Printed last: ``TREECPU wall W cpu C procs N rc R``.
(bench/boot_cpu.py reads one browser's tree the same way.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent's pid, CPU seconds so far) of a process, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def main(argv: list[str]) -> int:
    start = time.monotonic()
    child = subprocess.Popen(argv)
    tree, cpu = {child.pid}, {}
    while child.poll() is None:
        seen = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit() and (stat := _stat(int(entry))):
                seen[int(entry)] = stat
        grown = True
        while grown:  # a process whose parent is in the tree is in it
            grown = False
            for pid, (parent, _) in seen.items():
                if pid not in tree and parent in tree:
                    tree.add(pid)
                    grown = True
        for pid in tree & seen.keys():
            cpu[pid] = seen[pid][1]
        time.sleep(0.1)
    wall = time.monotonic() - start
    total = sum(cpu.values())
    print(f"TREECPU wall {wall:.1f} cpu {total:.1f} procs {len(cpu)} rc {child.returncode}")
    return child.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
