"""The parts of the `puzzleplan` commands that keep the run's promises: reading and solving within the
limits, writing a file without losing the result when the disk is full, and `-v` anywhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzleplan.app import seed_output
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.common.progress import phase
from puzzleplan.translator.capabilities import notation


def plan_text(puzzle: Any, report: Any) -> str:
    """The --plan-out text: the PDDL plan in IPC format when a PDDL planner found it, else the native moves."""
    if report.pddl_plan:
        from puzzleplan.translator.pddl.task import write_plan

        return write_plan(report.pddl_plan)
    return "".join(notation(puzzle).format_move(m) + "\n" for m in report.moves)


def written(write: Callable[[], Any], path: str | Path) -> tuple[Any, list[InputError]]:
    """What `write` returns and [] when it worked, else None and the error that says why the file was not
    written (a full disk)."""
    try:
        return write(), []
    except InputError as error:
        return None, [error]
    except OSError as error:
        return None, [InputError(f"cannot write the file: {error.strerror or error}", str(path))]


def read_and_solve(args: argparse.Namespace, puzzle: Any, label: str, limits: Limits) -> tuple[Any, Any]:
    """Read the instance and solve it, all within the limits (one budget, pipeline.solve_reading): the
    instance (None when reading it was stopped) and the report."""
    from puzzleplan import api
    from puzzleplan.api.pipeline import solve_reading

    def read() -> Any:
        with phase(f"reading {args.file}"):
            inst = api.load(args.file, puzzle=puzzle.name, level=args.level)
            return seed_output.start_at(puzzle, inst.data, args.start)

    report = solve_reading(puzzle, read, label, args.planner, limits)
    return report.data, report


def verbose_first(argv: list[str]) -> list[str]:
    """The command line with `-v` (or `--verbose`) moved to the front, wherever it was given: `solve -v`
    and `solve FILE -v` mean `-v solve FILE`."""
    verbose = [word for word in argv if word in ("-v", "--verbose")]
    return (["-v"] if verbose else []) + [word for word in argv if word not in ("-v", "--verbose")]
