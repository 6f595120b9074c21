"""What a run of an experiment reads and writes, by puzzle name and file text: an instance's text solved into
the `solve --json` object (its reading within the limits), a plan's moves written as a plan file's lines,
and a kept plan file read back and replayed."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from puzzleplan.api import Instance, load
from puzzleplan.api.pipeline import solve_reading
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import notation
from puzzleplan.translator.puzzle import Replay


def solve_text(puzzle: str, text: str, source: str, level: str | None, planner: str, limits: Limits) -> dict[str, Any]:
    """Solve an instance given as its file's text (one level of it, or the puzzle's choice) with a planner,
    reading the text within the limits; the JSON object of the `solve --json` contract."""
    game = registry.get_puzzle(puzzle)

    def read() -> Any:
        return load(text=text, puzzle=game.name, level=level, source=source).data

    report = solve_reading(game, read, registry.instance_label(source, level), planner, limits)
    return report.to_json(game)


def move_lines(puzzle: str, moves: Iterable[Any]) -> list[str]:
    """Moves given as JSON values (as `solve --json` writes them) in the puzzle's notation, one a line as
    `validate` reads them; ValueError for a value that is not a move of the puzzle."""
    spelled = notation(registry.get_puzzle(puzzle))
    return [spelled.format_move(spelled.move_from_json(move)) for move in moves]


def replay_plan_file(inst: Instance, path: str | Path) -> tuple[list[Any], Replay]:
    """The native moves of a plan file in the puzzle's notation, and their replay from the instance's initial
    state (.valid, .reason, .states); InputError naming the file and line of a move it cannot read."""
    moves = notation(inst.puzzle).parse_moves(read_file(path), str(path))
    return moves, inst.puzzle.replay(inst.data, moves)


def planner_version(name: str) -> str:
    """The version of the planner a name runs (Fast Downward's release and revision, an engine package's
    version, or puzzleplan's for its own planners), as compare's results rows record it."""
    from puzzleplan.planners.versions import planner_version as version_of

    return version_of(name)
