"""The planner extension point: `solve(task, limits) -> PlanResult`, a status enum and figures."""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from puzzleplan.translator.errors import InputError
from puzzleplan.translator.pddl import STRIPS, GroundAction, PddlTask
from puzzleplan.translator.text import quote


class Status(str, enum.Enum):
    """How a planner run ended; never a bare None."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"
    MEMOUT = "memout"
    UNSUPPORTED = "unsupported"
    ERROR = "error"


@dataclass(frozen=True)
class Limits:
    """Resource limits for one run: wall-clock seconds and memory in MiB (None = no memory limit)."""

    timeout: float = 60.0
    memory_mb: int | None = None

    @classmethod
    def read(cls, timeout: str | float, memory: str | int | None) -> Limits:
        """Limits from the command line's words; InputError for nonsense (0, negative, nan, inf)."""
        return cls(parse_seconds(str(timeout)), parse_memory(None if memory is None else str(memory)))


def parse_seconds(text: str) -> float:
    """A time limit in seconds: a finite number above 0 (fractions allowed)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0:
        raise InputError(
            f"--timeout expects a number of seconds above 0, such as 60 or 0.5, found {quote(text)}", "command line"
        )
    return seconds


MAX_MEMORY_MIB = 1024**3
"""The largest --memory (1 PiB, in MiB): far beyond any machine, and within what the address-space limit takes."""


def parse_memory(text: str | None) -> int | None:
    """MiB from `2G`, `500M`, `1.5G` or a plain number of MiB; None means no limit."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([kKmMgG]?)i?[bB]?\s*", text)
    mib = float(match.group(1)) * {"K": 1 / 1024, "M": 1, "G": 1024, "": 1}[match.group(2).upper()] if match else 0
    if not 1 <= mib <= MAX_MEMORY_MIB:
        raise InputError(
            f"--memory expects a size from 1 MiB to {MAX_MEMORY_MIB // 1024**2}T, such as 2G or 500M, "
            f"found {quote(text)}",
            "command line",
        )
    return int(mib)


@dataclass
class PlanResult:
    """What a planner returns: a status, the plan (PDDL actions or native moves) and figures."""

    status: Status
    plan: list[Any] = field(default_factory=list)
    optimal: bool = False
    expanded: int | None = None
    steps: int | None = None
    search_time: float = 0.0
    message: str = ""
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def solved(self) -> bool:
        """True when a plan was found."""
        return self.status is Status.SOLVED


class Planner(Protocol):
    """A PDDL planner: it declares the fragment it accepts and solves a task under limits."""

    name: str
    optimal: bool
    fragment: frozenset[str]
    native: bool  # False: it plans on PDDL
    puzzles: tuple[str, ...] | None  # None: any task

    def available(self) -> tuple[bool, str]:
        """Whether the planner can run here, and why not."""
        ...

    def solve(self, task: PddlTask, limits: Limits) -> PlanResult:
        """Plan for `task`; the plan is a list of GroundAction."""
        ...


class NativePlanner(Protocol):
    """A planner that searches the puzzle's own simulator instead of PDDL."""

    name: str
    optimal: bool
    native: bool  # True
    puzzles: tuple[str, ...] | None
    """The puzzles it is written for; None for every puzzle."""

    def available(self) -> tuple[bool, str]:
        """Whether the planner can run here, and why not."""
        ...

    def solve_native(self, puzzle: Any, instance: Any, limits: Limits) -> PlanResult:
        """Plan for `instance` on `puzzle`'s simulator; the plan is a list of native moves."""
        ...


__all__ = ["Status", "Limits", "PlanResult", "Planner", "NativePlanner", "STRIPS", "GroundAction", "PddlTask"]
