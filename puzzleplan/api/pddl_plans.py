"""A plan for plain PDDL files (no puzzle) replayed under PDDL semantics: the first failing step and why, or
the goal left unmet, the plan's cost, the cost its file claims and, when asked, how far from the optimal
cost it is. `puzzleplan validate DOMAIN PROBLEM PLAN` prints what this returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzleplan.api.pddl_files import VIEWER_HEIGHT, pddl_plan_page, read_pddl
from puzzleplan.api.validation import comparison, no_optimum
from puzzleplan.api.watching import framed
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.translator.pddl.plans import PlanCheck, check_pddl_plan
from puzzleplan.translator.pddl.task import PddlTask, claimed_cost, example_step, read_plan

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.model import Task

OPTIMAL_PLANNER = "fd-opt"
"""The planner that finds the optimal cost a plan is compared with."""


@dataclass(frozen=True)
class PddlPlanVerdict:
    """The verdict on a plan for PDDL files: the files, the replay's check (valid, cost, the failed step, the
    state), the cost the plan file claims, the comparison with the optimal cost (None when not asked) and
    the warnings of the reading (one line per departure from the PDDL standard that the planners accept)."""

    domain: str
    problem: str
    plan: str
    check: PlanCheck
    claimed_cost: float | None
    optimal: dict[str, Any] | None = None
    warnings: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the plan replays and reaches the goal."""
        return self.check.valid

    @property
    def cost_note(self) -> str:
        """A note when the plan file claims a cost other than the plan's, else ""."""
        claimed, cost = self.claimed_cost, self.check.cost
        if claimed is None or cost is None or abs(claimed - cost) <= 1e-9:
            return ""
        return f"note: the plan file claims cost {claimed:g}, the plan costs {cost:g}"

    def _repr_html_(self) -> str:
        """In a notebook: the plan viewer, stepping through the plan's states (puzzleplan.api.pddl_pages)."""
        return framed(pddl_plan_page(self.domain, self.problem, self.plan), VIEWER_HEIGHT)

    def to_json(self, state: bool = False) -> dict[str, Any]:
        """The JSON object of `validate DOMAIN PROBLEM PLAN --json` (with the state's facts when `state`)."""
        data = {"domain": self.domain, "problem": self.problem, "plan": self.plan, **self.check.to_json()}
        data.update(claimed_cost=self.claimed_cost, optimal=self.optimal, warnings=list(self.warnings))
        if state:
            data["state"] = self.check.state_lines()
        return data


def validate_pddl_plan(
    domain: str, problem: str, plan: str, optimal: Limits | None = None, strict: bool = False
) -> PddlPlanVerdict:
    """Read a domain file, a problem file and a plan file (IPC format) and replay the plan; with `optimal`,
    a valid plan is also compared with the optimal cost fd-opt finds within those limits. InputError for
    bad files (under `strict`, also for a departure from the PDDL standard, else a warning)."""
    task, model = read_pddl(domain, problem, strict=strict)
    text = read_file(plan)
    claimed = claimed_cost(text, plan)
    check = check_pddl_plan(model, read_plan(text, plan, example_step(task.domain)))
    against = None
    if optimal is not None and check.valid and check.cost is not None:
        against = compare_with_optimal(task, model, check.cost, optimal)
    return PddlPlanVerdict(domain, problem, plan, check, claimed, against, model.warnings)


def compare_with_optimal(task: PddlTask, model: Task, cost: float, limits: Limits) -> dict[str, Any]:
    """Run the optimal planner and say whether a plan of `cost` is cost-optimal (the JSON of the comparison)."""
    from puzzleplan.api.pipeline import plan_pddl
    from puzzleplan.planners.registry import get_planner

    run = plan_pddl(task, get_planner(OPTIMAL_PLANNER), limits)
    if not (run.result.solved and run.result.optimal):
        return no_optimum(OPTIMAL_PLANNER, "cost", run.result.status.value, run.result.message)
    optimum = check_pddl_plan(model, run.plan).cost
    if optimum is None:
        return no_optimum(OPTIMAL_PLANNER, "cost", "error", f"{OPTIMAL_PLANNER}'s plan does not replay")
    return comparison(OPTIMAL_PLANNER, "cost", cost, optimum)
