"""Sokoban solutions as solvers and level sites publish them: LURD strings, plain or run-length encoded
(`3l2U`, counted groups `2(lu)`), and solution files that hold, for each level, a title, the level in XSB,
a `Solution` line and the LURD string, possibly wrapped over several lines.

The `Solution` line may be spelt `Solution`, `Solution:`, `Solution (moves/pushes)`, `Solution/Moves`,
`Solution 33/8` or `Solution (moves 33, pushes 8):`; the LURD string follows on the next lines (or after
the line's last colon) until a blank line or a line that is not LURD. Counts written in the line are
checked against the moves. A level's title is its `; title` line, its `Title:` line, or the text line
just before its board (the .sok convention); a solution with no board before it takes the title of the
text line above it, so that a file of titles and solutions can be matched to a collection.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.sokoban.level import SokobanInstance, read_level, split_levels

LETTERS = "lurdLURD"
SKIPPED = " \t\r,\"'[]"
"""Characters allowed between moves (spaces, and the punctuation of a JSON list of letters)."""
_LURD_LINE = re.compile(r"^[lurdLURD0-9()\s]+$")
_HEADER = re.compile(r"^\s*solutions?(?=\s*(?:$|[:(/0-9])|\s+[lurdLURD]+\s*$)(.*)$", re.IGNORECASE)
"""A Solution line (not a sentence such as `Solutions by ...`), and what follows the word."""
_KEY = re.compile(r"^\s*[A-Za-z][\w -]*:")
_CLAIMS = (
    re.compile(r"moves?\s*:?\s*([0-9]+)\s*,\s*pushes?\s*:?\s*([0-9]+)", re.IGNORECASE),
    re.compile(r"([0-9]+)\s*/\s*([0-9]+)"),
)


# -- LURD strings ------------------------------------------------------------------------------------------
def read_lurd(text: str, source: str = "<moves>", first_line: int = 1) -> list[str]:
    """LURD moves: l u r d walk, L U R D push; a count before a move or a parenthesized group repeats it
    (`3l2U` is lllUU, `2(lu)` is lulu, groups nest); spaces, line breaks, `,`, quotes, `[ ]` and `;`
    comments are skipped. InputError naming the line and column of anything else."""
    reader = _LurdReader(source)
    for line_number, raw in enumerate(text.splitlines(), start=first_line):
        for column, char in enumerate(raw.split(";", 1)[0], start=1):
            reader.read(char, line_number, column)
    return reader.finish()


class _LurdReader:
    """The state of read_lurd: the groups being read, the open parentheses and a count waiting for its move."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.groups: list[list[str]] = [[]]
        self.opened: list[tuple[int, int, int]] = []  # (repetitions, line, column) of each open group
        self.count: int | None = None
        self.count_at = (0, 0)  # where the waiting count starts

    def read(self, char: str, line: int, column: int) -> None:
        """Take one character at (line, column)."""
        if char in "0123456789":
            self._digit(int(char), line, column)
        elif char in LETTERS or char == "(":
            self._move_or_group(char, line, column)
        elif char == ")":
            self._close(line, column)
        elif char not in SKIPPED:
            expected = "expected a LURD move (l r u d walk, L R U D push) or a count"
            raise InputError(f"{expected}, found {char!r}", self.source, line, column)

    def _digit(self, digit: int, line: int, column: int) -> None:
        """A digit of a count; the first one marks where the count starts."""
        if self.count is None:
            self.count, self.count_at = 0, (line, column)
        self.count = self.count * 10 + digit

    def _move_or_group(self, char: str, line: int, column: int) -> None:
        """A move, repeated by the waiting count, or the opening of a group."""
        times = _repetitions(self.count, self.count_at, self.source)
        self.count = None
        if char == "(":
            self.opened.append((times, line, column))
            self.groups.append([])
        else:
            self.groups[-1].extend(char * times)

    def _close(self, line: int, column: int) -> None:
        """The end of a group: its moves, repeated, join the enclosing group."""
        if self.count is not None or not self.opened:
            message = "a count before ')'" if self.opened else "')' closes no group"
            raise InputError(message, self.source, line, column)
        body = self.groups.pop()
        self.groups[-1].extend(body * self.opened.pop()[0])

    def finish(self) -> list[str]:
        """The moves read; InputError for a count with no move or a group never closed."""
        if self.count is not None:
            raise InputError("a count with no move after it", self.source, *self.count_at)
        if self.opened:
            raise InputError("this '(' is never closed", self.source, self.opened[-1][1], self.opened[-1][2])
        return self.groups[0]


def _repetitions(count: int | None, where: tuple[int, int], source: str) -> int:
    """The repetitions a count asks for (1 without one); a count of 0 is an error."""
    if count == 0:
        raise InputError("a count of 0 repeats nothing", source, *where)
    return 1 if count is None else count


def write_lurd(moves: list[str], width: int = 70) -> str:
    """The moves as a LURD string wrapped every `width` letters."""
    text = "".join(moves)
    return "".join(text[start : start + width] + "\n" for start in range(0, len(text), width)) or "\n"


# -- solution files ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Solution:
    """One solution in a file: the title it goes with, its moves, and where it is."""

    title: str
    moves: tuple[str, ...]
    line: int
    """The line of its `Solution` header."""
    level: int | None
    """The index of the level of the same file it follows, or None when no board comes before it."""
    claimed: tuple[int, int] | None = None
    """(moves, pushes) as the `Solution` line states them, when it does."""


@dataclass(frozen=True)
class Level:
    """A level of a collection: its title and its instance (read lazily: a bad level spoils only itself)."""

    title: str
    line: int
    text: str
    source: str

    def instance(self) -> SokobanInstance:
        """The level's instance; InputError naming the file's line on bad input."""
        return read_level(self.text, self.source, None)


def levels(text: str, source: str) -> list[Level]:
    """The XSB levels of a file with their titles (see the module docstring)."""
    lines = text.splitlines()
    found = []
    for index, level in enumerate(split_levels(text)):
        first = level.rows[0][0]
        title = level.label if level.label != str(index + 1) else _title_above(lines, first - 1) or level.label
        padded = "\n" * (first - 1) + "\n".join(row for _, row in level.rows) + "\n"
        found.append(Level(title, first, padded, source))
    return found


def _title_above(lines: list[str], below: int) -> str | None:
    """The title line above the line at index `below`, skipping blank lines: a `; title` or `Title:`
    line, or a text line that is not a Solution line, LURD, a `Key: value` note or a board row."""
    above = next((lines[number].strip() for number in range(below - 1, -1, -1) if lines[number].strip()), None)
    return _title_in(above) if above else None


def _title_in(line: str) -> str | None:
    """The title a non-blank line gives, if it is a title line."""
    if line.startswith(";"):
        return line.lstrip(";").strip() or None
    if line.lower().startswith("title:"):
        return line.split(":", 1)[1].strip() or None
    if _HEADER.match(line) or _LURD_LINE.match(line) or _KEY.match(line) or line[0] in "#@+$*.":
        return None
    return line


def solutions(text: str, source: str) -> list[Solution]:
    """Every solution of a file, each with the title of the level it follows or of the line above it."""
    lines = text.splitlines()
    found_levels = levels(text, source)
    found: list[Solution] = []
    number = 0
    while number < len(lines):
        header = _HEADER.match(lines[number])
        if not header:
            number += 1
            continue
        owner = max((index for index, level in enumerate(found_levels) if level.line <= number), default=None)
        title = found_levels[owner].title if owner is not None else _title_above(lines, number)
        moves, end = _solution_moves(lines, number, header.group(1), source)
        found.append(Solution(title or str(len(found) + 1), moves, number + 1, owner, _claims(header.group(1))))
        number = end
    return found


def _solution_moves(lines: list[str], header: int, rest: str, source: str) -> tuple[tuple[str, ...], int]:
    """The moves of the solution whose header is line index `header`, and the index of the line after them."""
    body, end = _solution_body(lines, header, rest)
    moves = read_lurd("\n".join(text for _, text in body), source, body[0][0] if body else header + 1)
    if not moves:
        raise InputError("a Solution line with no LURD moves after it", source, header + 1)
    return tuple(moves), end


def _solution_body(lines: list[str], header: int, rest: str) -> tuple[list[tuple[int, str]], int]:
    """The LURD lines of the solution whose header is line index `header` (with their 1-based numbers),
    and the index of the first line after them."""
    body: list[tuple[int, str]] = []
    inline = rest.rsplit(":", 1)[1] if ":" in rest else rest if re.fullmatch(r"\s*[lurdLURD]+\s*", rest) else ""
    if inline.strip():
        body.append((header + 1, " " * (len(lines[header]) - len(inline)) + inline))
    number = header + 1
    while number < len(lines) and lines[number].strip() and _LURD_LINE.match(lines[number]):
        body.append((number + 1, lines[number]))
        number += 1
    return body, number


def _claims(rest: str) -> tuple[int, int] | None:
    """(moves, pushes) as a Solution line states them: `(moves 33, pushes 8)` or `33/8`."""
    for pattern in _CLAIMS:
        match = pattern.search(rest)
        if match:
            return int(match.group(1)), int(match.group(2))
    return None


def same_title(first: str, second: str) -> bool:
    """Whether two level titles name the same level: equal ignoring case and spaces, or the same number
    once a leading `Level`, `Puzzle`, `No.` or `#` is dropped (`Level 12` and `12`)."""

    def key(title: str) -> str:
        title = " ".join(title.casefold().split())
        number = re.fullmatch(r"(?:(?:level|puzzle|no\.?|#)\s*)?0*([0-9]+)", title)
        return f"#{number.group(1)}" if number else title

    return key(first) == key(second)


def describe(solution: Solution) -> str:
    """How a report names a solution: its title, quoted when long."""
    return solution.title if len(solution.title) <= 40 else quote(solution.title, 40)
