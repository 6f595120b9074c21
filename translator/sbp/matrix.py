"""The CS510 `w,h,` format of the sliding-brick puzzle: the instance, reading it (errors name the line and
column) and printing it exactly as the seed's outputGameState does.

The matrix holds -1 for goal cells, 0 for free cells, 1 for walls, 2 for the master brick and 3, 4, ...
for the other bricks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import whole_number
from puzzleplan.translator.grid import flood
from puzzleplan.translator.text import Line, content_lines

GOAL, FREE, WALL, MASTER = -1, 0, 1, 2
FIRST_BRICK = 3

Grid = tuple[int, ...]
"""The matrix, row-major."""


@dataclass(frozen=True)
class SbpInstance:
    """The board size, the matrix as the file gives it, and the goal cells (its -1 cells)."""

    width: int
    height: int
    grid: Grid
    goals: tuple[int, ...]
    """Row-major indices of the goal cells; kept apart so that a state whose master covers some of them
    can be an instance's starting matrix (restart) without losing them."""


def bricks(grid: Grid) -> dict[int, list[int]]:
    """Cells (row-major indices, increasing) of every brick, master included, by brick number."""
    found: dict[int, list[int]] = {}
    for index, value in enumerate(grid):
        if value >= MASTER:
            found.setdefault(value, []).append(index)
    return found


def _fields(raw: str) -> list[tuple[int, str]]:
    """The comma-separated fields of a line with their 1-based columns; one trailing empty field dropped."""
    fields, column = [], 1
    for text in raw.split(","):
        fields.append((column + len(text) - len(text.lstrip()), text.strip()))
        column += len(text) + 1
    if fields and fields[-1][1] == "":
        fields.pop()
    return fields


def _raw(raw_lines: list[str], line: Line) -> str:
    """The original text of a content line, comment removed, so that columns are exact."""
    return raw_lines[line.number - 1].split("#", 1)[0]


def _size(raw_lines: list[str], line: Line, source: str) -> tuple[int, int]:
    """Read the `w,h,` line."""
    fields = _fields(_raw(raw_lines, line))
    if len(fields) != 2 or not all(re.fullmatch(r"[0-9]+", value) and int(value) > 0 for _, value in fields):
        raise InputError(
            f"expected the board size 'w,h,' (two positive integers), found {quote(line.text)}", source, line.number
        )
    return int(fields[0][1]), int(fields[1][1])


def _row(raw_lines: list[str], line: Line, width: int, row: int, source: str) -> list[int]:
    """Read one row of the matrix: `width` integers >= -1."""
    fields = _fields(_raw(raw_lines, line))
    if len(fields) != width:
        raise InputError(
            f"expected {width} values in row {row + 1} of the matrix (the width on line 1), found {len(fields)}",
            source,
            line.number,
        )
    values = []
    for column, value in fields:
        number = whole_number(value)
        if number is None or number < GOAL:
            raise InputError(
                "expected -1 (goal), 0 (free), 1 (wall), 2 (master brick) or a brick number >= 3, "
                f"found {quote(value)}",
                source,
                line.number,
                column,
            )
        values.append(number)
    return values


def parse_matrix(text: str, source: str = "<input>") -> SbpInstance:
    """Read the `w,h,` CSV format (trailing commas optional, CRLF and `#` comments tolerated)."""
    lines, raw_lines = content_lines(text), text.splitlines()
    if not lines:
        raise InputError("expected the board size 'w,h,' on the first line, found an empty file", source)
    width, height = _size(raw_lines, lines[0], source)
    rows = lines[1:]
    _check_row_count(rows, height, lines[-1], source)
    grid = tuple(value for index, line in enumerate(rows) for value in _row(raw_lines, line, width, index, source))
    instance = SbpInstance(width, height, grid, tuple(i for i, value in enumerate(grid) if value == GOAL))
    _check_bricks(instance, [line.number for line in rows], source)
    return instance


def _check_row_count(rows: list[Line], height: int, last: Line, source: str) -> None:
    """InputError unless there are `height` rows after the size line (`last`: the file's last line)."""
    if len(rows) < height:
        raise InputError(
            f"expected {height} rows of the matrix after the size line, found {len(rows)}", source, last.number
        )
    if len(rows) > height:
        raise InputError(
            f"expected only {height} rows of the matrix (the height on line 1), found more", source, rows[height].number
        )


def _check_bricks(instance: SbpInstance, row_lines: list[int], source: str) -> None:
    """A master brick must exist and every brick must be in one piece (cells joined edge to edge)."""
    if MASTER not in instance.grid:
        raise InputError("the matrix has no master brick (2)", source, row_lines[0])
    for number, cells in bricks(instance.grid).items():
        if not _connected(cells, instance.width):
            row = cells[0] // instance.width
            raise InputError(
                f"brick {number} is not in one piece: its cells must be joined edge to edge", source, row_lines[row]
            )


def _connected(cells: list[int], width: int) -> bool:
    """True when the cells (row-major indices) form one edge-connected piece."""
    places = {divmod(cell, width) for cell in cells}
    return len(flood(divmod(cells[0], width), places.__contains__)) == len(places)


def matrix_text(width: int, height: int, grid: Grid) -> str:
    """The matrix exactly as the seed's outputGameState prints it: `w,h,` then rows, each value then `,`."""
    rows = [f"{width},{height},"]
    rows += ["".join(f"{value}," for value in grid[row * width : (row + 1) * width]) for row in range(height)]
    return "\n".join(rows) + "\n"
