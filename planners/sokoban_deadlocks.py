"""Cluster deadlocks for the push searches (a small form of Junghanns and Schaeffer's pattern search): after
a push, the boxes packed around the pushed one (touching it, diagonals included) are searched on their own,
every other box taken away. Taking boxes away never makes a solvable position unsolvable, so when no push
sequence of that cluster alone brings it onto goals, the whole position is dead. The small (greedy) search stops
with 'alive' as soon as the cluster has spread out (no two of its boxes touch) or is on goals, or after a
fixed number of expansions; only a search that runs dry proves a deadlock. Verdicts are kept per cluster
and keeper area, so each is searched once."""

from __future__ import annotations

from puzzleplan.planners.base import Status
from puzzleplan.planners.search import Deadline, best_first
from puzzleplan.translator.bitset import bits, lowest
from puzzleplan.translator.sokoban.analysis import Analysis

MAX_CLUSTER = 5
"""The most boxes a cluster search moves."""

LIMIT = 100
"""Expansions of one cluster search before it gives up (and calls the cluster alive)."""


class ClusterDeadlocks:
    """Deadlock verdicts for box clusters of one level, searched on demand and remembered."""

    def __init__(self, data: Analysis, deadline: Deadline) -> None:
        self.data, self.deadline = data, deadline
        self.verdicts: dict[tuple[int, int], bool] = {}
        self.around = [_touching(1 << cell, data.width) & ~(1 << cell) for cell in range(len(data.neighbour))]

    def dead(self, keeper: int, box: int, boxes: int) -> bool:
        """True when the cluster of `box` (just pushed there, the keeper at `keeper`) cannot be solved
        alone, so the position `boxes` is dead."""
        data = self.data
        cluster = self.cluster(box, boxes)
        if cluster is None or not cluster & ~data.goal_mask:
            return False
        key = (lowest(data.reach(keeper, cluster)), cluster)
        if key not in self.verdicts:
            self.verdicts[key] = self._search(key)
        return self.verdicts[key]

    def cluster(self, box: int, boxes: int) -> int | None:
        """The boxes connected to `box` through touching boxes (diagonals too); None when it is alone or
        more than MAX_CLUSTER."""
        cluster = 1 << box
        while True:
            grown = _touching(cluster, self.data.width) & boxes
            if grown.bit_count() > MAX_CLUSTER:
                return None
            if grown == cluster:
                return cluster if cluster.bit_count() > 1 else None
            cluster = grown

    def _search(self, start: tuple[int, int]) -> bool:
        """Greedy best-first over the cluster's pushes, towards fewer touching boxes: True when it runs dry
        without the cluster spreading out or reaching goals."""
        data = self.data

        def successors(state: tuple[int, int]) -> list[tuple[None, tuple[int, int]]]:
            keeper, boxes = state
            children = []
            for box, _, target in data.pushes(data.reach(keeper, boxes), boxes):
                moved = boxes ^ (1 << box) ^ (1 << target)
                if not data.deadlocked(target, moved):
                    children.append((None, (lowest(data.reach(box, moved)), moved)))
            return children

        around = self.around

        def touching(state: tuple[int, int]) -> int:
            boxes = state[1]
            if not boxes & ~data.goal_mask:
                return 0
            return sum(1 for box in bits(boxes) if around[box] & boxes)

        result = best_first(start, successors, lambda state: touching(state) == 0, touching, self.deadline, 10, LIMIT)
        return result.status is Status.UNSOLVABLE


def _touching(cells: int, width: int) -> int:
    """The cells of a mask and the eight around each."""
    row = cells | (cells << 1) | (cells >> 1)
    return row | (row << width) | (row >> width)
