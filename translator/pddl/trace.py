"""A plan's states step by step on a task (pddl_model), for the plan viewer: the facts of every state (atoms
and numeric values as `(= (f a) 3)`), what each step adds and deletes, which of the goal's parts hold,
the cost so far, and for an invalid plan the failing step (pddl_plans' verdict) with the repair advice VAL
gives: which facts to set true or false."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzleplan.common.files import natural_key
from puzzleplan.translator.pddl.explanations import Reason
from puzzleplan.translator.pddl.formulas import show, shown_atom
from puzzleplan.translator.pddl.model import Task
from puzzleplan.translator.pddl.plans import PlanCheck, check_pddl_plan, initial_state, tidy
from puzzleplan.translator.pddl.semantics import Evaluator, State, Undefined
from puzzleplan.translator.pddl.task import GroundAction, atom


@dataclass(frozen=True)
class Step:
    """One applied step: the action as text, the facts it adds and deletes, and the cost after it."""

    action: str
    added: tuple[str, ...]
    deleted: tuple[str, ...]
    cost: float


@dataclass(frozen=True)
class PlanTrace:
    """The states a plan goes through: the initial facts, each applied step (up to the failing one), the
    goal's parts and, per state, which of them hold; the verdict and the repair advice when it is invalid."""

    initial: tuple[str, ...]
    steps: tuple[Step, ...]
    goals: tuple[str, ...]
    reached: tuple[tuple[bool, ...], ...]
    check: PlanCheck
    plan: tuple[str, ...]
    advice: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The trace as the viewer page reads it: facts as text, steps as (action, added, deleted, cost)."""
        failed = self.check.failed
        return {
            "initial": list(self.initial),
            "steps": [[step.action, list(step.added), list(step.deleted), tidy(step.cost)] for step in self.steps],
            "plan": list(self.plan),
            "goals": list(self.goals),
            "reached": [[int(flag) for flag in row] for row in self.reached],
            "valid": self.check.valid,
            "cost_kind": self.check.cost_kind,
            "failed": failed.to_json() if failed else None,
            "message": self.check.message(),
            "advice": list(self.advice),
        }


def trace_plan(task: Task, plan: list[GroundAction]) -> PlanTrace:
    """Replay the plan on the task state by state, up to the failing step of an invalid plan."""
    check = check_pddl_plan(task, plan)
    evaluator = Evaluator(task)
    goals = goal_parts(task.goal)
    state = initial_state(task, evaluator)
    states, steps = [state], []
    applied = check.failed.number - 1 if check.failed else len(plan)
    for number, (name, args) in enumerate(plan[:applied], start=1):
        after = _next_state(evaluator, name, args, state)
        steps.append(_step(atom(name, *args), state, after, _cost(task, after, number)))
        states.append(state := after)
    reached = tuple(tuple(_holds(evaluator, goal, each) for goal in goals) for each in states)
    return PlanTrace(
        tuple(facts(states[0])),
        tuple(steps),
        tuple(show(goal, {}) for goal in goals),
        reached,
        check,
        tuple(atom(name, *args) for name, args in plan),
        tuple(repair_advice(check)),
    )


def goal_parts(goal: tuple | None) -> list[tuple]:
    """The goal's parts: a conjunction's conjuncts, else the goal itself (none without a goal)."""
    if goal is None:
        return []
    return list(goal[1]) if goal[0] == "and" else [goal]


def facts(state: State) -> list[str]:
    """A state's facts as PDDL text: its atoms and its numeric values as (= (f a) 3), sorted."""
    atoms = [shown_atom(fact) for fact in state.atoms]
    values = [f"(= {shown_atom(key)} {tidy(value)})" for key, value in state.values.items()]
    return sorted(atoms + values, key=natural_key)


def _next_state(evaluator: Evaluator, name: str, args: tuple[str, ...], state: State) -> State:
    """The state after a step the verdict found applicable."""
    action = evaluator.task.actions[name]
    return evaluator.apply(action.effects, dict(zip((param for param, _ in action.parameters), args)), state)


def _step(action: str, before: State, after: State, cost: float) -> Step:
    """A step's facts added and deleted (numeric values as facts: a changed value is one of each)."""
    old, new = set(facts(before)), set(facts(after))
    return Step(action, tuple(sorted(new - old, key=natural_key)), tuple(sorted(old - new, key=natural_key)), cost)


def _cost(task: Task, state: State, number: int) -> float:
    """The cost so far: the total-cost under action costs, else the number of steps."""
    return state.values.get(("total-cost",), 0.0) if task.action_costs else number


def _holds(evaluator: Evaluator, goal: tuple, state: State) -> bool:
    """Whether a part of the goal holds (False when it cannot be evaluated)."""
    try:
        return evaluator.holds(goal, {}, state)
    except Undefined:
        return False


def repair_advice(check: PlanCheck) -> list[str]:
    """VAL's `Plan Repair Advice` for an invalid plan: the failing step (at its time, the step's number)
    and which facts to set true or false for its precondition, or for the goal; [] for a valid plan."""
    if check.valid:
        return []
    if check.failed is None:
        return ["Goal not satisfied", *_advice(check.unmet_goal)]
    failed = check.failed
    if not failed.reasons:
        return [f"{failed.action} {failed.problem}"]
    return [f"{failed.action} has an unsatisfied precondition at time {failed.number}", *_advice(failed.reasons)]


def _advice(reasons: list[Reason], indent: str = "") -> list[str]:
    """Advice for false conditions: one line for a single one, else `(Follow each of: ... and ...)`."""
    if len(reasons) == 1:
        return _one_advice(reasons[0], indent)
    return _follow("each", "and", reasons, indent)


def _one_advice(reason: Reason, indent: str) -> list[str]:
    """Advice for one false condition: set a literal, follow its parts (each for a conjunction, one for a
    disjunction or an exists), or satisfy it as it is explained."""
    if reason.literal:
        negated = reason.literal.startswith("(not ")
        fact = reason.literal[5:-1] if negated else reason.literal
        return [f"{indent}(Set {fact} to {'false' if negated else 'true'})"]
    if reason.parts:
        kind, joint = ("each", "and") if reason.conjunction else ("one", "or")
        return _follow(kind, joint, reason.parts, indent)
    return [f"{indent}(Satisfy: {reason.text})"]


def _follow(kind: str, joint: str, reasons: list[Reason], indent: str) -> list[str]:
    """`(Follow each of:` / `(Follow one of:` with the parts' advice, the later ones after `and` / `or`."""
    lines = [f"{indent}(Follow {kind} of:"]
    for number, reason in enumerate(reasons):
        inner = _one_advice(reason, indent + "    ")
        if number:
            inner[0] = f"{indent}    {joint} {inner[0].lstrip()}"
        lines += inner
    return [*lines, f"{indent})"]
