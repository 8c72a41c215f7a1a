"""The page's main thread as Chromium's trace sees it: each task's own work, for the browser
tests' stall checks (e2e/test_games.py, e2e/test_ai_browser.py).

A task's thread time (``tdur`` of its ``toplevel`` trace event: the CPU the renderer's main
thread spent on it) is the page's own work. Its wall time (``dur``, and what a
``PerformanceObserver`` of long tasks or a gap between animation frames reports) also holds
the time the operating system ran something else: on a busy machine (the test suite beside
other jobs, load 20 and more on two cores) the Hard game's longest tasks took 228-526 ms of
wall time (issue 31).

    mark_now = start(page)          # tracing from here on
    ...                             # the game
    tasks = stop(page, mark_now)    # [Task(start, wall, cpu)], start in the page's clock
    worst = busiest(tasks, spans)   # the task with the most thread time overlapping a span
"""

from __future__ import annotations

import json
from typing import NamedTuple

# The top-level tasks (their thread time), and the page's performance marks: one mark tells
# the page's main thread from the others and puts the trace's clock on the page's
# performance.now().
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
CLOCK_MARK = "e2e-clock"


class Task(NamedTuple):
    """One main-thread task: ``start`` in the page's performance.now() ms, ``wall`` and
    ``cpu`` (thread time) in ms."""

    start: float
    wall: float
    cpu: float


def main_thread_tasks(trace: dict | list, mark_now: float) -> list[Task]:
    """The tasks in ``trace`` (Chromium's JSON trace, or its list of events) on the main thread
    of the page that made CLOCK_MARK at ``mark_now`` (its performance.now())."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mark = next(e for e in events if e.get("name") == CLOCK_MARK)
    pid, tid, zero = mark["pid"], mark["tid"], mark["ts"]
    out = []
    for e in events:
        ours = e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == (pid, tid)
        if ours and e.get("cat") == "toplevel" and "tdur" in e:
            out.append(Task((e["ts"] - zero) / 1000 + mark_now, e["dur"] / 1000, e["tdur"] / 1000))
    assert out, "the trace holds no task of the page's main thread"
    return out


def busiest(tasks: list[Task], spans: list[list[float]] | None = None) -> Task:
    """The task with the most thread time among those overlapping a span ``[a, b]`` (page
    ms), or among all with no ``spans``; Task(0, 0, 0) if there is none."""
    during = [
        t
        for t in tasks
        if spans is None or any(a < t.start + t.wall and t.start < b for a, b in spans)
    ]
    return max(during, key=lambda t: t.cpu, default=Task(0.0, 0.0, 0.0))


def start(page) -> float:
    """Start tracing ``page``'s browser for ``page``; make CLOCK_MARK; return its
    performance.now()."""
    page.context.browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    return page.evaluate(f"() => performance.mark('{CLOCK_MARK}').startTime")


def stop(page, mark_now: float) -> list[Task]:
    """Stop the tracing ``start`` began; the page's main-thread tasks since then."""
    return main_thread_tasks(json.loads(page.context.browser.stop_tracing()), mark_now)
