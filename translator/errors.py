"""Errors about bad input: they carry the file, line and column and print as one clear paragraph."""

from __future__ import annotations

MESSAGE_LIMIT = 1000
"""Characters of an error message kept: a message that quotes a whole line of a file (a 50 MB line) is cut."""


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text`, cut after `limit` characters with a note of how many were left out."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit:,} more characters)"


class InputError(Exception):
    """Bad user input: a malformed file, wrong sizes, unknown symbols, an impossible request."""

    def __init__(
        self, message: str, source: str = "<input>", line: int | None = None, column: int | None = None
    ) -> None:
        message = shorten(message)
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def located(self, source: str) -> InputError:
        """The same error, attributed to the file `source` when it had no file name yet."""
        if self.source in ("<input>", "", None):
            self.source = source
        return self

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class IllegalMove(Exception):
    """A move that the puzzle's rules forbid in the given state; the message says why."""


class IllegalStep(InputError):
    """A step of a PDDL plan that has no legal native move where it is made; `reason` says why without
    naming the step (the message names it)."""

    def __init__(self, message: str, reason: str, source: str = "<input>") -> None:
        super().__init__(message, source)
        self.reason = reason
