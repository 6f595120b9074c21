"""Graphplan's own files, the original program's operators and facts: read as a PDDL task and written from
one (`translate`), run the bundled Graphplan on them within the limits, and validate a plan it printed (with
Graphplan's semantics, then as the native moves of a puzzle instance beside the facts file, and with `optimal`
against the fewest actions and time steps).
The `graphplan` command and `puzzleplan validate graphplan` print what these return."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puzzleplan.api.pipeline import limited
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits, TimeLimitExceeded
from puzzleplan.planners.base import Status
from puzzleplan.translator.graphplan.format import Facts, Ops, load_facts, load_ops
from puzzleplan.translator.pddl.task import PddlTask

if TYPE_CHECKING:
    from puzzleplan.api.pipeline import PddlRun
    from puzzleplan.translator.graphplan.plan import Check, Grounder, PlanLine

Echo = Callable[[str], None]
"""Where progress lines go (print, or a list's append)."""


@dataclass(frozen=True)
class GraphplanRun:
    """How Graphplan's run on an operators file and a facts file ended: the status, the plan as time steps of
    actions spelled as the files spell them (`name_arg_arg`), the search's figures and why there is no plan.
    figures is None when the limits stopped the run outside the search (reading, grounding)."""

    status: Status
    steps: list[list[str]]
    figures: dict[str, Any] | None
    reason: str = ""


def run_graphplan(
    ops: str,
    facts: str,
    limits: Limits,
    steps: int | None = None,
    *,
    report: Echo | None = None,
    trace: Echo | None = None,
    learning: bool = True,
) -> GraphplanRun:
    """Read an operators file and a facts file, ground the task and run Graphplan, all within the limits.
    `steps` asks for a plan of exactly that many time steps; `report` receives the original's lines (each
    operator's name, `ops loaded.`, `facts loaded.`, the levels and stages), `trace` every goal set searched;
    with `learning` off memos are whole goal sets, as in the 1997 program. InputError for bad files."""
    deadline = time.perf_counter() + limits.timeout
    try:
        with limited(limits):  # reading and grounding do not look at the clock
            return _search(ops, facts, deadline, steps, report, trace, learning)
    except MemoryError:
        return GraphplanRun(Status.MEMOUT, [], None, f"out of memory under {limits.memory_mb} MiB")
    except TimeLimitExceeded:
        return GraphplanRun(Status.TIMEOUT, [], None, "the time limit passed")


def _search(
    ops_path: str,
    facts_path: str,
    deadline: float,
    steps: int | None,
    report: Echo | None,
    trace: Echo | None,
    learning: bool,
) -> GraphplanRun:
    """Read, convert, ground and run Graphplan until `deadline`: the run, its plan in the files' spelling."""
    from puzzleplan.planners.graphplan import graphplan, ground
    from puzzleplan.translator.graphplan.pddl import convert

    ops, facts = read_graphplan_files(ops_path, facts_path, report)
    conversion = convert(ops, facts, facts_path, "graphplan-domain", "graphplan-problem")
    task = ground(conversion.task)
    outcome = graphplan(task, deadline, steps, report=report, trace=trace, learning=learning)
    spelling = conversion.names.graphplan
    plan = [[_spelled(task.actions[action], spelling) for action in step] for step in outcome.steps]
    return GraphplanRun(outcome.status, plan, outcome.figures, outcome.reason)


def read_graphplan_files(ops_path: str, facts_path: str, report: Echo | None = None) -> tuple[Ops, Facts]:
    """Read and load both files, telling `report` the original's acknowledgements (each operator's name,
    `ops loaded.`, `facts loaded.`); InputError for bad input."""
    echo = report or (lambda line: None)
    ops = load_ops(read_file(ops_path), ops_path)
    for op in ops.operators:
        echo(op.name)
    echo("ops loaded.")
    facts = load_facts(read_file(facts_path), facts_path)
    echo("facts loaded.")
    return ops, facts


def _spelled(action: tuple[str, tuple[str, ...]], spelling: dict[str, str]) -> str:
    """A ground action as Graphplan prints it, `name_arg_arg`, in the files' spelling."""
    name, args = action
    return "_".join(spelling.get(part, part) for part in (name, *args))


# -- validating a printed plan ------------------------------------------------------------------------------
def validate_graphplan(ops_path: str, facts_path: str, plan_path: str, limits: Limits, optimal: bool) -> dict[str, Any]:
    """The verdict on a printed Graphplan plan (the program's saved output, or its plan lines), as the JSON
    object of `validate graphplan --json`: valid, the actions and time steps, where and why it fails, the
    state there, the native replay when a puzzle instance lies beside the facts file, and with `optimal`
    the comparisons with fd-opt's fewest actions and Graphplan's fewest time steps. InputError for bad
    files."""
    from puzzleplan.translator.graphplan.plan import Grounder, check_graphplan_plan, read_plan_lines

    ops = load_ops(read_file(ops_path), ops_path)
    facts = load_facts(read_file(facts_path), facts_path)
    lines = read_plan_lines(read_file(plan_path), plan_path)
    grounder = Grounder(ops, facts)
    check = check_graphplan_plan(ops, facts, lines, grounder)
    data: dict[str, Any] = {
        "ops": ops_path,
        "facts": facts_path,
        "plan": plan_path,
        "valid": check.valid,
        "actions": len(lines),
        "steps": len({entry.step for entry in lines}),
        "message": check.reason,
        "failed_step": check.failed_step,
        "line": check.line,
        "state_before" if not check.valid else "final_state": _state(check, ops, grounder),
    }
    native = _native_replay(ops, facts, facts_path, lines, grounder)
    if native is not None:
        data["native"] = native
    if optimal and check.valid:
        data["optimal"] = _optimum(ops, facts, facts_path, data, limits)
    return data


def _state(check: Check, ops: Ops, grounder: Grounder) -> list[str]:
    """The facts that operators change, of the state before the bad step (or at the end), sorted, in the
    files' spelling (the static facts are the facts file's)."""
    from puzzleplan.translator.graphplan.pddl import static_predicates

    static = {name.lower() for name in static_predicates(ops)}
    text = grounder.text
    return sorted(text(fact) for fact in check.state if fact[0] not in static)


def _native_replay(
    ops: Ops, facts: Facts, facts_path: str, lines: list[PlanLine], grounder: Grounder
) -> dict[str, Any] | None:
    """The plan replayed as the native moves of the puzzle instance beside the facts file, if there is one."""
    from puzzleplan.translator.capabilities import notation
    from puzzleplan.translator.graphplan.plan import ground_all, native_instance
    from puzzleplan.translator.notation import decode_until_stuck

    actions = ground_all(ops, facts, lines, grounder)
    found = None if actions is None else native_instance(facts_path, facts, ops)
    if actions is None or found is None:
        return None
    puzzle, instance, path = found
    moves, stop = decode_until_stuck(puzzle, instance, [action.ground() for action in actions])
    data = {"puzzle": puzzle.name, "instance": path, "moves": [notation(puzzle).move_json(move) for move in moves]}
    if stop is not None:
        return {**data, "valid": False, "message": f"action {stop.step} {stop.action}: {stop.reason}"}
    replay = puzzle.replay(instance, moves)
    return {**data, "valid": replay.valid, "message": replay.reason}


def _optimum(ops: Ops, facts: Facts, facts_path: str, data: dict[str, Any], limits: Limits) -> list[dict]:
    """fd-opt's fewest actions and the bundled Graphplan's fewest time steps, against the plan's."""
    from puzzleplan.api.pipeline import plan_pddl
    from puzzleplan.api.validation import comparison, no_optimum
    from puzzleplan.planners.registry import get_planner
    from puzzleplan.translator.graphplan.pddl import convert

    task = convert(ops, facts, facts_path, "graphplan-domain", "graphplan-problem").task
    found = []
    for planner_name, measure in (("fd-opt", "actions"), ("graphplan", "steps")):
        planner = get_planner(planner_name)
        ok, why = planner.available()
        if not ok:
            found.append(no_optimum(planner_name, measure, "unsupported", why))
            continue
        run = plan_pddl(task, planner, limits)
        optimum = _proven_optimum(run, measure)
        if optimum is None:
            found.append(no_optimum(planner_name, measure, run.result.status.value, run.result.message))
        else:
            found.append(comparison(planner_name, measure, data[measure], optimum))
    return found


def _proven_optimum(run: PddlRun, measure: str) -> int | None:
    """The optimum a planner's run proves in `measure` (actions, or time steps), or None."""
    if run.result.status is not Status.SOLVED:
        return None
    if measure == "actions":
        return len(run.plan) if run.result.optimal else None
    return run.result.steps


def read_graphplan(ops: str, facts: str, ops_source: str = "<ops>", facts_source: str = "<facts>") -> PddlTask:
    """A Graphplan operators file and facts file (their texts) as a STRIPS PDDL domain and problem;
    InputError naming the file and line of what cannot be read."""
    from puzzleplan.translator.graphplan.pddl import graphplan_to_pddl

    return graphplan_to_pddl(ops, facts, ops_source, facts_source)


def write_graphplan(task: PddlTask) -> tuple[str, str]:
    """The texts of the Graphplan operators and facts files of a STRIPS task; InputError for a task Graphplan
    cannot express."""
    from puzzleplan.translator.graphplan.pddl import pddl_to_graphplan

    return pddl_to_graphplan(task)
