"""`puzzleplan validate`: a plan written by anyone, in any notation the puzzle reads (translator.notation),
replayed with the real rules; what is wrong and where, or how long the plan is and how far from optimal.

A plan file is read every way that fits; the first reading whose moves replay to the goal is the verdict
(the puzzle's other readings of the same moves, such as the sliding-brick normal-form numbering, are
tried after the moves as written). When none replays, the first reading's failure is the verdict and the
other readings are listed. A PDDL plan is also checked against its encoding with unified-planning.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from planners.animate import animate, check_animation, print_result
from planners.base import Limits, Status
from translator.errors import InputError
from translator.notation import Reading, read_moves
from translator.pddl import GroundAction, PddlTask
from translator.puzzle import Puzzle, Replay
from translator.registry import get_puzzle, instance_label, load
from translator.text import read_file


@dataclass
class Verdict:
    """The outcome of validating one plan; to_json() is the --json contract of validate."""

    puzzle: str
    instance: str
    plan: str
    notation: str
    valid: bool
    moves: list[Any]
    measures: dict[str, int]
    message: str = ""
    failed_at: int | None = None
    """1-based number of the first bad move (of the PDDL step, for a PDDL plan)."""
    meaning: str = ""
    """The puzzle's other reading of the moves that made them valid, when the moves as written were not."""
    also_tried: list[str] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    pddl_plan: list[GroundAction] | None = None
    pddl_valid: bool | None = None
    pddl_message: str = ""
    optimal: dict[str, Any] | None = None

    state_text: str = ""
    """The state before the first bad step (the last state reached), as the puzzle shows states."""

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The JSON object of `validate --json`."""
        data: dict[str, Any] = {
            "puzzle": self.puzzle,
            "instance": self.instance,
            "plan": self.plan,
            "notation": self.notation,
            "valid": self.valid,
            "length": len(self.moves),
            **{name: value for name, value in self.measures.items() if name != "moves"},
            "moves": [puzzle.move_json(move) for move in self.moves],
            "message": self.message,
            "failed_at": self.failed_at,
        }
        if self.meaning:
            data["meaning"] = self.meaning
        if self.also_tried:
            data["also_tried"] = self.also_tried
        if self.pddl_plan is not None:
            data.update(pddl_steps=len(self.pddl_plan), pddl_valid=self.pddl_valid, pddl_message=self.pddl_message)
        if not self.valid and self.states:
            data["state_before"] = self.state_text
        if self.optimal is not None:
            data["optimal"] = self.optimal
        return data


def validate_text(puzzle: Puzzle, instance: Any, label: str, text: str, source: str) -> Verdict:
    """Read a plan every way that fits and replay it; the verdict of the first reading that is valid, or
    of the first reading when none is. InputError when no reading fits."""
    readings = read_moves(puzzle, instance, text, source)
    verdicts = [_judge(puzzle, instance, label, source, reading) for reading in readings]
    chosen = next((verdict for verdict in verdicts if verdict.valid), verdicts[0])
    if chosen.valid:
        chosen.also_tried = []
    else:
        chosen.also_tried += [line for verdict in verdicts[1:] for line in _failures(verdict)]
    if chosen.pddl_plan is not None:
        task = plan_task(puzzle.encodings(instance), chosen.pddl_plan)
        chosen.pddl_valid, chosen.pddl_message = validate_pddl(task, chosen.pddl_plan)
        if chosen.pddl_valid is False and chosen.valid:
            chosen.valid, chosen.message = False, f"the PDDL check fails: {chosen.pddl_message}"
    return chosen


def _judge(puzzle: Puzzle, instance: Any, label: str, source: str, reading: Reading) -> Verdict:
    """The verdict on one reading: the moves as written, then the puzzle's other readings of them."""
    replay = puzzle.replay(instance, reading.moves)
    verdict = Verdict(
        puzzle.name,
        label,
        source,
        reading.notation,
        replay.valid and reading.stop is None,
        reading.moves,
        puzzle.measures(instance, reading.moves),
        states=replay.states,
        pddl_plan=reading.pddl_plan,
    )
    if reading.stop is not None:
        verdict.failed_at = reading.stop.step
        verdict.message = f"plan step {reading.stop.step} {reading.stop.action}: {reading.stop.reason}"
    elif not replay.valid:
        verdict.failed_at = None if replay.failed_at is None else replay.failed_at + 1
        verdict.message = replay.reason
        for meaning, other in _others(puzzle, instance, reading):
            if other.valid:
                verdict.valid, verdict.meaning, verdict.states = True, meaning, other.states
                verdict.message, verdict.failed_at = "", None
                break
            verdict.also_tried.append(f"{meaning}: {other.reason}")
    verdict.state_text = puzzle.show(instance, verdict.states[-1]) if verdict.states else ""
    return verdict


def _others(puzzle: Puzzle, instance: Any, reading: Reading) -> list[tuple[str, Replay]]:
    """The puzzle's other readings of the moves (none for PDDL plans, whose meaning is the encoding's)."""
    return [] if reading.pddl_plan is not None else puzzle.other_readings(instance, reading.moves)


def _failures(verdict: Verdict) -> list[str]:
    """How a reading that was not chosen fared (it was not valid), for the `also tried` lines."""
    return [f"as {verdict.notation}: {verdict.message}"] + [
        f"as {verdict.notation}, {line}" for line in verdict.also_tried
    ]


def plan_task(tasks: list[PddlTask], plan: list[GroundAction]) -> PddlTask:
    """Of a puzzle's encodings, the first whose domain declares every action of the plan with its arity
    (a plan from fd-opt on sokoban-pushes uses the push-costs domain); the first encoding otherwise."""
    from translator.pddl import action_arities

    used = {(name, len(args)) for name, args in plan}
    return next((task for task in tasks if used <= set(action_arities(task).items())), tasks[0])


def validate_pddl(task: PddlTask, plan: list[GroundAction]) -> tuple[bool | None, str]:
    """Check a sequential plan against a PDDL task with unified-planning's plan validator."""
    from planners.pddl_check import check_plan

    return check_plan(task, plan)


# -- how far from optimal ----------------------------------------------------------------------------------
def compare_with_optimum(puzzle: Puzzle, instance: Any, label: str, measures: dict[str, int], limits: Limits) -> dict:
    """Run the puzzle's optimal planner (native-astar, or what the puzzle aliases it to) and say whether
    the plan is optimal in the puzzle's optimal measure, and by how much it is longer."""
    from planners.pipeline import solve

    report = solve(puzzle, instance, label, "native-astar", limits)
    measure = puzzle.optimal_measure
    planner = puzzle.planner_aliases.get("native-astar", "native-astar")
    if report.status is not Status.SOLVED or not report.optimal or not report.valid:
        return {"planner": planner, "status": report.status.value, "measure": measure, "message": report.message}
    optimum = puzzle.measures(instance, report.moves)[measure]
    return comparison(planner, measure, measures[measure], optimum)


def comparison(planner: str, measure: str, length: int, optimum: int) -> dict:
    """The JSON of a comparison between a plan's length and the optimum."""
    return {
        "planner": planner,
        "status": "solved",
        "measure": measure,
        "optimum": optimum,
        "length": length,
        "excess": length - optimum,
        "is_optimal": length == optimum,
    }


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
    if verdict.valid:
        steps = f", from {len(verdict.pddl_plan)} PDDL steps" if verdict.pddl_plan is not None else ""
        print(f"native replay: VALID, {counted(verdict.measures)}{steps}")
    else:
        print(f"native replay: INVALID: {verdict.message}")
    print(f"read as {verdict.notation}" + (f", {verdict.meaning}" if verdict.meaning else ""))
    for line in verdict.also_tried if not verdict.valid else []:
        print(f"also tried {line}")
    if verdict.optimal is not None:
        print(optimum_line(verdict.optimal))
    if show and not verdict.valid and verdict.states:
        where = f"before step {verdict.failed_at}" if verdict.failed_at else "at the end of the plan"
        print(f"state {where}:\n{verdict.state_text}")
    elif show and verdict.valid:
        print(puzzle.show_steps(instance, verdict.moves, verdict.states))


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
    if len(args.plan) != 1:
        raise InputError(f"validate {args.puzzle} FILE PLAN takes one plan file, got {len(args.plan)}", "command line")
    puzzle, instance = load(args.puzzle, args.file, args.level)
    check_animation(args, puzzle)
    label = instance_label(args.file, args.level)
    verdict = validate_text(puzzle, instance, label, read_file(args.plan[0]), args.plan[0])
    if args.optimal and verdict.valid:
        verdict.optimal = compare_with_optimum(puzzle, instance, label, verdict.measures, limits)
    animation = None
    if args.animate:
        summary = f"{args.plan[0]}: " + ("VALID" if verdict.valid else f"INVALID: {verdict.message}")
        animation = animate(args, puzzle, instance, verdict.moves, verdict.states, summary)
    print_result(args, verdict.to_json(puzzle), lambda: print_verdict(puzzle, instance, verdict, args.show), animation)
    return verdict.valid


def _holds_solutions(path: str) -> bool:
    """True when a plan file is a solution file (it has a `Solution` line) rather than bare moves."""
    from translator.sokoban.solutions import solutions

    try:
        return bool(solutions(read_file(path), path))
    except InputError:
        return True  # a solution file with a bad LURD string: let its reading report the error


def _validate_solution_files(puzzle: Puzzle, args: argparse.Namespace, limits: Limits) -> bool:
    """Every solution of a solution file, against its own levels or, matched by title, a collection's."""
    from translator.sokoban.solutions import levels, solutions

    if args.level:
        raise InputError("--level does not apply to a solution file: every level in it is checked", "command line")
    if len(args.plan) > 1:
        raise InputError("validate sokoban takes COLLECTION SOLUTIONS or one file of both", "command line")
    source = args.plan[0] if args.plan else args.file
    text = read_file(source)
    found, own = solutions(text, source), levels(text, source)
    if not found:
        raise InputError(
            "no Solution line followed by LURD moves in the file; give the moves as a plan file after the level, "
            "or a file of solutions",
            source,
        )
    collection = levels(read_file(args.file), args.file) if args.plan else own
    entries = [_check_solution(puzzle, solution, collection, own, args, limits) for solution in found]
    valid = all(entry["valid"] for entry in entries)
    if args.json:
        print(
            json.dumps(
                {
                    "puzzle": puzzle.name,
                    "file": args.file,
                    "solutions_file": source,
                    "valid": valid,
                    "count": len(entries),
                    "valid_count": sum(e["valid"] for e in entries),
                    "solutions": entries,
                }
            )
        )
    else:
        _print_solution_lines(entries)
    return valid


def _check_solution(puzzle: Puzzle, solution, collection: list, own: list, args, limits: Limits) -> dict[str, Any]:
    """The JSON entry of one solution: its level (by title in the collection, else the board it follows)."""
    from translator.sokoban.solutions import same_title

    entry: dict[str, Any] = {"title": solution.title, "line": solution.line, "valid": False}
    level = next((level for level in collection if same_title(level.title, solution.title)), None)
    if level is None and solution.level is not None:
        level = own[solution.level]
    if level is None:
        entry["message"] = f"no level titled {solution.title!r} in {args.file}"
        return entry
    try:
        instance = level.instance()
    except InputError as error:
        entry["message"] = f"cannot read the level: {error}"
        return entry
    moves = list(solution.moves)
    replay = puzzle.replay(instance, moves)
    entry.update(puzzle.measures(instance, moves), valid=replay.valid, message=replay.reason)
    if replay.valid is False:
        entry["failed_at"] = None if replay.failed_at is None else replay.failed_at + 1
    if solution.claimed and solution.claimed != (entry["moves"], entry.get("pushes")):
        stated = f"the Solution line says {solution.claimed[0]} moves and {solution.claimed[1]} pushes"
        entry["note"] = f"{stated}; the moves make {entry['moves']} and {entry.get('pushes')}"
    if args.optimal and replay.valid:
        entry["optimal"] = compare_with_optimum(puzzle, instance, solution.title, entry, limits)
    return entry


def _print_solution_lines(entries: list[dict[str, Any]]) -> None:
    """One line per solution (title, moves, pushes, VALID or the first bad move), then the total."""
    width = min(40, max(len(entry["title"]) for entry in entries))
    for entry in entries:
        figures = f"{entry['moves']:>6} moves {entry['pushes']:>5} pushes" if "moves" in entry else " " * 25
        verdict = "VALID" if entry["valid"] else f"INVALID: {entry['message']}"
        print(f"{entry['title'][:40]:<{width}}  {figures}  {verdict}")
        if entry.get("note"):
            print(f"{'':<{width}}  note: {entry['note']}")
        if entry.get("optimal"):
            print(f"{'':<{width}}  {optimum_line(entry['optimal'])}")
    good = sum(entry["valid"] for entry in entries)
    bad = len(entries) - good
    print(f"{len(entries)} solutions: {good} VALID" + (f", {bad} INVALID" if bad else ""))
