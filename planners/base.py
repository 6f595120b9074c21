"""The planner extension point: `solve(task, limits) -> PlanResult`, a status enum and figures."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Protocol

from translator.pddl import STRIPS, GroundAction, PddlTask


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
