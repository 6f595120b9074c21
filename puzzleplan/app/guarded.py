"""The parts of the `puzzleplan` commands that keep the run's promises: reading and solving within the
limits, writing a file without losing the result when the disk is full, and `-v` anywhere."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from puzzleplan import api
from puzzleplan.api.pipeline import limits_since
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, TimeLimitExceeded, time_limit, timeout_message, work_time

T = TypeVar("T")

TRACE_WRITING = 3.0
"""Seconds of a --trace run's time limit kept for writing its page and trace after the search, never more than
half the run's time (the recorder's default 10,000 expansions and a sample took 1.3 to 2.5 s on a busy 2-core
machine): what is not written by the limit is said not written (in_time)."""


def written(write: Callable[[], Any], path: str | Path) -> tuple[Any, list[InputError]]:
    """What `write` returns and [] when it worked, else None and the error that says why the file was not
    written (a full disk)."""
    try:
        return write(), []
    except InputError as error:
        return None, [error]
    except OSError as error:
        return None, [InputError(f"cannot write the file: {error.strerror or error}", str(path))]


def in_time(
    args: argparse.Namespace, write: Callable[[], tuple[T | None, list[InputError]]], *paths: Path | str | None
) -> tuple[T | None, list[InputError]]:
    """What `write` gives (as written() does: a result, and the files not written), written within what is left
    of the command's time limit, its way out kept: a page or a trace too large to write in time is not a limit
    overrun. When the limit falls first, the files `paths` it was writing are removed and said not written."""
    try:
        with time_limit(_time_left(args)):
            return write()
    except TimeLimitExceeded:
        files = [Path(path) for path in paths if path]
        for file in files:
            file.unlink(missing_ok=True)
        said = timeout_message(Limits.read(args.timeout, None).named, "while writing it")
        return None, [InputError(f"not written: {said}", str(files[0]) if files else "output")]


def keeping_for_the_trace(limits: Limits) -> Limits:
    """A --trace run's limits: the search ends TRACE_WRITING seconds earlier (at most half its time), so that
    its page and trace are written within the command's limit."""
    return limits.less(min(limits.timeout / 2, TRACE_WRITING))


def _time_left(args: argparse.Namespace) -> float | None:
    """Seconds left of the command's time limit, its way out kept (None: a command not counted from a start)."""
    started = getattr(args, "started", None)
    if started is None:
        return None
    return work_time(Limits.read(args.timeout, None).named, time.monotonic() - started, grace=0.0)


def command_limits(args: argparse.Namespace) -> Limits:
    """The command's --timeout and --memory as its run gets them: the time limit counted from the command's
    start (args.started, a time.monotonic() reading: the process's start for the console script) and kept
    for the way out too (api.pipeline.limits_since); a timeout's message names the limit given."""
    return limits_since(Limits.read(args.timeout, args.memory), getattr(args, "started", None))


def read_and_solve(args: argparse.Namespace, limits: Limits) -> api.Report:
    """Read the instance (from --start, when given) and solve it, all within the limits (one budget, as
    api.solve reads a file): the report (api.instance_of gives no instance when reading was stopped)."""
    trace = bool(getattr(args, "trace", None))
    return api.solve(
        args.file, args.planner, puzzle=args.puzzle, level=args.level, start=args.start, limits=limits, trace=trace
    )


def verbose_first(argv: list[str]) -> list[str]:
    """The command line with `-v` (or `--verbose`) moved to the front, wherever it was given: `solve -v`
    and `solve FILE -v` mean `-v solve FILE`."""
    verbose = [word for word in argv if word in ("-v", "--verbose")]
    return (["-v"] if verbose else []) + [word for word in argv if word not in ("-v", "--verbose")]
