"""The parts of the `puzzleplan` commands that keep the run's promises: reading and solving within the
limits, writing a file without losing the result when the disk is full, and `-v` anywhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzleplan import api
from puzzleplan.api.pipeline import limits_since
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits


def written(write: Callable[[], Any], path: str | Path) -> tuple[Any, list[InputError]]:
    """What `write` returns and [] when it worked, else None and the error that says why the file was not
    written (a full disk)."""
    try:
        return write(), []
    except InputError as error:
        return None, [error]
    except OSError as error:
        return None, [InputError(f"cannot write the file: {error.strerror or error}", str(path))]


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
