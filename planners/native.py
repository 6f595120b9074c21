"""Search on the puzzle's own simulator: breadth-first, depth-first and A*, each with a closed set."""

from __future__ import annotations

import heapq
import time
from collections import deque
from collections.abc import Callable, Hashable
from itertools import count
from typing import Any

from planners.base import Limits, PlanResult, Status

_CHECK_EVERY = 1024


class Deadline:
    """A wall-clock deadline that search loops poll cheaply."""

    def __init__(self, seconds: float) -> None:
        self.started = time.perf_counter()
        self.end = self.started + seconds

    def passed(self) -> bool:
        """True once the deadline has passed."""
        return time.perf_counter() > self.end

    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.started


def _path(parents: dict[Hashable, tuple[Hashable, Any] | None], state: Hashable) -> list[Any]:
    """The moves leading from the root to `state`, following parent links."""
    moves = []
    while parents[state] is not None:
        state, move = parents[state]
        moves.append(move)
    moves.reverse()
    return moves


def breadth_first(puzzle, instance, deadline: Deadline) -> PlanResult:
    """Breadth-first graph search: optimal in moves."""
    start = puzzle.initial(instance)
    parents: dict = {start: None}
    frontier = deque([start])
    expanded = 0
    if puzzle.is_goal(instance, start):
        return _solved([], expanded, deadline, optimal=True)
    while frontier:
        state = frontier.popleft()
        expanded += 1
        if expanded % _CHECK_EVERY == 0 and deadline.passed():
            return PlanResult(Status.TIMEOUT, expanded=expanded, search_time=deadline.elapsed())
        for move, child in puzzle.successors(instance, state):
            if child in parents:
                continue
            parents[child] = (state, move)
            if puzzle.is_goal(instance, child):
                return _solved(_path(parents, child), expanded, deadline, optimal=True)
            frontier.append(child)
    return PlanResult(Status.UNSOLVABLE, expanded=expanded, search_time=deadline.elapsed(), optimal=True)


def depth_first(puzzle, instance, deadline: Deadline) -> PlanResult:
    """Depth-first graph search (first found, not shortest); moves are tried in the puzzle's order."""
    start = puzzle.initial(instance)
    parents: dict = {start: None}
    stack = [start]
    expanded = 0
    while stack:
        state = stack.pop()
        if puzzle.is_goal(instance, state):
            return _solved(_path(parents, state), expanded, deadline, optimal=False)
        expanded += 1
        if expanded % _CHECK_EVERY == 0 and deadline.passed():
            return PlanResult(Status.TIMEOUT, expanded=expanded, search_time=deadline.elapsed())
        children = [(move, child) for move, child in puzzle.successors(instance, state) if child not in parents]
        for move, child in reversed(children):
            parents[child] = (state, move)
            stack.append(child)
    return PlanResult(Status.UNSOLVABLE, expanded=expanded, search_time=deadline.elapsed(), optimal=True)


def astar(puzzle, instance, deadline: Deadline) -> PlanResult:
    """A* graph search with the puzzle's admissible heuristic; ties go to the deeper node."""
    heuristic: Callable = puzzle.heuristic
    start = puzzle.initial(instance)
    best_g = {start: 0}
    parents: dict = {start: None}
    tie = count()
    frontier = [(heuristic(instance, start), 0, next(tie), start)]
    expanded = 0
    while frontier:
        f, negative_g, _, state = heapq.heappop(frontier)
        g = -negative_g
        if g > best_g[state]:
            continue
        if puzzle.is_goal(instance, state):
            return _solved(_path(parents, state), expanded, deadline, optimal=True)
        expanded += 1
        if expanded % _CHECK_EVERY == 0 and deadline.passed():
            return PlanResult(Status.TIMEOUT, expanded=expanded, search_time=deadline.elapsed())
        child_g = g + 1
        for move, child in puzzle.successors(instance, state):
            if child_g < best_g.get(child, child_g + 1):
                best_g[child] = child_g
                parents[child] = (state, move)
                heapq.heappush(frontier, (child_g + heuristic(instance, child), -child_g, next(tie), child))
    return PlanResult(Status.UNSOLVABLE, expanded=expanded, search_time=deadline.elapsed(), optimal=True)


def _solved(moves: list, expanded: int, deadline: Deadline, optimal: bool) -> PlanResult:
    """A solved result with the search figures."""
    return PlanResult(Status.SOLVED, moves, optimal=optimal, expanded=expanded, search_time=deadline.elapsed())


def distances(puzzle, instance, starts) -> dict:
    """Breadth-first distance from the nearest of `starts` to every state reachable from them."""
    distance = {state: 0 for state in starts}
    frontier = deque(distance)
    while frontier:
        state = frontier.popleft()
        for _, child in puzzle.successors(instance, state):
            if child not in distance:
                distance[child] = distance[state] + 1
                frontier.append(child)
    return distance


SEARCHES = {"bfs": (breadth_first, True), "dfs": (depth_first, False), "astar": (astar, True)}


class NativeSearch:
    """A search algorithm run on the puzzle's simulator, under a wall-clock deadline."""

    native = True
    fragment = frozenset()

    def __init__(self, search: str = "astar", name: str = "native-astar") -> None:
        self.search = search
        self.name = name
        self.function, self.optimal = SEARCHES[search]

    def available(self) -> tuple[bool, str]:
        """Native search needs nothing outside puzzleplan."""
        return True, ""

    def solve_native(self, puzzle, instance, limits: Limits) -> PlanResult:
        """Search `instance` on the simulator of `puzzle`; a puzzle whose optimal measure is not the
        move count (Sokoban's pushes) provides its own A* as `native_search`."""
        if self.search == "astar" and hasattr(puzzle, "native_search"):
            return puzzle.native_search(instance, limits)
        return self.function(puzzle, instance, Deadline(limits.timeout))
