"""The parts of the `puzzleplan` commands that keep the run's promises: reading and solving within the
limits, writing a file without losing the result when the disk is full, and `-v` anywhere."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzleplan.app import seed_output
from puzzleplan.planners.base import Limits
from puzzleplan.planners.process import TimeLimitExceeded
from puzzleplan.planners.progress import phase
from puzzleplan.translator.errors import InputError
from puzzleplan.translator.text import read_file as read_text


def plan_text(puzzle: Any, report: Any) -> str:
    """The --plan-out text: the PDDL plan in IPC format when a PDDL planner found it, else the native moves."""
    if report.pddl_plan:
        from puzzleplan.translator.pddl import write_plan

        return write_plan(report.pddl_plan)
    return "".join(puzzle.format_move(m) + "\n" for m in report.moves)


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
    from puzzleplan.pipeline import solve_reading

    def read() -> Any:
        with phase(f"reading {args.file}"):
            inst = api.load(args.file, puzzle=puzzle.name, level=args.level)
            return seed_output.start_at(puzzle, inst.data, args.start)

    report = solve_reading(puzzle, read, label, args.planner, limits)
    return report.data, report


def plan_files(args: argparse.Namespace, planner: Any, limits: Limits) -> tuple[Any, Any]:
    """Read the domain and problem files and check them (syntax and requirements), then plan, all within
    the limits: the PDDL model of the task (None when reading it was stopped) and the PddlRun."""
    from puzzleplan.pipeline import PddlRun, limited, plan_pddl, stopped
    from puzzleplan.translator.pddl import PddlTask
    from puzzleplan.translator.pddl_model import read_task

    started = time.perf_counter()
    try:
        with limited(limits), phase("reading and checking the PDDL files"):
            task = PddlTask(Path(args.problem).stem, read_text(args.domain), read_text(args.problem))
            model = read_task(task.domain, task.problem, args.domain, args.problem)
    except (TimeLimitExceeded, MemoryError) as error:
        return None, PddlRun(stopped(error, limits, started), [])
    spent = time.perf_counter() - started
    return model, plan_pddl(task, planner, limits.less(spent))


def verbose_first(argv: list[str]) -> list[str]:
    """The command line with `-v` (or `--verbose`) moved to the front, wherever it was given: `solve -v`
    and `solve FILE -v` mean `-v solve FILE`."""
    verbose = [word for word in argv if word in ("-v", "--verbose")]
    return (["-v"] if verbose else []) + [word for word in argv if word not in ("-v", "--verbose")]
