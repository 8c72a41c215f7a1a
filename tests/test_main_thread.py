"""tools/main_thread.py reads the page's main-thread tasks from a Chromium trace: their thread
time, on the page's clock, and only the page's main thread; a task with little work stretched
by a busy machine is not a stall, one with the work is."""

from __future__ import annotations

from tools.main_thread import CLOCK_MARK, Task, busiest, main_thread_tasks

PAGE, MAIN, OTHER = 7, 1, 2  # the renderer's pid, its main thread, another of its threads


def task(ts_ms: float, wall: float, cpu: float, tid: int = MAIN, cat: str = "toplevel") -> dict:
    return {
        "name": "ThreadControllerImpl::RunTask",
        "cat": cat,
        "ph": "X",
        "pid": PAGE,
        "tid": tid,
        "ts": ts_ms * 1000,
        "dur": wall * 1000,
        "tdur": cpu * 1000,
    }


# The mark at trace time 1,000 ms, when the page's performance.now() was 5,000 ms.
MARK = {"name": CLOCK_MARK, "cat": "blink.user_timing", "ph": "R", "pid": PAGE, "tid": MAIN}
MARK["ts"] = 1_000_000
TRACE = {
    "traceEvents": [
        MARK,
        task(1_100, 500, 20),  # a short task the busy machine stretched: not the page's work
        task(1_700, 320, 300),  # a stall: the page's own work
        task(1_700, 900, 800, tid=OTHER),  # another thread's (a worker's) work
        task(2_500, 150, 140, cat="v8"),  # not a top-level task
        {"name": "Other", "ph": "X", "pid": 3, "tid": 9, "ts": 0, "dur": 5},
    ]
}


def test_the_tasks_of_the_page_main_thread_on_its_clock():
    assert main_thread_tasks(TRACE, 5_000) == [Task(5_100, 500, 20), Task(5_700, 320, 300)]
    assert main_thread_tasks(TRACE["traceEvents"], 5_000)[0].start == 5_100


def test_a_stall_is_its_thread_time_not_its_wall_time():
    tasks = main_thread_tasks(TRACE, 5_000)
    assert busiest(tasks) == Task(5_700, 320, 300)
    # A worker call while the machine stretched a short task: no stall (wall time 500 ms).
    assert busiest(tasks, [[5_000, 5_650]]).cpu == 20
    # A worker call during which the page worked for 300 ms: the stall, whichever end of
    # the call it overlaps.
    assert busiest(tasks, [[5_000, 5_650], [5_800, 6_400]]).cpu == 300
    assert busiest(tasks, [[5_600, 5_710]]).cpu == 300
    # None overlaps: nothing.
    assert busiest(tasks, [[6_100, 6_200]]) == Task(0, 0, 0)
