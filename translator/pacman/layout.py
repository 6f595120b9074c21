"""Pac-Man mazes: the instance and state types, the CS188 `.lay` layout and the autograder's `.test` files
that hold one between triple quotes, and rendering back to both.

Cells are (row, column) with row 0 the top line of the layout (CS188 counts y from the bottom line; North
is one row up in both)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.grid import Cell, flood
from puzzleplan.translator.pacman.maze import Maze

WALL, PELLET, PACMAN, EMPTY = "%", ".", "P", " "
GHOSTS = "G1234"
"""CS188 writes a ghost as G, or 1-4 for numbered ghosts."""
CAPSULE = "o"
NO_GHOSTS = "the seed's Pac-Man has no ghosts, fruit or power-ups"

_FIELD = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$")
"""A `key: value` line of an autograder .test file."""
_BLOCK = '"""'


class State(NamedTuple):
    """Where Pac-Man is and the pellets still to eat."""

    pacman: Cell
    food: frozenset[Cell]


@dataclass(frozen=True)
class PacmanInstance:
    """A maze: its size, walls, pellets and Pac-Man's cell; `name` (a .test file's layoutName) and
    `notation` (lay or test, for rendering) take no part in equality."""

    height: int
    width: int
    walls: frozenset[Cell]
    food: frozenset[Cell]
    pacman: Cell
    name: str = field(default="", compare=False)
    notation: str = field(default="lay", compare=False)

    def is_open(self, cell: Cell) -> bool:
        """True for a cell inside the rectangle that is not a wall (Pac-Man never leaves the rectangle)."""
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width and cell not in self.walls

    @cached_property
    def maze(self) -> Maze:
        """Maze distances from every pellet (and, on demand, any other cell), computed once."""
        return Maze(self.is_open, self.food)

    @cached_property
    def reachable(self) -> frozenset[Cell]:
        """The open cells Pac-Man can reach (a flood fill: the maze's distance tables are not needed)."""
        return frozenset(flood(self.pacman, self.is_open))


def describe_cell(cell: Cell) -> str:
    """A cell as the user reads it in the layout: 1-based row (from the top) and column."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


# -- reading --------------------------------------------------------------------------------------------
def read_maze(text: str, source: str) -> PacmanInstance:
    """A maze from a .lay layout or from an autograder .test file (told apart by its `key:` lines)."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if _FIELD.match(first):
        return _test_maze(text, source)
    numbered = list(enumerate(text.splitlines(), start=1))
    return _build(_trim(numbered, source, 1), source, "", "lay")


def _test_maze(text: str, source: str) -> PacmanInstance:
    """The maze of an autograder .test file: its `layout` block, named by its `layoutName`."""
    fields = _test_fields(text, source)
    if "layout" not in fields:
        raise InputError('expected a layout between triple quotes: layout: """ ... """', source)
    number, rows = fields["layout"]
    if isinstance(rows, str):
        raise InputError('expected the layout between triple quotes: layout: """', source, number)
    name = fields.get("layoutName", (0, ""))[1]
    return _build(_trim(rows, source, number), source, name if isinstance(name, str) else "", "test")


def _test_fields(text: str, source: str) -> dict[str, tuple[int, str | list[tuple[int, str]]]]:
    """The fields of a .test file: `key: "value"` lines and `key: \"\"\"` blocks closed by a `\"\"\"` line,
    each with the line it starts on; `#` starts a comment outside blocks."""
    fields: dict[str, tuple[int, str | list[tuple[int, str]]]] = {}
    block: list[tuple[int, str]] | None = None
    opened = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if block is not None:
            if raw.strip() == _BLOCK:
                block = None
            else:
                block.append((number, raw))
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, content = _field(line, source, number, fields)
        fields[key] = (number, content)
        if isinstance(content, list):
            block, opened = content, number
    if block is not None:
        raise InputError('this """ block is never closed by a """ line', source, opened)
    return fields


def _field(line: str, source: str, number: int, fields: dict) -> tuple[str, str | list[tuple[int, str]]]:
    """The key and value of a `key: "value"` line, or the key and an empty block of a `key: \"\"\"` line; the
    key must not be among the `fields` read before."""
    match = _FIELD.match(line)
    if not match:
        raise InputError(f'expected key: "value" or key: """, found {quote(line)}', source, number)
    key, value = match.groups()
    if key in fields:
        raise InputError(f"the field {key!r} appears twice", source, number)
    if value == _BLOCK:
        return key, []
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return key, value[1:-1]
    raise InputError(f"expected the value of {key!r} in double quotes, found {quote(value)}", source, number)


def _trim(rows: list[tuple[int, str]], source: str, first_line: int) -> list[tuple[int, str]]:
    """The maze's rows: empty lines before and after are dropped; an empty line inside is an error (a line
    of spaces is a row of empty cells)."""
    filled = [index for index, (_, text) in enumerate(rows) if text]
    if not filled:
        raise InputError(
            f"no maze found: expected rows of {WALL} walls, {PELLET} pellets, {PACMAN} for Pac-Man and spaces",
            source,
            first_line,
        )
    kept = rows[filled[0] : filled[-1] + 1]
    for number, text in kept:
        if not text:
            raise InputError("an empty line inside the maze: expected a row of the maze", source, number)
    return kept


def _build(rows: list[tuple[int, str]], source: str, name: str, notation: str) -> PacmanInstance:
    """Check the rows (one width, known characters, one Pac-Man) and build the instance."""
    first_line, width = rows[0][0], len(rows[0][1])
    cells: dict[str, list[Cell]] = {WALL: [], PELLET: [], PACMAN: [], EMPTY: []}
    for row, (number, text) in enumerate(rows):
        if len(text) != width:
            raise InputError(
                f"expected a row of {width} characters like the first row (line {first_line}), found {len(text)}",
                source,
                number,
                min(len(text), width) + 1,
            )
        for col, char in enumerate(text):
            if char not in cells:
                raise InputError(_unknown(char), source, number, col + 1)
            cells[char].append((row, col))
    pacmen = cells[PACMAN]
    if not pacmen:
        raise InputError(f"the maze has no Pac-Man: expected one {PACMAN}", source, first_line)
    if len(pacmen) > 1:
        row, col = pacmen[1]
        raise InputError(f"a second Pac-Man ({PACMAN}): the maze has exactly one", source, rows[row][0], col + 1)
    walls, food = frozenset(cells[WALL]), frozenset(cells[PELLET])
    return PacmanInstance(len(rows), width, walls, food, pacmen[0], name, notation)


def _unknown(char: str) -> str:
    """The message for a character that is not part of the seed's game."""
    if char in GHOSTS:
        return f"a ghost ({char!r}): {NO_GHOSTS}, so layouts with ghosts are refused"
    if char == CAPSULE:
        return f"a power capsule ({char!r}): {NO_GHOSTS}, so layouts with capsules are refused"
    return f"expected {WALL} (wall), {PELLET} (pellet), {PACMAN} (Pac-Man) or a space, found {char!r}"


# -- writing --------------------------------------------------------------------------------------------
def picture(instance: PacmanInstance, state: State, marks: dict[Cell, str] | None = None) -> list[str]:
    """The maze as layout rows: walls, the pellets left, Pac-Man, and `marks` drawn on the other cells."""
    marks = marks or {}
    columns = range(instance.width)
    return ["".join(_char(instance, state, marks, (row, col)) for col in columns) for row in range(instance.height)]


def _char(instance: PacmanInstance, state: State, marks: dict[Cell, str], cell: Cell) -> str:
    """The layout character of a cell: wall, Pac-Man, pellet, else its mark or a space."""
    if cell in instance.walls:
        return WALL
    if cell == state.pacman:
        return PACMAN
    return PELLET if cell in state.food else marks.get(cell, EMPTY)


def render_maze(instance: PacmanInstance) -> str:
    """The .lay text of an instance, or a .test file around it for one read from a .test file."""
    rows = picture(instance, State(instance.pacman, instance.food))
    if instance.notation != "test":
        return "\n".join(rows) + "\n"
    lines = [f'layoutName: "{instance.name}"'] if instance.name else []
    return "\n".join(lines + ['layout: """', *rows, '"""']) + "\n"
