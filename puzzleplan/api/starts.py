"""Starting an instance somewhere else than its file says: from one of its states (hints in the middle of a
game), or from a start written as text, as Bloxorz's assignment text asks it (`X,Y`, where the block stands)."""

from __future__ import annotations

import re
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.translator.capabilities import reports
from puzzleplan.translator.puzzle import Puzzle


def started(puzzle: Puzzle, data: Any, start: Any) -> Any:
    """The instance with `start` as its initial state: a state of it, or the start written as text (see
    start_at); the instance itself for None."""
    if start is None or isinstance(start, str):
        return start_at(puzzle, data, start)
    return reports(puzzle).restart(data, start)


def start_at(puzzle: Puzzle, data: Any, start: str | None) -> Any:
    """The instance with the block standing at --start X,Y, or placed as a state the text writes,
    `In(Bloxorz[2,3,2,4])` (bloxorz only; the instance itself without it)."""
    if start is None:
        return data
    if puzzle.name != "bloxorz":
        raise InputError("--start is for bloxorz (its text asks where the block starts)", "command line")
    state = STATE_NOTATION.search(start)
    if state:
        return start_in(data, *(int(number) for number in state.groups()))
    return start_at_cell(data, *coordinates(start.split(","), "--start"))


STATE_NOTATION = re.compile(r"Bloxorz\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]")
"""A state as seed 001 writes it, `In(Bloxorz[2,3,2,4])`: row and column of each of the block's cells."""


def start_in(stage: Any, r1: int, c1: int, r2: int, c2: int) -> Any:
    """The Bloxorz stage with the block where `Bloxorz[r1,c1,r2,c2]` puts it (rows and columns from 1, row
    first as the text's examples write them); InputError when it cannot start there."""
    from puzzleplan.translator.bloxorz.level import placed_at

    if min(r1, c1, r2, c2) < 1:
        raise InputError(f"rows and columns count from 1: found Bloxorz[{r1},{c1},{r2},{c2}]", "--start")
    return placed_at(stage, ((r1 - 1, c1 - 1), (r2 - 1, c2 - 1)), f"--start Bloxorz[{r1},{c1},{r2},{c2}]")


def start_at_cell(stage: Any, x: int, y: int) -> Any:
    """The Bloxorz stage with the block standing at x, y (from 1); InputError when it cannot start there."""
    from puzzleplan.translator.bloxorz.level import standing_at

    return standing_at(stage, x, y)


def coordinates(values: list[str], source: str) -> tuple[int, int]:
    """x and y, whole numbers from 1; InputError otherwise."""
    try:
        x, y = (int(value.strip()) for value in values)
    except ValueError:
        raise InputError(
            f"expected the start as X,Y (whole numbers from 1), found {','.join(values)!r}", source
        ) from None
    if x < 1 or y < 1:
        raise InputError(f"coordinates count from 1: found {x},{y}", source)
    return x, y
