"""Native push-level search for Sokoban: A* over pushes with a matching lower bound, dead squares, freeze
deadlocks and states keyed on the normalized keeper position (the smallest cell the keeper can reach).

The plan it returns is full LURD: each push is preceded by the keeper's shortest walk to it."""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import count

from planners.base import Limits, PlanResult, Status
from translator.grid import DIRECTIONS, Cell, step
from translator.sokoban import LURD, Sokoban, SokobanInstance, pull_distances, walk_path

try:                                 # scipy comes with unified-planning; pure Python is the fallback
    from scipy.optimize import linear_sum_assignment as _linear_sum_assignment
except ImportError:  # pragma: no cover
    _linear_sum_assignment = None

INFINITE = 10 ** 9
_NAMES = tuple(DIRECTIONS)           # up, down, left, right: axis 0 is (up, down), axis 1 (left, right)
_BACK = (1, 0, 3, 2)                 # index of the opposite direction
_CHECK_EVERY = 256


@dataclass
class Analysis:
    """Static facts about a level on cell numbers row * width + column (so box and reach sets are bit
    masks): neighbours, goals, dead squares and push distances."""

    width: int
    index: dict[Cell, int]
    neighbour: list[tuple[int, int, int, int]]    # -1 where a wall is
    goal: list[bool]
    goals: list[int]
    live: list[bool]
    distance: list[list[int]]                      # distance[g][cell]: pushes of a lone box to goal g
    inside: int                                    # mask of the walled-in cells
    goal_mask: int

    def mask(self, cells) -> int:
        """The bit mask of some walled-in cells."""
        return sum(1 << self.index[cell] for cell in set(cells) if cell in self.index)

    def cell(self, number: int) -> Cell:
        """The (row, column) of a cell number."""
        return divmod(number, self.width)

    def lower_bound(self, boxes) -> int:
        """Minimum-cost matching of boxes (cells) to goals on push distances; INFINITE when none."""
        return self.bound(self.mask(boxes))

    def bound(self, boxes: int) -> int:
        """The matching lower bound for a box mask (scipy's assignment solver when it is installed)."""
        numbers = bits(boxes)
        if self.matrix is None:
            rows = [[self.distance[g][box] for g in range(len(self.goals))] for box in numbers]
            return INFINITE if any(min(row) >= INFINITE for row in rows) else assignment_cost(rows)
        rows = self.matrix[numbers]
        nearest = rows.min(axis=1)
        if nearest.max() >= INFINITE:
            return INFINITE
        choice = rows.argmin(axis=1)
        if len(set(choice.tolist())) == len(choice):       # every box has its own nearest goal
            return int(nearest.sum())
        row, column = _linear_sum_assignment(rows)
        total = int(rows[row, column].sum())
        return INFINITE if total >= INFINITE else total

    @cached_property
    def matrix(self):
        """distance as a numpy array indexed [cell, goal], or None without numpy and scipy."""
        if _linear_sum_assignment is None:
            return None
        import numpy
        return numpy.array(self.distance, dtype=numpy.int64).T.copy()

    def reach(self, keeper: int, boxes: int) -> int:
        """Mask of the cells the keeper can walk to without pushing (bit-parallel flood fill)."""
        free, width, reach = self.inside & ~boxes, self.width, 1 << keeper
        while True:
            grown = (reach | (reach << 1) | (reach >> 1) | (reach << width) | (reach >> width)) & free
            if grown == reach:
                return reach
            reach = grown

    def deadlocked(self, box: int, boxes: int) -> bool:
        """True when `box` is frozen (immovable along both axes) together with a box off its goal."""
        cluster = self._frozen(box, boxes, 0)
        return cluster is not None and not all(self.goal[b] for b in cluster)

    def _frozen(self, box: int, boxes: int, walls: int) -> list[int] | None:
        """The boxes frozen with `box` (treating the `walls` mask as walls), or None if `box` can move."""
        cluster = [box]
        for axis in (0, 1):
            first, second = self.neighbour[box][2 * axis], self.neighbour[box][2 * axis + 1]
            if first < 0 or second < 0 or (walls >> first) & 1 or (walls >> second) & 1:
                continue
            if not self.live[first] and not self.live[second]:
                continue
            for other in (first, second):
                sub = self._frozen(other, boxes, walls | (1 << box)) if (boxes >> other) & 1 else None
                if sub is not None:
                    cluster += sub
                    break
            else:
                return None
        return cluster


def bits(mask: int) -> list[int]:
    """The positions of the set bits of a mask, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@lru_cache(maxsize=16)
def _analyse(goals: frozenset[Cell], inside: frozenset[Cell], width: int) -> Analysis:
    """Build the Analysis of a walled area with its goals."""
    index = {cell: cell[0] * width + cell[1] for cell in inside}
    size = max(index.values()) + width + 2
    neighbour = [(-1, -1, -1, -1)] * size
    for cell, number in index.items():
        neighbour[number] = tuple(index.get(step(cell, name), -1) for name in _NAMES)
    goal_list = sorted(index[g] for g in goals if g in index)
    distance = []
    for number in goal_list:
        row = [INFINITE] * size
        for cell, pushes in pull_distances(inside, [divmod(number, width)]).items():
            row[index[cell]] = pushes
        distance.append(row)
    live = [any(row[c] < INFINITE for row in distance) for c in range(size)]
    goal = [False] * size
    for number in goal_list:
        goal[number] = True
    inside_mask = sum(1 << number for number in index.values())
    return Analysis(width, index, neighbour, goal, goal_list, live, distance, inside_mask,
                    sum(1 << g for g in goal_list))


def analysis(instance: SokobanInstance) -> Analysis:
    """The (cached) analysis of an instance's level."""
    return _analyse(instance.goals, instance.inside, instance.width)


def assignment_cost(rows: list[list[int]]) -> int:
    """Minimum total cost of assigning each row to a distinct column (rows <= columns): Hungarian method."""
    n, m = len(rows), len(rows[0])
    u, v, match, way = [0] * (n + 1), [0] * (m + 1), [0] * (m + 1), [0] * (m + 1)
    for i in range(1, n + 1):
        match[0], column = i, 0
        minimum, used = [float("inf")] * (m + 1), [False] * (m + 1)
        while match[column]:
            used[column] = True
            row, delta, best = match[column], float("inf"), 0
            for j in range(1, m + 1):
                if not used[j]:
                    current = rows[row - 1][j - 1] - u[row] - v[j]
                    if current < minimum[j]:
                        minimum[j], way[j] = current, column
                    if minimum[j] < delta:
                        delta, best = minimum[j], j
            for j in range(m + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minimum[j] -= delta
            column = best
        while column:
            match[column] = match[way[column]]
            column = way[column]
    total = sum(rows[match[j] - 1][j - 1] for j in range(1, m + 1) if match[j])
    return INFINITE if total >= INFINITE else total


def push_astar(puzzle: Sokoban, instance: SokobanInstance, limits: Limits, weight: int = 1) -> PlanResult:
    """A* over pushes (each push costs 1): push-optimal with weight 1; weight w > 1 orders the frontier by
    g + w*h (weighted A*: faster, at most w times the optimal number of pushes). The plan is full LURD."""
    started = time.perf_counter()
    data = analysis(instance)
    neighbour, live, goal_mask = data.neighbour, data.live, data.goal_mask
    bounds: dict[int, int] = {}

    def bound(boxes: int) -> int:
        if boxes not in bounds:
            bounds[boxes] = data.bound(boxes)
        return bounds[boxes]

    boxes0 = data.mask(instance.active_boxes)
    tie = count(0, -1) if weight > 1 else count()      # greedy: newest first among equals
    parents: list[tuple[int, int, int]] = [(-1, -1, -1)]    # (parent node, box cell, direction)
    frontier = [(weight * bound(boxes0), 0, next(tie), 0, data.index[instance.keeper], boxes0, 0)]
    closed: set[tuple[int, int]] = set()
    expanded = 0
    while frontier:
        f, _, _, g, keeper, boxes, node = heapq.heappop(frontier)
        if f >= INFINITE:
            break
        reach = data.reach(keeper, boxes)
        key = ((reach & -reach).bit_length(), boxes)
        if key in closed:
            continue
        closed.add(key)
        if boxes & goal_mask == boxes:
            return _solved(puzzle, instance, data, parents, node, expanded, started, weight)
        expanded += 1
        if expanded % _CHECK_EVERY == 0 and time.perf_counter() - started > limits.timeout:
            return PlanResult(Status.TIMEOUT, expanded=expanded, search_time=time.perf_counter() - started)
        for box in bits(boxes):
            for d in range(4):
                behind, target = neighbour[box][_BACK[d]], neighbour[box][d]
                if behind < 0 or not (reach >> behind) & 1 or target < 0 or not live[target] \
                        or (boxes >> target) & 1:
                    continue
                moved = boxes ^ (1 << box) ^ (1 << target)
                if data.deadlocked(target, moved):
                    continue
                h = bound(moved)
                if h >= INFINITE:
                    continue
                parents.append((node, box, d))
                heapq.heappush(frontier, (g + 1 + weight * h, h, next(tie), g + 1, box, moved,
                                          len(parents) - 1))
    return PlanResult(Status.UNSOLVABLE, optimal=True, expanded=expanded,
                      search_time=time.perf_counter() - started)


def _solved(puzzle: Sokoban, instance: SokobanInstance, data: Analysis, parents: list, node: int,
            expanded: int, started: float, weight: int) -> PlanResult:
    """The push sequence ending at `node`, expanded to LURD with shortest walks between pushes."""
    pushes = []
    while parents[node][0] >= 0:
        node, box, d = parents[node][0], parents[node][1], parents[node][2]
        pushes.append((data.cell(box), _NAMES[d]))
    pushes.reverse()
    state, letters = puzzle.initial(instance), []
    for box, name in pushes:
        walk = walk_path(instance, state.keeper, step(box, _NAMES[_BACK[_NAMES.index(name)]]), state.boxes)
        for move in (walk or "") + LURD[name].upper():
            state = puzzle.apply(instance, state, move)
            letters.append(move)
    return PlanResult(Status.SOLVED, letters, optimal=weight == 1, expanded=expanded,
                      search_time=time.perf_counter() - started,
                      figures={"optimal_measure": "pushes", "pushes": len(pushes)})


class PushAStar:
    """The push-level A* as a planner (native: it searches the simulator, not PDDL)."""

    native = True
    optimal = True
    fragment = frozenset()

    def __init__(self, name: str = "native-push-astar", weight: int = 1) -> None:
        self.name = name
        self.weight = weight
        self.optimal = weight == 1

    def available(self) -> tuple[bool, str]:
        """Needs nothing outside puzzleplan."""
        return True, ""

    def solve_native(self, puzzle, instance, limits: Limits) -> PlanResult:
        """Push-optimal search for Sokoban levels; other puzzles are unsupported."""
        if not isinstance(puzzle, Sokoban):
            return PlanResult(Status.UNSUPPORTED, message="native-push-astar searches Sokoban levels only")
        return push_astar(puzzle, instance, limits, self.weight)
