"""Sokoban solution files, as solvers and level sites publish them: each level's title, its board and a
`Solution` line with LURD moves. Every solution is replayed on its own level or, matched by title, on a
collection's; `puzzleplan validate sokoban SOLUTIONS` and `validate sokoban COLLECTION SOLUTIONS` print
what this returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzleplan.api.validation import compare_with_optimum
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.translator.capabilities import reports
from puzzleplan.translator.puzzle import Puzzle
from puzzleplan.translator.registry import get_puzzle
from puzzleplan.translator.sokoban.solutions import Level, Solution, levels, same_title, solutions

SOLUTION_FILE_PUZZLES = ("sokoban", "sokoban-pushes")
"""Puzzles whose `validate` also reads files of levels with their solutions."""


def reads_solution_files(puzzle: str) -> bool:
    """True when `puzzle` also validates files of levels with their solutions; InputError for an unknown
    puzzle."""
    return get_puzzle(puzzle).name in SOLUTION_FILE_PUZZLES


def holds_solutions(path: str) -> bool:
    """True when a plan file is a solution file (it has a `Solution` line) rather than bare moves; a file
    whose LURD string is bad counts as one (reading it reports the error)."""
    try:
        return bool(solutions(read_file(path), path))
    except InputError:
        return True


@dataclass(frozen=True)
class SolutionsReport:
    """Every solution of a solution file replayed: the puzzle, the collection file, the solutions file and
    one entry per solution (title, line, moves, pushes, valid, message, failed_at, note, optimal)."""

    puzzle: str
    file: str
    solutions_file: str
    entries: list[dict[str, Any]]

    @property
    def valid(self) -> bool:
        """True when every solution is valid."""
        return all(entry["valid"] for entry in self.entries)

    def to_json(self) -> dict[str, Any]:
        """What `validate --json` prints for a solution file: the files, the counts and every entry."""
        valid_count = sum(entry["valid"] for entry in self.entries)
        return {
            "puzzle": self.puzzle,
            "file": self.file,
            "solutions_file": self.solutions_file,
            "valid": valid_count == len(self.entries),
            "count": len(self.entries),
            "valid_count": valid_count,
            "solutions": self.entries,
        }


def validate_solutions(
    file: str, solutions_file: str | None = None, *, puzzle: str = "sokoban", optimal: Limits | None = None
) -> SolutionsReport:
    """Replay every solution of a solution file on its level: `file` alone holds levels and solutions; with
    `solutions_file`, its solutions are matched by title to the levels of the collection `file`. With
    `optimal`, each valid solution is compared with the optimum found within those limits. InputError when
    the file holds no solution."""
    game = get_puzzle(puzzle)
    source = solutions_file or file
    found, own = _read_solutions(source)
    collection = levels(read_file(file), file) if solutions_file else own
    entries = [_check_solution(game, solution, collection, own, file, optimal) for solution in found]
    return SolutionsReport(game.name, file, source, entries)


def _read_solutions(source: str) -> tuple[list[Solution], list[Level]]:
    """The solutions and the levels of a solution file; bad input when it holds no solution."""
    text = read_file(source)
    found = solutions(text, source)
    if not found:
        raise InputError(
            "no Solution line followed by LURD moves in the file; give the moves as a plan file after the level, "
            "or a file of solutions",
            source,
        )
    return found, levels(text, source)


def _check_solution(
    puzzle: Puzzle, solution: Solution, collection: list[Level], own: list[Level], file: str, optimal: Limits | None
) -> dict[str, Any]:
    """The JSON entry of one solution: its level (by title in the collection, else the board it follows)."""
    entry: dict[str, Any] = {"title": solution.title, "line": solution.line, "valid": False}
    level = _solution_level(solution, collection, own)
    if level is None:
        entry["message"] = f"no level titled {solution.title!r} in {file}"
        return entry
    try:
        instance = level.instance()
    except InputError as error:
        entry["message"] = f"cannot read the level: {error}"
        return entry
    entry.update(_replayed(puzzle, instance, solution))
    if optimal is not None and entry["valid"]:
        entry["optimal"] = compare_with_optimum(puzzle, instance, solution.title, entry, optimal)
    return entry


def _replayed(puzzle: Puzzle, instance: Any, solution: Solution) -> dict[str, Any]:
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


def _solution_level(solution: Solution, collection: list[Level], own: list[Level]) -> Level | None:
    """The level a solution solves: the collection's level of its title, else the board it follows (or None)."""
    level = next((level for level in collection if same_title(level.title, solution.title)), None)
    if level is None and solution.level is not None:
        return own[solution.level]
    return level


def _claim_note(claimed: tuple[int, int], entry: dict[str, Any]) -> str:
    """The note on a Solution line whose stated moves and pushes are not what its moves make."""
    stated = f"the Solution line says {claimed[0]} moves and {claimed[1]} pushes"
    return f"{stated}; the moves make {entry['moves']} and {entry.get('pushes')}"
