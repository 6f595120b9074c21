"""One comparison run in its own process: the solve under hard limits, as one JSON row.

`python -m puzzleplan.experiments.run_one < task.json` reads a task (puzzle, instance label, file text, level,
planner, timeout, memory_mb), runs the solve through the library as a child (puzzleplan.experiments.child)
under a hard time and memory limit (puzzleplan.common.processes.run), and prints one row whatever happens:
a crash, a timeout or a memout is a status, never a missing row. The peak memory is the largest resident
set of the child and its reaped descendants (RUSAGE_CHILDREN of this wrapper, which runs nothing else).
"""

from __future__ import annotations

import json
import resource
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

from puzzleplan.api.runs import planner_version
from puzzleplan.common.guard import PR_SET_CHILD_SUBREAPER, PR_SET_PDEATHSIG, prctl, sweep_orphans
from puzzleplan.common.processes import Outcome, interrupt_on_terminate, memory_exhausted, python_module, run

GRACE = 1.0
"""Seconds past the timeout before the child is killed: the child counts its limit from its own start and
ends within it (Python's start-up, the planner's grace and its way out included), so this is a backstop for
a child that does not, within the second the limits promise."""


def child_command(task: dict[str, Any], work: Path) -> list[str]:
    """The command line of a task's child: the library entry puzzleplan.experiments.child, which reads the
    task saved as JSON in `work` (a puzzle task is solved by the pipeline, a plain PDDL task planned by
    puzzleplan.api.pddl_files; no command line of the application is built or parsed)."""
    path = work / "task.json"
    path.write_text(json.dumps(task))
    return [*python_module("puzzleplan.experiments.child"), str(path)]


def supervise(command: list[str], timeout: float, memory_mb: int | None) -> tuple[Outcome, float]:
    """Run `command` under a hard wall-clock and address-space limit; the outcome and peak memory (MiB)."""
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    try:
        outcome = run(command, timeout=timeout, memory_mb=memory_mb)
    finally:
        sweep_orphans()
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return outcome, round(peak_kib / 1024, 1)


def classify(outcome: Outcome, memory_mb: int | None) -> dict[str, Any]:
    """The row fields of a finished child: its own JSON report, or a timeout, memout or error status."""
    try:
        report = json.loads(outcome.stdout)
    except ValueError:
        report = None
    if isinstance(report, dict) and "status" in report:
        return report
    if outcome.timed_out:
        return {"status": "timeout", "message": "killed at the hard time limit"}
    tail = " | ".join(outcome.stderr.strip().splitlines()[-3:])
    memout = memory_exhausted(outcome.stderr, memory_mb)
    if memout:
        return {"status": "memout", "message": memout}
    code = outcome.returncode
    how = f"killed by {signal.Signals(-code).name}" if code is not None and code < 0 else f"exit status {code}"
    return {"status": "error", "message": f"{how}: {tail}"}


def base_row(task: dict[str, Any]) -> dict[str, Any]:
    """The row of a task before its outcome is known: an error with no figures."""
    return {
        "puzzle": task["puzzle"],
        "instance": task["instance"],
        "file": task.get("file"),
        "planner": task["planner"],
        "status": "error",
        "length": None,
        "optimal": False,
        "proved": None,
        "valid": None,
        "expanded": None,
        "steps": None,
        "time": {},
        "level": task.get("level") or None,
        "measure": task.get("measure", "moves"),
        "timeout": task["timeout"],
        "memory_mb": task.get("memory_mb"),
        "peak_memory_mb": None,
    }


def execute(task: dict[str, Any], grace: float = GRACE) -> dict[str, Any]:
    """Run one task under its limits and return its row."""
    with tempfile.TemporaryDirectory(prefix="puzzleplan-run-") as work:
        command = child_command(task, Path(work))
        outcome, peak = supervise(command, task["timeout"] + grace, task.get("memory_mb"))
        fields = classify(outcome, task.get("memory_mb"))
    if task.get("domain_file"):  # a PDDL task's row names its files, whatever the child printed
        fields.update(domain=task["domain_file"], problem=task["file"])
    identity = base_row(task)
    row = dict(identity, **fields)
    row.update(
        {key: identity[key] for key in ("puzzle", "instance", "file", "planner", "level", "measure")},
        peak_memory_mb=peak,
        returncode=outcome.returncode,
        planner_version=planner_version(task["planner"]),
    )
    row["time"] = dict(row.get("time") or {}, wall=round(outcome.elapsed, 4))
    return row


def main() -> int:
    """Read one task as JSON on standard input and print its row as one JSON line."""
    interrupt_on_terminate()
    prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    task = json.loads(sys.stdin.read())
    print(json.dumps(execute(task)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
