"""Plans replayed on a PDDL task (pddl_model) under PDDL semantics (pddl_semantics): the verdict names the
first failing step and why, or the goal's unmet parts, and the plan's cost (its total-cost under action
costs, else its number of steps) and the metric's value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzleplan.common.errors import shorten
from puzzleplan.common.files import natural_key
from puzzleplan.translator.pddl.explanations import Reason, why_not
from puzzleplan.translator.pddl.formulas import show_expression, shown_atom
from puzzleplan.translator.pddl.model import Action, Task
from puzzleplan.translator.pddl.semantics import Evaluator, State, Undefined
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom


@dataclass
class StepFailure:
    """The first step that cannot be applied: its number (1-based), the action, and why."""

    number: int
    action: str
    problem: str
    unsatisfied: list[str] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The failure as JSON."""
        return {
            "number": self.number,
            "action": shorten(self.action, STEP_LIMIT),
            "problem": shorten(self.problem, STEP_LIMIT),
            "unsatisfied": self.unsatisfied,
            "reasons": [reason.to_json() for reason in self.reasons],
        }


@dataclass
class PlanCheck:
    """The verdict on a plan: valid or not, the first failing step or the goal left unmet, the cost (the
    total-cost under action costs, else the number of steps) and the metric's value."""

    valid: bool
    steps: int
    cost: float | None
    action_costs: bool
    failed: StepFailure | None = None
    unmet_goal: list[Reason] = field(default_factory=list)
    metric: dict[str, Any] | None = None
    state: State | None = None
    """The state before the failing step, or after the last step."""

    def state_lines(self) -> list[str]:
        """The state's atoms and numeric values as PDDL, sorted."""
        if self.state is None:
            return []
        atoms = sorted((shown_atom(fact) for fact in self.state.atoms), key=natural_key)
        values = sorted(
            (f"(= {shown_atom(key)} {_number(value)})" for key, value in self.state.values.items()), key=natural_key
        )
        return atoms + values

    @property
    def cost_kind(self) -> str:
        """`general cost` under action costs, else `unit cost` (as IPC plan files name them)."""
        return "general cost" if self.action_costs else "unit cost"

    def message(self) -> str:
        """One paragraph: valid with its cost, or the first failing step or the unmet goal with the reasons."""
        if self.valid:
            return f"Plan valid: {self.steps} steps, cost {_number(self.cost)} ({self.cost_kind})" + self._metric_text()
        if self.failed is not None:
            action, problem = (shorten(text, STEP_LIMIT) for text in (self.failed.action, self.failed.problem))
            head = f"Plan invalid: step {self.failed.number} {action} {problem}"
            return "\n".join([head, *(line for reason in self.failed.reasons for line in reason.lines())])
        lines = [f"Plan invalid: after all {self.steps} steps the goal does not hold"]
        return "\n".join(lines + [line for reason in self.unmet_goal for line in reason.lines()])

    def _metric_text(self) -> str:
        """`; metric minimize (total-cost) = 11` when the problem has a metric."""
        if not self.metric:
            return ""
        value = self.metric.get("value")
        shown = _number(value) if value is not None else "undefined"
        return f"; metric {self.metric['direction']} {self.metric['expression']} = {shown}"

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON: the same facts as the message."""
        return {
            "valid": self.valid,
            "steps": self.steps,
            "cost": self.cost,
            "cost_kind": self.cost_kind,
            "metric": self.metric,
            "failed_step": self.failed.to_json() if self.failed else None,
            "unmet_goal": [literal for reason in self.unmet_goal for literal in reason.literals()],
            "goal_reasons": [reason.to_json() for reason in self.unmet_goal],
            "message": self.message(),
        }


STEP_LIMIT = 200
"""Characters of a failing step (and of what is wrong with it) that a verdict quotes: a step of 500,000
arguments was echoed whole, 1 MB twice over."""


def tidy(value: float) -> float | int:
    """A number as an int when it has no fraction (costs print as IPC plan files write them)."""
    return int(value) if float(value).is_integer() else value


def _number(value: float | None) -> str:
    """A cost as text: an integer without a fraction."""
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def initial_state(task: Task, evaluator: Evaluator | None = None) -> State:
    """The task's initial state (derived atoms computed)."""
    return (evaluator or Evaluator(task)).derive(task.init, dict(task.values))


def check_pddl_plan(task: Task, plan: list[GroundAction]) -> PlanCheck:
    """Replay the plan on the task: each step's precondition in the state before it, then its effects; the
    goal at the end. The verdict names the first failing step and why, or the goal's unmet parts."""
    evaluator = Evaluator(task)
    state = initial_state(task, evaluator)
    for number, (name, args) in enumerate(plan, start=1):
        failure = _step_failure(evaluator, name, args, state)
        if failure is None:
            state, failure = _apply(evaluator, name, args, state)
        if failure is not None:
            failed = _failed_step(number, atom(name, *args), failure)
            return PlanCheck(False, len(plan), None, task.action_costs, failed, state=state)
    metric = _metric(evaluator, state)
    cost = tidy(state.values.get(("total-cost",), 0.0)) if task.action_costs else len(plan)
    reasons = _unmet_goal(evaluator, task.goal, state)
    return PlanCheck(not reasons, len(plan), cost, task.action_costs, None, reasons, metric, state)


def _apply(
    evaluator: Evaluator, name: str, args: tuple[str, ...], state: State
) -> tuple[State, tuple[str, list[Reason]] | None]:
    """(the state after an applicable step, None), or (the state before it, why its effects cannot be applied)."""
    action = evaluator.task.actions[name]
    binding = dict(zip((param for param, _ in action.parameters), args))
    try:
        return evaluator.apply(action.effects, binding, state), None
    except Undefined as error:
        return state, (f"has an effect that cannot be applied: {error}", [])


def _failed_step(number: int, text: str, failure: tuple[str, list[Reason]]) -> StepFailure:
    """The failing step: its number and text, the problem, the unsatisfied literals and the reasons."""
    problem, reasons = failure
    unsatisfied = [literal for reason in reasons for literal in reason.literals()]
    return StepFailure(number, text, problem, unsatisfied, reasons)


def _unmet_goal(evaluator: Evaluator, goal: tuple | None, state: State) -> list[Reason]:
    """Why the goal is false in the state (a conjunction's unmet parts), or [] when it holds."""
    if goal is None:
        return []
    try:
        if evaluator.holds(goal, {}, state):
            return []
        reason = why_not(evaluator, goal, {}, state)
    except Undefined as error:
        return [Reason(f"the goal cannot be evaluated: {error}")]
    return reason.parts if goal[0] == "and" and reason.conjunction else [reason]


def _step_failure(
    evaluator: Evaluator, name: str, args: tuple[str, ...], state: State
) -> tuple[str, list[Reason]] | None:
    """Why the step cannot be applied in the state ((problem, reasons)), or None when it can."""
    task = evaluator.task
    action = task.actions.get(name)
    if action is None:
        return f"names no action of the domain (its actions: {', '.join(sorted(task.actions))})", []
    wrong = _wrong_arguments(task, action, args)
    if wrong:
        return wrong, []
    return _precondition_failure(evaluator, action, dict(zip((param for param, _ in action.parameters), args)), state)


def _precondition_failure(
    evaluator: Evaluator, action: Action, binding: dict[str, str], state: State
) -> tuple[str, list[Reason]] | None:
    """Why the action's precondition is false under the binding ((problem, reasons)), or None when it holds."""
    precondition = action.precondition
    try:
        if precondition is None or evaluator.holds(precondition, binding, state):
            return None
        reason = why_not(evaluator, precondition, binding, state)
    except Undefined as error:
        return f"has a precondition that cannot be evaluated: {error}", []
    reasons = reason.parts if precondition[0] == "and" else [reason]
    return "is not applicable: its precondition is false", reasons


def _wrong_arguments(task: Task, action: Action, args: tuple[str, ...]) -> str:
    """What is wrong with a step's arguments (their number, an unknown object, a wrong type), or ""."""
    if len(args) != len(action.parameters):
        return f"gives {len(args)} arguments but {action.name} takes {len(action.parameters)}"
    for arg, (param, kind) in zip(args, action.parameters):
        if arg not in task.objects:
            return f"names {arg!r}, which is no object of the problem"
        if not task.is_a(arg, kind):
            return f"gives {arg} (of type {' '.join(task.objects[arg])}) for {param}, which is of type {kind}"
    return ""


def _metric(evaluator: Evaluator, state: State) -> dict[str, Any] | None:
    """The metric's direction, expression and value at the end of the plan (None without a metric)."""
    task = evaluator.task
    if task.metric is None:
        return None
    direction, expression = task.metric
    try:
        value: float | None = evaluator.value(expression, {}, state)
    except Undefined:
        value = None
    shown = show_expression(expression, {})
    return {"direction": direction, "expression": shown, "value": None if value is None else tidy(value)}


def plan_cost(task: PddlTask, plan: list[GroundAction]) -> float | None:
    """A plan's cost on a task written as text: its total-cost when the task has action costs (the plan
    replayed; None when it does not replay), else its number of steps."""
    if "total-cost" not in task.domain.lower():
        return len(plan)
    from puzzleplan.translator.pddl.model import read_task

    check = check_pddl_plan(read_task(task.domain, task.problem, "domain", "problem"), plan)
    return check.cost if check.valid else None
