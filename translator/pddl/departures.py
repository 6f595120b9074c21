"""Departures from the PDDL standard that the planners accept: read leniently, each with a one-line
warning `file:line: warning: ... (assumed ...)`, or refused as input errors under strict reading (VAL's
strictness).

What counts as a departure, and what is a mistake, follows Fast Downward's translator: what it reads (a
feature used without its requirement flag, a type declared twice, `(at?x)` with no space, a comment glued
to a name, an action with no effect, an initial atom of the wrong type) is a departure; what it refuses is
an InputError in both readings (see docs/pddl.md). The reading in progress is a context variable, so that
the tokenizer and the checks deep below `read_task` can report without every signature carrying it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from puzzleplan.common.errors import InputError


@dataclass(frozen=True)
class Departure:
    """One departure from the standard: where, what, and what the reading assumed."""

    source: str
    line: int
    message: str
    assumed: str
    column: int | None = None

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: warning: {self.message} (assumed {self.assumed})"


@dataclass
class Reading:
    """A reading of PDDL files: strict (departures are errors) or lenient (departures are collected)."""

    strict: bool = False
    departures: list[Departure] = field(default_factory=list)

    def depart(self, message: str, assumed: str, source: str, line: int, column: int | None = None) -> None:
        """Note a departure; under strict reading, the InputError it is instead."""
        if self.strict:
            raise InputError(
                f"{message} (refused by strict reading; the planners read it, assuming {assumed})", source, line, column
            )
        departure = Departure(source, line, message, assumed, column)
        if departure not in self.departures:
            self.departures.append(departure)

    def warnings(self) -> list[str]:
        """The departures as warning lines, in the order found."""
        return [str(departure) for departure in self.departures]


_CURRENT: ContextVar[Reading | None] = ContextVar("pddl_reading", default=None)


@contextmanager
def reading(strict: bool = False) -> Iterator[Reading]:
    """The reading that departures found inside the block are reported to (a nested block shares the
    outer one's)."""
    outer = _CURRENT.get()
    if outer is not None:
        yield outer
        return
    current = Reading(strict)
    token = _CURRENT.set(current)
    try:
        yield current
    finally:
        _CURRENT.reset(token)


def depart(message: str, assumed: str, source: str, line: int, column: int | None = None) -> None:
    """Report a departure to the reading in progress (outside any, it is read leniently and not kept)."""
    current = _CURRENT.get()
    if current is not None:
        current.depart(message, assumed, source, line, column)


def glued_comment(source: str) -> Departure | None:
    """The first departure of the reading in progress that is a comment glued to a name in `source`."""
    current = _CURRENT.get()
    found = [item for item in current.departures if item.source == source and GLUED in item.message] if current else []
    return found[0] if found else None


GLUED = "starts a comment that hides the rest of the line"


def is_strict() -> bool:
    """True inside a strict reading."""
    current = _CURRENT.get()
    return current is not None and current.strict
