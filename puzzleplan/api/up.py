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


def to_up(inst: Any) -> Any:
    """A puzzleplan.Instance as a unified_planning.model.Problem: the task of puzzleplan.translate(inst), read by
    UP's PDDLReader (the same names: types, predicates, actions and objects as in our PDDL)."""
    from unified_planning.io import PDDLReader

    task = inst.puzzle.encode(inst.data)
    return PDDLReader().parse_problem_string(task.domain, task.problem)


def is_up_plan(plan: Any) -> bool:
    """True for a plan object of unified_planning (told without importing it)."""
    return type(plan).__module__.startswith("unified_planning.") and hasattr(plan, "kind")


def register_up_engines(environment: Any = None) -> list[str]:
    """Add our planners that fit a general PDDL task (Graphplan, as `puzzleplan-graphplan`) to UP's
    factory, of `environment` or the global one; the names added. OneshotPlanner(name=...) then finds them."""
    from puzzleplan.planners.up_graphplan import NAME, register

    register(environment)
    return [NAME]
