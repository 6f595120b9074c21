"""The planner extension point: one Planner protocol (`solve(problem, limits) -> PlanResult`), a status enum
and figures."""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, TypeVar

from puzzleplan.translator.errors import InputError
from puzzleplan.translator.pddl import STRIPS, GroundAction, PddlTask
from puzzleplan.translator.text import quote

if TYPE_CHECKING:
    from puzzleplan.translator.puzzle import Puzzle


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

    def less(self, spent: float, at_least: float = 0.01) -> Limits:
        """The same limits with `spent` seconds of the time limit used up (never below `at_least` seconds)."""
        return Limits(max(self.timeout - spent, at_least), self.memory_mb)


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


ProblemT = TypeVar("ProblemT", contravariant=True)


@dataclass(frozen=True)
class Simulation:
    """A puzzle instance as a native planner takes it: the puzzle, whose simulator it searches, and the
    instance."""

    puzzle: Puzzle
    instance: Any


class Planner(Protocol[ProblemT]):
    """A planner: what it is called, whether its plans are optimal, the puzzles it is written for and
    whether it can run here, and solve(problem, limits). A PDDL planner plans a PddlTask within the
    `fragment` it accepts (a Planner[PddlTask]); a native planner (fragment None) searches a puzzle's
    simulator (a Planner[Simulation]) and its plan is native moves."""

    name: str
    optimal: bool

    @property
    def fragment(self) -> frozenset[str] | None:
        """The PDDL requirement flags it accepts; None for a planner that does not plan on PDDL."""
        ...

    @property
    def puzzles(self) -> tuple[str, ...] | None:
        """The puzzles it is written for; None for every puzzle (and for PDDL files)."""
        ...

    def available(self) -> tuple[bool, str]:
        """Whether the planner can run here, and why not."""
        ...

    def solve(self, problem: ProblemT, limits: Limits) -> PlanResult:
        """Plan for `problem` under `limits`: ground actions of a PddlTask, or native moves."""
        ...


PddlPlanner = Planner[PddlTask]
"""A planner of PDDL tasks."""

NativePlanner = Planner[Simulation]
"""A planner that searches a puzzle's own simulator."""


def simulates(planner: Planner[Any]) -> TypeGuard[NativePlanner]:
    """True for a native planner: one that plans on the puzzle's simulator, not on PDDL."""
    return planner.fragment is None


def pddl_fragment(planner: Planner[Any]) -> frozenset[str]:
    """The PDDL fragment a planner accepts; TypeError for a native planner, which takes no PDDL."""
    if planner.fragment is None:
        raise TypeError(f"{planner.name} searches a puzzle's simulator: it takes no PDDL")
    return planner.fragment


__all__ = [
    "GroundAction",
    "Limits",
    "NativePlanner",
    "PddlPlanner",
    "PddlTask",
    "PlanResult",
    "Planner",
    "STRIPS",
    "Simulation",
    "Status",
    "pddl_fragment",
    "simulates",
]
