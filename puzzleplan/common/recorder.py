"""What a search calls to record its trace: a Recorder gives states ids, counts every expansion and child
exactly and keeps the expansions TraceOptions says (every one up to the limit, then a sample). A search
records only when it was given a recorder; the planner a user asked to trace finds its recorder with
`active()`, set by `recording()` around the run."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from puzzleplan.common.trace import (
    BETTER,
    CLOSED,
    DUPLICATE,
    FRONTIER,
    NEW,
    PRUNED,
    REOPENED,
    Child,
    Expansion,
    GoalAttempt,
    Trace,
    TraceOptions,
)

Pair = tuple[Any, Hashable]
"""A (move, child state) pair as a search's successors give them."""


class Recorder:
    """Records one search: states get ids in the order they are first generated (the start 0), each keeps its
    parent, the move to it and its g; expansions are counted, and kept while `keeps` says so."""

    def __init__(self, options: TraceOptions, planner: str = "", heuristic: str | None = None) -> None:
        self.options = options
        self.trace = Trace(planner=planner, heuristic=heuristic, record_limit=options.limit)
        self.ids: dict[Hashable, int] = {}
        self.links: list[tuple[int | None, Any]] = []
        """Each id's parent id and the move from it."""
        self.g: list[float] = []
        self.done = bytearray()
        """1 for each id expanded (closed)."""
        self.current = 0
        """The id of the state being expanded."""
        self.closed = 0
        """The number of distinct states expanded so far."""
        self.last: Expansion | None = None
        """The expansion being made, when it is kept."""
        self.nodes = 0
        """The last id fresh() gave."""

    def keeps(self, index: int) -> bool:
        """True when expansion `index` is kept: all up to the limit, then every sample_every-th."""
        over = index - self.options.limit
        return over < 0 or over % self.options.sample_every == 0

    def start(self, state: Hashable) -> None:
        """The search starts at `state` (id 0, g 0)."""
        self.trace.start = state
        self.identify(state, None, None, 0.0)

    def identify(self, state: Hashable, parent: int | None, move: Any, g: float) -> int:
        """A new id for `state`, reached from `parent` by `move` at cost `g`."""
        number = len(self.links)
        self.ids[state] = number
        self.links.append((parent, move))
        self.g.append(g)
        self.done.append(0)
        return number

    def expand(self, state: Hashable, h: float | None = None, f: float | None = None, **extra: Any) -> Expansion | None:
        """Count the expansion of `state` (generated before), with its h and its priority f (g + h by
        default); the Expansion when it is kept, else None."""
        number = self.ids[state]
        self.current = number
        self.closed += 1 - self.done[number]
        self.done[number] = 1
        parent, move = self.links[number]
        return self.record(number, parent, move, state, self.g[number], h, f, **extra)

    def record(
        self,
        number: int,
        parent: int | None,
        move: Any,
        state: Any,
        g: float,
        h: float | None,
        f: float | None = None,
        **extra: Any,
    ) -> Expansion | None:
        """Count an expansion (of state id `number`); the Expansion when it is kept, else None. A tree
        search (IDA*) that gives its nodes ids of its own (fresh()) calls this; `extra`: its bound and
        iteration."""
        index = self.trace.expanded
        self.trace.expanded += 1
        self.last = None
        if not self.keeps(index):
            return None
        self._sampling(index)
        f = g + h if f is None and h is not None else f
        expansion = Expansion(index, number, parent, move, state, g, h, f, [], 0, 0, **extra)
        self.trace.expansions.append(expansion)
        self.last = expansion
        return expansion

    def attempt(self, level: int, goals: Callable[[], list[str]], outcome: str) -> GoalAttempt | None:
        """Count a goal set Graphplan's backward search entered at `level` (counted as an expansion); the
        GoalAttempt, its goals named by goals(), when it is kept, else None."""
        index = self.trace.expanded
        self.trace.expanded += 1
        if not self.keeps(index):
            return None
        self._sampling(index)
        attempt = GoalAttempt(level, goals(), outcome)
        self.trace.attempts.append(attempt)
        return attempt

    def _sampling(self, index: int) -> None:
        """Note in the trace whether keeping item `index` is sampling already."""
        self.trace.sampled = index >= self.options.limit
        if self.trace.sampled:
            self.trace.sample_every = self.options.sample_every

    def fresh(self) -> int:
        """A new id for a node of a tree search, which meets a state again as another node (no table kept)."""
        self.nodes += 1
        return self.nodes

    def child(
        self, expansion: Expansion | None, move: Any, state: Hashable, h: float | None = None, cost: float = 1.0
    ) -> str:
        """Record a child of the state being expanded: new, reopened (reached more cheaply) or duplicate (of
        a closed state or one on the frontier), judged by the ids and g known; its outcome."""
        g = self.g[self.current] + cost
        number = self.ids.get(state)
        if number is None:
            outcome, reason, number = NEW, "", self.identify(state, self.current, move, g)
        elif g < self.g[number]:
            outcome, reason = REOPENED, BETTER
            self.links[number], self.g[number] = (self.current, move), g
        else:
            outcome, reason = DUPLICATE, CLOSED if self.done[number] else FRONTIER
        self.add(expansion, Child(move, number, outcome, reason, g, h))
        return outcome

    def children(self, expansion: Expansion | None, pairs: Iterable[Pair]) -> list[Pair]:
        """Record (move, child) pairs of unit cost as children of the state being expanded; the pairs."""
        listed = list(pairs)
        for move, state in listed:
            self.child(expansion, move, state)
        return listed

    def pruned(
        self, expansion: Expansion | None, move: Any, state: Hashable | None, reason: str, **figures: Any
    ) -> None:
        """Record a child cut off (a deadlock, beyond a bound, a cycle on the path)."""
        number = None if state is None else self.ids.get(state)
        self.add(expansion, Child(move, number, PRUNED, reason, **figures))

    def add(self, expansion: Expansion | None, child: Child) -> None:
        """Count a generated child (a duplicate, a pruned one), and keep it in its expansion when that is kept."""
        self.trace.generated += 1
        self.trace.duplicates += child.outcome == DUPLICATE
        self.trace.pruned += child.outcome == PRUNED
        if expansion is not None:
            expansion.children.append(child)

    def sizes(self, expansion: Expansion | None, frontier: int, closed: int | None = None) -> None:
        """The frontier size after an expansion, and the closed size (the states expanded by default)."""
        if expansion is not None:
            expansion.frontier = frontier
            expansion.closed = self.closed if closed is None else closed

    def found(self, state: Hashable, frontier: int | None = None) -> None:
        """The search reached the goal at `state` (`frontier`: its size, when the search stopped in the middle
        of an expansion): the path of ids and moves from the start to it."""
        if frontier is not None:
            self.sizes(self.last, frontier)
        path, moves = [], []
        number: int | None = self.ids[state]
        while number is not None:
            path.append(number)
            parent, move = self.links[number]
            if parent is not None:
                moves.append(move)
            number = parent
        self.trace.path = path[::-1]
        self.trace.path_moves = moves[::-1]


_ACTIVE: ContextVar[Recorder | None] = ContextVar("puzzleplan_recorder", default=None)


def active() -> Recorder | None:
    """The recorder of the run being traced, or None (the planner's search then records nothing)."""
    return _ACTIVE.get()


@contextmanager
def recording(recorder: Recorder | None) -> Iterator[Recorder | None]:
    """Make `recorder` the active one for the block (None: record nothing)."""
    token = _ACTIVE.set(recorder)
    try:
        yield recorder
    finally:
        _ACTIVE.reset(token)
