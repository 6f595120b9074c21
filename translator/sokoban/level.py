"""Sokoban levels: the instance and state types, XSB and the seed's integer format (with or without Lisp
parentheses), multi-level collections, rendering, and where a lone box can go (dead squares)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from puzzleplan.common.errors import InputError, Tolerated, quote, tolerate
from puzzleplan.common.files import whole_number
from puzzleplan.translator.graph import distances
from puzzleplan.translator.grid import DIRECTIONS, OPPOSITE, Cell, flood, step
from puzzleplan.translator.text import choose_level

XSB_FLOOR = " -_"
XSB = {"#": "wall", "@": "keeper", "+": "keeper goal", "$": "box", "*": "box goal", ".": "goal"}
"""The XSB characters besides floor (space, or - and _ as some collections write it)."""
CODES = {0: "", 1: "wall", 2: "box", 3: "keeper", 4: "goal", 5: "box goal", 6: "keeper goal"}
"""The seed's integer square codes (Table 1)."""
_ROW_START = set(XSB)


class State(NamedTuple):
    """Where the keeper stands and where the boxes are."""

    keeper: Cell
    boxes: frozenset[Cell]


@dataclass(frozen=True)
class SokobanInstance:
    """A level: walls, goals, the initial boxes and keeper; `notation` (xsb or integers) picks the
    rendering and does not take part in equality."""

    walls: frozenset[Cell]
    goals: frozenset[Cell]
    boxes: frozenset[Cell]
    keeper: Cell
    notation: str = field(default="xsb", compare=False)

    @property
    def height(self) -> int:
        """Rows spanned by the level."""
        return 1 + max(row for row, _ in self.walls | self.goals | self.boxes | {self.keeper})

    @property
    def width(self) -> int:
        """Columns spanned by the level."""
        return 1 + max(col for _, col in self.walls | self.goals | self.boxes | {self.keeper})

    @cached_property
    def inside(self) -> frozenset[Cell]:
        """Cells the keeper could reach if no box were in the way (the walled area)."""
        height, width = self.height, self.width
        return frozenset(
            flood(self.keeper, lambda cell: cell not in self.walls and 0 <= cell[0] < height and 0 <= cell[1] < width)
        )

    @property
    def active_boxes(self) -> frozenset[Cell]:
        """The boxes inside the keeper's area (walled-off boxes on goals are decoration)."""
        return self.boxes & self.inside

    @property
    def active_goals(self) -> frozenset[Cell]:
        """The goals inside the keeper's area."""
        return self.goals & self.inside

    @cached_property
    def live(self) -> frozenset[Cell]:
        """Cells from which a lone box can still be pushed onto some goal (the others are dead squares)."""
        return frozenset(pull_distances(self.inside, self.goals))


# -- a lone box's pushes ------------------------------------------------------------------------------
def pull_distances(inside: frozenset[Cell], targets: Iterable[Cell]) -> dict[Cell, int]:
    """Pushes a lone box needs to reach the nearest target, for every cell of the walled area `inside`
    from which it can reach one."""
    return _lone_box_distances(inside, targets, pulling=True)


def push_distances(inside: frozenset[Cell], sources: Iterable[Cell]) -> dict[Cell, int]:
    """Pushes a lone box needs to get from the nearest source to each cell of `inside` it can reach (the
    pulls back to a source, for searching backwards from the goals)."""
    return _lone_box_distances(inside, sources, pulling=False)


def _lone_box_distances(inside: frozenset[Cell], starts: Iterable[Cell], pulling: bool) -> dict[Cell, int]:
    """Breadth-first over a lone box's pulls (from targets) or pushes (from sources)."""

    def moves(cell: Cell) -> list[Cell]:
        found = []
        for name in DIRECTIONS:
            nxt = step(cell, OPPOSITE[name] if pulling else name)  # where the box is one push earlier/later
            keeper = step(nxt, OPPOSITE[name]) if pulling else step(cell, OPPOSITE[name])
            if nxt in inside and keeper in inside:
                found.append(nxt)
        return found

    return distances([cell for cell in starts if cell in inside], moves)


# -- reading levels --------------------------------------------------------------------------------------
class _Level(NamedTuple):
    """The rows of one level in a file, with their line numbers, and its label."""

    label: str
    rows: list[tuple[int, str]]


def split_levels(text: str) -> list[_Level]:
    """The XSB levels of a file: runs of rows; a `; label` line before a level or `Title: t` after names
    it; other text lines (collection headers, authors) are skipped."""
    levels: list[_Level] = []
    pending: str | None = None
    current: list[tuple[int, str]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if _is_board_row(stripped, current is not None):
            if current is None:
                current = []
                levels.append(_Level(pending if pending is not None else str(len(levels) + 1), current))
                pending = None
            current.append((number, line))
            continue
        current = None
        pending = _read_label(stripped, levels, pending)
    return levels


def _is_board_row(stripped: str, in_level: bool) -> bool:
    """A row of a board: it starts as one does, or, inside a level, it holds a wall and is no comment."""
    if not stripped:
        return False
    return stripped[0] in _ROW_START or (in_level and "#" in stripped and not stripped.startswith(";"))


def _read_label(stripped: str, levels: list[_Level], pending: str | None) -> str | None:
    """The label waiting for the next level after a text line: a `; label` line gives it; a `Title:` line
    names the level just read, unless that one already has a label."""
    if stripped.startswith(";"):
        return stripped.lstrip(";").strip() or pending
    if stripped.lower().startswith("title:") and levels and levels[-1].label == str(len(levels)):
        levels[-1] = _Level(stripped.split(":", 1)[1].strip(), levels[-1].rows)
    return pending


def _looks_like_integers(text: str) -> bool:
    """True when the first content of the file is a parenthesis or a digit (the seed's format)."""
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()
        if line:
            return line[0] in "(0123456789"
    return False


_TOKEN = re.compile(r"\(|\)|'|[^\s()',]+")


def _integer_rows(text: str, source: str, level: str | None = None) -> list[list[tuple[int, int, int]]]:
    """Rows of (code, line, column) from the integer format, one row a line or one a parenthesized list,
    optionally inside `(setq name '( ... ))`; of the state `level` picks in a list of states (the list
    `(next-states s)` returns, as `successors --format seed` prints it)."""
    tokens = _integer_tokens(text)
    if not any(token == "(" for token, _, _ in tokens):
        rows: dict[int, list[tuple[int, int, int]]] = {}
        for token, line, column in tokens:
            rows.setdefault(line, []).append((_code(token, line, column, source), line, column))
        return list(rows.values())
    items = _integer_lists(tokens, source)
    states = _states_in(items)
    if states:
        items = states[choose_level([str(number) for number in range(1, len(states) + 1)], level, source)]
    elif level not in (None, "", "1"):
        raise InputError("an integer-matrix file of one state holds one level", source)
    return [_integer_list(row, source) for row in items]


def _integer_lists(tokens: list[tuple[str, int, int]], source: str) -> list:
    """The rows (or the states) of the parenthesized integer format."""
    _check_depth(tokens, source)
    tokens = _without_closing_period(tokens, source)
    tree, position = _read_list(tokens, 0, source)
    if position != len(tokens):
        token, line, column = tokens[position]
        raise InputError(f"unexpected {quote(token)} after the level's closing parenthesis", source, line, column)
    return _rows_of(tree, tokens[0], source)


def _states_in(items: list) -> list[list]:
    """The states of a list of states (each a list of rows, each a list of numbers); [] for a list of rows."""
    if items and all(isinstance(item, list) and item and all(isinstance(row, list) for row in item) for item in items):
        return items
    return []


def _integer_state_count(text: str) -> int:
    """How many states an integer-format text holds: 1 for a level, more for a list of next states."""
    tokens = _integer_tokens(text)
    if not any(token == "(" for token, _, _ in tokens):
        return 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Tolerated)
        try:
            return len(_states_in(_integer_lists(tokens, "<text>"))) or 1
        except InputError:
            return 1


def _without_closing_period(tokens: list[tuple[str, int, int]], source: str) -> list[tuple[str, int, int]]:
    """The tokens without a last `.` after the closing parenthesis, the sentence's full stop that ends the
    text's `(setq p1 '(...))).`, with a Tolerated warning."""
    if len(tokens) > 1 and tokens[-1][0] == "." and tokens[-2][0] == ")":
        tolerate(
            "the full stop after the closing parenthesis (a sentence's, as the text prints it)", source, tokens[-1][1]
        )
        return tokens[:-1]
    return tokens


def _integer_tokens(text: str) -> list[tuple[str, int, int]]:
    """(token, line, column) of the integer format's numbers and parentheses; `;` comments dropped."""
    tokens = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for match in _TOKEN.finditer(raw.split(";", 1)[0]):
            tokens.append((match.group(), number, match.start() + 1))
    return tokens


def _rows_of(tree: list, first: tuple[str, int, int], source: str) -> list:
    """The list of rows inside a read list: itself, its (setq NAME '(...)) value, or its only item when
    that is a list of rows; InputError at the `first` token otherwise."""
    tree = _setq_value(tree, first, source)
    if not all(isinstance(item, list) for item in tree):
        raise InputError("expected a list of rows such as ((1 1 1) (1 3 1) ...)", source, first[1], first[2])
    if len(tree) == 1 and tree[0] and all(isinstance(item, list) for item in tree[0]):
        return tree[0]
    return tree


def _setq_value(tree: list, first: tuple[str, int, int], source: str) -> list:
    """The value of a (setq NAME '(...)) list, or the list itself when it is not one."""
    if not (tree and isinstance(tree[0], tuple) and tree[0][0].lower() == "setq"):
        return tree
    if len(tree) != 3 or not isinstance(tree[2], list):
        raise InputError("expected (setq NAME '((...) ...))", source, first[1], first[2])
    return tree[2]


MAX_DEPTH = 3
"""The deepest nesting of the integer format: (setq NAME '((row) (row) ...))."""


def _check_depth(tokens: list, source: str) -> None:
    """Refuse parentheses nested deeper than the format nests them."""
    depth = 0
    for token, line, column in tokens:
        depth += {"(": 1, ")": -1}.get(token, 0)
        if depth > MAX_DEPTH:
            raise InputError(
                f"parentheses nested {depth} deep: the format nests at most {MAX_DEPTH}, (setq NAME '((row) ...))",
                source,
                line,
                column,
            )


def _read_list(tokens: list, position: int, source: str) -> tuple[list, int]:
    """Read nested lists from `(` tokens; atoms stay (text, line, column); a quote is skipped."""
    items: list = []
    opened = tokens[position] if tokens[position][0] == "(" else None
    position += 1 if opened else 0
    while position < len(tokens):
        token = tokens[position]
        if token[0] == "(":
            child, position = _read_list(tokens, position, source)
            items.append(child)
        elif token[0] == ")":
            if opened is None:
                raise InputError("unbalanced ')'", source, token[1], token[2])
            return items, position + 1
        else:
            if token[0] != "'":
                items.append(token)
            position += 1
    if opened is not None:
        raise InputError("this '(' is never closed", source, opened[1], opened[2])
    return items, position


def _integer_list(row, source: str) -> list[tuple[int, int, int]]:
    """A parenthesized row of square codes."""
    cells = []
    for item in row:
        if isinstance(item, list):
            raise InputError("a row holds square codes 0-6, not lists", source)
        token, line, column = item
        cells.append((_code(token, line, column, source), line, column))
    return cells


def _code(token: str, line: int, column: int, source: str) -> int:
    """One square code 0-6."""
    code = whole_number(token)
    if code not in CODES:
        raise InputError(
            f"expected a square code 0-6 (0 blank, 1 wall, 2 box, 3 keeper, 4 goal, 5 box on "
            f"goal, 6 keeper on goal), found {quote(token)}",
            source,
            line,
            column,
        )
    return code


def _xsb_cells(level: _Level, source: str) -> Iterator[tuple[Cell, str, int, int]]:
    """(cell, content, line, column) for every non-floor character of an XSB level."""
    for row, (number, text) in enumerate(level.rows):
        for col, char in enumerate(text):
            if char in XSB_FLOOR:
                continue
            if char not in XSB:
                raise InputError(
                    f"unknown character {char!r}: expected # wall, $ box, . goal, @ keeper, "
                    "* box on goal, + keeper on goal or space",
                    source,
                    number,
                    col + 1,
                )
            yield (row, col), XSB[char], number, col + 1


def build(cells: Iterable[tuple[Cell, str, int, int]], source: str, first_line: int, notation: str) -> SokobanInstance:
    """Check a level's contents and build the instance: one keeper, boxes <= goals, all walled in."""
    where: dict[Cell, tuple[int, int]] = {}
    parts: dict[str, list[Cell]] = {"wall": [], "goal": [], "box": [], "keeper": []}
    for cell, content, line, column in cells:
        where[cell] = (line, column)
        for part in content.split():
            parts[part].append(cell)
    walls, goals, boxes, keepers = (set(parts["wall"]), set(parts["goal"]), set(parts["box"]), parts["keeper"])
    _check_counts(keepers, boxes, goals, where, source, first_line)
    instance = SokobanInstance(frozenset(walls), frozenset(goals), frozenset(boxes), keepers[0], notation)
    _check_walled(instance, where, source)
    return instance


def _check_counts(
    keepers: list[Cell], boxes: set[Cell], goals: set[Cell], where: dict[Cell, tuple[int, int]], source: str, first: int
) -> None:
    """Exactly one keeper, at least one box, and a goal for every box."""
    if not keepers:
        raise InputError("the level has no keeper (@ or +, code 3 or 6)", source, first)
    if len(keepers) > 1:
        raise InputError("a second keeper: a level has exactly one", source, *where[keepers[1]])
    if not boxes:
        raise InputError("the level has no box ($ or *, code 2 or 5)", source, first)
    if len(goals) < len(boxes):
        goal_count = "1 goal" if len(goals) == 1 else f"{len(goals)} goals"
        raise InputError(f"{len(boxes)} boxes but only {goal_count}: every box needs a goal", source, first)


def _check_walled(instance: SokobanInstance, where: dict[Cell, tuple[int, int]], source: str) -> None:
    """The keeper's area must be closed by walls, and every box and goal inside it."""
    height, width = instance.height, instance.width
    for row, col in instance.inside:
        if row in (0, height - 1) or col in (0, width - 1):
            raise InputError(
                f"the keeper is not walled in: it can walk out past row {row + 1}, column {col + 1} of the level",
                source,
                *where[instance.keeper],
            )
    inert = instance.boxes & instance.goals
    for kind, cells in (("box", instance.boxes), ("goal", instance.goals)):
        outside = sorted(cells - instance.inside - inert)
        if outside:
            raise InputError(
                f"a {kind} outside the walls the keeper is enclosed in (only a box already on "
                "a goal, *, may sit walled off)",
                source,
                *where[outside[0]],
            )


def level_labels(text: str) -> list[str]:
    """The labels of the levels in a collection (`; label` lines, `Title:` lines, or numbers)."""
    if _looks_like_integers(text):
        count = _integer_state_count(text)
        return [str(number) for number in range(1, count + 1)] if count > 1 else [""]
    return [level.label for level in split_levels(text)]


def read_level(text: str, source: str, level: str | None) -> SokobanInstance:
    """The level chosen by 1-based number or label; without one, the file must hold one level."""
    if _looks_like_integers(text):
        return _read_integer_level(text, source, level)
    found = split_levels(text)
    if not found:
        raise InputError("no level found: expected rows of # walls, $ boxes, . goals and an @ keeper", source)
    chosen = found[choose_level([level.label for level in found], level, source)]
    return build(_xsb_cells(chosen, source), source, chosen.rows[0][0], "xsb")


def _read_integer_level(text: str, source: str, level: str | None) -> SokobanInstance:
    """The one level of an integer-matrix file, or the state `level` picks in a list of states."""
    rows = _integer_rows(text, source, level)
    cells = (
        ((r, c), CODES[code], line, column)
        for r, row in enumerate(rows)
        for c, (code, line, column) in enumerate(row)
        if code
    )
    return build(cells, source, rows[0][0][1] if rows and rows[0] else 1, "integers")


# -- rendering ----------------------------------------------------------------------------------------
def describe_cell(cell: Cell) -> str:
    """A cell as the user reads it: 1-based row and column."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _contents(instance: SokobanInstance, state: State, cell: Cell) -> tuple[bool, bool, bool, bool]:
    """(wall, goal, box, keeper) at a cell."""
    return (cell in instance.walls, cell in instance.goals, cell in state.boxes, cell == state.keeper)


_XSB_CHAR = {"wall": "#", "": " ", "goal": ".", "box": "$", "box goal": "*", "keeper": "@", "keeper goal": "+"}
_CODE_OF = {name: code for code, name in CODES.items()}


def _content_name(instance: SokobanInstance, state: State, cell: Cell) -> str:
    """The content of a cell as one of the names in CODES."""
    wall, goal, box, keeper = _contents(instance, state, cell)
    if wall:
        return "wall"
    thing = "box" if box else "keeper" if keeper else ""
    return f"{thing} goal".strip() if goal else thing


def render_xsb(instance: SokobanInstance, state: State) -> str:
    """A state in XSB characters, one row a line, trailing spaces removed."""
    rows = [
        "".join(_XSB_CHAR[_content_name(instance, state, (r, c))] for c in range(instance.width)).rstrip()
        for r in range(instance.height)
    ]
    return "\n".join(rows) + "\n"


def render_integers(instance: SokobanInstance, state: State) -> str:
    """A state as the seed's integer matrix in Lisp parentheses, one row a line."""
    rows = [
        "(" + " ".join(str(_CODE_OF[_content_name(instance, state, (r, c))]) for c in range(instance.width)) + ")"
        for r in range(instance.height)
    ]
    return "(" + "\n ".join(rows) + ")\n"
