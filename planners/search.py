"""The search kernel every native planner runs on: breadth-first, depth-first and best-first (A*, weighted
A*, uniform cost) graph search over any state space given by functions, under a wall-clock deadline,
with expansion counts and the plan rebuilt from parent links."""

from __future__ import annotations

import heapq
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from itertools import count
from typing import Any

from puzzleplan.common.progress import watch
from puzzleplan.common.recorder import Recorder
from puzzleplan.common.trace import DEADLOCK
from puzzleplan.planners.base import PlanResult, Proof, Status
from puzzleplan.translator.graph import Parents, path_back

CHECK_EVERY = 16
"""Expansions between two looks at the clock (a look costs about as much as 1/50 of a cheap expansion;
with 256, a search whose expansions take milliseconds overran its limit until the hard stop ended it)."""

Successors = Callable[[Any], Iterable[tuple[Any, Hashable]]]
"""state -> (move, next state) pairs, in a fixed order."""


LIMIT_REACHED = "limit reached: states"
"""How a search stopped by a state budget of its own begins its message (a timeout by states, not seconds)."""


class Deadline:
    """A wall-clock deadline that search loops poll cheaply."""

    def __init__(self, seconds: float) -> None:
        self.started = time.perf_counter()
        self.end = self.started + seconds

    def passed(self) -> bool:
        """True once the deadline has passed."""
        return time.perf_counter() > self.end

    def remaining(self) -> float:
        """Seconds left (never negative)."""
        return max(0.0, self.end - time.perf_counter())

    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.started


class Counter:
    """Counts expansions and says when the deadline has passed (looking at the clock now and then)."""

    def __init__(self, deadline: Deadline, frontier: list | None = None, limit: int | None = None) -> None:
        self.deadline = deadline
        self.limit = limit
        self.expanded = 0
        self.frontier = frontier
        if limit is None:  # a small search inside another does not take over the status line
            watch(self.figures)

    def figures(self) -> tuple[int, float | None]:
        """States expanded so far and the current bound (the least priority queued, for best-first)."""
        frontier = self.frontier
        return self.expanded, frontier[0][0] if frontier else None

    def expand(self) -> bool:
        """Count one expansion; True when the search must stop for time (or at its expansion limit)."""
        self.expanded += 1
        if self.limit is not None and self.expanded > self.limit:
            return True
        return self.expanded % CHECK_EVERY == 0 and self.deadline.passed()

    def result(self, status: Status, plan: list | None = None, proved: Proof | None = None) -> PlanResult:
        """A PlanResult with the search figures (and, stopped for time, the bound it reached)."""
        bound = self.figures()[1] if status is Status.TIMEOUT else None
        return PlanResult(
            status,
            plan or [],
            proved=proved,
            expanded=self.expanded,
            search_time=self.deadline.elapsed(),
            figures={"bound": bound} if bound is not None else {},
        )


def breadth_first(
    start: Hashable, successors: Successors, is_goal: Callable, deadline: Deadline, recorder: Recorder | None = None
) -> PlanResult:
    """Breadth-first graph search, goal test on generation: fewest moves. With a `recorder`, its trace."""
    counter = Counter(deadline)
    if recorder is not None:
        recorder.start(start)
    if is_goal(start):
        return _found(counter, recorder, start, [], Proof.OPTIMAL)
    parents: Parents = {start: None}
    frontier = deque([start])
    while frontier:
        state = frontier.popleft()
        if counter.expand():
            return counter.result(Status.TIMEOUT)
        expansion = None if recorder is None else recorder.expand(state)
        generated = successors(state) if recorder is None else recorder.children(expansion, successors(state))
        for move, child in generated:
            if child in parents:
                continue
            parents[child] = (state, move)
            if is_goal(child):
                return _found(counter, recorder, child, path_back(parents, child), Proof.OPTIMAL, len(frontier))
            frontier.append(child)
        if recorder is not None:
            recorder.sizes(expansion, len(frontier))
    return counter.result(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE)


def _found(
    counter: Counter,
    recorder: Recorder | None,
    goal: Hashable,
    plan: list,
    proved: Proof | None,
    frontier: int | None = None,
) -> PlanResult:
    """The result of a search that reached `goal` by `plan`, the goal noted in its trace (with the frontier's
    size when it stopped in the middle of an expansion)."""
    if recorder is not None:
        recorder.found(goal, frontier)
    return counter.result(Status.SOLVED, plan, proved)


def depth_first(
    start: Hashable,
    successors: Successors,
    is_goal: Callable,
    deadline: Deadline,
    recorder: Recorder | None = None,
    stacked: bool = False,
) -> PlanResult:
    """Depth-first graph search with an explored set, goal test when a state comes off the stack; moves are
    tried in their given order, or with `stacked` the children are pushed in that order so the last comes
    off first (seed 001's pseudocode: Down before Up, Right and Left). With a `recorder`, its trace."""
    counter = Counter(deadline)
    if recorder is not None:
        recorder.start(start)
    parents: Parents = {start: None}
    stack = [start]
    while stack:
        state = stack.pop()
        if is_goal(state):
            return _found(counter, recorder, state, path_back(parents, state), None)
        if counter.expand():
            return counter.result(Status.TIMEOUT)
        expansion = None if recorder is None else recorder.expand(state)
        generated = successors(state) if recorder is None else recorder.children(expansion, successors(state))
        children = [(move, child) for move, child in generated if child not in parents]
        for move, child in children if stacked else reversed(children):
            parents[child] = (state, move)
            stack.append(child)
        if recorder is not None:
            recorder.sizes(expansion, len(stack))
    return counter.result(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE)


def best_first(
    start: Hashable,
    successors: Successors,
    is_goal: Callable,
    heuristic: Callable[[Any], float],
    deadline: Deadline,
    weight: float = 1.0,
    limit: int | None = None,
    recorder: Recorder | None = None,
) -> PlanResult:
    """Best-first graph search on g + weight * h with unit move costs: A* (weight 1, optimal when h is
    admissible and consistent), weighted A* (weight > 1) or uniform cost (h = 0). Ties go to the deeper
    node, then to the older one. A state whose h is infinite is never queued. With a `limit`, it stops
    (TIMEOUT) after that many expansions, so small searches inside others are deterministic. With a
    `recorder`, its trace."""
    best_g = {start: 0}
    parents: Parents = {start: None}
    tie = count()
    frontier = [(weight * heuristic(start), 0, next(tie), start)]
    counter = Counter(deadline, frontier, limit)
    if recorder is not None:
        recorder.start(start)
    while frontier:
        priority, negative_g, _, state = heapq.heappop(frontier)
        g = -negative_g
        if g > best_g[state]:
            continue
        if is_goal(state):
            proved = Proof.OPTIMAL if weight == 1.0 else None
            return _found(counter, recorder, state, path_back(parents, state), proved)
        if counter.expand():
            return counter.result(Status.TIMEOUT)
        expansion = None if recorder is None else recorder.expand(state, _h(priority, g, weight), f=priority)
        child_g = g + 1
        for move, child in successors(state):
            if child_g < best_g.get(child, child_g + 1):
                h = heuristic(child)
                if h == float("inf"):
                    if recorder is not None:
                        recorder.pruned(expansion, move, child, DEADLOCK, g=child_g, h=h)
                    continue
                best_g[child] = child_g
                parents[child] = (state, move)
                heapq.heappush(frontier, (child_g + weight * h, -child_g, next(tie), child))
                if recorder is not None:
                    recorder.child(expansion, move, child, h)
            elif recorder is not None:
                recorder.child(expansion, move, child)
        if recorder is not None:
            recorder.sizes(expansion, len(frontier))
    return counter.result(Status.UNSOLVABLE, proved=Proof.UNSOLVABLE)


def _h(priority: float, g: float, weight: float) -> float:
    """The heuristic value behind a best-first priority g + weight * h."""
    return (priority - g) / weight if weight else 0.0
