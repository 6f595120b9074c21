"""Deadlocks for the push searches found by searching a few boxes alone (a small form of Junghanns and
Schaeffer's pattern search). Taking boxes away never makes a solvable position unsolvable, so when a small
search moving only some boxes (every other box taken away) runs dry, the whole position is dead. After a push
two groups are searched: the cluster of boxes packed around the pushed one (touching it, diagonals included),
alive once no two of its boxes touch; and the barrier of each I-corral next to it (see
puzzleplan.translator.sokoban.corrals), alive once the keeper gets into the corral. Either is alive too when
all its boxes are on goals or after a fixed number of expansions; only a search that runs dry proves a
deadlock. Verdicts are kept per box set and keeper area, so each is searched once, and a dead one is learnt
as a pattern: any later position holding those boxes, the keeper in the same area, is dead too."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from puzzleplan.planners.base import Status
from puzzleplan.planners.search import Deadline, best_first
from puzzleplan.translator.bitset import bits, lowest, touching
from puzzleplan.translator.sokoban.analysis import Analysis
from puzzleplan.translator.sokoban.corrals import Grown, merged_corral

Alive = Callable[[tuple[int, int], int], bool]
"""Whether a state (keeper, boxes) of a pattern search, whose keeper area is given, is alive."""

MAX_CLUSTER = 5
"""The most boxes a cluster search moves."""

MAX_CORRAL = 8
"""The most barrier boxes a corral search moves."""

LIMIT = 100
"""Expansions of one cluster search before it gives up (and calls the cluster alive)."""


class ClusterDeadlocks:
    """Deadlock verdicts for box clusters of one level, searched on demand and remembered."""

    def __init__(self, data: Analysis, deadline: Deadline) -> None:
        self.data, self.deadline = data, deadline
        self.verdicts: dict[tuple[int, int], bool] = {}
        self.patterns: dict[int, list[tuple[int, int]]] = {}  # box cell: learnt (dead boxes, keeper area)
        self.kind = ""  # what proved the last dead position dead
        self.around = [touching(1 << cell, data.width) & ~(1 << cell) for cell in range(len(data.neighbour))]

    def dead(self, keeper: int, box: int, boxes: int, reach: int, grown: Grown | None = None) -> bool:
        """True when the position `boxes` (a box just pushed onto `box`, the keeper at `keeper`, who can reach
        the cells `reach`) holds a dead pattern already learnt, or the cluster of `box` or a corral it fences
        cannot be solved alone. The corrals grown are kept in `grown` (the position's) for the pruning."""
        if self._known(keeper, box, boxes):
            return self._proved("pattern")
        data = self.data
        cluster = self.cluster(box, boxes)
        if cluster is not None and cluster & ~data.goal_mask and self._verdict(keeper, cluster, self._spread):
            return self._proved("cluster")
        corrals = self.corrals(reach, box, boxes, {} if grown is None else grown)
        if any(self._verdict(keeper, barrier, self._opened(corral)) for corral, barrier in corrals):
            return self._proved("corral")
        return False

    def _proved(self, kind: str) -> bool:
        """True, noting what proved the position dead in `kind` (a learnt pattern, its cluster or a corral:
        a traced search says it)."""
        self.kind = kind
        return True

    def _known(self, keeper: int, box: int, boxes: int) -> bool:
        """Whether a learnt dead pattern holding `box` is in the position, the keeper in its area."""
        for pattern, area in self.patterns.get(box, ()):  # a loop, not any() over a generator: it runs per pop
            if pattern & boxes == pattern and (area >> keeper) & 1:
                return True
        return False

    def _verdict(self, keeper: int, pattern: int, alive: Alive) -> bool:
        """Whether the boxes `pattern` alone, the keeper at `keeper`, are dead (searched once per keeper
        area; a dead one is learnt as a pattern)."""
        area = self.data.reach(keeper, pattern)
        key = (lowest(area), pattern)
        if key not in self.verdicts:
            self.verdicts[key] = self._search(key, alive)
            if self.verdicts[key]:
                for cell in bits(pattern):
                    self.patterns.setdefault(cell, []).append((pattern, area))
        return self.verdicts[key]

    def corrals(self, reach: int, box: int, boxes: int, grown: Grown) -> Iterator[tuple[int, int]]:
        """(corral, barrier) of the I-corrals next to `box` that still have work, up to MAX_CORRAL barrier
        boxes; `reach` is the keeper's area, `grown` the position's corrals grown so far."""
        data = self.data
        free = data.inside & ~boxes & ~reach
        for seed in data.components(data.flood(data.grow(1 << box) & free, free)):
            corral = merged_corral(data, seed, reach, boxes, grown)
            if corral is None:
                continue
            barrier = boxes & data.grow(corral)
            if barrier.bit_count() <= MAX_CORRAL and barrier & ~data.goal_mask:
                yield corral, barrier

    def cluster(self, box: int, boxes: int) -> int | None:
        """The boxes connected to `box` through touching boxes (diagonals too); None when it is alone or
        more than MAX_CLUSTER."""
        cluster = 1 << box
        while True:
            grown = touching(cluster, self.data.width) & boxes
            if grown.bit_count() > MAX_CLUSTER:
                return None
            if grown == cluster:
                return cluster if cluster.bit_count() > 1 else None
            cluster = grown

    def _opened(self, corral: int) -> Alive:
        """A corral is alive once the keeper (its area given) gets into it or all its boxes are on goals."""
        goals = self.data.goal_mask

        def alive(state: tuple[int, int], area: int) -> bool:
            return not state[1] & ~goals or bool(area & corral)

        return alive

    def _spread(self, state: tuple[int, int], area: int) -> bool:
        """A cluster is alive once no two of its boxes touch (or all are on goals)."""
        return self._touching(state) == 0

    def _touching(self, state: tuple[int, int]) -> int:
        """The boxes off goals that touch another box (0 when all are on goals)."""
        boxes, around = state[1], self.around
        if not boxes & ~self.data.goal_mask:
            return 0
        return sum(1 for box in bits(boxes) if around[box] & boxes)

    def _search(self, start: tuple[int, int], alive: Alive) -> bool:
        """Greedy best-first over the pattern's pushes, towards fewer touching boxes: True when it runs dry
        without reaching an `alive` position. Each state's keeper area is flooded once, when it is met."""
        data = self.data
        areas = {start: data.reach(*start)}

        def successors(state: tuple[int, int]) -> list[tuple[None, tuple[int, int]]]:
            boxes, area = state[1], areas[state]
            children = []
            for box, _, target in data.pushes(area, boxes):
                moved = boxes ^ (1 << box) ^ (1 << target)
                if not data.deadlocked(target, moved):
                    reach = data.reach_after(box, moved, area)
                    child = (lowest(reach), moved)
                    areas.setdefault(child, reach)
                    children.append((None, child))
            return children

        def done(state: tuple[int, int]) -> bool:
            return alive(state, areas[state])

        result = best_first(start, successors, done, self._touching, self.deadline, 10, LIMIT)
        return result.status is Status.UNSOLVABLE
