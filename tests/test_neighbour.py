"""The CPU-heavy neighbour (bench/neighbour.py) keeps a core busy beside a command, passes its
exit status through, and leaves no spinner behind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "neighbour.py"
# Run as the command: after a second, the CPU time (in clock ticks) of each other child of
# its parent, the neighbour script: its spinners (Linux /proc).
PROBE = """
import json, os, time
time.sleep(1.0)
me, parent = str(os.getpid()), str(os.getppid())
def stat(pid):
    return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
ticks = {}
for pid in os.listdir("/proc"):
    try:
        fields = stat(pid) if pid.isdigit() and pid != me else None
    except OSError:
        continue
    if fields and fields[1] == parent:
        ticks[pid] = int(fields[11]) + int(fields[12])
print(json.dumps(ticks))
"""


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--cores", "1", "--", *command],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_commands_exit_status_comes_back():
    assert run(sys.executable, "-c", "raise SystemExit(3)").returncode == 3
    done = run(sys.executable, "-c", "pass")
    assert done.returncode == 0
    assert "1 busy core(s)" in done.stdout


def test_a_core_is_busy_while_the_command_runs_and_free_after():
    done = run(sys.executable, "-c", PROBE)
    assert done.returncode == 0, done.stderr
    ticks = json.loads(done.stdout.splitlines()[0])
    assert len(ticks) == 1, ticks  # one spinner
    (spun,) = ticks.values()
    assert spun > 0  # it was using a CPU
    assert not any(Path(f"/proc/{pid}").exists() for pid in ticks), "a spinner outlived it"
