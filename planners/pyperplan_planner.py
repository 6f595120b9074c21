"""pyperplan (STRIPS with typing) run as a child process, with any search/heuristic pair."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.common.processes import Outcome, memory_exhausted, output_summary, reproducible_environment, run
from puzzleplan.planners.base import PlanResult, Status, proof_of
from puzzleplan.translator.pddl.pyperplan import for_pyperplan
from puzzleplan.translator.pddl.task import STRIPS, GroundAction, PddlTask, read_plan, task_files

OPTIMAL = {("astar", "lmcut"), ("astar", "hmax"), ("astar", "blind"), ("bfs", "blind"), ("ids", "blind")}


class Pyperplan:
    """pyperplan with a search (gbf, astar, bfs, ...) and a heuristic (hff, lmcut, ...)."""

    fragment = STRIPS
    puzzles = None

    def __init__(self, search: str = "gbf", heuristic: str = "hff", name: str = "pyperplan") -> None:
        self.search = search
        self.heuristic = heuristic
        self.name = name
        if ":" in name:  # pyperplan:SEARCH:HEURISTIC from the command line (the table's pairs are known good)
            _check_names(search, heuristic)
        self.optimal = (search, heuristic) in OPTIMAL or search in ("bfs", "ids")

    def available(self) -> tuple[bool, str]:
        """Available when pyperplan is installed."""
        return (True, "") if importlib.util.find_spec("pyperplan") else (False, "install pyperplan")

    def solve(self, task: PddlTask, limits: Limits) -> PlanResult:
        """Run pyperplan on the task and read the .soln file it writes."""
        with task_files(for_pyperplan(task), "puzzleplan-pyperplan-") as (work, domain, problem):
            command = [
                sys.executable,
                "-m",
                "pyperplan",
                "-l",
                "info",
                "-s",
                self.search,
                "-H",
                self.heuristic,
                str(domain),
                str(problem),
            ]
            outcome = run(
                command, timeout=limits.timeout, memory_mb=limits.memory_mb, cwd=work, env=reproducible_environment()
            )
            log = outcome.stdout + outcome.stderr
            status, plan, message = _verdict(outcome, log, Path(str(problem) + ".soln"), limits.memory_mb)
        expanded = re.findall(r"(\d+) Nodes expanded", log)
        return PlanResult(
            status,
            plan,
            proved=proof_of(status) if self.optimal else None,
            expanded=int(expanded[-1]) if expanded else None,
            search_time=outcome.elapsed,
            message=message,
        )


def _verdict(
    outcome: Outcome, log: str, solution: Path, memory_mb: int | None
) -> tuple[Status, list[GroundAction], str]:
    """How a pyperplan run ended: its status, the plan read from its .soln file, and what to say."""
    if outcome.timed_out:
        return Status.TIMEOUT, [], ""
    memout = memory_exhausted(log, memory_mb)
    if memout:
        return Status.MEMOUT, [], memout
    if solution.exists():
        return Status.SOLVED, read_plan(solution.read_text(), str(solution)), ""
    if "no solution could be found" in log.lower() or "goal is not reachable" in log.lower():
        return Status.UNSOLVABLE, [], ""
    return Status.ERROR, [], f"pyperplan exited {outcome.returncode}: {output_summary(log)}"


def _check_names(search: str, heuristic: str) -> None:
    """InputError for a search or heuristic that pyperplan does not have (when pyperplan is installed)."""
    if importlib.util.find_spec("pyperplan") is None:
        return
    from pyperplan.planner import HEURISTICS, SEARCHES

    for kind, kinds, name, known in (
        ("search", "searches", search, SEARCHES),
        ("heuristic", "heuristics", heuristic, HEURISTICS),
    ):
        if name not in known:
            listed = ", ".join(sorted(known))
            raise InputError(f"pyperplan has no {kind} {name!r} (its {kinds}: {listed})", "command line")
