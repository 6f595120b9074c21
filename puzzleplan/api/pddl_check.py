"""Check plans against PDDL: unified-planning's sequential plan validator, and a fast replay on the task
grounded by pyperplan (STRIPS only). Both are imported lazily.

The validator is asked for by name: the one unified-planning's factory picks for a problem kind is TAMER's
when the engines are installed, and TAMER calls valid plans invalid (all 12 of Fast Downward's plans for
the first rovers tasks; docs/unified-planning.md)."""

from __future__ import annotations

import logging
from typing import Any

from puzzleplan.translator.pddl.pyperplan import pyperplan_ground
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom

log = logging.getLogger(__name__)
VALIDATOR = "sequential_plan_validator"
"""unified-planning's plan validator for sequential plans, by its name in the factory."""


def validate_with_up(task: PddlTask, plan: list[GroundAction]) -> tuple[bool | None, str]:
    """Validate a sequential plan with unified-planning; (valid, reason when not), or (None, why) when
    unified-planning cannot read the task (its PDDL reader has no derived predicates, for one)."""
    import unified_planning.shortcuts as up
    from unified_planning.io import PDDLReader

    up.get_environment().credits_stream = None
    try:
        problem = PDDLReader().parse_problem_string(task.domain, task.problem)
    except Exception as error:  # pyparsing and unified-planning errors alike: report, do not crash
        return None, f"unified-planning cannot read the {task.name} domain ({_first_line(error)})"
    return validate_up_plan(problem, plan)


def _first_line(error: Exception) -> str:
    """The first line of an error's message, or its type's name when it has none."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def validate_up_plan(problem: Any, plan: list[GroundAction]) -> tuple[bool | None, str]:
    """Validate a sequential plan on a task unified-planning has read; (valid, reason when not), or (None,
    why) when it has no validator for the task."""
    import unified_planning.shortcuts as up
    from unified_planning.engines import ValidationResultStatus
    from unified_planning.plans import SequentialPlan

    steps, unknown = _up_steps(problem, plan)
    if unknown:
        return False, unknown
    sequential = SequentialPlan(steps)
    with up.PlanValidator(name=VALIDATOR) as validator:
        if not validator.supports(problem.kind):
            return None, f"unified-planning's {VALIDATOR} does not support this task's features"
        result = validator.validate(problem, sequential)
    if result.status == ValidationResultStatus.VALID:
        return True, ""
    return False, _invalidity(result, steps, plan)


def _up_steps(problem: Any, plan: list[GroundAction]) -> tuple[list[Any], str]:
    """The plan's steps as unified-planning action instances of the problem, or why a step names an
    action or object the problem does not have."""
    from unified_planning.plans import ActionInstance

    actions = {action.name.lower(): action for action in problem.actions}
    objects = {obj.name.lower(): obj for obj in problem.all_objects}
    steps: list[Any] = []
    for index, (name, args) in enumerate(plan, start=1):
        if name not in actions or any(arg not in objects for arg in args):
            return steps, f"step {index} {atom(name, *args)} names an unknown action or object"
        steps.append(ActionInstance(actions[name], [objects[arg] for arg in args]))
    return steps, ""


def _invalidity(result: Any, steps: list[Any], plan: list[GroundAction]) -> str:
    """Why unified-planning's validator refused the plan: the first inapplicable step, or the unmet goal."""
    failed = _failed_step(result, steps)
    if failed is not None:
        name, args = plan[failed - 1]
        return f"step {failed} {atom(name, *args)} is not applicable"
    if result.reason is not None and result.reason.name == "UNSATISFIED_GOALS":
        return "the plan ends without reaching the goal"
    return str(result.reason or "the plan is not valid")


def _failed_step(result: Any, steps: list[Any]) -> int | None:
    """The 1-based number of the step unified-planning found inapplicable, or None."""
    return next((index for index, step in enumerate(steps, start=1) if step is result.inapplicable_action), None)


def ground(task: PddlTask):
    """The task grounded by pyperplan (keeps every operator, so any legal step can be looked up)."""
    return pyperplan_ground(task, remove_statics_from_initial_state=False, remove_irrelevant_operators=False)


def replay_grounded(task: PddlTask, plan: list[GroundAction]) -> tuple[bool | None, str]:
    """Apply the plan to the grounded task: every step applicable and the goal reached.

    Tasks beyond STRIPS (pyperplan cannot ground them) are checked with unified-planning instead."""
    if task.requirements - {":strips", ":typing"}:
        return validate_with_up(task, plan)
    grounded = ground(task)
    operators = {operator.name: operator for operator in grounded.operators}
    state = grounded.initial_state
    for index, (name, args) in enumerate(plan, start=1):
        operator = operators.get(atom(name, *args))
        if operator is None or not operator.applicable(state):
            return False, f"step {index} {atom(name, *args)} is not applicable"
        state = operator.apply(state)
    if not grounded.goal_reached(state):
        return False, "the plan ends without reaching the goal"
    return True, ""


def pddl_legal_moves(puzzle, instance) -> list:
    """Native moves of the PDDL actions applicable in the instance's initial state (decoded one by one):
    compare with puzzle.moves() to check that the encoding and the simulator agree."""
    grounded = ground(puzzle.encode(instance))
    moves = []
    for operator in grounded.operators:
        if operator.applicable(grounded.initial_state):
            name, *args = operator.name.strip("()").split()
            moves.extend(puzzle.decode(instance, [(name, tuple(args))]))
    return moves
