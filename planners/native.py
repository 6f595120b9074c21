"""Native search: breadth-first, depth-first and A* run by the search kernel on the puzzle's own simulator."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from puzzleplan.common.errors import InputError, did_you_mean
from puzzleplan.common.limits import Limits
from puzzleplan.common.recorder import Recorder, active
from puzzleplan.planners.base import PlanResult, Simulation, Status
from puzzleplan.planners.search import Deadline, best_first, breadth_first, depth_first
from puzzleplan.translator.capabilities import search_help

SEARCHES = {"bfs": True, "dfs": False, "astar": True}
"""The native searches and whether each is optimal (A* only with an admissible heuristic)."""

ORDERS = {
    "first": "the first legal move is tried first",
    "seed": "the children are pushed in the order of the legal moves, so the last comes off the stack first, "
    "as seed 001's DFS pseudocode does",
}
"""native-dfs:ORDER, the order depth-first search tries the moves in."""


def search(
    puzzle: Any,
    instance: Any,
    kind: str,
    deadline: Deadline,
    heuristic: str = "default",
    recorder: Recorder | None = None,
    order: str = "first",
) -> PlanResult:
    """Run search `kind` (bfs, dfs in one of the ORDERS, or astar with a named heuristic of the puzzle) on an
    instance; the search runs on the puzzle's normal forms and the plan names pieces as apply() does from
    the start. With a `recorder`, the search's trace (its states the normal forms searched)."""
    start = search_help(puzzle).normalize(instance, puzzle.initial(instance))

    def successors(state: Any):
        return puzzle.successors(instance, state)

    def is_goal(state: Any) -> bool:
        return puzzle.is_goal(instance, state)

    if kind == "bfs":
        result = breadth_first(start, successors, is_goal, deadline, recorder)
    elif kind == "dfs":
        result = depth_first(start, successors, is_goal, deadline, recorder, stacked=order == "seed")
    else:
        result = _astar(puzzle, instance, start, successors, is_goal, heuristic, deadline, recorder)
    if result.status is Status.SOLVED:
        result.plan = search_help(puzzle).plan_from_search(instance, result.plan)
    return result


def _astar(
    puzzle: Any,
    instance: Any,
    start: Any,
    successors: Callable[[Any], Iterable[Any]],
    is_goal: Callable[[Any], bool],
    heuristic: str,
    deadline: Deadline,
    recorder: Recorder | None,
) -> PlanResult:
    """A* with one of the puzzle's named heuristics; its plan optimal only when the heuristic is admissible."""
    estimate = search_help(puzzle).heuristics()[heuristic]
    if recorder is not None:
        recorder.trace.heuristic = heuristic
    result = best_first(
        start, successors, is_goal, lambda state: estimate.function(instance, state), deadline, recorder=recorder
    )
    if result.status is Status.SOLVED and not estimate.admissible:
        result.proved = None
    return result


class NativeSearch:
    """A search algorithm run on the puzzle's simulator, under a wall-clock deadline."""

    fragment = None
    puzzles = None
    """Every puzzle (a planner written for some puzzles names them here)."""
    traces = True
    """It records a trace of its search when the run is traced (puzzleplan.common.recorder)."""

    def __init__(
        self, search: str = "astar", name: str = "native-astar", heuristic: str = "default", order: str = "first"
    ) -> None:
        self.search = search
        self.name = name
        self.heuristic = heuristic
        self.order = order
        self.optimal = SEARCHES[search]

    def available(self) -> tuple[bool, str]:
        """Native search needs nothing outside puzzleplan."""
        return True, ""

    def solve(self, problem: Simulation, limits: Limits) -> PlanResult:
        """Search the instance on the puzzle's simulator."""
        puzzle, instance = problem.puzzle, problem.instance
        known = search_help(puzzle).heuristics()
        if self.heuristic not in known:
            raise InputError(
                f"unknown planner {self.name!r}: {puzzle.name} has no heuristic {self.heuristic!r}"
                f"{did_you_mean(self.heuristic, known)}; its heuristics: {', '.join(known)}",
                "command line",
            )
        if self.order not in ORDERS:
            raise InputError(
                f"unknown planner {self.name!r}: depth-first search has no order {self.order!r}"
                f"{did_you_mean(self.order, ORDERS)}; its orders: {', '.join(ORDERS)}",
                "command line",
            )
        return search(puzzle, instance, self.search, Deadline(limits.timeout), self.heuristic, active(), self.order)
