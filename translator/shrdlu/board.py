"""The `.shrdlu` file format: ShrdluInstance, reading a board matrix and a goal (with errors naming the
line), and writing them back."""

from __future__ import annotations

from dataclasses import dataclass

from puzzleplan.common.errors import InputError, quote, tolerate
from puzzleplan.common.files import whole_number
from puzzleplan.translator.shrdlu.formula import At, Columns, Formula, Not, Or, format_goal
from puzzleplan.translator.shrdlu.goal_parser import parse_goal
from puzzleplan.translator.text import Line, content_lines, header_value, sections


@dataclass(frozen=True)
class ShrdluInstance:
    """An n x n board (columns bottom to top) and a goal formula."""

    n: int
    board: Columns
    goal: Formula

    @property
    def k(self) -> int:
        """Number of blocks."""
        return sum(len(column) for column in self.board)


def read_instance(text: str, source: str) -> ShrdluInstance:
    """Read a .shrdlu file: a `state:` matrix (top row first, 0 = empty) and a `goal:` formula; or the board
    as seed 000's Figure 3 prints it (see read_figure)."""
    lines = content_lines(text)
    if lines and ":" not in lines[0].text:
        return read_figure(text, lines, source)
    found = sections(lines, ("state", "goal"), source)
    for required in ("state", "goal"):
        if required not in found:
            raise InputError(f"missing section '{required}:'", source)
    header, rows = found["state"]
    if header_value(header):
        raise InputError("write the board on the lines after 'state:'", source, header.number)
    n, board = _read_board(header, rows, source)
    return ShrdluInstance(n, board, _read_goal(text, found["goal"], n, board, source))


def _read_goal(text: str, section: tuple[Line, list[Line]], n: int, board: Columns, source: str) -> Formula:
    """The goal formula of the `goal:` section."""
    k = sum(len(column) for column in board)
    pieces = _goal_pieces(text, *section)
    if not any(piece.strip() for _, _, piece in pieces):
        raise InputError("expected a goal formula after 'goal:', e.g. (1,0,0) & 6b2", source, section[0].number)
    return parse_goal(pieces, n, k, source)


ANY_BOARD = Or((At(1, 0, 0), Not(At(1, 0, 0))))
"""The goal of a board given without one: every board satisfies it."""


def read_figure(text: str, lines: list[Line], source: str) -> ShrdluInstance:
    """The board as Figure 3 prints it (`successors`/`solve --format seed` too): each row after its index,
    top row first, and the column indices under them; then an optional `goal:`. Without a goal every board
    is a goal state (Tolerated). Lines after the first board that are not a goal (the rest of a `solve
    --format seed` printout) are left out (Tolerated)."""
    end = next((i for i, line in enumerate(lines) if _is_index_row(line, i)), None)
    if end is None:
        raise InputError(
            "expected a section header (state:, goal:), or a board as Figure 3 prints it: each row after its "
            "index, top row first, and the column indices 0 1 2 ... under them",
            source,
            lines[0].number if lines else None,
        )
    header = Line(lines[0].number, "state:")
    rows = [_unindexed(line, end - 1 - i, source) for i, line in enumerate(lines[:end])]
    n, board = _read_board(header, rows, source)
    rest = lines[end + 1 :]
    goal_at = next((i for i, line in enumerate(rest) if line.text.lower().startswith("goal:")), len(rest))
    if goal_at:
        tolerate("the lines after the first board (the rest of a printout), left out", source, rest[0].number)
    if goal_at == len(rest):
        tolerate("a board without a goal (as Figure 3 prints it): every board is a goal state", source, header.number)
        return ShrdluInstance(n, board, ANY_BOARD)
    found = sections(rest[goal_at:], ("goal",), source)
    return ShrdluInstance(n, board, _read_goal(text, found["goal"], n, board, source))


def _is_index_row(line: Line, position: int) -> bool:
    """True for Figure 3's row of column indices, `0 1 2 ...`, after `position` board rows."""
    return position > 0 and line.text.split() == [str(col) for col in range(position)]


def _unindexed(line: Line, row: int, source: str) -> Line:
    """A Figure 3 row, `2 0 0 3`, without its index (which must be `row`)."""
    words = line.text.split()
    if not words or words[0] != str(row):
        raise InputError(
            f"expected row {row} of the board after its index {row} (rows top to bottom, as Figure 3 prints them), "
            f"found {quote(line.text)}",
            source,
            line.number,
        )
    return Line(line.number, " ".join(words[1:]))


def render_instance(instance: ShrdluInstance) -> str:
    """The .shrdlu text of an instance."""
    return "state:\n" + _matrix(instance.n, instance.board) + "\ngoal: " + format_goal(instance.goal) + "\n"


def board_rows(n: int, board: Columns) -> list[tuple[int, list[int]]]:
    """(row index, cells) from the top row down, 0 for an empty cell."""
    return [(row, [column[row] if row < len(column) else 0 for column in board]) for row in range(n - 1, -1, -1)]


def render_figure(board: Columns) -> str:
    """A state as seed 000's Figure 3: rows top to bottom, each after its index, tab-separated, and the
    column indices under them."""
    size = len(board)
    rows = ["\t".join([str(row), *map(str, cells)]) for row, cells in board_rows(size, board)]
    return "\n".join([*rows, "\t" + "\t".join(map(str, range(size)))]) + "\n"


def _matrix(n: int, board: Columns) -> str:
    """The state section: rows top to bottom, numbers right-aligned."""
    width = len(str(sum(len(column) for column in board)))
    return "\n".join(" ".join(f"{cell:>{width}}" for cell in cells) for _, cells in board_rows(n, board))


def _read_board(header: Line, rows: list[Line], source: str) -> tuple[int, Columns]:
    """Rows top to bottom -> (n, columns bottom to top), checking shape, gravity and numbering."""
    if not rows:
        raise InputError("expected the board rows after 'state:'", source, header.number)
    matrix: list[list[int]] = []
    for line in rows:
        matrix.append(_board_row(line, source, len(matrix[0]) if matrix else None))
    n = _square_size(matrix, header, rows, source)
    _check_blocks(matrix, rows, source)
    k = sum(1 for values in matrix for value in values if value)
    if not n <= k <= n * n - n:
        raise InputError(
            f"a {n} x {n} board holds between {n} and {n * n - n} blocks (n <= k <= n*n - n), found {k}",
            source,
            header.number,
        )
    return n, _columns(matrix, n)


def _columns(matrix: list[list[int]], n: int) -> Columns:
    """The columns, bottom to top, of an n x n matrix written top row first (0 = empty)."""
    bottom_up = list(reversed(matrix))
    return tuple(tuple(values[col] for values in bottom_up if values[col]) for col in range(n))


def _square_size(matrix: list[list[int]], header: Line, rows: list[Line], source: str) -> int:
    """n of an n x n matrix with n > 2."""
    n = len(matrix[0])
    if len(matrix) != n:
        raise InputError(f"the board must be square: {n} columns but {len(matrix)} rows", source, rows[-1].number)
    if n < 3:
        raise InputError(f"the board must be at least 3 x 3 (n > 2), found {n} x {n}", source, header.number)
    return n


def _board_row(line: Line, source: str, width: int | None) -> list[int]:
    """The block numbers of one board row (0 = empty), as wide as the first row (`width`) if there is one."""
    words = line.text.split()
    values = [value for value in map(whole_number, words) if value is not None]
    if len(values) < len(words):
        raise InputError(f"expected whole numbers (0 = empty cell), found {quote(line.text)}", source, line.number)
    if any(value < 0 for value in values):
        raise InputError("block numbers are positive (0 = empty cell)", source, line.number)
    if width is not None and len(values) != width:
        raise InputError(f"this row has {len(values)} cells, the first row has {width}", source, line.number)
    return values


def _check_blocks(matrix: list[list[int]], rows: list[Line], source: str) -> None:
    """No duplicates, no floating blocks, blocks numbered 1..k."""
    first_seen = _first_lines(matrix, rows, source)
    for index in range(len(matrix) - 1):
        _check_supported(matrix[index], matrix[index + 1], rows[index], source)
    k = len(first_seen) - (0 in first_seen)
    for value, number in first_seen.items():
        if value > k:
            raise InputError(f"blocks are numbered 1 to {k} (there are {k}), found block {value}", source, number)


def _first_lines(matrix: list[list[int]], rows: list[Line], source: str) -> dict[int, int]:
    """The line of each number of the matrix (0 included); InputError for a block that appears twice."""
    first_seen: dict[int, int] = {}
    for values, line in zip(matrix, rows):
        for value in values:
            if value and value in first_seen:
                raise InputError(f"block {value} appears twice (also on line {first_seen[value]})", source, line.number)
            first_seen.setdefault(value, line.number)
    return first_seen


def _check_supported(values: list[int], below: list[int], line: Line, source: str) -> None:
    """InputError for a block of a row whose cell in the row below is empty."""
    for col, (value, under) in enumerate(zip(values, below)):
        if value and not under:
            raise InputError(f"block {value} in column {col} floats: the cell under it is empty", source, line.number)


def _goal_pieces(text: str, header: Line, body: list[Line]) -> list[tuple[int, int, str]]:
    """The goal text as (line number, 0-based column offset, text) for the header rest and body lines."""
    raw_lines = text.splitlines()
    raw = raw_lines[header.number - 1].split("#", 1)[0]
    start = raw.index(":") + 1
    pieces = [(header.number, start, raw[start:])]
    for line in body:
        raw = raw_lines[line.number - 1].split("#", 1)[0]
        pieces.append((line.number, raw.index(line.text), line.text))
    return pieces
