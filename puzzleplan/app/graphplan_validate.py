"""Validating Graphplan's printed plans (`graphplan --validate PLAN -o OPS -f FACTS` and `puzzleplan validate
graphplan OPS FACTS PLAN`): the plan replayed step by step with Graphplan's semantics, then, when a native
instance of a puzzle lies beside the facts file, as native moves; with --optimal, against Fast Downward's
fewest actions and the bundled Graphplan's fewest time steps."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.capabilities import notation
from puzzleplan.translator.graphplan.format import Facts, Ops, load_facts, load_ops
from puzzleplan.translator.graphplan.pddl import convert, static_predicates
from puzzleplan.translator.graphplan.plan import (
    Check,
    Grounder,
    PlanLine,
    check_graphplan_plan,
    ground_all,
    native_instance,
    read_plan_lines,
)
from puzzleplan.translator.notation import decode_until_stuck

if TYPE_CHECKING:
    from puzzleplan.api.pipeline import PddlRun


def validate_graphplan(ops_path: str, facts_path: str, plan_path: str, limits: Limits, optimal: bool) -> dict:
    """The verdict on a printed Graphplan plan, as the JSON object of `validate graphplan --json`."""
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
        data["optimal"] = _optimum(ops, facts, ops_path, facts_path, data, limits)
    return data


def _state(check: Check, ops: Ops, grounder: Grounder) -> list[str]:
    """The facts that operators change, of the state before the bad step (or at the end), sorted, in the
    files' spelling (the static facts are the facts file's)."""
    static = {name.lower() for name in static_predicates(ops)}
    text = grounder.text
    return sorted(text(fact) for fact in check.state if fact[0] not in static)


def _native_replay(ops: Ops, facts: Facts, facts_path: str, lines: list[PlanLine], grounder: Grounder) -> dict | None:
    """The plan replayed as the native moves of the puzzle instance beside the facts file, if there is one."""
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


def _optimum(ops: Ops, facts: Facts, ops_path: str, facts_path: str, data: dict, limits: Limits) -> list[dict]:
    """fd-opt's fewest actions and the bundled Graphplan's fewest time steps, against the plan's."""
    from puzzleplan.api.pipeline import plan_pddl
    from puzzleplan.api.validation import comparison, no_optimum
    from puzzleplan.planners.registry import get_planner

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


def print_graphplan(data: dict, show: bool) -> None:
    """The human report of a Graphplan plan's verdict."""
    from puzzleplan.app.validate import counted, optimum_line

    if data["valid"]:
        print(f"Graphplan replay: VALID, {counted({'actions': data['actions'], 'steps': data['steps']})}")
    else:
        _print_invalid(data, show)
    native = data.get("native")
    if native:
        print(_native_line(native))
    for comparison in data.get("optimal", []):
        print(optimum_line(comparison))


def _print_invalid(data: dict, show: bool) -> None:
    """Where and why a Graphplan plan fails, with the state before it (or at the end) under --show."""
    where = f"time step {data['failed_step']} (line {data['line']})" if data["failed_step"] else "the end"
    print(f"Graphplan replay: INVALID at {where}: {data['message']}")
    if show:
        print("state before it (facts that operators change):" if data["failed_step"] else "state at the end:")
        print("  " + " ".join(data["state_before"]))


def _native_line(native: dict) -> str:
    """The verdict of the plan replayed as a puzzle's native moves."""
    from puzzleplan.app.validate import counted

    if not native["valid"]:
        return f"native replay ({native['puzzle']} {native['instance']}): INVALID: {native['message']}"
    return f"native replay ({native['puzzle']} {native['instance']}): VALID, {counted({'moves': len(native['moves'])})}"


def run_graphplan_validate(args: argparse.Namespace, limits: Limits) -> bool:
    """`puzzleplan validate graphplan OPS FACTS PLAN`: print the verdict; True when the plan is valid."""
    if len(args.plan) != 2:
        raise InputError("validate graphplan takes three files: OPS FACTS PLAN", "command line")
    if args.level:
        raise InputError("--level does not apply to Graphplan files", "command line")
    data = validate_graphplan(args.file, args.plan[0], args.plan[1], limits, args.optimal)
    if args.json:
        print(json.dumps(data))
    else:
        print_graphplan(data, args.show)
    return data["valid"] and data.get("native", {}).get("valid", True)
