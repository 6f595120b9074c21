"""Native push-level search for Sokoban: A* over pushes with a matching lower bound, dead squares, freeze
deadlocks, boxes frozen on goals treated as walls, PI-corral pruning and states keyed on the normalized
keeper position (the smallest cell the keeper can reach). Optionally, goal macros (after Junghanns and
Schaeffer's Rolling Stone): boxes enter a room of goals only by being carried from its entrance straight
to the next goal of a packing order found by pulling boxes out of the full room.

The plan it returns is full LURD: each push is preceded by the keeper's shortest walk to it."""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache, reduce
from itertools import count
from operator import or_

import numpy
from scipy.optimize import linear_sum_assignment

from planners.base import Limits, PlanResult, Status
from translator.grid import DIRECTIONS, Cell, step
from translator.sokoban import LURD, Sokoban, SokobanInstance, pull_distances, push_distances, walk_path

INFINITE = 10**9
_NAMES = tuple(DIRECTIONS)  # up, down, left, right: axis 0 is (up, down), axis 1 (left, right)
_BACK = (1, 0, 3, 2)  # index of the opposite direction
_CHECK_EVERY = 256

Push = tuple[int, int, int]
"""(box cell, direction index, target cell) on cell numbers."""


@dataclass
class Analysis:
    """Static facts about a level on cell numbers row * width + column (so box and reach sets are bit
    masks): neighbours, goals, dead squares and push distances."""

    width: int
    index: dict[Cell, int]
    neighbour: list[tuple[int, int, int, int]]  # -1 where a wall is
    goal: list[bool]
    goals: list[int]
    live: list[bool]
    distance: list[list[int]]  # distance[g][cell]: pushes of a lone box to goal g
    inside: int  # mask of the walled-in cells
    goal_mask: int
    _tables: dict[int, numpy.ndarray] = field(default_factory=dict, repr=False)

    def mask(self, cells) -> int:
        """The bit mask of some walled-in cells."""
        return sum(1 << self.index[cell] for cell in set(cells) if cell in self.index)

    def cell(self, number: int) -> Cell:
        """The (row, column) of a cell number."""
        return divmod(number, self.width)

    def lower_bound(self, boxes) -> int:
        """Minimum-cost matching of boxes (cells) to goals on push distances; INFINITE when none."""
        return self.bound(self.mask(boxes))

    def bound(self, boxes: int, frozen: int = 0) -> int:
        """The matching lower bound for a box mask. Boxes in `frozen` (frozen on their goals: they never
        move again) count as walls, so goals they cut off are out of reach of the others."""
        numbers = bits(boxes & ~frozen)
        if not numbers:
            return 0
        rows = self.table(frozen)[numbers]
        row, column = linear_sum_assignment(rows)  # faster than first trying each box's nearest goal
        total = int(rows[row, column].sum())  # at least INFINITE when some box has no goal left
        return INFINITE if total >= INFINITE else total

    def table(self, frozen: int) -> numpy.ndarray:
        """Push distances [cell, goal] with the `frozen` boxes as walls and their goals left out (computed
        once per frozen set)."""
        if frozen not in self._tables:
            rows = self.distance if not frozen else self._distances(frozen)
            self._tables[frozen] = numpy.array(rows, dtype=numpy.int64).reshape(len(rows), len(self.neighbour)).T.copy()
        return self._tables[frozen]

    def _distances(self, frozen: int) -> list[list[int]]:
        """Push distances to each goal not in `frozen`, with the frozen cells as walls."""
        inside = frozenset(self.cell(n) for n in self.index.values() if not (frozen >> n) & 1)
        goals = [number for number in self.goals if not (frozen >> number) & 1]
        return _distance_rows(self.index, len(self.neighbour), self.width, inside, goals, pull_distances)

    def flood(self, seed: int, area: int) -> int:
        """Mask of the cells of `area` connected to the `seed` mask (bit-parallel flood fill)."""
        reach, width = seed, self.width
        while True:  # grow() written out: this loop is the search's innermost
            grown = (reach | (reach << 1) | (reach >> 1) | (reach << width) | (reach >> width)) & area
            if grown == reach:
                return reach
            reach = grown

    def components(self, cells: int) -> Iterator[int]:
        """The connected parts of a mask, each as a mask."""
        while cells:
            part = self.flood(cells & -cells, cells)
            cells &= ~part
            yield part

    def reach(self, keeper: int, boxes: int) -> int:
        """Mask of the cells the keeper can walk to without pushing."""
        return self.flood(1 << keeper, self.inside & ~boxes)

    def pushes(self, reach: int, boxes: int) -> list[Push]:
        """Every push the keeper can make from its area onto a live free cell."""
        neighbour, live, found = self.neighbour, self.live, []
        for box in bits(boxes):
            for d in range(4):
                behind, target = neighbour[box][_BACK[d]], neighbour[box][d]
                if behind >= 0 and (reach >> behind) & 1 and target >= 0 and live[target] and not (boxes >> target) & 1:
                    found.append((box, d, target))
        return found

    def pulls(self, reach: int, boxes: int) -> list[Push]:
        """Every pull the keeper can make (searching backwards): it stands next to a box and steps away,
        the box following onto its cell (a live one); the keeper ends one cell further, at target + d."""
        neighbour, live, found = self.neighbour, self.live, []
        for box in bits(boxes):
            for d in range(4):
                target = neighbour[box][d]
                if target >= 0 and (reach >> target) & 1 and live[target]:
                    beyond = neighbour[target][d]
                    if beyond >= 0 and not (boxes >> beyond) & 1:
                        found.append((box, d, target))
        return found

    def corral_pushes(self, reach: int, boxes: int, pushes: list[Push]) -> list[Push]:
        """The pushes worth trying: those of the barrier of the PI-corral with the fewest pushes, or all.

        A corral is an area of free cells the keeper cannot reach; its barrier is the boxes next to it.
        It is a PI-corral when every barrier box can only ever be pushed into it (I) and the keeper can
        make every such push now (P). If it still has work (a barrier box off its goal, or an empty goal
        inside when goals and boxes are as many), every solution pushes a barrier box into it first, and
        that push can be made first: pruning the others keeps solvability and push-optimality."""
        best = pushes
        for corral in self.components(self.inside & ~boxes & ~reach):
            barrier = boxes & self.grow(corral)
            if not self._needs_work(corral, barrier, boxes) or not self._pi(corral, barrier, reach):
                continue
            chosen = [push for push in pushes if (barrier >> push[0]) & 1]
            if len(chosen) < len(best):
                best = chosen
        return best

    def grow(self, cells: int) -> int:
        """The cells next to some cell of the mask, and the mask itself."""
        width = self.width
        return cells | (cells << 1) | (cells >> 1) | (cells << width) | (cells >> width)

    def _needs_work(self, corral: int, barrier: int, boxes: int) -> bool:
        """A barrier box off its goal, or an empty goal inside that some box must fill."""
        if barrier & ~self.goal_mask:
            return True
        return bool(corral & self.goal_mask) and len(self.goals) == bin(boxes).count("1")

    def _pi(self, corral: int, barrier: int, reach: int) -> bool:
        """I and P: every live push of a barrier box goes into the corral, and the keeper can make each
        one that does now. A push whose keeper cell is a barrier box or in the corral cannot happen before
        some barrier box moves, so it does not count."""
        neighbour, live = self.neighbour, self.live
        for box in bits(barrier):
            for d in range(4):
                behind, target = neighbour[box][_BACK[d]], neighbour[box][d]
                if behind < 0 or target < 0 or not live[target] or (barrier >> target) & 1:
                    continue
                if ((corral | barrier) >> behind) & 1:
                    continue
                if not (corral >> target) & 1 or not (reach >> behind) & 1:
                    return False
        return True

    def frozen_with(self, box: int, boxes: int) -> int | None:
        """After a push onto `box`: None when it is frozen (immovable along both axes) together with a
        box off its goal, a deadlock; else the mask of the boxes it is frozen with, all on goals (0 when
        it can move)."""
        cluster = self._frozen(box, boxes, 0)
        if cluster is None:
            return 0
        if not all(self.goal[b] for b in cluster):
            return None
        mask = 0
        for member in cluster:  # a box can appear twice (reached along both axes): OR, not sum
            mask |= 1 << member
        return mask

    def deadlocked(self, box: int, boxes: int) -> bool:
        """True when `box` is frozen (immovable along both axes) together with a box off its goal."""
        return self.frozen_with(box, boxes) is None

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
def _analyse(targets: frozenset[Cell], inside: frozenset[Cell], width: int, pulling: bool = True) -> Analysis:
    """Build the Analysis of a walled area towards its goals (pulling: push distances to the targets), or
    for searching backwards (the targets are the initial boxes and distances are pulls back to them)."""
    index = {cell: cell[0] * width + cell[1] for cell in inside}
    size = max(index.values()) + width + 2
    neighbour = [(-1, -1, -1, -1)] * size
    for cell, number in index.items():
        neighbour[number] = tuple(index.get(step(cell, name), -1) for name in _NAMES)
    goal_list = sorted(index[g] for g in targets if g in index)
    distance = _distance_rows(index, size, width, inside, goal_list, pull_distances if pulling else push_distances)
    live = [any(row[c] < INFINITE for row in distance) for c in range(size)]
    goal = [False] * size
    for number in goal_list:
        goal[number] = True
    inside_mask = sum(1 << number for number in index.values())
    return Analysis(
        width, index, neighbour, goal, goal_list, live, distance, inside_mask, sum(1 << g for g in goal_list)
    )


def _distance_rows(
    index: dict[Cell, int], size: int, width: int, inside: frozenset[Cell], targets: list[int], lone_box
) -> list[list[int]]:
    """One row per target cell number: a lone box's pushes (lone_box: pull_distances or push_distances)
    between it and every cell number of `inside`, INFINITE where there is no way."""
    rows = []
    for number in targets:
        row = [INFINITE] * size
        for cell, pushes in lone_box(inside, [divmod(number, width)]).items():
            row[index[cell]] = pushes
        rows.append(row)
    return rows


@dataclass(frozen=True)
class GoalRoom:
    """A connected group of at least MIN_ROOM goals, empty at the start, that boxes enter only by goal
    macros: a box pushed onto an entrance (a cell next to the room) is carried straight on to the room's
    next goal in `order`, and boxes in the room never move again."""

    cells: int
    entrances: int
    order: tuple[int, ...]

    def next_goal(self, boxes: int) -> int | None:
        """The goal the next box fills (the filled goals are always a prefix of the order)."""
        filled = bin(boxes & self.cells).count("1")
        return self.order[filled] if filled < len(self.order) else None


MIN_ROOM = 4


def goal_rooms(data: Analysis, boxes: int) -> tuple[GoalRoom, ...]:
    """The goal rooms of a level whose boxes are `boxes`: connected goal groups holding no box, with a
    packing order."""
    rooms = []
    for cells in data.components(data.goal_mask):
        if cells & boxes or bin(cells).count("1") < MIN_ROOM:
            continue
        entrances = data.grow(cells) & data.inside & ~cells
        order = _packing_order(data, cells, entrances)
        if order:
            rooms.append(GoalRoom(cells, entrances, order))
    return tuple(rooms)


def _packing_order(data: Analysis, cells: int, entrances: int) -> tuple[int, ...] | None:
    """An order to fill the room's goals, found backwards: from the full room, pull out the box nearest
    to an entrance (the rest of the level empty) until none is left; filling goes the other way round.
    None when some full stage has no box that can be pulled out."""
    boxes, removed = cells, []
    while boxes:
        reach = data.flood(entrances & ~boxes, data.inside & ~boxes)
        paths = [
            (len(path), box)
            for box in bits(boxes)
            if (path := move_one_box(data, box, reach, boxes ^ (1 << box), entrances, pulling=True)) is not None
        ]
        if not paths:
            return None
        box = min(paths)[1]
        removed.append(box)
        boxes ^= 1 << box
    return tuple(reversed(removed))


def move_one_box(
    data: Analysis, box: int, reach: int, others: int, targets: int, pulling: bool = False
) -> list[tuple[int, int]] | None:
    """The fewest pushes (or pulls) that bring `box` onto a cell of `targets`, the `others` staying put
    and the keeper starting in the `reach` mask, as (box cell, direction) pushes in the order made (a
    pull as the push that undoes it); None when there is no way. Breadth-first over (box, keeper area)."""
    start = (box, (reach & -reach).bit_length())
    parent: dict[tuple[int, int], tuple] = {start: None}
    frontier = [(box, reach)]
    while frontier:
        following = []
        for box, reach in frontier:
            here = (box, (reach & -reach).bit_length())
            if (targets >> box) & 1:
                return _one_box_path(parent, here)
            moves = data.pulls(reach, 1 << box) if pulling else data.pushes(reach, 1 << box)
            for _, d, target in moves:
                keeper = data.neighbour[target][d] if pulling else box
                if (others >> target) & 1 or (others >> keeper) & 1:
                    continue
                area = data.reach(keeper, others | (1 << target))
                key = (target, (area & -area).bit_length())
                if key not in parent:
                    parent[key] = (here, (target, _BACK[d]) if pulling else (box, d))
                    following.append((target, area))
        frontier = following
    return None


def _one_box_path(parent: dict, key: tuple[int, int]) -> list[tuple[int, int]]:
    """The pushes along the parent links of move_one_box, in the order made."""
    pushes = []
    while parent[key] is not None:
        key, push = parent[key]
        pushes.append(push)
    return pushes[::-1]


def analysis(instance: SokobanInstance) -> Analysis:
    """The (cached) analysis of an instance's level."""
    return _analyse(instance.goals, instance.inside, instance.width)


def backward_analysis(instance: SokobanInstance) -> Analysis:
    """The analysis for searching backwards: its goals are the initial boxes, its distances pulls."""
    return _analyse(instance.active_boxes, instance.inside, instance.width, pulling=False)


class _Heap:
    """Best first: one priority queue of (priority, ...) entries."""

    def __init__(self) -> None:
        self.entries: list[tuple] = []

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry (the group is not used)."""
        heapq.heappush(self.entries, entry)

    def pop(self) -> tuple | None:
        """The entry of least priority; None when empty."""
        return heapq.heappop(self.entries) if self.entries else None


class _FeatureCycle:
    """Feature-space cycling (after Shoham and Schaeffer's FESS): entries are grouped by features of their
    position, and the turns go round the groups, each taking its group's entry of least priority. A
    position that packs a box or opens the level up is so tried soon even when its bound is no better."""

    def __init__(self) -> None:
        self.groups: dict[tuple, list[tuple]] = {}
        self.turns: list[tuple] = []  # the groups, in the order first met
        self.turn = 0

    def push(self, entry: tuple, group: tuple) -> None:
        """Queue an entry in its group."""
        if group not in self.groups:
            self.groups[group] = []
            self.turns.append(group)
        heapq.heappush(self.groups[group], entry)

    def pop(self) -> tuple | None:
        """The best entry of the next group that has one; None when all are empty."""
        for _ in range(len(self.turns)):
            heap = self.groups[self.turns[self.turn]]
            self.turn = (self.turn + 1) % len(self.turns)
            if heap:
                return heapq.heappop(heap)
        return None


class _Side:
    """One direction of a push search, best-first on g + weight * h: forward over pushes from the level
    (PI-corral pruning, freeze deadlocks, boxes frozen on goals as walls), or backward over pulls from the
    solved position. Nodes record the forward pushes that link them to their parent (several for a goal
    macro). With `cycle`, the turns go round groups of positions with as many boxes on goals and regions
    of free floor (_FeatureCycle)."""

    def __init__(
        self, data: Analysis, forward: bool, weight: int, rooms: tuple[GoalRoom, ...] = (), cycle: bool = False
    ) -> None:
        self.data, self.forward, self.weight = data, forward, weight
        self.rooms = rooms
        self.room_cells = sum(room.cells for room in self.rooms)
        self.entrances = reduce(or_, (room.entrances for room in self.rooms), 0)
        self.queue = _FeatureCycle() if cycle else _Heap()
        self.cycle = cycle
        self.astar = weight == 1 and not rooms and not cycle  # its first solution is optimal
        self.closed: dict[tuple[int, int], int] = {}
        self.parents: list[tuple[int, tuple]] = []  # (parent node, (box cell, direction) pushes)
        self.bounds: dict[int, tuple[int, tuple]] = {}  # boxes: (bound, group)
        self.tie = count(0, -1) if weight > 1 else count()  # weighted: newest first among equals
        self.expanded = 0

    def add(self, g: int, keeper: int, boxes: int, parent: int, pushes: tuple) -> None:
        """Queue a position reached from node `parent` by `pushes`, unless its bound proves it dead."""
        if boxes not in self.bounds:
            self.bounds[boxes] = self._assess(boxes)
        h, group = self.bounds[boxes]
        if h < INFINITE:
            self.parents.append((parent, pushes))
            self.queue.push((g + self.weight * h, h, next(self.tie), g, keeper, boxes, len(self.parents) - 1), group)

    def _assess(self, boxes: int) -> tuple[int, tuple]:
        """The bound of a box mask and, when cycling, its group: (boxes on goals, regions of free floor)."""
        data = self.data
        bound = data.bound(boxes, _frozen_on_goals(data, boxes) if self.forward else 0)
        if not self.cycle or bound >= INFINITE:
            return bound, ()
        regions = sum(1 for _ in data.components(data.inside & ~boxes))
        return bound, (bin(boxes & data.goal_mask).count("1"), regions)

    def pop(self) -> tuple | None:
        """The best position not yet closed, as (key, node, reach, boxes, g); None when empty."""
        while (entry := self.queue.pop()) is not None:
            _, _, _, g, keeper, boxes, node = entry
            reach = self.data.reach(keeper, boxes)
            key = ((reach & -reach).bit_length(), boxes)
            if key not in self.closed:
                self.closed[key] = node
                return key, node, reach, boxes, g
        return None

    def expand(self, node: int, reach: int, boxes: int, g: int) -> None:
        """Queue the children of a closed position."""
        self.expanded += 1
        data = self.data
        if self.forward:
            for box in bits(boxes & self.entrances):  # boxes waiting at a room's entrance
                self._carry(node, g, box, reach, boxes)
            pushes = data.pushes(reach, boxes)
            chosen = data.corral_pushes(reach, boxes, pushes)
            if any(self._touches_room(push) for push in chosen):
                chosen = pushes  # the corral's push may be one no macro makes: pruning is unsound then
            for box, d, target in chosen:
                if self._touches_room((box, d, target)):
                    continue  # boxes enter rooms by macros only, and stay
                moved = boxes ^ (1 << box) ^ (1 << target)
                if (
                    data.deadlocked(target, moved)
                    or (self.entrances >> target) & 1
                    and self._carry(node, g + 1, target, data.reach(box, moved), moved, ((box, d),))
                ):
                    continue
                self.add(g + 1, box, moved, node, ((box, d),))
            return
        for box, d, target in data.pulls(reach, boxes):
            moved = boxes ^ (1 << box) ^ (1 << target)
            self.add(g + 1, data.neighbour[target][d], moved, node, ((target, _BACK[d]),))

    def _touches_room(self, push: Push) -> bool:
        """Whether a push moves a box in a goal room or onto one of its cells."""
        return bool(((self.room_cells >> push[0]) | (self.room_cells >> push[2])) & 1)

    def _carry(self, node: int, g: int, box: int, reach: int, boxes: int, before: tuple = ()) -> bool:
        """A goal macro for a box on an entrance: when it can be pushed on to its room's next goal (the
        keeper in `reach`, the other boxes staying put), queue the position where it is there, reached by
        the pushes `before` and those (True)."""
        for room in self.rooms:
            goal = room.next_goal(boxes) if (room.entrances >> box) & 1 else None
            if goal is None:
                continue
            others = boxes ^ (1 << box)
            pushes = move_one_box(self.data, box, reach, others, 1 << goal)
            if pushes:
                self.add(g + len(pushes), pushes[-1][0], others | (1 << goal), node, (*before, *pushes))
                return True
        return False

    def pushes_to(self, node: int) -> list[tuple[int, int]]:
        """The (box cell, direction) pushes along the parent links from `node` to the root: the forward
        side's in reverse order, the backward side's in the order they are made."""
        found = []
        while self.parents[node][0] >= 0:
            node, pushes = self.parents[node]
            found += reversed(pushes) if self.forward else pushes
        return found


def push_astar(
    puzzle: Sokoban,
    instance: SokobanInstance,
    limits: Limits,
    weight: int = 1,
    bidirectional: bool = False,
    macros: bool = False,
    cycle: bool = False,
) -> PlanResult:
    """Best-first search over pushes (each costs 1) on g + weight * h: forward A* (weight 1) is
    push-optimal; weight w > 1 finds at most w times the optimal pushes. Bidirectional search (when goals
    and boxes are as many) alternates with a backward search over pulls from the solved position and stops
    where the two meet (not optimal). With macros, boxes enter goal rooms by goal macros only (not
    optimal; when that search runs dry, the plain one goes on in the time left). With `cycle`, the forward
    search goes round groups of positions by features (_FeatureCycle; not optimal). The plan is full LURD."""
    started = time.perf_counter()
    data = analysis(instance)
    boxes0 = data.mask(instance.active_boxes)
    rooms = goal_rooms(data, boxes0) if macros else ()
    result = _best_first(puzzle, instance, limits, weight, bidirectional, rooms, cycle)
    if not rooms or result.status is not Status.UNSOLVABLE:
        return result
    rest = Limits(max(limits.timeout - (time.perf_counter() - started), 0.0), limits.memory_mb)
    plain = _best_first(puzzle, instance, rest, weight, bidirectional, (), cycle)
    return replace(plain, search_time=time.perf_counter() - started, expanded=result.expanded + (plain.expanded or 0))


def _best_first(
    puzzle: Sokoban,
    instance: SokobanInstance,
    limits: Limits,
    weight: int,
    bidirectional: bool,
    rooms: tuple[GoalRoom, ...],
    cycle: bool,
) -> PlanResult:
    """push_astar's search with the given goal rooms (no macros when there are none)."""
    started = time.perf_counter()
    data = analysis(instance)
    forward = _Side(data, True, weight, rooms, cycle)
    boxes0 = data.mask(instance.active_boxes)
    forward.add(0, data.index[instance.keeper], boxes0, -1, ())
    sides = [forward]
    if bidirectional and len(data.goals) == bin(boxes0).count("1"):
        sides.append(_backward_side(instance, data, weight))
    active, turn = list(sides), 0
    while True:
        side = active[turn % len(active)]
        turn += 1
        popped = side.pop()
        if popped is None and side is forward:
            break
        if popped is None:
            active.remove(side)  # the backward search ran dry: that proves nothing
            continue
        key, node, reach, boxes, g = popped
        other = active[-1] if side is forward else forward
        if other is not side and key in other.closed:
            ends = (node, other.closed[key]) if side is forward else (other.closed[key], node)
            return _solved(puzzle, instance, sides, ends, started)
        if side is forward and boxes & data.goal_mask == boxes:
            return _solved(puzzle, instance, sides, (node, None), started)
        side.expand(node, reach, boxes, g)
        if turn % _CHECK_EVERY == 0 and time.perf_counter() - started > limits.timeout:
            return PlanResult(Status.TIMEOUT, expanded=_expanded(sides), search_time=time.perf_counter() - started)
    return PlanResult(
        Status.UNSOLVABLE, optimal=True, expanded=_expanded(sides), search_time=time.perf_counter() - started
    )


def _backward_side(instance: SokobanInstance, data: Analysis, weight: int) -> _Side:
    """The backward search, started from every keeper area of the solved position."""
    backward = _Side(backward_analysis(instance), False, weight)
    for area in data.components(data.inside & ~data.goal_mask):
        backward.add(0, (area & -area).bit_length() - 1, data.goal_mask, -1, ())
    return backward


def _expanded(sides: list[_Side]) -> int:
    """Positions expanded by all sides."""
    return sum(side.expanded for side in sides)


def _frozen_on_goals(data: Analysis, boxes: int) -> int:
    """The mask of the boxes frozen on goals in a position (they never move again): a function of the
    boxes alone, so the bound stays consistent whichever path reaches them."""
    frozen = 0
    for box in bits(boxes & data.goal_mask):
        if not (frozen >> box) & 1:
            frozen |= data.frozen_with(box, boxes) or 0
    return frozen


def _solved(
    puzzle: Sokoban, instance: SokobanInstance, sides: list[_Side], ends: tuple[int, int | None], started: float
) -> PlanResult:
    """The pushes from the start to the forward node ends[0], then (where the searches met) those from
    the backward node ends[1] to the solved position, as a plan. Optimal when forward A* (without goal
    macros or cycling) reached the solved position itself."""
    pushes = sides[0].pushes_to(ends[0])[::-1]
    if ends[1] is not None:
        pushes += sides[1].pushes_to(ends[1])
    return _plan(puzzle, instance, pushes, _expanded(sides), started, optimal=ends[1] is None and sides[0].astar)


def _plan(
    puzzle: Sokoban,
    instance: SokobanInstance,
    pushes: list[tuple[int, int]],
    expanded: int,
    started: float,
    optimal: bool,
) -> PlanResult:
    """A push sequence (box cell, direction) expanded to LURD with shortest walks between pushes."""
    data, state, letters = analysis(instance), puzzle.initial(instance), []
    for box, d in pushes:
        cell = data.cell(box)
        walk = walk_path(instance, state.keeper, step(cell, _NAMES[_BACK[d]]), state.boxes)
        for move in (walk or "") + LURD[_NAMES[d]].upper():
            state = puzzle.apply(instance, state, move)
            letters.append(move)
    return PlanResult(
        Status.SOLVED,
        letters,
        optimal=optimal,
        expanded=expanded,
        search_time=time.perf_counter() - started,
        figures={"optimal_measure": "pushes", "pushes": len(pushes)},
    )


class PushAStar:
    """The push-level searches as planners (native: they search the simulator, not PDDL): forward A*
    (push-optimal) or bidirectional weighted A*, optionally with goal macros."""

    native = True
    optimal = True
    fragment = frozenset()

    def __init__(
        self,
        name: str = "native-push-astar",
        weight: int = 1,
        bidirectional: bool = False,
        macros: bool = False,
        cycle: bool = False,
    ) -> None:
        self.name = name
        self.weight, self.bidirectional, self.macros, self.cycle = weight, bidirectional, macros, cycle
        self.optimal = weight == 1 and not bidirectional and not macros and not cycle

    def available(self) -> tuple[bool, str]:
        """Needs nothing outside puzzleplan."""
        return True, ""

    def solve_native(self, puzzle, instance, limits: Limits) -> PlanResult:
        """Search a Sokoban level; other puzzles are unsupported."""
        if not isinstance(puzzle, Sokoban):
            return PlanResult(Status.UNSUPPORTED, message=f"{self.name} searches Sokoban levels only")
        return push_astar(puzzle, instance, limits, self.weight, self.bidirectional, self.macros, self.cycle)
