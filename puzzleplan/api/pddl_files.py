"""Plain PDDL files, no puzzle: read and check the domain and problem, plan with a PDDL planner, and replay
the plan under PDDL semantics, all within the limits. `puzzleplan plan` prints what this returns, and
`compare pddl` runs it in each run's child process."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleplan.api.pipeline import DEFAULT, PddlRun, limited, plan_pddl, raise_for_status, stopped
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits, TimeLimitExceeded, timeout_message
from puzzleplan.common.progress import phase
from puzzleplan.planners.base import PddlPlanner, Status, simulates
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator.pddl.task import PddlTask

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.model import Task
    from puzzleplan.translator.pddl.plans import PlanCheck

PDDL_DEFAULT = "fd"
"""The planner plain PDDL gets when none is named: Fast Downward's lama-first. It reads the most of PDDL
(ADL, conditional effects, derived predicates, action costs) with no compilation and, of the planners
here, solves the most IPC tasks in the least time; an optimal plan is one `--planner fd-opt` away."""


@dataclass(frozen=True)
class PddlReport:
    """A planner's run on plain PDDL files: the run, the replay's verdict on its plan (None without a plan)
    and whether the task has action costs (None when reading it was stopped)."""

    domain: str
    problem: str
    planner: str
    run: PddlRun
    check: PlanCheck | None
    action_costs: bool | None
    total: float
    by_default: bool = False
    """True when no planner was named and the planner is PDDL_DEFAULT."""

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


def plan_files(
    domain: str, problem: str, planner: str, limits: Limits, texts: tuple[str, str] | None = None
) -> PddlReport:
    """Read the domain and problem files (or take their `texts`, named by the paths in messages), check them
    (syntax and requirements), plan with the planner named `planner` and replay the plan, all within the
    limits; InputError for bad files or a planner that cannot run them."""
    started = time.perf_counter()
    by_default, planner = planner == DEFAULT, PDDL_DEFAULT if planner == DEFAULT else planner
    chosen = pddl_planner(planner)
    model, run = _read_and_plan(domain, problem, chosen, limits, texts)
    if run.result.status is Status.TIMEOUT:
        run = replace(run, result=replace(run.result, message=timeout_message(limits.timeout, run.result.message)))
    check = _replayed(model, run)
    costs = model.action_costs if model else None
    return PddlReport(domain, problem, planner, run, check, costs, time.perf_counter() - started, by_default)


def _read_and_plan(
    domain: str, problem: str, planner: PddlPlanner, limits: Limits, texts: tuple[str, str] | None
) -> tuple[Task | None, PddlRun]:
    """The PDDL model of the files (None when reading was stopped) and the planner's run, in the limits."""
    started = time.perf_counter()
    try:
        with limited(limits), phase("reading and checking the PDDL files"):
            task, model = read_pddl(domain, problem, texts)
    except (TimeLimitExceeded, MemoryError) as error:
        return None, PddlRun(stopped(error, limits, started), [])
    return model, plan_pddl(task, planner, limits.less(time.perf_counter() - started))


def read_pddl(domain: str, problem: str, texts: tuple[str, str] | None = None) -> tuple[PddlTask, Task]:
    """The task of a domain file and a problem file (or of their `texts`, named by the paths in messages) and
    its model, checked (syntax and requirements); InputError for bad files."""
    from puzzleplan.translator.pddl.model import read_task

    domain_text, problem_text = texts or (read_file(domain), read_file(problem))
    task = PddlTask(Path(problem).stem, domain_text, problem_text)
    return task, read_task(task.domain, task.problem, domain, problem)


def _replayed(model: Task | None, run: PddlRun) -> PlanCheck | None:
    """The verdict on the plan found, replayed on the task; None without one."""
    from puzzleplan.translator.pddl.plans import check_pddl_plan

    return check_pddl_plan(model, run.plan) if model and run.result.solved else None
