"""`puzzleplan validate`: the printout of a verdict (puzzleplan.api.validation), and Sokoban solution files
checked level by level."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from puzzleplan import api
from puzzleplan.api.solutions import SolutionsReport, holds_solutions, reads_solution_files, validate_solutions
from puzzleplan.api.validation import Verdict, compare_with_optimum
from puzzleplan.app.animate import animate_plan, check_animation, print_result
from puzzleplan.app.guarded import command_limits
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits


def optimum_line(comparison: dict) -> str:
    """`optimal: yes ...` or how much longer than the optimum the plan is."""
    measure, planner = comparison["measure"], comparison["planner"]
    if comparison["status"] != "solved":
        why = f": {comparison['message']}" if comparison.get("message") else ""
        return f"optimal: unknown ({planner} ended {comparison['status']}{why})"
    if comparison["is_optimal"]:
        return f"optimal: yes, {comparison['optimum']} {measure} ({planner} finds no fewer)"
    excess, optimum = comparison["excess"], comparison["optimum"]
    percent = f", {100 * excess / optimum:.1f} %" if optimum else ""
    return f"optimal: no, {comparison['length']} {measure} where {planner} finds {optimum} ({excess} more{percent})"


# -- printing -----------------------------------------------------------------------------------------------
SINGULAR = {"moves": "move", "pushes": "push", "steps": "step", "actions": "action"}


def counted(measures: dict[str, int]) -> str:
    """`16 moves, 1 push`."""
    return ", ".join(f"{value} {SINGULAR.get(name, name) if value == 1 else name}" for name, value in measures.items())


def print_verdict(inst: api.Instance, verdict: Verdict, show: bool) -> None:
    """The human report of a verdict; with `show`, the state before the bad step or every step."""
    if verdict.pddl_plan is not None:
        state = {True: "valid", False: "INVALID", None: "not run"}[verdict.pddl_valid]
        print(f"PDDL check (unified-planning): {state}" + (f": {verdict.pddl_message}" if verdict.pddl_message else ""))
    print(_replay_line(verdict))
    print(f"read as {verdict.notation}" + (f", {verdict.meaning}" if verdict.meaning else ""))
    for line in verdict.also_tried if not verdict.valid else []:
        print(f"also tried {line}")
    if verdict.optimal is not None:
        print(optimum_line(verdict.optimal))
    if show:
        _show_verdict(inst, verdict)


def _replay_line(verdict: Verdict) -> str:
    """`native replay: VALID, ...` with the measures (and the PDDL steps read), or INVALID and why."""
    if not verdict.valid:
        return f"native replay: INVALID: {verdict.message}"
    steps = f", from {len(verdict.pddl_plan)} PDDL steps" if verdict.pddl_plan is not None else ""
    return f"native replay: VALID, {counted(verdict.measures)}{steps}"


def _show_verdict(inst: api.Instance, verdict: Verdict) -> None:
    """Under --show: every step of a valid plan, or the state before an invalid plan's bad step."""
    if verdict.valid:
        print(inst.show_steps(verdict.moves, verdict.states))
    elif verdict.states:
        where = f"before step {verdict.failed_at}" if verdict.failed_at else "at the end of the plan"
        print(f"state {where}:\n{verdict.state_text}")


# -- the command --------------------------------------------------------------------------------------------
def run_validate(args: argparse.Namespace) -> bool:
    """`puzzleplan validate` on parsed arguments: print the verdicts; True when every plan is valid."""
    limits = command_limits(args)
    if reads_solution_files(args.puzzle) and (not args.plan or holds_solutions(args.plan[0])):
        if args.animate:
            raise InputError("--animate draws one plan: give the level file and one plan file", "command line")
        return _validate_solution_files(args, limits)
    return _validate_plan_file(args, limits)


def _validate_plan_file(args: argparse.Namespace, limits: Limits) -> bool:
    """Validate one plan file for one instance: print the verdict (or its JSON) and write --animate's file;
    True when the plan is valid."""
    if len(args.plan) != 1:
        raise InputError(f"validate {args.puzzle} FILE PLAN takes one plan file, got {len(args.plan)}", "command line")
    inst = api.load(args.file, puzzle=args.puzzle, level=args.level).starting_at(getattr(args, "start", None))
    check_animation(args, inst)
    verdict = api.validate(inst, Path(args.plan[0]))
    if args.optimal and verdict.valid:
        optimum = compare_with_optimum(inst.puzzle, inst.data, inst.label, verdict.measures, limits)
        verdict = replace(verdict, optimal=optimum)
    animation = _animate_verdict(args, inst, verdict) if args.animate else None
    print_result(args, verdict.to_json(inst.puzzle), lambda: print_verdict(inst, verdict, args.show), animation)
    return verdict.valid


def _animate_verdict(args: argparse.Namespace, inst: api.Instance, verdict: Verdict) -> dict:
    """Write the --animate file of a replayed plan, captioned with the plan file and its verdict."""
    summary = f"{args.plan[0]}: " + ("VALID" if verdict.valid else f"INVALID: {verdict.message}")
    return animate_plan(args, inst, verdict.moves, verdict.states, summary)


def _validate_solution_files(args: argparse.Namespace, limits: Limits) -> bool:
    """Every solution of a solution file, against its own levels or, matched by title, a collection's."""
    _check_solution_files_arguments(args)
    solutions_file = args.plan[0] if args.plan else None
    optimal = limits if args.optimal else None
    report = validate_solutions(args.file, solutions_file, puzzle=args.puzzle, optimal=optimal)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        _print_solution_lines(report)
    return report.valid


def _check_solution_files_arguments(args: argparse.Namespace) -> None:
    """InputError for --level (every level of a solution file is checked) or more than two files."""
    if args.level:
        raise InputError("--level does not apply to a solution file: every level in it is checked", "command line")
    if len(args.plan) > 1:
        raise InputError("validate sokoban takes COLLECTION SOLUTIONS or one file of both", "command line")


def _print_solution_lines(report: SolutionsReport) -> None:
    """One line per solution (title, moves, pushes, VALID or the first bad move), then the total."""
    entries = report.entries
    width = min(40, max(len(entry["title"]) for entry in entries))
    for entry in entries:
        _print_solution_line(entry, width)
    good = sum(entry["valid"] for entry in entries)
    bad = len(entries) - good
    print(f"{len(entries)} solutions: {good} VALID" + (f", {bad} INVALID" if bad else ""))


def _print_solution_line(entry: dict[str, Any], width: int) -> None:
    """One solution's line (title, moves, pushes, VALID or the first bad move), and its note and optimum."""
    figures = f"{entry['moves']:>6} moves {entry['pushes']:>5} pushes" if "moves" in entry else " " * 25
    verdict = "VALID" if entry["valid"] else f"INVALID: {entry['message']}"
    print(f"{entry['title'][:40]:<{width}}  {figures}  {verdict}")
    if entry.get("note"):
        print(f"{'':<{width}}  note: {entry['note']}")
    if entry.get("optimal"):
        print(f"{'':<{width}}  {optimum_line(entry['optimal'])}")
