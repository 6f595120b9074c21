"""Iterative-deepening A* over any state space given by functions (Korf 1985), recording its trace: a
depth-first search below an f bound that grows to the least f beyond it, each child that undoes the move
before it (its state is the parent's) pruned as a cycle on the path, the goal tested when a child is
generated. It makes the same search as the sliding-tile puzzle's IDA* (planners.tiles_idastar) given the
same successors and heuristic, and serves to trace that search: every node expanded, its iteration and
bound, its children pruned by the bound or the path."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from puzzleplan.common.limits import TimeLimitExceeded
from puzzleplan.common.recorder import Recorder
from puzzleplan.common.trace import BOUND, NEW, PATH, PRUNED, Child, Expansion
from puzzleplan.planners.base import PlanResult, Proof, Status
from puzzleplan.planners.search import CHECK_EVERY, Deadline, Successors

FOUND = -1.0
"""What a search below a bound returns when it reached the goal."""


class Deepening:
    """One IDA* run: the moves of the path found and the figures, recorded into `recorder` when given."""

    def __init__(
        self,
        successors: Successors,
        is_goal: Callable[[Any], bool],
        heuristic: Callable[[Any], float],
        deadline: Deadline,
        recorder: Recorder | None = None,
    ) -> None:
        self.successors = successors
        self.is_goal = is_goal
        self.heuristic = heuristic
        self.deadline = deadline
        self.recorder = recorder
        self.expanded = 0
        self.iteration = 0
        self.bound = 0.0
        self.moves: list[Any] = []
        """The moves from the start to the goal, once found."""
        self.ids: list[int] = []
        """The node ids after the start's on the path to the goal, once found (tracing)."""

    def run(self, start: Hashable) -> PlanResult:
        """Search from `start` with growing bounds until the goal is reached or no bound is left."""
        if self.recorder is not None:
            self.recorder.start(start)
        if self.is_goal(start):
            return self._result(Status.SOLVED, [], Proof.OPTIMAL)
        h = self.heuristic(start)
        self.bound = h
        try:
            while self.bound != float("inf"):
                self.iteration += 1
                before = self.expanded
                beyond = self.below(Node(start, None, None, None, 0, h, 0))
                self._iteration_done(before)
                if beyond == FOUND:
                    return self._result(Status.SOLVED, self.moves, Proof.OPTIMAL)
                self.bound = beyond
        except TimeLimitExceeded:
            return self._result(Status.TIMEOUT)
        return self._result(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE)

    def below(self, node: Node) -> float:
        """Expand `node` below the bound: FOUND with the path noted, else the least f beyond the bound."""
        expansion = self._expand(node)
        least = float("inf")
        g = node.g + 1
        for move, child in self.successors(node.state):
            if child == node.parent:
                self._child(expansion, Child(move, None, PRUNED, PATH, g))
                continue
            h = self.heuristic(child)
            if g + h > self.bound:
                self._child(expansion, Child(move, None, PRUNED, BOUND, g, h))
                least = min(least, g + h)
                continue
            number = self._new(expansion, move, g, h)
            beyond = (
                FOUND if self.is_goal(child) else self.below(Node(child, node.state, node.number, move, g, h, number))
            )
            if beyond == FOUND:
                self.moves.insert(0, move)
                self.ids.insert(0, number)
                return FOUND
            least = min(least, beyond)
        return least

    def _expand(self, node: Node) -> Expansion | None:
        """Count an expansion (stopping at the deadline); recorded when tracing, its frontier the nodes on
        the path."""
        self.expanded += 1
        if self.expanded % CHECK_EVERY == 0 and self.deadline.passed():
            raise TimeLimitExceeded
        if self.recorder is None:
            return None
        expansion = self.recorder.record(
            node.number,
            node.parent_number,
            node.move,
            node.state,
            node.g,
            node.h,
            bound=self.bound,
            iteration=self.iteration,
        )
        self.recorder.sizes(expansion, int(node.g) + 1, 0)
        return expansion

    def _new(self, expansion: Expansion | None, move: Any, g: float, h: float) -> int:
        """A new node's id (0 when not tracing), recorded as a child."""
        if self.recorder is None:
            return 0
        number = self.recorder.fresh()
        self._child(expansion, Child(move, number, NEW, "", g, h))
        return number

    def _child(self, expansion: Expansion | None, child: Child) -> None:
        """Record a child when tracing."""
        if self.recorder is not None:
            self.recorder.add(expansion, child)

    def _iteration_done(self, before: int) -> None:
        """Note an iteration's bound and expansions in the trace."""
        if self.recorder is not None:
            figures = {"iteration": self.iteration, "bound": self.bound, "expanded": self.expanded - before}
            self.recorder.trace.iterations.append(figures)

    def _result(self, status: Status, plan: list | None = None, proved: Proof | None = None) -> PlanResult:
        """The run's result, the path noted in its trace when tracing."""
        if self.recorder is not None and status is Status.SOLVED:
            self.recorder.trace.path = [0, *self.ids]
            self.recorder.trace.path_moves = list(self.moves)
        result = PlanResult(status, plan or [], proved, expanded=self.expanded, search_time=self.deadline.elapsed())
        result.figures["iterations"] = self.iteration
        return result


@dataclass(frozen=True)
class Node:
    """A node of the search tree: its state, its parent's state and id, the move to it, g, h and its id."""

    state: Any
    parent: Any
    parent_number: int | None
    move: Any
    g: float
    h: float
    number: int
