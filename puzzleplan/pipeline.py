"""The pipeline: instance -> encode -> (compile) -> planner -> decode -> native replay -> Report."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from puzzleplan.planners.base import Limits, Planner, PlanResult, Status
from puzzleplan.planners.compile import CompilationFailed, compile_for
from puzzleplan.planners.process import TimeLimitExceeded, memory_limit, time_limit
from puzzleplan.planners.progress import CURRENT, phase
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.errors import InputError
from puzzleplan.translator.pddl import GroundAction, PddlTask
from puzzleplan.translator.pddl_plans import plan_cost
from puzzleplan.translator.puzzle import Puzzle

HARD_GRACE = 0.5
"""Seconds past the time limit at which an in-process phase that does not look at the clock (grounding,
analysis, compilation) is interrupted."""


@dataclass
class Report:
    """The outcome of solving one instance with one planner: the --json contract."""

    puzzle: str
    instance: str
    planner: str
    status: Status
    optimal: bool = False
    moves: list[Any] = field(default_factory=list)
    valid: bool | None = None
    expanded: int | None = None
    steps: int | None = None
    time: dict[str, float] = field(default_factory=dict)
    message: str = ""
    pddl_plan: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def length(self) -> int | None:
        """Number of native moves of the plan, when solved."""
        return len(self.moves) if self.status is Status.SOLVED else None

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The JSON object of the output contract."""
        data = {
            "puzzle": self.puzzle,
            "instance": self.instance,
            "planner": self.planner,
            "status": self.status.value,
            "optimal": self.optimal,
            "length": self.length,
            "moves": [puzzle.move_json(move) for move in self.moves],
            "valid": self.valid,
            "expanded": self.expanded,
            "steps": self.steps,
            "time": {key: round(value, 4) for key, value in self.time.items()},
        }
        if self.message:
            data["message"] = self.message
        data.update(self.extra)
        return data


def solve(puzzle: Puzzle, instance: Any, instance_name: str, planner_name: str, limits: Limits) -> Report:
    """Solve an instance with a planner, decode the plan and replay it on the native simulator."""
    started = time.perf_counter()
    planner = get_planner(puzzle.planner_aliases.get(planner_name, planner_name))
    report = Report(puzzle.name, instance_name, planner_name, Status.ERROR)
    ok, why = planner.available()
    if not ok:
        report.status, report.message = Status.UNSUPPORTED, f"planner {planner_name} unavailable: {why}"
        return _finish(report, started)
    if planner.puzzles is not None and puzzle.name not in planner.puzzles:
        report.status = Status.UNSUPPORTED
        report.message = f"{planner_name} solves {', '.join(planner.puzzles)} only"
        return _finish(report, started)
    try:
        with limited(limits), phase(f"planning with {planner_name}"):
            result, moves = _plan(puzzle, instance, planner, limits, report)
    except (TimeLimitExceeded, MemoryError) as error:
        result, moves = stopped(error, limits, started), []
    report.status, report.optimal = result.status, result.optimal
    report.expanded, report.steps, report.message = result.expanded, result.steps, result.message
    report.time["search"] = result.search_time
    report.extra.update({k: v for k, v in result.figures.items() if v is not None})
    if result.optimal:
        report.extra.setdefault("optimal_measure", puzzle.optimal_measure)
    if result.solved:
        report.extra.setdefault("cost", len(moves))  # native moves cost one each
        check = time.perf_counter()
        with phase("replaying the plan on the native simulator"):
            replay = puzzle.replay(instance, moves)
        report.moves, report.valid, report.states = moves, replay.valid, replay.states
        report.extra.update(puzzle.annotate(instance, moves))
        if not replay.valid:
            report.message = f"the plan does not replay: {replay.reason}"
        report.time["validate"] = time.perf_counter() - check
    return _finish(report, started)


@contextmanager
def limited(limits: Limits) -> Iterator[None]:
    """Run the block in this process under the limits: interrupted HARD_GRACE seconds past the time limit
    (TimeLimitExceeded), its address space capped at the memory limit (MemoryError)."""
    CURRENT.interrupted = ""  # a phase ended by an earlier run's limit is no news of this run
    with time_limit(limits.timeout + HARD_GRACE), memory_limit(limits.memory_mb):
        yield


def stopped(error: BaseException, limits: Limits, started: float) -> PlanResult:
    """The result of a run that `limited` stopped: a timeout naming the limit, or a memout; with the
    states that its search expanded, when one ran."""
    elapsed, expanded = time.perf_counter() - started, CURRENT.expanded_since(started)
    if isinstance(error, MemoryError):
        message = f"out of memory under {limits.memory_mb} MiB"
        return PlanResult(Status.MEMOUT, message=message, search_time=elapsed, expanded=expanded)
    phase_name = CURRENT.take_interrupted()
    message = timeout_message(limits.timeout, f"while {phase_name}" if phase_name else "")
    return PlanResult(Status.TIMEOUT, message=message, search_time=elapsed, expanded=expanded)


def timeout_message(seconds: float, said: str = "") -> str:
    """What a run stopped at its time limit says: the limit the user gave (not the time left to a phase),
    and the phase under way when `said` names one ("... while grounding the task")."""
    _, found, phase_name = said.partition("while ")
    return f"stopped at the time limit ({seconds:g} s)" + (f" while {phase_name}" if found else "")


def _plan(puzzle: Puzzle, instance: Any, planner: Planner, limits: Limits, report: Report) -> tuple[PlanResult, list]:
    """The planner's result and the native moves of its plan (none when it found none)."""
    reason = puzzle.unsolvable_reason(instance)
    if reason:
        return PlanResult(Status.UNSOLVABLE, optimal=True, message=reason), []
    if puzzle.is_goal(instance, puzzle.initial(instance)):
        report.time["translate"] = 0.0
        return PlanResult(Status.SOLVED, [], optimal=True, expanded=0), []
    if planner.native:
        report.time["translate"] = 0.0
        result = planner.solve_native(puzzle, instance, limits)
        return result, result.plan
    return _solve_pddl(puzzle, instance, planner, limits, report)


@dataclass
class PddlRun:
    """A planner's run on a PDDL task: its result, the plan in the task's own actions, and the
    compilations it took to bring the task to the planner's fragment."""

    result: PlanResult
    plan: list[GroundAction]
    compilations: tuple[str, ...] = ()
    translate_time: float = 0.0


def plan_pddl(task: PddlTask, planner: Planner, limits: Limits) -> PddlRun:
    """Compile the task to the planner's fragment, plan in the time left, and map the plan back; the
    whole run (an in-process planner's grounding included) holds the limits."""
    begin = time.perf_counter()
    try:
        with limited(limits):
            return _plan_compiled(task, planner, limits, begin)
    except (TimeLimitExceeded, MemoryError) as error:
        return PddlRun(stopped(error, limits, begin), [], (), time.perf_counter() - begin)


def _plan_compiled(task: PddlTask, planner: Planner, limits: Limits, begin: float) -> PddlRun:
    """plan_pddl's work, inside its limits."""
    try:
        compiled = compile_for(task, planner.fragment, limits.timeout)
    except CompilationFailed as error:
        return PddlRun(
            PlanResult(error.status, message=f"{planner.name}: {error}"), [], (), time.perf_counter() - begin
        )
    spent = time.perf_counter() - begin
    result = planner.solve(compiled.task, Limits(max(0.1, limits.timeout - spent), limits.memory_mb))
    plan = compiled.map_back(result.plan) if result.solved else []
    return PddlRun(result, plan, compiled.compilations, spent)


def _solve_pddl(
    puzzle: Puzzle, instance: Any, planner: Planner, limits: Limits, report: Report
) -> tuple[PlanResult, list[Any]]:
    """Encode for the planner, plan (pddl_plan), and decode the plan to native moves."""
    with phase("encoding the instance as PDDL"):
        task = puzzle.encode_for(instance, planner.fragment)
    run = plan_pddl(task, planner, limits)
    report.time["translate"] = run.translate_time
    if run.compilations:
        report.extra["compilations"] = list(run.compilations)
    if not run.result.solved:
        return run.result, []
    report.pddl_plan = run.plan
    report.extra["cost"] = plan_cost(task, run.plan)
    try:
        return run.result, puzzle.decode(instance, run.plan)
    except InputError as error:
        run.result.status, run.result.message = Status.ERROR, f"cannot decode the plan: {error}"
        return run.result, []


def _finish(report: Report, started: float) -> Report:
    """Stamp the total time."""
    report.time["total"] = time.perf_counter() - started
    return report
