"""Bloxorz stages: the instance, the seed's matrix and the native `.bloxorz` text format (read and write),
and the checks every format shares. The public level files (JavaScript, JSON) are read in `sources`.

Coordinates in files are the seed's: x = column, y = row, both from 1. Inside, a cell is (row, column)
from 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.grid import Cell
from puzzleplan.translator.text import content_lines

VOID, TILE, GOAL, FRAGILE, SOFT, HEAVY, SPLIT, OPEN, CLOSED = "0", "1", "9", "F", "S", "H", "T", "B", "b"
KINDS = {
    VOID: "void",
    TILE: "tile",
    GOAL: "goal (the hole)",
    FRAGILE: "fragile tile",
    SOFT: "soft switch",
    HEAVY: "heavy switch",
    SPLIT: "split switch",
    OPEN: "bridge tile, open at the start",
    CLOSED: "bridge tile, closed at the start",
}
"""The tile tokens of a `.bloxorz` matrix (the seed's 0, 1 and 9 and the letters this format adds)."""
BRIDGES = (OPEN, CLOSED)
SWITCHES = (SOFT, HEAVY)
ACTIONS = ("on", "off", "toggle")
"""What a switch does to a bridge tile: open it, close it, or open it when closed and close it when open."""


def xy(cell: Cell) -> str:
    """A cell in the files' notation: `X,Y`, column then row, from 1."""
    return f"{cell[1] + 1},{cell[0] + 1}"


@dataclass(frozen=True)
class Switch:
    """A soft or heavy switch and what it does, in order, to bridge tiles."""

    cell: Cell
    effects: tuple[tuple[Cell, str], ...]
    """(bridge tile, on | off | toggle), applied in this order."""


@dataclass(frozen=True)
class Split:
    """A split switch: the block standing on it splits into two cubes placed on `cubes`."""

    cell: Cell
    cubes: tuple[Cell, Cell]


@dataclass(frozen=True)
class Stage:
    """A Bloxorz stage: the tiles, where the block starts, the switches and the split switches."""

    grid: tuple[tuple[str, ...], ...]
    """Rows of tile tokens; a bridge tile is B or b as it is at the start."""
    start: tuple[Cell, ...]
    """One cell (the block stands) or two (it lies on both, or two cubes stand apart), sorted."""
    switches: tuple[Switch, ...] = ()
    splits: tuple[Split, ...] = ()
    notation: str = field(default="native", compare=False)
    """"seed" for the seed's bracketed rows, "native" otherwise (render writes the same notation back)."""
    source: str = field(default="command line", compare=False)
    """The file the stage was read from, for errors found after reading (a start still to give)."""

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.grid)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.grid[0])

    def kind(self, cell: Cell) -> str:
        """The token at a cell, VOID outside the grid."""
        row, col = cell
        if 0 <= row < self.height and 0 <= col < self.width:
            return self.grid[row][col]
        return VOID

    @property
    def goal(self) -> Cell:
        """The hole."""
        return next((r, c) for r, row in enumerate(self.grid) for c, token in enumerate(row) if token == GOAL)


# -- reading the seed's matrix and the native format ---------------------------------------------------
_TOKEN = re.compile(r"[^\s,\[\]]+")
_XY = re.compile(r"([0-9]+)\s*,\s*([0-9]+)")
_COMMAND = re.compile(r"(?i)^(start|switch|split)\b")


def _cell(match: re.Match, source: str, line: int, begin: int = 0) -> Cell:
    """The (row, column) of an `X,Y` match; InputError for a zero coordinate."""
    x, y = int(match.group(1)), int(match.group(2))
    if x < 1 or y < 1:
        raise InputError(f"coordinates count from 1: found {match.group(0)!r}", source, line, begin + match.start() + 1)
    return y - 1, x - 1


def _cells(raw: str, begin: int, source: str, line: int) -> list[Cell]:
    """Every `X,Y` in raw[begin:], which must hold nothing else (columns counted in the raw line)."""
    text = raw[begin:]
    rest = _XY.sub(" ", text).strip()
    if rest:
        column = begin + text.index(rest.split()[0]) + 1
        raise InputError(f"expected coordinates X,Y (column, row, from 1), found {quote(rest)}", source, line, column)
    return [_cell(match, source, line, begin) for match in _XY.finditer(text)]


def _start(raw: str, source: str, line: int) -> tuple[Cell, ...]:
    """`start: X,Y` (standing) or `start: X,Y X,Y` (lying, or two cubes)."""
    cells = _cells(raw, raw.index(":") + 1, source, line)
    if len(cells) not in (1, 2) or len(set(cells)) != len(cells):
        raise InputError(
            "expected 'start: X,Y' (the block stands there) or 'start: X,Y X,Y' (it lies on both, or two cubes)",
            source,
            line,
        )
    return tuple(sorted(cells))


def _switch(raw: str, source: str, line: int) -> tuple[Cell, tuple[tuple[Cell, str], ...]]:
    """`switch X,Y: on X,Y ... off X,Y ... toggle X,Y ...`."""
    head, colon, body = raw.partition(":")
    cells = _cells(head, head.lower().index("switch") + len("switch"), source, line)
    if not colon or len(cells) != 1:
        raise InputError("expected 'switch X,Y: on|off|toggle X,Y ...'", source, line)
    effects = _switch_effects(body, len(head) + 1, source, line)
    if not effects:
        raise InputError("the switch acts on no bridge tile: expected 'on|off|toggle X,Y ...'", source, line)
    return cells[0], tuple(effects)


def _switch_effects(body: str, begin: int, source: str, line: int) -> list[tuple[Cell, str]]:
    """(bridge tile, action) for each X,Y of `on|off|toggle X,Y ...` (written from column `begin` + 1)."""
    effects, action = [], None
    for match in re.finditer(r"[0-9]+\s*,\s*[0-9]+|\S+", body):
        word, column = match.group(0), begin + match.start() + 1
        if word.lower() in ACTIONS:
            action = word.lower()
        elif (xy := _XY.fullmatch(word)) and action:
            effects.append((_cell(xy, source, line, column - 1), action))
        else:
            expected = "on, off or toggle" if action is None else "X,Y or on, off, toggle"
            raise InputError(f"in a switch line, expected {expected}, found {quote(word)}", source, line, column)
    return effects


def _split(raw: str, source: str, line: int) -> tuple[Cell, tuple[Cell, Cell]]:
    """`split X,Y: X,Y X,Y`."""
    head, colon, body = raw.partition(":")
    cells = _cells(head, head.lower().index("split") + len("split"), source, line)
    cubes = _cells(raw, len(head) + 1, source, line) if colon else []
    if len(cells) != 1 or len(cubes) != 2:
        raise InputError("expected 'split X,Y: X,Y X,Y' (the switch, then where the two cubes land)", source, line)
    return cells[0], (cubes[0], cubes[1])


def _read_effect_line(word: str, raw: str, source: str, number: int, table: dict[Cell, tuple[int, tuple]]) -> None:
    """Read a `switch` or `split` line into `table` (cell -> (line, what it says)); one line a cell."""
    cell, detail = (_switch if word == "switch" else _split)(raw, source, number)
    if cell in table:
        raise InputError(f"a second {word} line for {xy(cell)} (first on line {table[cell][0]})", source, number)
    table[cell] = (number, detail)


def parse_native(text: str, source: str = "<input>") -> Stage:
    """Read the seed's matrix or the native format: a `start:` line, rows of tokens, switch and split lines.
    The seed's matrix may come without its start, as the text prints the board before its program asks
    where the block starts: the start is then given apart (`--start X,Y`, `start="X,Y"`; see need_start)."""
    lines = _NativeLines(source)
    raw_lines = text.splitlines()
    for line in content_lines(text):
        lines.read(line.text, raw_lines[line.number - 1].split("#", 1)[0], line.number)
    grid = _grid(lines.rows, source)
    if lines.start is None and not lines.bracketed:
        raise InputError(
            "expected a line 'start: X,Y' giving where the block stands (x = column, y = row, from 1)", source
        )
    stage = Stage(
        grid,
        lines.start[0] if lines.start else (),
        tuple(Switch(cell, effects) for cell, (_, effects) in sorted(lines.switches.items())),
        tuple(Split(cell, cubes) for cell, (_, cubes) in sorted(lines.splits.items())),
        "seed" if lines.bracketed else "native",
        source,
    )
    check(stage, lines.where())
    return stage


@dataclass
class _NativeLines:
    """What the lines of a native file said so far: rows of (token, column), the start, switches and splits."""

    source: str
    rows: list[tuple[int, list[tuple[str, int]]]] = field(default_factory=list)
    start: tuple[tuple[Cell, ...], int] | None = None
    bracketed: bool = False
    switches: dict[Cell, tuple[int, tuple]] = field(default_factory=dict)
    splits: dict[Cell, tuple[int, tuple]] = field(default_factory=dict)

    def read(self, text: str, raw: str, number: int) -> None:
        """Take in one content line (`raw` is the line as written, without its comment)."""
        command = _COMMAND.match(text)
        if command is None:
            self.bracketed = self.bracketed or text.startswith("[")
            self.rows.append((number, [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(raw)]))
            return
        word = command.group(1).lower()
        if word == "start":
            self._read_start(raw, number)
        else:
            _read_effect_line(word, raw, self.source, number, self.switches if word == "switch" else self.splits)

    def _read_start(self, raw: str, number: int) -> None:
        """Take in the `start:` line, the only one."""
        if self.start is not None:
            raise InputError("a second 'start:' line: a stage has one", self.source, number)
        self.start = (_start(raw, self.source, number), number)

    def where(self) -> Where:
        """Where the cells, the start and the switch and split lines were written."""
        return Where(
            self.source,
            {
                (r, c): (number, column)
                for r, (number, tokens) in enumerate(self.rows)
                for c, (_, column) in enumerate(tokens)
            },
            self.start[1] if self.start else None,
            {cell: number for cell, (number, _) in (self.switches | self.splits).items()},
        )


def _grid(rows: list[tuple[int, list[tuple[str, int]]]], source: str) -> tuple[tuple[str, ...], ...]:
    """The matrix: equal rows of known tokens."""
    if not rows:
        raise InputError("expected rows of tiles (0 void, 1 tile, 9 goal, F, S, H, T, B, b), found none", source)
    width = len(rows[0][1])
    for number, tokens in rows:
        _check_row(tokens, width, source, number)
    return tuple(tuple(token for token, _ in tokens) for _, tokens in rows)


def _check_row(tokens: list[tuple[str, int]], width: int, source: str, number: int) -> None:
    """A row of the matrix has `width` known tokens."""
    if len(tokens) != width:
        raise InputError(
            f"expected {width} tiles in this row (like the first row), found {len(tokens)}", source, number
        )
    for token, column in tokens:
        if token not in KINDS:
            known = ", ".join(f"{key} {name}" for key, name in KINDS.items())
            raise InputError(f"unknown tile {quote(token)}: expected {known}", source, number, column)


# -- checks every format shares -------------------------------------------------------------------------
@dataclass
class Where:
    """Where things were written, for error messages: cells, the start, switch and split lines."""

    source: str
    cells: dict[Cell, tuple[int, int | None]] = field(default_factory=dict)
    start: int | None = None
    lines: dict[Cell, int] = field(default_factory=dict)
    """Line of the switch or split entry of a cell."""
    first: int | None = None
    """Line of the stage's first line (used when nothing more precise is known)."""

    def cell(self, cell: Cell) -> tuple[int | None, int | None]:
        """(line, column) of a cell of the matrix."""
        return self.cells.get(cell, (self.first, None))

    def entry(self, cell: Cell) -> int | None:
        """Line of the switch or split entry for a cell."""
        return self.lines.get(cell, self.first)


def solid_at_start(stage: Stage, cell: Cell) -> bool:
    """True when a tile is under `cell` at the start (an open bridge counts, a closed one does not)."""
    return stage.kind(cell) not in (VOID, CLOSED)


def check(stage: Stage, where: Where) -> None:
    """The rules a stage must follow whatever its format; InputError naming the line otherwise."""
    _check_goal(stage, where)
    _check_start(stage, where)
    _check_switches(stage, where)
    _check_repeats(stage, where)
    _check_pairs(stage, where)
    for split in stage.splits:
        _check_split(stage, split, where)
    _check_explained(stage, where)


def standing_at(stage: Stage, x: int, y: int) -> Stage:
    """The stage with the block standing at x, y (counted from 1, x the column, as the seed's prompt asks);
    InputError when it cannot start there."""
    return placed_at(stage, ((y - 1, x - 1),), f"start {x},{y}")


def placed_at(stage: Stage, cells: tuple[Cell, ...], source: str) -> Stage:
    """The stage with the block on `cells` (one: standing; two side by side: lying); InputError naming
    `source` when it cannot start there."""
    cells = tuple(sorted(set(cells)))
    if len(cells) == 2 and abs(cells[0][0] - cells[1][0]) + abs(cells[0][1] - cells[1][1]) != 1:
        raise InputError(f"the block's two cells {xy(cells[0])} and {xy(cells[1])} are not side by side", source)
    moved = replace(stage, start=cells)
    check(moved, Where(source))
    return moved


def _check_goal(stage: Stage, where: Where) -> None:
    """A stage has exactly one goal."""
    goals = [(r, c) for r, row in enumerate(stage.grid) for c, token in enumerate(row) if token == GOAL]
    if len(goals) != 1:
        found = "no goal" if not goals else f"{len(goals)} goals"
        line = where.cell(goals[1])[0] if goals else where.first
        raise InputError(f"a stage has exactly one goal (9, the hole), found {found}", where.source, line)


def _check_switches(stage: Stage, where: Where) -> None:
    """Every switch line names a switch tile and acts on bridge tiles only."""
    for switch in stage.switches:
        if stage.kind(switch.cell) not in SWITCHES:
            raise InputError(
                f"switch {xy(switch.cell)} is not on a switch tile (S or H): found {_named(stage, switch.cell)}",
                where.source,
                where.entry(switch.cell),
            )
        for target, _ in switch.effects:
            if stage.kind(target) not in BRIDGES:
                raise InputError(
                    f"switch {xy(switch.cell)} acts on {xy(target)}, which is {_named(stage, target)}, "
                    "not a bridge tile (B or b)",
                    where.source,
                    where.entry(switch.cell),
                )


_UNEXPLAINED = {
    SPLIT: "split switch {at} has no line 'split {at}: X,Y X,Y' saying where the cubes land",
    SOFT: "switch {at} has no line 'switch {at}: on|off|toggle X,Y ...' saying what it does",
    HEAVY: "switch {at} has no line 'switch {at}: on|off|toggle X,Y ...' saying what it does",
}
"""What is missing when a split or switch tile has no line of its own."""


def _check_explained(stage: Stage, where: Where) -> None:
    """Every split switch has its split line and every switch tile its switch line."""
    switched = {switch.cell for switch in stage.switches}
    explained = {SPLIT: {split.cell for split in stage.splits}, SOFT: switched, HEAVY: switched}
    for r, row in enumerate(stage.grid):
        for c, token in enumerate(row):
            if token in explained and (r, c) not in explained[token]:
                raise InputError(_UNEXPLAINED[token].format(at=xy((r, c))), where.source, *where.cell((r, c)))


def _check_repeats(stage: Stage, where: Where) -> None:
    """No switch names a bridge tile twice."""
    for switch in stage.switches:
        if len({cell for cell, _ in switch.effects}) != len(switch.effects):
            raise InputError(
                f"switch {xy(switch.cell)} names a bridge tile twice", where.source, where.entry(switch.cell)
            )


def _check_pairs(stage: Stage, where: Where) -> None:
    """Two soft switches side by side (a lying block presses both at once) may act on the same bridge tile
    only by opening it both or closing it both: the game gives them no order."""
    effects = {switch.cell: switch for switch in stage.switches}
    for switch in stage.switches:
        for other in _soft_neighbours(stage, effects, switch):
            _check_pair(switch, other, where)


def _soft_neighbours(stage: Stage, switches: dict[Cell, Switch], switch: Switch) -> list[Switch]:
    """The soft switches right of and below a soft switch (none for a heavy one)."""
    if stage.kind(switch.cell) != SOFT:
        return []
    row, col = switch.cell
    beside = (switches.get((row, col + 1)), switches.get((row + 1, col)))
    return [other for other in beside if other is not None and stage.kind(other.cell) == SOFT]


def _check_pair(switch: Switch, other: Switch, where: Where) -> None:
    """Two soft switches side by side open both or close both every bridge tile they share."""
    mine, theirs = dict(switch.effects), dict(other.effects)
    for cell in sorted(set(mine) & set(theirs)):
        if mine[cell] != theirs[cell] or mine[cell] == "toggle":
            raise InputError(
                f"the soft switches {xy(switch.cell)} and {xy(other.cell)} lie side by side and act on "
                f"{xy(cell)} differently (or both toggle it): a block lying on both presses them at once, "
                "in no defined order",
                where.source,
                where.entry(other.cell),
            )


def _named(stage: Stage, cell: Cell) -> str:
    """What is at a cell, in words."""
    inside = 0 <= cell[0] < stage.height and 0 <= cell[1] < stage.width
    return KINDS[stage.kind(cell)] if inside else "outside the matrix"


def _check_start(stage: Stage, where: Where) -> None:
    """The block starts on tiles, two cells apart or side by side, never standing on a fragile tile."""
    for cell in stage.start:
        if not solid_at_start(stage, cell):
            raise InputError(
                f"the block starts over {_named(stage, cell)} at {xy(cell)}: it must start on tiles",
                where.source,
                where.start,
            )
    if len(stage.start) == 1 and stage.kind(stage.start[0]) == FRAGILE:
        raise InputError(
            f"the block starts standing on a fragile tile at {xy(stage.start[0])}, which gives way under it",
            where.source,
            where.start,
        )


def _check_split(stage: Stage, split: Split, where: Where) -> None:
    """A split line is on a split tile and sends the cubes to two tiles that are not side by side."""
    line = where.entry(split.cell)
    if stage.kind(split.cell) != SPLIT:
        raise InputError(
            f"split {xy(split.cell)} is not on a split switch (T): found {_named(stage, split.cell)}",
            where.source,
            line,
        )
    first, second = split.cubes
    for cube in split.cubes:
        if stage.kind(cube) == VOID:
            raise InputError(f"split {xy(split.cell)} sends a cube to {xy(cube)}, which is void", where.source, line)
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) <= 1:
        raise InputError(
            f"split {xy(split.cell)} must send the two cubes to cells that are neither the same nor side by side",
            where.source,
            line,
        )


# -- writing -------------------------------------------------------------------------------------------
_ROW_TEXT = {"seed": lambda row: "[" + ", ".join(row) + "]", "native": " ".join}
"""How each notation writes a row of the matrix."""


def render_native(stage: Stage) -> str:
    """The stage in its notation: `start:`, the rows (bracketed for the seed's), switch and split lines."""
    lines = ["start: " + " ".join(xy(cell) for cell in stage.start)] if stage.start else []
    lines += [_ROW_TEXT[stage.notation](row) for row in stage.grid]
    for switch in stage.switches:
        lines.append(f"switch {xy(switch.cell)}: " + " ".join(_effect_words(switch.effects)))
    for split in stage.splits:
        lines.append(f"split {xy(split.cell)}: {xy(split.cubes[0])} {xy(split.cubes[1])}")
    return "\n".join(lines) + "\n"


def _effect_words(effects: Iterable[tuple[Cell, str]]) -> list[str]:
    """`on 3,4 5,4 toggle 6,1`: each action once before its run of cells."""
    words, action = [], None
    for cell, kind in effects:
        if kind != action:
            words.append(kind)
            action = kind
        words.append(xy(cell))
    return words


def need_start(stage: Stage) -> None:
    """InputError for a stage whose start is not given yet (the seed's matrix without a `start:` line)."""
    if not stage.start:
        raise InputError(
            "the board gives no start: give where the block stands as the text's program asks for it, "
            "--start X,Y on the command line (start='X,Y' in the API; x = column, y = row, from 1), "
            "or a line 'start: X,Y' in the file",
            stage.source,
        )
