"""The public Bloxorz level files, read whole: the original game's JavaScript level data (`levelXX.push(...)`
lines, stage order from the `levels = [...]` line) and the coolmath JSON list of stages. Either file is
recognised by its content, whatever its suffix; anything else is read as the native format."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.bloxorz.level import (
    CLOSED,
    FRAGILE,
    GOAL,
    HEAVY,
    OPEN,
    SOFT,
    SPLIT,
    TILE,
    VOID,
    Split,
    Stage,
    Switch,
    Where,
    check,
    parse_native,
)
from puzzleplan.translator.grid import Cell
from puzzleplan.translator.text import choose_level

JS_TILES = {" ": VOID, "b": TILE, "e": GOAL, "f": FRAGILE, "s": SOFT, "h": HEAVY, "v": SPLIT}
JS_TILES |= {"l": CLOSED, "r": CLOSED, "k": OPEN, "q": OPEN}
"""The JavaScript data's tiles: l/r a closed bridge's left/right piece, k/q an open one's."""
JSON_TILES = {" ": VOID, ".": TILE, "S": TILE, "H": GOAL, "-": FRAGILE, "O": SOFT, "X": HEAVY, "T": SPLIT}
JSON_TILES |= {"B": OPEN, "b": CLOSED}
"""The coolmath JSON's tiles (S marks the start on a plain tile)."""
_T = TypeVar("_T")

JS_ACTIONS = {"on": "on", "off": "off", "onoff": "toggle"}
JSON_ACTIONS = {"on": "on", "off": "off", "swap": "toggle"}


def file_format(text: str) -> str:
    """ "json", "javascript" or "native", judged by the content."""
    if '"grid"' in text and text.lstrip()[:1] in "[{":
        return "json"
    if re.search(r"^\s*level\w*\.push\(", text, re.MULTILINE):
        return "javascript"
    return "native"


def stage_labels(text: str, source: str) -> list[str]:
    """The labels of a file's stages: stage numbers for the JavaScript, names for the JSON, [""] for one."""
    kind = file_format(text)
    if kind == "javascript":
        return [str(number) for number in range(1, len(_js_levels(text, source)) + 1)]
    if kind == "json":
        return [label for label, _, _ in _json_stages(text, source)]
    return [""]


def read_stage(text: str, source: str, level: str | None) -> Stage:
    """The stage chosen by `level` (1-based number or label) from any of the three formats."""
    kind = file_format(text)
    if kind == "native":
        if level not in (None, "", "1"):
            raise InputError("a .bloxorz file holds one stage; --level is for the public multi-stage files", source)
        return parse_native(text, source)
    if kind == "javascript":
        found = _js_levels(text, source)
        chosen = found[choose_level([str(n) for n in range(1, len(found) + 1)], level, source)]
        return _js_stage(chosen, source)
    stages = _json_stages(text, source)
    label, data, line = stages[choose_level([label for label, _, _ in stages], level, source)]
    return _json_stage(data, label, line, source)


# -- the JavaScript level data -------------------------------------------------------------------------
@dataclass
class _JsLevel:
    """One `levelXX` array of the JavaScript file: its pushed values with their lines."""

    name: str
    line: int
    pushes: list[tuple[int, str]]


_DECLARE = re.compile(r"^\s*(level\w*)\s*=\s*\[\s*\]\s*;?\s*$")
_PUSH = re.compile(r"^\s*(level\w*)\.push\((.*)\)\s*;?\s*$")
_ORDER = re.compile(r"^\s*levels\s*=\s*\[(.*)\]\s*;?\s*$")


def _js_levels(text: str, source: str) -> list[_JsLevel]:
    """The levels in stage order (the `levels = [...]` line, else the order they are declared)."""
    declared, order = _js_declarations(text, source)
    if order is None:
        return [level for level in declared.values() if level.pushes]
    line, names = order
    _check_declared(names, declared, source, line)
    return [declared[name] for name in names if name in declared]


def _check_declared(names: list[str], declared: dict[str, _JsLevel], source: str, line: int) -> None:
    """Every name of the `levels = [...]` line but the empty ones is a declared level."""
    unknown = [name for name in names if name not in declared and name not in ('""', "''")]
    if unknown:
        raise InputError(f"the levels list names {quote(unknown[0])}, which the file does not declare", source, line)


def _js_declarations(text: str, source: str) -> tuple[dict[str, _JsLevel], tuple[int, list[str]] | None]:
    """The declared levels with their pushes, and the `levels = [...]` line's number and names if any."""
    declared: dict[str, _JsLevel] = {}
    order = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if match := _DECLARE.match(raw):
            declared[match.group(1)] = _JsLevel(match.group(1), number, [])
        elif match := _PUSH.match(raw):
            if match.group(1) not in declared:
                raise InputError(f"{match.group(1)}.push before '{match.group(1)} = [];'", source, number)
            declared[match.group(1)].pushes.append((number, match.group(2).strip()))
        elif match := _ORDER.match(raw):
            order = (number, [name.strip() for name in match.group(1).split(",")])
    return declared, order


def _js_stage(level: _JsLevel, source: str) -> Stage:
    """A stage from a level's pushes: row strings, the start [x, y], the switches {...} and splits {...}."""
    rows, starts, objects = (_pushed(level, opening) for opening in (('"', "'"), "[", "{"))
    if not rows or len(starts) != 1:
        raise InputError(
            f'{level.name}: expected rows (push("...")) and one start (push([x,y])), '
            f"found {len(rows)} rows and {len(starts)} starts",
            source,
            level.line,
        )
    grid, where = _js_grid(rows, source)
    where.first = level.line
    x, y = _js_value(starts[0], source, "a start [x, y]", _is_point)
    where.start = starts[0][0]
    switches = _js_object(objects, 0, len(grid), where, _js_switch)
    splits = _js_object(objects, 1, len(grid), where, _js_split)
    if len(objects) > 2:
        raise InputError(f"{level.name}: at most two objects (switches, splits) expected", source, objects[2][0])
    stage = Stage(grid, ((y, x),), tuple(sorted(switches, key=_at)), tuple(sorted(splits, key=_at)))
    check(stage, where)
    return stage


def _pushed(level: _JsLevel, opening: str | tuple[str, ...]) -> list[tuple[int, str]]:
    """The (line, value) of the level's pushed values that start with `opening`: rows, starts or objects."""
    return [(line, value) for line, value in level.pushes if value.startswith(opening)]


def _is_point(value: Any) -> bool:
    """True for a start [x, y] of two whole numbers."""
    return len(value) == 2 and all(isinstance(n, int) for n in value)


def _js_object(
    objects: list[tuple[int, str]], index: int, height: int, where: Where, read: Callable[[Cell, Any, str, int], _T]
) -> list[_T]:
    """The entries `swatchN: value` of the level's object number `index` (0 switches, 1 splits), if pushed,
    each read at its cell; each cell's line is noted in `where`."""
    if index >= len(objects):
        return []
    line = objects[index][0]
    found = []
    for key, value in _js_value(
        objects[index], where.source, "an object {swatchN: ...}", lambda v: isinstance(v, dict)
    ).items():
        cell = _swatch_cell(key, height, where.source, line)
        where.lines[cell] = line
        found.append(read(cell, value, where.source, line))
    return found


def _at(item: Switch | Split) -> Cell:
    """Sort key: the switch's cell."""
    return item.cell


def _js_grid(rows: list[tuple[int, str]], source: str) -> tuple[tuple[tuple[str, ...], ...], Where]:
    """The grid of the row strings, each character a tile."""
    grid, where = [], Where(source)
    width = None
    for r, (line, value) in enumerate(rows):
        text = _js_row(value, source, line)
        width = len(text) if width is None else width
        if len(text) != width:
            raise InputError(
                f"expected {width} tiles in this row (like the first row), found {len(text)}", source, line
            )
        grid.append(tuple(_js_tile(char, source, line) for char in text))
        where.cells.update(((r, c), (line, None)) for c in range(width))
    return tuple(grid), where


def _js_row(value: str, source: str, line: int) -> str:
    """The text inside a quoted row string."""
    if len(value) < 2 or value[-1] != value[0]:
        raise InputError(f"expected a quoted row of tiles, found {quote(value)}", source, line)
    return value[1:-1]


def _js_tile(char: str, source: str, line: int) -> str:
    """The tile a character of the JavaScript data stands for."""
    if char not in JS_TILES:
        known = "space, b, e, f, s, h, v, l, r, k, q"
        raise InputError(f"unknown tile {char!r}: expected one of {known}", source, line)
    return JS_TILES[char]


def _js_value(pushed: tuple[int, str], source: str, expected: str, valid: Callable[[Any], bool]) -> Any:
    """A pushed array or object literal read as JSON (object keys quoted first)."""
    line, value = pushed
    try:
        data = json.loads(re.sub(r"([{,]\s*)([A-Za-z_]\w*)\s*:", r'\1"\2":', value))
    except json.JSONDecodeError:
        data = None
    if data is None or not valid(data):
        raise InputError(f"expected {expected}, found {quote(value)}", source, line)
    return data


def _swatch_cell(key: str, height: int, source: str, line: int) -> Cell:
    """`swatchN` names the switch at x = N // height, y = N % height."""
    match = re.fullmatch(r"swatch([0-9]+)", key)
    if not match:
        raise InputError(f"expected a key swatchN (N = x * {height} + y), found {quote(key)}", source, line)
    x, y = divmod(int(match.group(1)), height)
    return y, x


def _js_effects(value: object, source: str, line: int) -> tuple[tuple[Cell, str], ...]:
    """[[x, y, "on" | "off" | "onoff"], ...]."""
    effects = []
    for item in value if isinstance(value, list) else [None]:
        if not (isinstance(item, list) and len(item) == 3 and item[2] in JS_ACTIONS):
            raise InputError(
                f'expected switch effects [[x, y, "on|off|onoff"], ...], found {quote(str(value))}', source, line
            )
        effects.append(((item[1], item[0]), JS_ACTIONS[item[2]]))
    return tuple(effects)


def _js_switch(cell: Cell, value: object, source: str, line: int) -> Switch:
    """The switch on a cell, from its effects."""
    return Switch(cell, _js_effects(value, source, line))


def _js_split(cell: Cell, value: object, source: str, line: int) -> Split:
    """[x1, y1, x2, y2]: where the two cubes land."""
    if not (isinstance(value, list) and len(value) == 4 and all(isinstance(n, int) for n in value)):
        raise InputError(f"expected a split [x1, y1, x2, y2], found {quote(str(value))}", source, line)
    return Split(cell, ((value[1], value[0]), (value[3], value[2])))


# -- the coolmath JSON -----------------------------------------------------------------------------------
def _load_json(text: str, source: str) -> Any:
    """The JSON value of a text; InputError at the place it stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"expected JSON: {error.msg}", source, error.lineno, error.colno) from None


def _json_stages(text: str, source: str) -> list[tuple[str, dict, int | None]]:
    """(label, stage object, line of its name) for every stage of the list (or the single object)."""
    data = _load_json(text, source)
    stages = data if isinstance(data, list) else [data]
    lines = [text.count("\n", 0, match.start()) + 1 for match in re.finditer(r'"grid"\s*:', text)]
    found = []
    for index, stage in enumerate(stages):
        line = lines[index] if len(lines) == len(stages) else None
        found.append((_json_label(stage, index, source, line), stage, line))
    return found


def _json_label(stage: object, index: int, source: str, line: int | None) -> str:
    """The label of stage number `index` (from 0) of the JSON: its name, else its number; the stage must
    be an object with a "grid" list."""
    if not isinstance(stage, dict) or not isinstance(stage.get("grid"), list):
        raise InputError(f'stage {index + 1}: expected an object with a "grid" list of strings', source, line)
    return str(stage.get("name") or index + 1)


def _json_stage(data: dict, label: str, line: int | None, source: str) -> Stage:
    """A stage from its JSON object: grid, bridges, switches, teleports ([row, col] from 0)."""
    grid, start = _json_grid(data["grid"], label, source, line)
    bridges = _json_list(data, "bridges", label, source, line)
    switches = [
        Switch((entry[0], entry[1]), _json_effects(entry[2], bridges, label, source, line))
        for entry in _json_list(data, "switches", label, source, line)
    ]
    splits = [
        Split((t[0], t[1]), ((t[2], t[3]), (t[4], t[5]))) for t in _json_list(data, "teleports", label, source, line)
    ]
    stage = Stage(grid, (start,), tuple(sorted(switches, key=_at)), tuple(sorted(splits, key=_at)))
    check(stage, Where(source, first=line, start=line))
    return stage


def _json_grid(rows: list, label: str, source: str, line: int | None) -> tuple[tuple[tuple[str, ...], ...], Cell]:
    """The tiles of a stage's "grid" strings (short rows padded with void) and its one start S."""
    if not rows or not all(isinstance(row, str) for row in rows):
        raise InputError(f'{label}: expected "grid" to be a list of strings', source, line)
    width = max(len(row) for row in rows)
    grid = tuple(_json_row(row, r, width, label, source, line) for r, row in enumerate(rows))
    return grid, _json_start(rows, label, source, line)


def _json_start(rows: list[str], label: str, source: str, line: int | None) -> Cell:
    """The cell of the grid's one start S."""
    start = [(r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == "S"]
    if len(start) != 1:
        raise InputError(f"{label}: expected one start S in the grid, found {len(start)}", source, line)
    return start[0]


def _json_row(row: str, r: int, width: int, label: str, source: str, line: int | None) -> tuple[str, ...]:
    """The tiles of grid string number `r` (from 0), padded with void to the stage's width."""
    unknown = [char for char in row if char not in JSON_TILES]
    if unknown:
        raise InputError(
            f"{label}: unknown tile {unknown[0]!r} in row {r + 1}; expected one of {''.join(JSON_TILES)}", source, line
        )
    return tuple(JSON_TILES[char] for char in row.ljust(width))


_JSON_SHAPES: dict[str, Callable[[Any], bool]] = {
    "bridges": lambda e: isinstance(e, list) and all(_pair(cell) for cell in e),
    "switches": lambda e: isinstance(e, list) and len(e) == 3 and _pair(e[:2]) and isinstance(e[2], list),
    "teleports": lambda e: isinstance(e, list) and len(e) == 7 and all(isinstance(n, int) for n in e),
}
"""What each entry of a stage's list fields must look like."""
_JSON_LAYOUTS = {
    "bridges": "[[row, col], ...]",
    "switches": "[row, col, [[bridge, action], ...]]",
    "teleports": "[row, col, row1, col1, row2, col2, selected]",
}


def _json_list(data: dict, key: str, label: str, source: str, line: int | None) -> list:
    """A list field of a stage (absent = empty), with its entries' shapes checked."""
    value = data.get(key, [])
    if not isinstance(value, list) or not all(_JSON_SHAPES[key](entry) for entry in value):
        raise InputError(f'{label}: expected "{key}" entries {_JSON_LAYOUTS[key]}', source, line)
    return value


def _pair(value: object) -> bool:
    """True for [int, int]."""
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) for n in value)


def _json_effects(actions: list, bridges: list, label: str, source: str, line: int | None) -> tuple:
    """Per-tile effects of a switch's [[bridge index, on|off|swap], ...]."""
    return tuple(effect for action in actions for effect in _json_action(action, bridges, label, source, line))


def _json_action(action: object, bridges: list, label: str, source: str, line: int | None) -> list:
    """The per-tile effects of one [bridge index, on|off|swap] of a switch."""
    if not (isinstance(action, list) and len(action) == 2 and action[1] in JSON_ACTIONS):
        raise InputError(f'{label}: expected switch actions [bridge, "on|off|swap"], found {action!r}', source, line)
    if not (isinstance(action[0], int) and 0 <= action[0] < len(bridges)):
        raise InputError(f"{label}: a switch names bridge {action[0]!r}; the stage has {len(bridges)}", source, line)
    return [((r, c), JSON_ACTIONS[action[1]]) for r, c in bridges[action[0]]]
