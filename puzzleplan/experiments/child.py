"""One comparison run's solve, through the library: `python -m puzzleplan.experiments.child TASK.json`.

run_one starts this module as its only child under the run's hard limits. It reads the task (puzzle, instance
label, file, text, level, planner, timeout, memory_mb), solves it with the pipeline of puzzleplan.api (reading
the text counts against the time limit, which counts from this process's start and holds up to its exit, as
the command line's) and prints the report as one JSON object, the `solve --json` contract; a plain PDDL task
(domain_file and domain_text besides file and text) is planned with puzzleplan.api.pddl_files and printed as
`plan --json` prints it. Bad input is a JSON error naming the file and
line (exit 2), running out of memory a memout (exit 5); any other result exits 0, its status in the JSON.
SIGTERM (the wrapper's hard limit) stops it with exit 130 and nothing printed, so that the wrapper reports
the timeout.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from puzzleplan.api.pddl_files import plan_files
from puzzleplan.api.pipeline import limits_since
from puzzleplan.api.runs import solve_text
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits, process_started
from puzzleplan.common.processes import interrupt_on_terminate

BAD_INPUT, MEMOUT, INTERRUPTED = 2, 5, 130
"""The exit statuses of a run without a result (those of the command line)."""


def solve_task(task: dict[str, Any]) -> dict[str, Any]:
    """Solve one task and return its report as the JSON object of the `solve --json` contract (of
    `plan --json` for a plain PDDL task)."""
    limits = limits_since(Limits.read(task["timeout"], task.get("memory_mb")), process_started())
    if task.get("domain_file"):
        texts = (task["domain_text"], task["text"])
        strict = task.get("strict", False)
        return plan_files(task["domain_file"], task["file"], task["planner"], limits, texts, strict).to_json()
    source, level = task.get("file") or task["instance"], task.get("level") or None
    return solve_text(task["puzzle"], task["text"], source, level, task["planner"], limits)


def failure(status: str, message: str, error: InputError | None = None) -> dict[str, Any]:
    """The JSON object of a run that ended without a result, located like the command line's."""
    where = (error.source, error.line, error.column) if error else (None, None, None)
    return {"status": status, "message": message, **dict(zip(("file", "line", "column"), where))}


def run(task: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The JSON object to print for a task and the exit status."""
    try:
        return solve_task(task), 0
    except InputError as error:
        return failure("error", str(error), error), BAD_INPUT
    except (MemoryError, SystemError) as error:  # CPython at its address-space limit may fail inside C code
        if isinstance(error, SystemError) and not task.get("memory_mb"):
            raise
        return failure("memout", f"out of memory ({type(error).__name__}: {error})"), MEMOUT


def main(argv: list[str] | None = None) -> int:
    """Solve the task in the JSON file named on the command line and print its report as one line."""
    interrupt_on_terminate()
    (path,) = sys.argv[1:] if argv is None else argv
    try:
        data, code = run(json.loads(read_file(path)))
    except KeyboardInterrupt:
        return INTERRUPTED
    print(json.dumps(data), flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
