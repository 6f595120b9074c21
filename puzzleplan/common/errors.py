"""The errors a user can catch, one family under PuzzleplanError, and the words of error messages (quotes,
shortened texts, did-you-mean)."""

from __future__ import annotations

import warnings
from collections.abc import Iterable

MESSAGE_LIMIT = 1000
"""Characters of an error message kept: a message that quotes a whole line of a file (a 50 MB line) is cut."""


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text`, cut after `limit` characters with a note of how many were left out."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit:,} more characters)"


class PuzzleplanError(Exception):
    """The base of every error puzzleplan raises for its user to catch: `except puzzleplan.PuzzleplanError`."""


class InputError(PuzzleplanError):
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


class IllegalMove(PuzzleplanError):
    """A move that the puzzle's rules forbid in the given state; the message says why."""


class LimitReached(PuzzleplanError):
    """A time or memory limit stopped a call that has no result to carry it (a run's Report carries its
    timeout or memout as a status instead). Inside a run the time limit is signalled by TimeLimitExceeded,
    a BaseException that no planner's `except Exception` can swallow; a call turns that into a status, or
    into this error at the API's edge."""


class PlannerFailure(PuzzleplanError):
    """A planner could not run (unavailable, unsupported task) or failed (crashed, a plan that cannot be
    decoded), raised where a call raises rather than returns a status (Report.raise_for_status)."""


class IllegalStep(InputError):
    """A step of a PDDL plan that has no legal native move where it is made; `reason` says why without
    naming the step (the message names it)."""

    def __init__(self, message: str, reason: str, source: str = "<input>") -> None:
        super().__init__(message, source)
        self.reason = reason


QUOTE_LIMIT = 60
"""Characters of a line that an error message quotes before it shortens the rest to '...'."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """`text` in quotes for an error message, shortened when longer than `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """' (did you mean X?)' when `word` looks like a misspelling of one of `known`, else ''."""
    import difflib  # here: only a misspelling pays for it

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class Tolerated(UserWarning):
    """Input read although it strays from the format: an assignment text's example copied with its
    sentence's punctuation or an obvious typo. The message says where and what was tolerated; the command
    line prints it as one line on stderr."""


def tolerate(message: str, source: str = "<input>", line: int | None = None) -> None:
    """Warn (Tolerated) that `source` at `line` was read although it strays from the format: `message`."""
    where = source if line is None else f"{source}:{line}"
    warnings.warn(f"{where}: tolerated {message}", Tolerated, stacklevel=2)


def expect(value: object, types: type | tuple[type, ...], what: str) -> None:
    """TypeError naming `what` and the types it takes when `value` is none of `types` (a call's arguments
    checked at the door, rather than failing deep inside with an AttributeError)."""
    wanted = types if isinstance(types, tuple) else (types,)
    if not isinstance(value, wanted) or isinstance(value, bool) and bool not in wanted:
        names = " or ".join(kind.__name__ for kind in wanted)
        raise TypeError(f"{what} must be {names}, not {type(value).__name__} ({shorten(repr(value), 60)})")
