"""--timeout and --memory for the two course programs (`maxconnect4`, `check_true_false`): the options, and
the whole command run within them by the planners' own limit helpers, stopped with one line and exit 4 or 5."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from puzzleplan.common.limits import (
    TimeLimitExceeded,
    memory_limit,
    parse_memory,
    parse_seconds,
    process_age,
    time_limit,
    work_time,
)

TIMEOUT_EXIT = 4
"""Exit status of a command stopped at its --timeout (as `puzzleplan`'s)."""
MEMOUT_EXIT = 5
"""Exit status of a command stopped at its --memory (as `puzzleplan`'s)."""


@dataclass(frozen=True)
class CommandLimits:
    """A whole command's limits: wall-clock seconds and MiB, None for no limit."""

    timeout: float | None = None
    memory_mb: int | None = None
    spent: float = 0.0
    """Seconds of the time limit spent before the command ran: its process's start-up, when the limit counts
    from the process's start."""

    @classmethod
    def read(cls, args: argparse.Namespace, whole_process: bool = False) -> CommandLimits:
        """The limits of the parsed command line (InputError for nonsense such as 0 or `lots`); with
        `whole_process` (the program run on its own command line) the time limit counts from the process's
        start."""
        timeout = None if args.timeout is None else parse_seconds(args.timeout)
        return cls(timeout, parse_memory(args.memory), process_age() if whole_process else 0.0)

    def left(self, grace: float = 0.0) -> float | None:
        """Seconds the command's own work may take (None: no limit): the time limit less the start-up spent,
        `grace` and WAY_OUT, the way out that the limit holds for (a few milliseconds when none is left)."""
        return None if self.timeout is None else work_time(self.timeout, self.spent, grace)


def add_limit_options(parser: argparse.ArgumentParser, timeout_help: str, timeout: str | None = None) -> None:
    """The --timeout option (default `timeout`, None for no limit) and --memory (no limit by default)."""
    parser.add_argument("--timeout", metavar="SECONDS", default=timeout, help=timeout_help)
    parser.add_argument(
        "--memory", metavar="SIZE", default=None, help="memory limit, e.g. 2G or 500M (MiB by default; default none)"
    )


@contextmanager
def within(limits: CommandLimits, timeout: bool = True, grace: float = 0.0) -> Iterator[None]:
    """Run the block under the memory limit and (unless `timeout` is False) the time limit: TimeLimitExceeded
    and MemoryError are raised in it at the limits. The time limit holds up to the exit: the block is stopped
    WAY_OUT seconds before it, `grace` seconds after the command's own work was to end (`limits.left(grace)`)."""
    left = limits.left(grace)
    seconds = left + grace if timeout and left is not None else None
    with time_limit(seconds), memory_limit(limits.memory_mb):
        yield


def limit_message(seconds: float) -> str:
    """The one line of a command stopped at its time limit, naming it (as `puzzleplan`'s commands say it)."""
    from puzzleplan.common.limits import timeout_message  # only at the limit: the programs start fast

    return timeout_message(seconds)


def stopped(error: BaseException, limits: CommandLimits) -> tuple[str, int]:
    """The message and exit status of a command that a limit stopped (TimeLimitExceeded or MemoryError)."""
    if isinstance(error, TimeLimitExceeded):
        return limit_message(limits.timeout or 0.0), TIMEOUT_EXIT
    return f"out of memory under {limits.memory_mb} MiB", MEMOUT_EXIT
