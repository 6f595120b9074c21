"""The planner extension point: one Planner protocol (`solve(problem, limits) -> PlanResult`), a status enum
and figures."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, TypeVar

from puzzleplan.common.limits import Limits
from puzzleplan.translator.pddl.task import STRIPS, GroundAction, PddlTask

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


class Proof(str, enum.Enum):
    """What a run proved beyond its status: that its plan is optimal, or that no plan exists. A run
    that proved neither (a satisficing plan, an incomplete search that ran dry, a timeout) has None."""

    OPTIMAL = "optimal"
    UNSOLVABLE = "unsolvable"

    @property
    def status(self) -> Status:
        """The only status a run with this proof can have."""
        return Status.SOLVED if self is Proof.OPTIMAL else Status.UNSOLVABLE


def proof_of(status: Status) -> Proof | None:
    """The proof that an optimal and complete search's `status` carries (None for a timeout, an error...)."""
    return next((proof for proof in Proof if proof.status is status), None)


class Proved:
    """What a run's record (PlanResult, the API's Report) says of its proof: `proved`, checked against the
    status on creation, and the former `optimal` flag derived from it."""

    status: Status
    proved: Proof | None

    def __post_init__(self) -> None:
        """ValueError for a proof that the status contradicts (an optimal plan that was not found)."""
        if self.proved is not None and self.proved.status is not self.status:
            raise ValueError(f"a run that ended {self.status.value} cannot have proved {self.proved.value}")

    @property
    def optimal(self) -> bool:
        """The former flag, kept with its former meaning: True when the run proved something (an optimal
        plan, or that no plan exists). Read `proved` to tell which."""
        return self.proved is not None


@dataclass
class PlanResult(Proved):
    """What a planner returns: a status, the plan (PDDL actions or native moves), what the run proved and
    figures."""

    status: Status
    plan: list[Any] = field(default_factory=list)
    proved: Proof | None = None
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
    "Proof",
    "Proved",
    "STRIPS",
    "Simulation",
    "Status",
    "pddl_fragment",
    "proof_of",
    "simulates",
]
