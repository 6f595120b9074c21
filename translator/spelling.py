"""How a whole plan is written: a Notation (its name, a reader, a writer) and the notations of one move a
line (move_lines); puzzleplan.translator.notation reads a plan file in every notation a puzzle declares."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzleplan.common.errors import InputError, quote


@dataclass(frozen=True)
class Notation:
    """One way of writing a whole plan: what it is called, how to read it, how to write it."""

    name: str
    read: Callable[[str, str], list[Any]]
    """(text, source) -> moves; InputError naming the line (and column) where the text is not this notation."""
    write: Callable[[list[Any]], str] | None = None
    """moves -> text, for the notations this project prints (None: read only)."""


STEP_NUMBER = re.compile(r"^\s*[0-9]+\.\s+")
"""A step number as `solve` prints it before a move: `  12. `."""


def move_lines(
    name: str, parse: Callable[[str], Any], format_move: Callable[[Any], str] | None = None, comment: str = "#"
) -> Notation:
    """A notation of one move a line: `parse(line)` reads one (ValueError saying what was expected when
    the line is not a move). Blank lines, comments after `comment` and step numbers such as `12.` are
    skipped."""

    def read(text: str, source: str) -> list[Any]:
        moves = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = STEP_NUMBER.sub("", raw.split(comment, 1)[0] if comment else raw).strip()
            if not line:
                continue
            try:
                moves.append(parse(line))
            except ValueError as error:
                raise InputError(f"found {quote(line)}: {error}", source, number) from None
        return moves

    def write(moves: list[Any]) -> str:
        return "".join(format_move(move) + "\n" for move in moves)  # type: ignore[misc]

    return Notation(name, read, write if format_move else None)
