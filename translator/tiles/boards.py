"""Collections of sliding-tile boards, one a line (`.boards`), as the literature publishes its benchmark sets.

    # Korf's 100 15-puzzle instances
    size: 4x4
    goal: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
    1: 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 optimal 57

`size:` and `goal:` come first; then one board a line: a label, a colon, the cells row by row (0, X or _
for a blank) and optionally `optimal N`, the published optimal length. Each board is a level of the file
(`--level 1`, `FILE#1` in reports).
"""

from __future__ import annotations

import re

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import whole_number
from puzzleplan.translator.text import Line, choose_level, content_lines, header_value

_BLANKS = {"X", "x", "0", "_"}


def is_collection(text: str) -> bool:
    """True when the text is a `.boards` collection (its first line is `size:`)."""
    lines = content_lines(text)
    return bool(lines) and lines[0].text.lower().startswith("size:")


def read_collection(text: str, source: str) -> tuple[int, int, tuple[int, ...], list[tuple[Line, str]]]:
    """(height, width, goal, [(line, label)]) of a collection; InputError naming the line."""
    lines = content_lines(text)
    if len(lines) < 2 or not lines[1].text.lower().startswith("goal:"):
        raise InputError("expected a `goal:` line after the `size:` line", source, lines[0].number)
    height, width = _size(lines[0], source)
    goal = _cells(header_value(lines[1]).split(), height * width, source, lines[1])
    return height, width, goal, [(line, _label(line, source)) for line in lines[2:]]


def _size(line: Line, source: str) -> tuple[int, int]:
    """The height and width of the `size: HxW` line."""
    size = re.fullmatch(r"([0-9]+)\s*x\s*([0-9]+)", header_value(line))
    if not size or min(int(size.group(1)), int(size.group(2))) < 2:
        raise InputError(f"expected `size: HxW` of at least 2x2, found {quote(line.text)}", source, line.number)
    return int(size.group(1)), int(size.group(2))


def _label(line: Line, source: str) -> str:
    """The label of a board's `LABEL: CELLS` line."""
    label, colon, _ = line.text.partition(":")
    if not colon or not label.strip():
        raise InputError(f"expected `LABEL: CELLS`, found {quote(line.text)}", source, line.number)
    return label.strip()


def board(text: str, source: str, level: str | None) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """(height, width, initial board, goal) of the collection's board chosen by label or 1-based number."""
    height, width, goal, boards = read_collection(text, source)
    line, _ = boards[choose_level([label for _, label in boards], level, source)]
    words = line.text.partition(":")[2].split()
    words = words[:-2] if len(words) > 2 and words[-2] == "optimal" else words
    init = _cells(words, height * width, source, line)
    if sorted(init) != sorted(goal):
        raise InputError("the board must hold the same tiles and blanks as the goal", source, line.number)
    return height, width, init, goal


def optima(text: str, source: str) -> dict[str, int]:
    """The published optimal lengths by label (boards without `optimal N` left out)."""
    found = {}
    for line, label in read_collection(text, source)[3]:
        words = line.text.split()
        if len(words) > 2 and words[-2] == "optimal" and whole_number(words[-1]) is not None:
            found[label] = int(words[-1])
    return found


def _cells(words: list[str], count: int, source: str, line: Line) -> tuple[int, ...]:
    """The cells of one board: `count` distinct tile numbers and blanks."""
    if len(words) != count:
        raise InputError(f"expected {count} cells, found {len(words)}", source, line.number)
    cells: list[int] = []
    for word in words:
        cells.append(_tile(word, cells, source, line))
    if 0 not in cells:
        raise InputError("the board has no blank (0, X or _): no tile could ever move", source, line.number)
    return tuple(cells)


def _tile(word: str, before: list[int], source: str, line: Line) -> int:
    """The tile number (0 for a blank) a word of a board writes, not among the tiles `before` it."""
    tile = 0 if word in _BLANKS else whole_number(word)
    if tile is None or tile < 0:
        raise InputError(f"expected a tile number or a blank (0, X, _), found {quote(word)}", source, line.number)
    if tile and tile in before:
        raise InputError(f"tile {tile} appears twice", source, line.number)
    return tile
