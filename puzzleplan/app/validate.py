"""`puzzleplan validate`: the printout of a verdict (puzzleplan.api.validation), and Sokoban solution files
checked level by level."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from puzzleplan import api
from puzzleplan.api.validation import Verdict, compare_with_optimum
from puzzleplan.app.animate import animate, check_animation, print_result
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.translator.capabilities import reports
from puzzleplan.translator.puzzle import Puzzle
from puzzleplan.translator.registry import get_puzzle


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


def print_verdict(puzzle: Puzzle, instance: Any, verdict: Verdict, show: bool) -> None:
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
        _show_verdict(puzzle, instance, verdict)


def _replay_line(verdict: Verdict) -> str:
    """`native replay: VALID, ...` with the measures (and the PDDL steps read), or INVALID and why."""
    if not verdict.valid:
        return f"native replay: INVALID: {verdict.message}"
    steps = f", from {len(verdict.pddl_plan)} PDDL steps" if verdict.pddl_plan is not None else ""
    return f"native replay: VALID, {counted(verdict.measures)}{steps}"


def _show_verdict(puzzle: Puzzle, instance: Any, verdict: Verdict) -> None:
    """Under --show: every step of a valid plan, or the state before an invalid plan's bad step."""
    if verdict.valid:
        print(reports(puzzle).show_steps(instance, verdict.moves, verdict.states))
    elif verdict.states:
        where = f"before step {verdict.failed_at}" if verdict.failed_at else "at the end of the plan"
        print(f"state {where}:\n{verdict.state_text}")


# -- the command --------------------------------------------------------------------------------------------
SOLUTION_FILE_PUZZLES = ("sokoban", "sokoban-pushes")
"""Puzzles whose `validate` also reads files of levels with their solutions."""


def run_validate(args: argparse.Namespace) -> bool:
    """`puzzleplan validate` on parsed arguments: print the verdicts; True when every plan is valid."""
    limits = Limits.read(args.timeout, args.memory)
    puzzle = get_puzzle(args.puzzle)
    if puzzle.name in SOLUTION_FILE_PUZZLES and (not args.plan or _holds_solutions(args.plan[0])):
        if args.animate:
            raise InputError("--animate draws one plan: give the level file and one plan file", "command line")
        return _validate_solution_files(puzzle, args, limits)
    return _validate_plan_file(args, limits)


def _validate_plan_file(args: argparse.Namespace, limits: Limits) -> bool:
    """Validate one plan file for one instance: print the verdict (or its JSON) and write --animate's file;
    True when the plan is valid."""
    if len(args.plan) != 1:
        raise InputError(f"validate {args.puzzle} FILE PLAN takes one plan file, got {len(args.plan)}", "command line")
    inst = api.load(args.file, puzzle=args.puzzle, level=args.level)
    puzzle, instance, label = inst.puzzle, inst.data, inst.label
    check_animation(args, puzzle)
    verdict = api.validate(inst, Path(args.plan[0]))
    if args.optimal and verdict.valid:
        verdict = replace(verdict, optimal=compare_with_optimum(puzzle, instance, label, verdict.measures, limits))
    animation = _animate_verdict(args, puzzle, instance, verdict) if args.animate else None
    print_result(args, verdict.to_json(puzzle), lambda: print_verdict(puzzle, instance, verdict, args.show), animation)
    return verdict.valid


def _animate_verdict(args: argparse.Namespace, puzzle: Puzzle, instance: Any, verdict: Verdict) -> dict:
    """Write the --animate file of a replayed plan, captioned with the plan file and its verdict."""
    summary = f"{args.plan[0]}: " + ("VALID" if verdict.valid else f"INVALID: {verdict.message}")
    return animate(args, puzzle, instance, verdict.moves, verdict.states, summary)


def _holds_solutions(path: str) -> bool:
    """True when a plan file is a solution file (it has a `Solution` line) rather than bare moves."""
    from puzzleplan.translator.sokoban.solutions import solutions

    try:
        return bool(solutions(read_file(path), path))
    except InputError:
        return True  # a solution file with a bad LURD string: let its reading report the error


def _validate_solution_files(puzzle: Puzzle, args: argparse.Namespace, limits: Limits) -> bool:
    """Every solution of a solution file, against its own levels or, matched by title, a collection's."""
    from puzzleplan.translator.sokoban.solutions import levels

    _check_solution_files_arguments(args)
    source = args.plan[0] if args.plan else args.file
    found, own = _read_solutions(source)
    collection = levels(read_file(args.file), args.file) if args.plan else own
    entries = [_check_solution(puzzle, solution, collection, own, args, limits) for solution in found]
    valid = all(entry["valid"] for entry in entries)
    if args.json:
        print(json.dumps(_solutions_json(puzzle, args.file, source, entries)))
    else:
        _print_solution_lines(entries)
    return valid


def _check_solution_files_arguments(args: argparse.Namespace) -> None:
    """InputError for --level (every level of a solution file is checked) or more than two files."""
    if args.level:
        raise InputError("--level does not apply to a solution file: every level in it is checked", "command line")
    if len(args.plan) > 1:
        raise InputError("validate sokoban takes COLLECTION SOLUTIONS or one file of both", "command line")


def _read_solutions(source: str) -> tuple[list, list]:
    """The solutions and the levels of a solution file; bad input when it holds no solution."""
    from puzzleplan.translator.sokoban.solutions import levels, solutions

    text = read_file(source)
    found = solutions(text, source)
    if not found:
        raise InputError(
            "no Solution line followed by LURD moves in the file; give the moves as a plan file after the level, "
            "or a file of solutions",
            source,
        )
    return found, levels(text, source)


def _solutions_json(puzzle: Puzzle, file: str, source: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """What `validate --json` prints for a solution file: the files, the counts and every solution's entry."""
    valid_count = sum(entry["valid"] for entry in entries)
    return {
        "puzzle": puzzle.name,
        "file": file,
        "solutions_file": source,
        "valid": valid_count == len(entries),
        "count": len(entries),
        "valid_count": valid_count,
        "solutions": entries,
    }


def _check_solution(puzzle: Puzzle, solution, collection: list, own: list, args, limits: Limits) -> dict[str, Any]:
    """The JSON entry of one solution: its level (by title in the collection, else the board it follows)."""
    entry: dict[str, Any] = {"title": solution.title, "line": solution.line, "valid": False}
    level = _solution_level(solution, collection, own)
    if level is None:
        entry["message"] = f"no level titled {solution.title!r} in {args.file}"
        return entry
    try:
        instance = level.instance()
    except InputError as error:
        entry["message"] = f"cannot read the level: {error}"
        return entry
    entry.update(_replayed(puzzle, instance, solution))
    if args.optimal and entry["valid"]:
        entry["optimal"] = compare_with_optimum(puzzle, instance, solution.title, entry, limits)
    return entry


def _replayed(puzzle: Puzzle, instance: Any, solution) -> dict[str, Any]:
    """A solution replayed on its level: its measures, verdict, first bad move and a note on a wrong claim."""
    moves = list(solution.moves)
    replay = puzzle.replay(instance, moves)
    entry: dict[str, Any] = {
        **reports(puzzle).measures(instance, moves),
        "valid": replay.valid,
        "message": replay.reason,
    }
    if replay.valid is False:
        entry["failed_at"] = None if replay.failed_at is None else replay.failed_at + 1
    if solution.claimed and solution.claimed != (entry["moves"], entry.get("pushes")):
        entry["note"] = _claim_note(solution.claimed, entry)
    return entry


def _solution_level(solution, collection: list, own: list):
    """The level a solution solves: the collection's level of its title, else the board it follows (or None)."""
    from puzzleplan.translator.sokoban.solutions import same_title

    level = next((level for level in collection if same_title(level.title, solution.title)), None)
    if level is None and solution.level is not None:
        return own[solution.level]
    return level


def _claim_note(claimed: tuple[int, int], entry: dict[str, Any]) -> str:
    """The note on a Solution line whose stated moves and pushes are not what its moves make."""
    stated = f"the Solution line says {claimed[0]} moves and {claimed[1]} pushes"
    return f"{stated}; the moves make {entry['moves']} and {entry.get('pushes')}"


def _print_solution_lines(entries: list[dict[str, Any]]) -> None:
    """One line per solution (title, moves, pushes, VALID or the first bad move), then the total."""
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
