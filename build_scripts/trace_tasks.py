"""A page's main-thread tasks read from a Chromium trace, with their CPU time.

A task's wall-clock time grows with the machine's load (the thread waits for a core); its
CPU time (the trace's `tdur`) does not. So a "task over 50 ms" is judged on CPU time both
by the browser tests (tests/web/main_thread.py) and by the web benchmark (webbench).

    browser.start_tracing(page=page, categories=CATEGORIES)
    ...  # the page marks an instant with performance.mark(name)
    tasks = Tasks.of(browser.stop_tracing(), name)
    tasks.between(0, 5000)   # the tasks from 0 to 5000 ms on the page's clock
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

CATEGORIES = ["toplevel", "blink.user_timing"]


@dataclass
class Task:
    """One main-thread task of the trace: start (trace clock, µs), wall and CPU time (ms)."""

    ts: int
    wall_ms: float
    cpu_ms: float

    def holds(self, ts: float) -> bool:
        return self.ts <= ts <= self.ts + 1000 * self.wall_ms


@dataclass
class Tasks:
    """The tasks of the thread that made the mark, and the mark in both clocks."""

    tasks: list[Task] = field(default_factory=list)
    mark_ts: float = 0.0  # the mark, trace clock (µs)
    mark_ms: float = 0.0  # the same instant, page clock (ms)

    @classmethod
    def of(cls, trace: bytes, mark: str) -> Tasks:
        """The tasks of the thread where `performance.mark(mark)` was made (the first)."""
        data = json.loads(trace)
        events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
        found = next((e for e in events
                      if e.get("name") == mark and e.get("ph") in ("I", "R", "i")), None)
        if found is None:
            raise ValueError(f"the trace has no mark {mark!r}: was the page traced?")
        tasks = sorted(
            (Task(e["ts"], e.get("dur", 0) / 1000, e.get("tdur", e.get("dur", 0)) / 1000)
             for e in events
             if e.get("ph") == "X" and e.get("pid") == found["pid"]
             and e.get("tid") == found["tid"] and "toplevel" in e.get("cat", "").split(",")),
            key=lambda t: (t.ts, -t.wall_ms))
        return cls(outermost(tasks), found["ts"], found["args"]["data"]["startTime"])

    def page_ms(self, task: Task) -> float:
        """When `task` started, on the page's clock (performance.now())."""
        return self.mark_ms + (task.ts - self.mark_ts) / 1000

    def between(self, start_ms: float, end_ms: float) -> list[Task]:
        """The tasks that ran (at least in part) from `start_ms` to `end_ms`, page clock."""
        return [t for t in self.tasks
                if self.page_ms(t) <= end_ms and self.page_ms(t) + t.wall_ms >= start_ms]


def outermost(tasks: list[Task]) -> list[Task]:
    """`tasks` (sorted by start) without those nested in another: a trace may record one
    task as two or three "toplevel" events, one inside the other."""
    kept: list[Task] = []
    for task in tasks:
        if not kept or task.ts >= kept[-1].ts + 1000 * kept[-1].wall_ms:
            kept.append(task)
    return kept
