"""The pipeline: instance -> encode -> (compile) -> planner -> decode -> native replay -> Report."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from puzzleplan.common.errors import InputError, LimitReached, PlannerFailure
from puzzleplan.common.limits import Limits, TimeLimitExceeded, memory_limit, time_limit, timeout_message, work_time
from puzzleplan.common.progress import CURRENT, phase
from puzzleplan.common.recorder import Recorder, recording
from puzzleplan.common.trace import Trace, TraceOptions
from puzzleplan.planners.base import (
    PddlPlanner,
    Planner,
    PlanResult,
    Proof,
    Proved,
    Simulation,
    Status,
    pddl_fragment,
    simulates,
)
from puzzleplan.planners.registry import get_planner, tracing_planners
from puzzleplan.translator.capabilities import encodings_of, notation, reports, search_help
from puzzleplan.translator.pddl.task import GroundAction, PddlTask
from puzzleplan.translator.puzzle import Puzzle

HARD_GRACE = 0.5
"""Seconds past the time limit at which an in-process phase that does not look at the clock (grounding,
analysis, compilation) is interrupted (see grace: less for a shorter limit)."""


def grace(timeout: float) -> float:
    """Seconds past a time limit of `timeout` seconds at which the hard limit interrupts the run: HARD_GRACE,
    or the limit's own length when that is shorter (a run given 0.1 s is stopped at 0.2 s, not at 0.6 s)."""
    return min(HARD_GRACE, timeout)


def hard_limit(limits: Limits) -> float:
    """Seconds from the start of a run to its hard limit: its time limit and the grace past it."""
    return limits.timeout + grace(limits.timeout)


def within_the_limit(limits: Limits, spent: float) -> Limits:
    """The limits of a run in a process that must end within `limits` counted from its own start, `spent`
    seconds ago (the command line, a compare run): the run's hard limit, the limit plus its grace, falls
    WAY_OUT seconds before the end, so the grace and the way out are taken within the limit instead of
    added to it. A limit already spent leaves a run a few milliseconds, which ends as a timeout. The limit
    that messages name stays the one given."""
    timeout = work_time(limits.timeout, spent, HARD_GRACE, grace_within_work=True)  # its grace is grace(timeout)
    return Limits(timeout, limits.memory_mb, limits.named)


def limits_since(limits: Limits, started: float | None) -> Limits:
    """within_the_limit for a process that must end within `limits` counted from `started`, a time.monotonic()
    reading (common.limits.process_started() for a whole process; None: from now)."""
    return within_the_limit(limits, 0.0 if started is None else time.monotonic() - started)


@dataclass
class Report(Proved):
    """The outcome of solving one instance with one planner: the --json contract."""

    puzzle: str
    instance: str
    planner: str
    status: Status
    proved: Proof | None = None
    """What the run proved: an optimal plan, that no plan exists, or nothing (None)."""
    moves: list[Any] = field(default_factory=list)
    valid: bool | None = None
    expanded: int | None = None
    steps: int | None = None
    time: dict[str, float] = field(default_factory=dict)
    message: str = ""
    pddl_plan: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    data: Any = field(default=None, repr=False, compare=False)
    """The instance solved, as the puzzle reads it (None when reading it ran out of time)."""
    trace: Trace | None = field(default=None, repr=False, compare=False)
    """The search's trace, when the run was traced (solve(..., trace=...))."""

    def raise_for_status(self) -> Report:
        """The report itself when its run ended as a result (solved, or unsolvable); else the run's
        failure raised: LimitReached for a timeout or memout, PlannerFailure for an unsupported task or
        an error. Optional, as requests' Response.raise_for_status is: the report says it all."""
        raise_for_status(self.status, f"{self.planner} on {self.instance}: {self.message or self.status.value}")
        return self

    @property
    def length(self) -> int | None:
        """Number of native moves of the plan, when solved."""
        return len(self.moves) if self.status is Status.SOLVED else None

    def _repr_html_(self) -> str:
        """In a notebook: the figures, the plan player and, for a traced run, the search player."""
        from puzzleplan.api.notebook import report_html

        return report_html(self)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The JSON object of the output contract."""
        data = {
            "puzzle": self.puzzle,
            "instance": self.instance,
            "planner": self.planner,
            "status": self.status.value,
            "optimal": self.optimal,
            "proved": None if self.proved is None else self.proved.value,
            "length": self.length,
            "moves": [notation(puzzle).move_json(move) for move in self.moves],
            "valid": self.valid,
            "expanded": self.expanded,
            "steps": self.steps,
            "time": {key: round(value, 4) for key, value in self.time.items()},
        }
        if self.message:
            data["message"] = self.message
        data.update(self.extra)
        return data


def raise_for_status(status: Status, message: str) -> None:
    """Raise the failure of a run that ended with `status`, saying `message`: LimitReached for a timeout or
    memout, PlannerFailure for an unsupported task or an error; nothing for a result (solved, unsolvable)."""
    if status in (Status.TIMEOUT, Status.MEMOUT):
        raise LimitReached(message)
    if status in (Status.UNSUPPORTED, Status.ERROR):
        raise PlannerFailure(message)


def solve(puzzle: Puzzle, instance: Any, instance_name: str, planner_name: str, limits: Limits) -> Report:
    """Solve an instance with a planner, decode the plan and replay it on the native simulator."""
    return solve_reading(puzzle, lambda: instance, instance_name, planner_name, limits)


DEFAULT = "default"
"""The planner name that stands for each puzzle's own default (its `default_planner`)."""


def chosen_planner(puzzle: Puzzle, planner_name: str) -> str:
    """The planner that `planner_name` runs on the puzzle: the puzzle's default for `default`, else itself."""
    return search_help(puzzle).default_planner if planner_name == DEFAULT else planner_name


def solve_reading(
    puzzle: Puzzle,
    read: Callable[[], Any],
    instance_name: str,
    planner_name: str,
    limits: Limits,
    trace: TraceOptions | None = None,
) -> Report:
    """Read an instance (`read()` parses its file) and solve it under one time budget: the read runs under
    the time limit, and a read slower than the grace leaves the planner only what is left of it. A timeout's
    message names the limit given (not the time left to a phase). The planner `default` is the puzzle's
    default, which the report names, with `default_planner` true. With `trace`, the report carries the
    search's trace; InputError for a planner that cannot record one."""
    started, timeout, default = time.perf_counter(), limits.named, planner_name == DEFAULT
    planner_name = chosen_planner(puzzle, planner_name)
    try:
        with time_limit(hard_limit(limits)):
            instance = read()
    except TimeLimitExceeded:
        message = timeout_message(timeout, f"while reading {instance_name}")
        report = Report(puzzle.name, instance_name, planner_name, Status.TIMEOUT, message=message)
        return _finish(report, started, default)
    spent = time.perf_counter() - started
    if spent > grace(limits.timeout):  # a quick read is within the grace
        limits = limits.less(spent)
    planner = get_planner(search_help(puzzle).planner_aliases.get(planner_name, planner_name))
    recorder = traced(planner, planner_name, trace)
    refusal = _refusal(puzzle, planner, planner_name)
    if refusal:
        report = Report(puzzle.name, instance_name, planner_name, Status.UNSUPPORTED, message=refusal, data=instance)
        return _finish(report, started, default)
    with recording(recorder):
        planned = _plan_within(puzzle, instance, planner, limits, planner_name)
    report = _report(puzzle, instance_name, planner_name, planned, instance)
    if planned.result.solved:
        report = _replayed(report, puzzle, instance, planned.moves)
    if recorder is not None:
        report = replace(report, trace=ended(recorder.trace, report.status, report.moves))
    if report.status is Status.TIMEOUT:
        report = replace(report, message=timeout_message(timeout, report.message))
    return _finish(report, started, default)


def traced(planner: Planner[Any], planner_name: str, options: TraceOptions | None) -> Recorder | None:
    """A recorder for the run when it is traced (None when not); InputError naming the planners that can
    trace when this one cannot."""
    if options is None:
        return None
    if not getattr(planner, "traces", False):
        runs = getattr(planner, "name", planner_name)
        named = planner_name if runs == planner_name else f"{planner_name} (here {runs})"
        raise InputError(
            f"planner {named} cannot record a trace of its search; the planners that can: "
            f"{', '.join(tracing_planners())}",
            "trace=...",
        )
    return Recorder(options, planner_name)


def ended(trace: Trace, status: Status, plan: list[Any]) -> Trace:
    """The trace of a finished run: how it ended and the plan it returned."""
    trace.status, trace.plan = status.value, list(plan)
    return trace


def _refusal(puzzle: Puzzle, planner: Planner[Any], planner_name: str) -> str:
    """Why the planner cannot solve this puzzle here; empty when it can."""
    ok, why = planner.available()
    if not ok:
        return f"planner {planner_name} unavailable: {why}"
    if planner.puzzles is not None and puzzle.name not in planner.puzzles:
        return f"{planner_name} solves {', '.join(planner.puzzles)} only"
    return ""


@dataclass
class Planned:
    """What planning one instance gave: the planner's result, the native moves and the PDDL plan it
    found, the compilations the task took and the time spent translating (None: not reached)."""

    result: PlanResult
    moves: list[Any] = field(default_factory=list)
    pddl_plan: list[GroundAction] = field(default_factory=list)
    compilations: tuple[str, ...] = ()
    translate_time: float | None = None
    cost: int | float | None = None
    """The PDDL plan's cost (None: native moves, which cost one each)."""


def _plan_within(puzzle: Puzzle, instance: Any, planner: Planner[Any], limits: Limits, planner_name: str) -> Planned:
    """Plan under the hard time limit and the memory limit: running out of either is a result."""
    started = time.perf_counter()
    try:
        with limited(limits), phase(f"planning with {planner_name}"):
            return _plan(puzzle, instance, planner, limits)
    except (TimeLimitExceeded, MemoryError) as error:
        return Planned(stopped(error, limits, started))


@contextmanager
def limited(limits: Limits) -> Iterator[None]:
    """Run the block in this process under the limits: interrupted at the hard limit, the grace past the time
    limit (TimeLimitExceeded), its address space capped at the memory limit (MemoryError)."""
    CURRENT.interrupted = ""  # a phase ended by an earlier run's limit is no news of this run
    with time_limit(hard_limit(limits)), memory_limit(limits.memory_mb):
        yield


def stopped(error: BaseException, limits: Limits, started: float) -> PlanResult:
    """The result of a run that `limited` stopped: a timeout naming the limit, or a memout; with the
    states that its search expanded, when one ran."""
    elapsed, expanded = time.perf_counter() - started, CURRENT.expanded_since(started)
    if isinstance(error, MemoryError):
        message = f"out of memory under {limits.memory_mb} MiB"
        return PlanResult(Status.MEMOUT, message=message, search_time=elapsed, expanded=expanded)
    phase_name = CURRENT.take_interrupted()
    message = timeout_message(limits.named, f"while {phase_name}" if phase_name else "")
    return PlanResult(Status.TIMEOUT, message=message, search_time=elapsed, expanded=expanded)


def _plan(puzzle: Puzzle, instance: Any, planner: Planner[Any], limits: Limits) -> Planned:
    """The planner's result and the native moves of its plan (none when it found none)."""
    reason = search_help(puzzle).unsolvable_reason(instance)
    if reason:
        return Planned(PlanResult(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE, message=reason))
    if puzzle.is_goal(instance, puzzle.initial(instance)):
        return Planned(PlanResult(Status.SOLVED, [], Proof.OPTIMAL, expanded=0), translate_time=0.0)
    if simulates(planner):
        result = planner.solve(Simulation(puzzle, instance), limits)
        return Planned(result, result.plan, translate_time=0.0)
    return _solve_pddl(puzzle, instance, planner, limits)


def _report(puzzle: Puzzle, instance_name: str, planner_name: str, planned: Planned, instance: Any) -> Report:
    """The report of a planner's run, before its plan is replayed."""
    result = planned.result
    times = {} if planned.translate_time is None else {"translate": planned.translate_time}
    return Report(
        puzzle.name,
        instance_name,
        planner_name,
        result.status,
        proved=result.proved,
        expanded=result.expanded,
        steps=result.steps,
        time=dict(times, search=result.search_time),
        message=result.message,
        pddl_plan=planned.pddl_plan,
        extra=_extra(puzzle, planned),
        data=instance,
    )


def _extra(puzzle: Puzzle, planned: Planned) -> dict[str, Any]:
    """A run's figures beyond the Report's fields: the compilations, the plan's cost, the planner's figures
    and, for an optimal plan, the measure it is optimal in."""
    result = planned.result
    extra: dict[str, Any] = {"compilations": list(planned.compilations)} if planned.compilations else {}
    if planned.cost is not None:
        extra["cost"] = planned.cost
    extra.update({key: value for key, value in result.figures.items() if value is not None})
    if result.proved is not None:
        extra.setdefault("optimal_measure", reports(puzzle).optimal_measure)
    return extra


def _replayed(report: Report, puzzle: Puzzle, instance: Any, moves: list[Any]) -> Report:
    """The report with its plan replayed by the native simulator: moves, states, validity, annotations."""
    check = time.perf_counter()
    with phase("replaying the plan on the native simulator"):
        replay = puzzle.replay(instance, moves)
    message = report.message if replay.valid else f"the plan does not replay: {replay.reason}"
    return replace(
        report,
        moves=moves,
        valid=replay.valid,
        states=replay.states,
        message=message,
        extra={
            "cost": len(moves),
            **report.extra,
            **reports(puzzle).annotate(instance, moves),
        },  # native moves cost one
        time=dict(report.time, validate=time.perf_counter() - check),
    )


@dataclass
class PddlRun:
    """A planner's run on a PDDL task: its result, the plan in the task's own actions, and the
    compilations it took to bring the task to the planner's fragment."""

    result: PlanResult
    plan: list[GroundAction]
    compilations: tuple[str, ...] = ()
    translate_time: float = 0.0


def plan_pddl(task: PddlTask, planner: PddlPlanner, limits: Limits) -> PddlRun:
    """Compile the task to the planner's fragment, plan in the time left, and map the plan back; the
    whole run (an in-process planner's grounding included) holds the limits."""
    begin = time.perf_counter()
    try:
        with limited(limits):
            return _plan_compiled(task, planner, limits, begin)
    except (TimeLimitExceeded, MemoryError) as error:
        return PddlRun(stopped(error, limits, begin), [], (), time.perf_counter() - begin)


def _plan_compiled(task: PddlTask, planner: PddlPlanner, limits: Limits, begin: float) -> PddlRun:
    """plan_pddl's work, inside its limits."""
    from puzzleplan.planners.compile import CompilationFailed, Compiled, compile_for  # PDDL planners only

    try:
        compiled = compile_for(task, pddl_fragment(planner), limits.timeout)
    except CompilationFailed as error:
        native = _configured_for(planner, task)
        if native is None:
            return _not_compiled(planner, error.status, str(error), begin)
        planner, compiled = native, Compiled(task, lambda plan: plan)
    except TimeLimitExceeded:
        return _not_compiled(
            planner, Status.TIMEOUT, "stopped while compiling the task to the planner's fragment", begin
        )
    spent = time.perf_counter() - begin
    result = planner.solve(compiled.task, limits.less(spent, at_least=0.1))
    plan = compiled.map_back(result.plan) if result.solved else []
    return PddlRun(result, plan, compiled.compilations, spent)


def _configured_for(planner: PddlPlanner, task: PddlTask) -> PddlPlanner | None:
    """The planner's configuration that takes the task as it is when no compilation brings the task to the
    planner's fragment (an optimal Fast Downward's admissible heuristic that reads conditional effects and
    axioms), or None when it has none."""
    configure = getattr(planner, "configured_for", None)
    return configure(task) if configure else None


def _not_compiled(planner: PddlPlanner, status: Status, why: str, begin: float) -> PddlRun:
    """The run of a planner whose task could not be compiled to its fragment: how and why."""
    return PddlRun(PlanResult(status, message=f"{planner.name}: {why}"), [], (), time.perf_counter() - begin)


def _solve_pddl(puzzle: Puzzle, instance: Any, planner: PddlPlanner, limits: Limits) -> Planned:
    """Encode for the planner, plan, and decode the plan to native moves."""
    from puzzleplan.translator.pddl.plans import plan_cost  # the PDDL checker's modules: PDDL planners only

    with phase("encoding the instance as PDDL"):
        task = encodings_of(puzzle).encode_for(instance, pddl_fragment(planner))
    run = plan_pddl(task, planner, limits)
    planned = Planned(run.result, [], run.plan, run.compilations, run.translate_time)
    if not run.result.solved:
        return replace(planned, pddl_plan=[])
    planned = replace(planned, cost=plan_cost(task, run.plan))
    try:
        return replace(planned, moves=puzzle.decode(instance, run.plan))
    except InputError as error:
        failed = replace(run.result, status=Status.ERROR, proved=None, message=f"cannot decode the plan: {error}")
        return replace(planned, result=failed)


def _finish(report: Report, started: float, default: bool) -> Report:
    """Stamp the total time, and mark a run of the puzzle's default planner (`default`)."""
    extra = dict(report.extra, default_planner=True) if default else report.extra
    return replace(report, time=dict(report.time, total=time.perf_counter() - started), extra=extra)
