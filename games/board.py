"""The Max-Connect4 board: bitboards, the file format (read with line and column errors, written back), scores.

A bitboard is a Python int with one bit per cell: bit `7 * column + row`, column 0 on the left, row 0 at
the bottom. Bit 6 of every column is a sentinel that is never set, so shifting a board by 1 (up), 7
(right), 6 (down-right) or 8 (up-right) never carries a run of pieces from one column into the next.

The file: six lines of seven digits, top row first (`0` empty, `1` and `2` the players' pieces), then a
line with the player to move (`1` or `2`). CRLF line ends and a missing final newline are accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import read_file, write_file

ROWS = 6
COLUMNS = 7
CELLS = ROWS * COLUMNS
HEIGHT = ROWS + 1
"""Bits per column: six cells and the sentinel."""

BOTTOM = tuple(1 << (HEIGHT * column) for column in range(COLUMNS))
"""The bottom cell of each column."""
TOP = tuple(1 << (HEIGHT * column + ROWS - 1) for column in range(COLUMNS))
"""The top cell of each column (set when the column is full)."""
COLUMN_CELLS = tuple(((1 << ROWS) - 1) << (HEIGHT * column) for column in range(COLUMNS))
"""The six cells of each column."""
BOARD_CELLS = sum(COLUMN_CELLS)
"""All 42 cells (no sentinels)."""
DIRECTIONS = (1, HEIGHT, HEIGHT - 1, HEIGHT + 1)
"""Bit shifts to the next cell of a run: vertical, horizontal, and the two diagonals."""

PLAYERS = (1, 2)


def cell(column: int, row: int) -> int:
    """The bit of the cell at `column` (0 = left) and `row` (0 = bottom)."""
    return 1 << (HEIGHT * column + row)


def runs_of_four(pieces: int) -> int:
    """The number of runs of four in a row of `pieces`, in every direction; overlapping runs count apiece."""
    total = 0
    for shift in DIRECTIONS:
        pairs = pieces & (pieces >> shift)
        total += (pairs & (pairs >> 2 * shift)).bit_count()
    return total


def drop(mask: int, column: int) -> int:
    """The bit where a piece dropped into `column` lands, given the occupied cells `mask`."""
    return (mask + BOTTOM[column]) & COLUMN_CELLS[column]


@dataclass(frozen=True)
class Board:
    """A position: the pieces of player 1 and of player 2 as bitboards, and the player to move."""

    first: int
    second: int
    to_move: int

    @property
    def mask(self) -> int:
        """The occupied cells."""
        return self.first | self.second

    def pieces(self, player: int) -> int:
        """The bitboard of `player` (1 or 2)."""
        return self.first if player == 1 else self.second

    def count(self) -> int:
        """How many pieces are on the board."""
        return self.mask.bit_count()

    def is_full(self) -> bool:
        """True when all 42 cells are occupied (the game is over)."""
        return self.mask == BOARD_CELLS

    def can_play(self, column: int) -> bool:
        """True when `column` (0-6) has room for another piece."""
        return 0 <= column < COLUMNS and not self.mask & TOP[column]

    def legal_columns(self) -> list[int]:
        """The columns (0-6) that are not full, left to right."""
        return [column for column in range(COLUMNS) if self.can_play(column)]

    def play(self, column: int) -> Board:
        """The position after the player to move drops a piece into `column` (0-6)."""
        if not self.can_play(column):
            raise ValueError(f"column {column + 1} is full or does not exist")
        bit = drop(self.mask, column)
        if self.to_move == 1:
            return Board(self.first | bit, self.second, 2)
        return Board(self.first, self.second | bit, 1)

    def score(self, player: int) -> int:
        """The points of `player`: the runs of four of their pieces."""
        return runs_of_four(self.pieces(player))

    def at(self, column: int, row: int) -> int:
        """0, 1 or 2: what is in the cell at `column` and `row` (0-based, row 0 at the bottom)."""
        bit = cell(column, row)
        return 1 if self.first & bit else 2 if self.second & bit else 0


EMPTY = Board(0, 0, 1)


def board_text(board: Board) -> str:
    """The board in the file format: six rows of digits, top row first, then the player to move."""
    rows = ["".join(str(board.at(c, r)) for c in range(COLUMNS)) for r in reversed(range(ROWS))]
    return "\n".join(rows) + f"\n{board.to_move}\n"


def parse_board(text: str, source: str = "<board>") -> Board:
    """A Board from the file format; bad input raises InputError naming the line (and column)."""
    lines = _board_lines(text, source)
    first = second = 0
    for number, line in enumerate(lines[:ROWS], start=1):
        row = ROWS - number
        for column, char in enumerate(_row_digits(line.rstrip(), number, source)):
            if char == "1":
                first |= cell(column, row)
            elif char == "2":
                second |= cell(column, row)
    _check_gravity(first | second, source)
    board = Board(first, second, _player(lines[ROWS].strip(), source))
    _check_counts(board, source)
    return board


def _board_lines(text: str, source: str) -> list[str]:
    """The six rows and the player's line of a board file (trailing blank lines dropped); InputError when
    their count is wrong."""
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) == ROWS and len(lines[-1].strip()) == COLUMNS:
        raise InputError("the line with the player to move (1 or 2) is missing after the six rows", source, ROWS + 1)
    if len(lines) != ROWS + 1:
        raise InputError(
            f"expected {ROWS} rows of {COLUMNS} digits and a line with the player to move, found {len(lines)} lines",
            source,
            min(len(lines), ROWS + 1) or 1,
        )
    return lines


def _row_digits(line: str, number: int, source: str) -> str:
    """The seven characters of a board row, or InputError for a bad character or length."""
    for column, char in enumerate(line, start=1):
        if char not in "012":
            raise InputError(
                f"unexpected character {char!r} in a board row; expected 0 (empty), 1 or 2", source, number, column
            )
    if len(line) != COLUMNS:
        raise InputError(
            f"a board row has {COLUMNS} cells, this one has {len(line)}: {quote(line)}",
            source,
            number,
            min(len(line), COLUMNS) + 1,
        )
    return line


def _check_gravity(mask: int, source: str) -> None:
    """Every piece must rest on the bottom or on another piece; the first floating one in the file is named."""
    floating = mask & ~(mask << 1 | sum(BOTTOM))
    for row in reversed(range(ROWS)):
        for column in range(COLUMNS):
            if floating & cell(column, row):
                raise InputError(
                    f"the piece in column {column + 1} floats: the cell below it is empty",
                    source,
                    ROWS - row,
                    column + 1,
                )


def _player(text: str, source: str) -> int:
    """The player to move from the last line."""
    if text not in ("1", "2"):
        raise InputError(f"expected the player to move, 1 or 2, found {quote(text)}", source, ROWS + 1, 1)
    return int(text)


def _check_counts(board: Board, source: str) -> None:
    """The player to move has as many pieces as the other, or one fewer (when the other began)."""
    mine = board.pieces(board.to_move).bit_count()
    theirs = board.pieces(3 - board.to_move).bit_count()
    if not 0 <= theirs - mine <= 1:
        raise InputError(
            f"player {board.to_move} cannot be the one to move: they have {mine} pieces and player "
            f"{3 - board.to_move} has {theirs} (the player to move has as many pieces as the other, or one fewer)",
            source,
            ROWS + 1,
            1,
        )


def load_board(path: str | Path) -> Board:
    """The board in the file at `path`; bad input raises InputError naming the file and line."""
    return parse_board(read_file(path), str(path))


def save_board(board: Board, path: str | Path, newline: str = "\n") -> None:
    """Write the board to `path` in the file format, lines ended by `newline`."""
    write_file(path, board_text(board).replace("\n", newline))


def line_end(path: str | Path) -> str:
    """How the lines of the board file at `path` end ("\\r\\n" as in the course's samples, or "\\n"), so
    that the boards written after it are in the same format; "\\n" when it cannot be read."""
    try:
        return "\r\n" if b"\r\n" in Path(path).read_bytes() else "\n"
    except OSError:
        return "\n"
