"""What a run is doing and has done so far: its phase (reading, grounding, searching, ...) and the figures
of the search under way (states expanded, the current bound). A live status line on a terminal reads it,
`-v` logs the phases with their times, and a search stopped by the hard time limit (in the middle of
a step that never looks at the clock) still reports what it expanded."""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

log = logging.getLogger("puzzleplan")

Figures = Callable[[], tuple[int, float | None]]
"""A running search's (states expanded, current bound or None), cheap to call from another thread."""


@dataclass
class Progress:
    """The phase under way and the figures of the search under way (set by the search when it starts)."""

    phase: str = ""
    phase_started: float = field(default_factory=time.perf_counter)
    figures: Figures | None = None
    figures_started: float = 0.0
    interrupted: str = ""
    """The innermost phase that an exception (the time or memory limit) ended, until `take_interrupted`."""
    said: str = ""
    said_at: float = 0.0
    """What a planner running as a child process last reported of its search, and when (perf_counter)."""
    live: bool = False
    """True while a status line shows the progress (planners then read their children's output as it comes)."""
    bar: bool = False
    """A progress bar is on the terminal (a table being built): the status line waits until it is gone."""

    def take_interrupted(self) -> str:
        """The phase an exception ended last, forgotten once taken."""
        name, self.interrupted = self.interrupted, ""
        return name

    def expanded_since(self, started: float) -> int | None:
        """States expanded by the search that started at or after `started` (perf_counter), if any."""
        if self.figures is None or self.figures_started < started:
            return None
        return self.figures()[0]


CURRENT = Progress()


def watch(figures: Figures) -> None:
    """Register the search that starts now: its figures are read by the status line and by `stopped`."""
    CURRENT.figures, CURRENT.figures_started = figures, time.perf_counter()


def say(text: str) -> None:
    """Record what a planner running as a child reports of its search (its expansions, its f-layer), for
    the status line."""
    CURRENT.said, CURRENT.said_at = text, time.perf_counter()


def live() -> bool:
    """True when a status line shows the progress: reading a child's output as it comes is then worth it."""
    return CURRENT.live


@contextmanager
def phase(name: str) -> Iterator[None]:
    """Mark a phase of the run: the status line names it, and -v logs it with its time."""
    outer, outer_started = CURRENT.phase, CURRENT.phase_started
    CURRENT.phase, CURRENT.phase_started = name, time.perf_counter()
    log.info("%s ...", name)
    try:
        yield
    except BaseException:
        CURRENT.interrupted = CURRENT.interrupted or name
        raise
    finally:
        log.info("%s: %.3f s", name, time.perf_counter() - CURRENT.phase_started)
        CURRENT.phase, CURRENT.phase_started = outer, outer_started


def status_text(started: float) -> str:
    """The status line: elapsed seconds, the phase, states expanded and the bound of the search under way."""
    parts = [f"{time.perf_counter() - started:6.1f} s", CURRENT.phase or "working"]
    if CURRENT.figures is not None and CURRENT.figures_started >= started:
        expanded, bound = CURRENT.figures()
        parts.append(f"{expanded:,} expanded")
        if bound is not None:
            parts.append(f"bound {bound:g}")
    if CURRENT.said and CURRENT.said_at >= started:
        parts.append(CURRENT.said)
    return "  ".join(parts)


INTERVAL = 0.5
"""Seconds between two updates of the status line."""


@contextmanager
def status_line(stream: TextIO | None = None, interval: float = INTERVAL, quiet: bool = False) -> Iterator[None]:
    """A live status line on `stream` (standard error) while the block runs, when it is a terminal and not
    `quiet` (under --json); erased at the end, so that nothing of it stays in the output."""
    stream = stream or sys.stderr
    if quiet or not stream.isatty() or log.isEnabledFor(logging.INFO):  # -v's lines would break into it
        yield
        return
    started, done = time.perf_counter(), threading.Event()

    def show() -> None:
        while not done.wait(interval):
            if CURRENT.bar:
                continue
            stream.write("\r\x1b[K" + status_text(started)[:200])
            stream.flush()

    thread = threading.Thread(target=show, name="status line", daemon=True)
    thread.start()
    CURRENT.live = True
    try:
        yield
    finally:
        CURRENT.live, CURRENT.said = False, ""
        done.set()
        thread.join()
        stream.write("\r\x1b[K")
        stream.flush()
