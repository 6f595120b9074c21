"""Plain PDDL files, no puzzle: read and check the domain and problem, plan with a PDDL planner, and replay
the plan under PDDL semantics, all within the limits. `puzzleplan plan` prints what this returns, and
`compare pddl` runs it in each run's child process."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleplan.api.pipeline import DEFAULT, PddlRun, limited, plan_pddl, raise_for_status, stopped
from puzzleplan.api.watching import framed
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits, TimeLimitExceeded, timeout_message
from puzzleplan.common.progress import phase
from puzzleplan.common.trace import Trace
from puzzleplan.planners.base import PddlPlanner, Status, simulates
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, read_plan

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.model import Task
    from puzzleplan.translator.pddl.plans import PlanCheck
    from puzzleplan.translator.pddl.trace import PlanTrace

PlanInput = str | Path | list[GroundAction]
"""A plan: an IPC plan file's path, or ground actions (name, arguments)."""
VIEWER_HEIGHT = 640
"""Pixels high the plan viewer is shown in a notebook (its iframe)."""

PDDL_DEFAULT = "fd"
"""The planner plain PDDL gets when none is named: Fast Downward's lama-first. It reads the most of PDDL
(ADL, conditional effects, derived predicates, action costs) with no compilation and, of the planners
here, solves the most IPC tasks in the least time; an optimal plan is one `--planner fd-opt` away."""


@dataclass(frozen=True)
class PddlReport:
    """A planner's run on plain PDDL files: the run, the replay's verdict on its plan (None without a plan),
    whether the task has action costs (None when reading it was stopped) and the warnings of the reading
    (one line per departure from the PDDL standard that the planners accept)."""

    domain: str
    problem: str
    planner: str
    run: PddlRun
    check: PlanCheck | None
    action_costs: bool | None
    total: float
    warnings: tuple[str, ...] = ()
    by_default: bool = False
    """True when no planner was named and the planner is PDDL_DEFAULT."""
    trace: Trace | None = field(default=None, repr=False, compare=False)
    """Graphplan's trace (its planning graph and backward search), when the run was traced."""

    @property
    def cost(self) -> float | None:
        """The cost of a valid plan (its length when the task has no action costs)."""
        return self.check.cost if self.check and self.check.valid else None

    @property
    def message(self) -> str:
        """Why the plan does not replay, else the planner's message (why it found none, or how it ran)."""
        if self.run.result.solved and self.check and not self.check.valid:
            return self.check.message()
        return self.run.result.message

    def raise_for_status(self) -> PddlReport:
        """The report itself when its run ended as a result (solved, or unsolvable); else the run's failure
        raised: LimitReached for a timeout or memout, PlannerFailure for an unsupported task or an error."""
        status = self.run.result.status
        raise_for_status(status, f"{self.planner} on {self.problem}: {self.message or status.value}")
        return self

    def _repr_html_(self) -> str:
        """In a notebook: the plan viewer, stepping through the plan's states (puzzleplan.api.pddl_pages)."""
        return framed(pddl_plan_page(self.domain, self.problem, self.run.plan), VIEWER_HEIGHT)

    def to_json(self) -> dict[str, Any]:
        """What `puzzleplan plan --json` prints: the run, the replay's verdict and cost, and the times."""
        result, plan = self.run.result, self.run.plan
        data: dict[str, Any] = {
            "domain": self.domain,
            "problem": self.problem,
            "planner": self.planner,
            "status": result.status.value,
            "optimal": result.optimal,
            "proved": None if result.proved is None else result.proved.value,
            "length": len(plan) if result.solved else None,
            "cost": self.cost,
            "action_costs": self.action_costs,
            "steps": result.steps,
            "expanded": result.expanded,
            "valid": self.check.valid if self.check else None,
            "plan": [[name, *args] for name, args in plan],
            "time": {
                "translate": round(self.run.translate_time, 4),
                "search": round(result.search_time, 4),
                "total": round(self.total, 4),
            },
        }
        if self.message:
            data["message"] = self.message
        data["warnings"] = list(self.warnings)
        if self.run.compilations:
            data["compilations"] = list(self.run.compilations)
        if self.by_default:
            data["default_planner"] = True
        return data


def pddl_planner(name: str) -> PddlPlanner:
    """The registered planner `name`, when it plans PDDL and is installed; InputError saying why not."""
    planner = get_planner(name)
    ok, why = planner.available()
    if not ok or simulates(planner):
        raise InputError(f"planner {name} cannot run PDDL files here" + (f": {why}" if why else ""), "command line")
    return planner


def planner_of(name: str) -> str:
    """The PDDL planner a name asks for: PDDL_DEFAULT for the name `default`, else the name itself."""
    return PDDL_DEFAULT if name == DEFAULT else name


def plan_files(
    domain: str,
    problem: str,
    planner: str,
    limits: Limits,
    texts: tuple[str, str] | None = None,
    strict: bool = False,
) -> PddlReport:
    """Read the domain and problem files (or take their `texts`, named by the paths in messages), check them
    (syntax and requirements), plan with the planner named `planner` and replay the plan, all within the
    limits; InputError for bad files or a planner that cannot run them. Departures from the standard that
    the planners accept are the report's warnings, or under `strict` InputErrors."""
    started = time.perf_counter()
    by_default, planner = planner == DEFAULT, planner_of(planner)
    chosen = pddl_planner(planner)
    model, run = _read_and_plan(domain, problem, chosen, limits, texts, strict)
    if run.result.status is Status.TIMEOUT:
        run = replace(run, result=replace(run.result, message=timeout_message(limits.named, run.result.message)))
    check = _replayed(model, run)
    costs = model.action_costs if model else None
    warnings = model.warnings if model else ()
    total = time.perf_counter() - started
    return PddlReport(domain, problem, planner, run, check, costs, total, warnings, by_default)


def _read_and_plan(
    domain: str, problem: str, planner: PddlPlanner, limits: Limits, texts: tuple[str, str] | None, strict: bool
) -> tuple[Task | None, PddlRun]:
    """The PDDL model of the files (None when reading was stopped) and the planner's run, in the limits."""
    started = time.perf_counter()
    try:
        with limited(limits), phase("reading and checking the PDDL files"):
            task, model = read_pddl(domain, problem, texts, strict)
    except (TimeLimitExceeded, MemoryError) as error:
        return None, PddlRun(stopped(error, limits, started), [])
    return model, plan_pddl(task, planner, limits.less(time.perf_counter() - started))


def read_pddl(
    domain: str, problem: str, texts: tuple[str, str] | None = None, strict: bool = False
) -> tuple[PddlTask, Task]:
    """The task of a domain file and a problem file (or of their `texts`, named by the paths in messages) as
    the planners get it, and its model, checked (syntax and requirements); InputError for bad files. The
    model's `warnings` name the departures from the standard read leniently (under `strict`, InputErrors),
    and the task then holds the texts as read, with what was assumed written out."""
    from puzzleplan.translator.pddl.model import read_task

    domain_text, problem_text = texts or (read_file(domain), read_file(problem))
    model = read_task(domain_text, problem_text, domain, problem, strict)
    texts = model.planner_texts or (domain_text, problem_text)
    return PddlTask(Path(problem).stem, *texts, sources=(domain, problem)), model


def _replayed(model: Task | None, run: PddlRun) -> PlanCheck | None:
    """The verdict on the plan found, replayed on the task; None without one."""
    from puzzleplan.translator.pddl.plans import check_pddl_plan

    return check_pddl_plan(model, run.plan) if model and run.result.solved else None


def trace_pddl_plan(domain: str | Path, problem: str | Path, plan: PlanInput) -> PlanTrace:
    """Read the domain and problem files and replay the plan (a plan file's path, or ground actions) state by
    state, for the plan viewer (translator/pddl/trace.py); InputError for bad files."""
    from puzzleplan.translator.pddl.trace import trace_plan

    _, model = read_pddl(str(domain), str(problem))
    steps = read_plan(read_file(str(plan)), str(plan)) if isinstance(plan, (str, Path)) else list(plan)
    return trace_plan(model, steps)


def pddl_plan_page(domain: str | Path, problem: str | Path, plan: PlanInput, title: str | None = None) -> str:
    """The plan viewer page (HTML text) of a plan for PDDL files: its states step by step, the facts added
    and deleted, the goal reached so far, the cost so far, and the failing step of an invalid plan."""
    from puzzleplan.pictures.pddl_player import pddl_player_page

    trace = trace_pddl_plan(domain, problem, plan)
    heading = title or f"{Path(problem).name} on {Path(domain).name}"
    return pddl_player_page(trace.to_json(), heading, trace.check.message().splitlines()[0])
