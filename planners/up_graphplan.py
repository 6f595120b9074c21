"""Our Graphplan as a unified-planning OneshotPlanner engine, `puzzleplan-graphplan`.

This module imports unified_planning: load it only through UP's factory (register(), or a up.ini naming
this module and GraphplanEngine).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

import unified_planning as up
from unified_planning.engines import Credits, Engine, LogLevel, LogMessage, OptimalityGuarantee, PlanGenerationResult
from unified_planning.engines import PlanGenerationResultStatus as UpStatus
from unified_planning.engines.mixins import OneshotPlannerMixin
from unified_planning.io import PDDLWriter
from unified_planning.model import ProblemKind
from unified_planning.plans import ActionInstance, SequentialPlan

from puzzleplan.common.limits import Limits, TimeLimitExceeded, time_limit
from puzzleplan.planners.base import PlanResult, Proof, Status
from puzzleplan.planners.graphplan import Graphplan
from puzzleplan.translator.pddl.task import PddlTask

NAME = "puzzleplan-graphplan"
NO_LIMIT = 10.0**9
"""Seconds Graphplan gets when UP passes no timeout."""

CREDITS = Credits(
    "puzzleplan Graphplan",
    "the puzzleplan authors",
    "",
    "",
    "",
    "Graphplan with memoized nogoods over pyperplan's grounder (fewest parallel time steps).",
    "Graphplan (Blum and Furst) on the STRIPS task, grounded by pyperplan; a plan with fewest time steps, "
    "reported optimal when every step holds one action.",
)

_STATUSES = {
    Status.UNSOLVABLE: UpStatus.UNSOLVABLE_PROVEN,
    Status.TIMEOUT: UpStatus.TIMEOUT,
    Status.MEMOUT: UpStatus.MEMOUT,
    Status.UNSUPPORTED: UpStatus.UNSUPPORTED_PROBLEM,
    Status.ERROR: UpStatus.INTERNAL_ERROR,
}


class GraphplanEngine(Engine, OneshotPlannerMixin):
    """Graphplan on a UP problem: written as PDDL, planned by our Graphplan, the plan read back."""

    def __init__(self, **options: Any) -> None:
        Engine.__init__(self)
        OneshotPlannerMixin.__init__(self)

    @property
    def name(self) -> str:
        """The engine's name in UP's factory."""
        return NAME

    @staticmethod
    def supported_kind() -> ProblemKind:
        """STRIPS with types; a plan-length metric is fine (Graphplan's plans are short)."""
        kind = ProblemKind(version=2)
        kind.set_problem_class("ACTION_BASED")
        kind.set_typing("FLAT_TYPING")
        kind.set_typing("HIERARCHICAL_TYPING")
        kind.set_quality_metrics("PLAN_LENGTH")
        return kind

    @staticmethod
    def supports(problem_kind: ProblemKind) -> bool:
        """True for STRIPS problems with types."""
        return problem_kind <= GraphplanEngine.supported_kind()

    @staticmethod
    def satisfies(optimality_guarantee: OptimalityGuarantee) -> bool:
        """Satisficing only: fewest time steps is not fewest actions in general."""
        return optimality_guarantee == OptimalityGuarantee.SATISFICING

    @staticmethod
    def get_credits(**kwargs: Any) -> Credits:
        """Who wrote it."""
        return CREDITS

    def _solve(
        self,
        problem: up.model.AbstractProblem,
        heuristic: Callable[..., Any] | None = None,
        timeout: float | None = None,
        output_stream: IO[str] | None = None,
    ) -> PlanGenerationResult:
        """Write the problem as PDDL, run Graphplan under the timeout, map the plan back to UP; a problem
        beyond its kind (when the factory's checks were skipped) is UNSUPPORTED_PROBLEM, the reason logged."""
        beyond = sorted(set(problem.kind.features) - set(self.supported_kind().features))
        if beyond:
            return self._failed(
                UpStatus.UNSUPPORTED_PROBLEM,
                f"{NAME} plans STRIPS with types only; this problem has {', '.join(beyond)}",
            )
        writer = PDDLWriter(problem)
        task = PddlTask(problem.name, writer.get_domain(), writer.get_problem())
        seconds = NO_LIMIT if timeout is None else timeout
        try:
            with time_limit(timeout):
                result = Graphplan().solve(task, Limits(seconds))
        except TimeLimitExceeded:
            return PlanGenerationResult(UpStatus.TIMEOUT, None, self.name)
        if result.status is not Status.SOLVED:
            return self._failed(_STATUSES[result.status], result.message or result.status.value)
        return self._solved(writer, result, bool(problem.quality_metrics))

    def _failed(self, status: UpStatus, why: str) -> PlanGenerationResult:
        """A result without a plan, with why in its log (as an error, or as information for a proof)."""
        level = LogLevel.INFO if status is UpStatus.UNSOLVABLE_PROVEN else LogLevel.ERROR
        return PlanGenerationResult(
            status, None, self.name, metrics={"message": why}, log_messages=[LogMessage(level, why)]
        )

    def _solved(self, writer: PDDLWriter, result: PlanResult, has_metric: bool) -> PlanGenerationResult:
        """UP's result of a plan found: its actions as UP action instances; optimal only for a task with a
        quality metric (Graphplan's fewest time steps are no optimum of a task without one)."""
        plan = SequentialPlan([self._instance(writer, name, arguments) for name, arguments in result.plan])
        optimal = result.proved is Proof.OPTIMAL and has_metric
        status = UpStatus.SOLVED_OPTIMALLY if optimal else UpStatus.SOLVED_SATISFICING
        return PlanGenerationResult(status, plan, self.name, metrics={"steps": str(result.steps)})

    @staticmethod
    def _instance(writer: PDDLWriter, name: str, arguments: tuple[str, ...]) -> ActionInstance:
        """The UP action instance of a ground action named as the PDDL writer named things."""
        objects = [writer.get_item_named(argument) for argument in arguments]
        return ActionInstance(writer.get_item_named(name), objects)


def register(environment: Any = None) -> None:
    """Add puzzleplan-graphplan to UP's factory (of `environment`, or the global one), once."""
    factory = (environment or up.environment.get_environment()).factory
    if NAME not in factory.engines:
        factory.add_engine(NAME, __name__, "GraphplanEngine")
