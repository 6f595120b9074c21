"""How sliding-brick moves are written: the seed's `(2,left)` (and the spellings `[2, "left"]`, `2 left`,
`[2,left]`, `['2', ['left']]` that solvers print), and `Move {direction: LEFT, piece: 2}` lines as
published Java solvers print them. A brick's number is the one it has in the level file."""

from __future__ import annotations

import re

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import count_number
from puzzleplan.translator.grid import DIRECTIONS
from puzzleplan.translator.notation import Notation, move_lines
from puzzleplan.translator.sbp.bricks import Move

_MATRIX_LINE = re.compile(r"^\s*-?[0-9]+\s*(,\s*-?[0-9]+\s*)+,?\s*$")
"""A line of a printed matrix (`5,4,` or `1,0,2,2,1,`)."""
_REPORT_LINE = re.compile(r"^\s*(nodes explored|time|solution length)\s*:", re.IGNORECASE)
"""The lines `solve --format seed` prints after the final state (nodes explored, time, solution length)."""
_PAIR = re.compile(r"(\w+)\s*[:=]\s*[\"']?(\w+)[\"']?")


def format_move(move: Move) -> str:
    """(2,left), as the seed prints moves."""
    return f"({move[0]},{move[1]})"


def parse_move(text: str) -> Move:
    """Read `(2,left)`, `[2, "left"]`, `2 left`, `[2,left]` or `['2', ['left']]`; ValueError otherwise."""
    words = re.sub(r"[\[\]\(\),'\"]", " ", text).split()
    if len(words) != 2 or count_number(words[0]) is None or words[1].lower() not in DIRECTIONS:
        raise ValueError("expected (BRICK,DIRECTION), e.g. (2,left)")
    return int(words[0]), words[1].lower()


def parse_published(text: str) -> Move:
    """Read `Move {direction: LEFT, piece: 2}` (keys in either order); ValueError otherwise."""
    body = re.fullmatch(r"\s*(?:move\s*)?\{(.*)\}\s*", text, re.IGNORECASE)
    pairs = {key.lower(): value for key, value in _PAIR.findall(body.group(1))} if body else {}
    piece, direction = pairs.get("piece", ""), pairs.get("direction", "").lower()
    if set(pairs) != {"piece", "direction"} or count_number(piece) is None or direction not in DIRECTIONS:
        raise ValueError("expected Move {direction: LEFT, piece: 2}")
    return int(piece), direction


def format_published(move: Move) -> str:
    """Move {direction: LEFT, piece: 2}."""
    return f"Move {{direction: {move[1].upper()}, piece: {move[0]}}}"


def _moves_then_state(notation: Notation) -> Notation:
    """The notation with the final state allowed after the moves, as the seed's solution printout ends
    (the matrix lines are skipped: the replay computes the final state), and the report lines `solve
    --format seed` prints after it (nodes explored, time, solution length)."""

    def read(text: str, source: str) -> list[Move]:
        lines = text.splitlines()
        start = next((i for i, line in enumerate(lines) if _MATRIX_LINE.match(line.split("#", 1)[0])), len(lines))
        for number, line in enumerate(lines[start:], start=start + 1):
            content = line.split("#", 1)[0]
            if content.strip() and not _MATRIX_LINE.match(content) and not _REPORT_LINE.match(content):
                raise InputError(f"expected only the final state after the moves, found {quote(line)}", source, number)
        return notation.read("\n".join(lines[:start]), source)

    return Notation(notation.name, read, notation.write)


def notations() -> list[Notation]:
    """The sliding-brick notations, the seed's first."""
    return [
        _moves_then_state(move_lines("(BRICK,DIRECTION) one a line", parse_move, format_move)),
        _moves_then_state(move_lines("Move {direction: D, piece: N} lines", parse_published, format_published)),
    ]
