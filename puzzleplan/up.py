"""Puzzles as unified-planning problems, UP plans back to the puzzle, and our planners as UP engines.

    import puzzleplan
    from unified_planning.shortcuts import OneshotPlanner

    inst = puzzleplan.load("problems/hanoi/seed1.hanoi")
    problem = puzzleplan.to_up(inst)                             # a unified_planning.model.Problem
    with OneshotPlanner(name="symk-opt") as planner:
        plan = planner.solve(problem).plan                       # a UP SequentialPlan
    puzzleplan.validate(inst, plan).valid                        # replayed with the puzzle's real rules

unified_planning is imported only when one of these functions is called.
"""

from __future__ import annotations

from typing import Any

from puzzleplan.translator.errors import InputError
from puzzleplan.translator.pddl import GroundAction


def to_up(inst: Any) -> Any:
    """A puzzleplan.Instance as a unified_planning.model.Problem: the task of puzzleplan.translate(inst), read by
    UP's PDDLReader (the same names: types, predicates, actions and objects as in our PDDL)."""
    from unified_planning.io import PDDLReader

    task = inst.puzzle.encode(inst.data)
    return PDDLReader().parse_problem_string(task.domain, task.problem)


def is_up_plan(plan: Any) -> bool:
    """True for a plan object of unified_planning (told without importing it)."""
    return type(plan).__module__.startswith("unified_planning.") and hasattr(plan, "kind")


def ground_actions(plan: Any) -> list[GroundAction]:
    """The PDDL ground actions of a UP SequentialPlan, in order; InputError for other kinds of plan."""
    if type(plan).__name__ != "SequentialPlan":
        raise InputError(
            f"validate takes a unified-planning SequentialPlan, found a {type(plan).__name__}", "<UP plan>"
        )
    return [(step.action.name.lower(), tuple(map(_argument, step.actual_parameters))) for step in plan.actions]


def _argument(expression: Any) -> str:
    """The PDDL name of an action instance's parameter (an object, or a constant's text)."""
    return (expression.object().name if expression.is_object_exp() else str(expression)).lower()


def register_up_engines(environment: Any = None) -> list[str]:
    """Add our planners that fit a general PDDL task (Graphplan, as `puzzleplan-graphplan`) to UP's
    factory, of `environment` or the global one; the names added. OneshotPlanner(name=...) then finds them."""
    from puzzleplan.planners.up_graphplan import NAME, register

    register(environment)
    return [NAME]
