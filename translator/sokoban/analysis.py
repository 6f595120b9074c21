"""What the push searches need to know about a Sokoban level, as plain functions and data on cell
numbers (row * width + column, so that box and reach sets are bit masks): push distances of a lone box,
the matching lower bound, freeze deadlocks, boxes frozen on goals, goal rooms with their
packing order, and the fewest pushes that bring one box somewhere."""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from puzzleplan.translator.bitset import bits, flood, flood8, lowest, touching
from puzzleplan.translator.graph import path_back
from puzzleplan.translator.grid import DIRECTIONS, Cell, step
from puzzleplan.translator.sokoban.level import SokobanInstance, pull_distances, push_distances

if TYPE_CHECKING:
    import numpy

try:  # kernels of this module and corrals.py compiled at install (_analysis.c); optional: without a compiler,
    # the Python code (the methods and functions named ..._loop)
    from puzzleplan.translator.sokoban._analysis import frozen_with as compiled_frozen_with
    from puzzleplan.translator.sokoban._analysis import move_one_box as compiled_move_one_box
    from puzzleplan.translator.sokoban._analysis import moves as compiled_moves
    from puzzleplan.translator.sokoban._analysis import pushed_beyond as compiled_pushed_beyond
except ImportError:  # pragma: no cover - a build without a compiler
    compiled_frozen_with = compiled_move_one_box = compiled_moves = compiled_pushed_beyond = None  # type: ignore

BOARD_CELLS = 4096
"""The largest board _analysis.c takes (its masks are arrays of 64 words on the stack)."""

INFINITE = 10**9
NAMES = tuple(DIRECTIONS)  # up, down, left, right: axis 0 is (up, down), axis 1 (left, right)
BACK = (1, 0, 3, 2)  # index of the opposite direction

Push = tuple[int, int, int]
"""(box cell, direction index, target cell) on cell numbers."""


@dataclass
class Analysis:
    """Static facts about a level on cell numbers row * width + column (so box and reach sets are bit
    masks): neighbours, goals, dead squares and push distances."""

    width: int
    index: dict[Cell, int]
    neighbour: list[tuple[int, ...]]  # of each cell, one per direction of NAMES; -1 where a wall is
    goal: list[bool]
    goals: list[int]
    live: list[bool]
    distance: list[list[int]]  # distance[g][cell]: pushes of a lone box to goal g
    inside: int  # mask of the walled-in cells
    goal_mask: int
    _tables: dict[int, numpy.ndarray] = field(default_factory=dict, repr=False)
    _costs: dict[int, list[list[int]]] = field(default_factory=dict, repr=False)

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
        costs = self.costs(frozen)
        total = matching([costs[number] for number in numbers], lambda: self.table(frozen)[numbers])
        return INFINITE if total >= INFINITE else total  # at least INFINITE when some box has no goal left

    def costs(self, frozen: int) -> list[list[int]]:
        """Push distances [cell][goal] as lists, for the small matchings (computed once per frozen set)."""
        if frozen not in self._costs:
            rows = self.distance if not frozen else self._distances(frozen)
            self._costs[frozen] = [list(column) for column in zip(*rows)] if rows else []
        return self._costs[frozen]

    def table(self, frozen: int) -> numpy.ndarray:
        """Push distances [cell, goal] with the `frozen` boxes as walls and their goals left out (computed
        once per frozen set), as floats: the assignment solver would convert integers on every call."""
        import numpy

        if frozen not in self._tables:
            rows = self.distance if not frozen else self._distances(frozen)
            shape = (len(rows), len(self.neighbour))
            self._tables[frozen] = numpy.array(rows, dtype=numpy.float64).reshape(shape).T.copy()
        return self._tables[frozen]

    def _distances(self, frozen: int) -> list[list[int]]:
        """Push distances to each goal not in `frozen`, with the frozen cells as walls."""
        inside = frozenset(self.cell(n) for n in self.index.values() if not (frozen >> n) & 1)
        goals = [number for number in self.goals if not (frozen >> number) & 1]
        return _distance_rows(self.index, len(self.neighbour), self.width, inside, goals, pull_distances)

    def tunnel(self, axis: int) -> int:
        """Mask of the cells with walls on both sides across `axis` (0: up-down, so walls left and right):
        one-wide tunnels along it."""
        across = 2 * (1 - axis)
        return sum(
            1 << n for n in self.index.values() if self.neighbour[n][across] < 0 and self.neighbour[n][across + 1] < 0
        )

    def flood(self, seed: int, area: int) -> int:
        """Mask of the cells of `area` connected to the `seed` mask (bit-parallel flood fill)."""
        return flood(seed, area, self.width)

    def components(self, cells: int) -> Iterator[int]:
        """The connected parts of a mask, each as a mask."""
        while cells:
            part = self.flood(cells & -cells, cells)
            cells &= ~part
            yield part

    def reach(self, keeper: int, boxes: int) -> int:
        """Mask of the cells the keeper can walk to without pushing."""
        return self.flood(1 << keeper, self.inside & ~boxes)

    def reach_after(self, keeper: int, boxes: int, before: int) -> int:
        """reach(keeper, boxes), flooded from `before` (the keeper's area before a push) too when no box
        stands in it now and the keeper is next to it, as after a push onto a cell outside it: that area is
        still connected, and the keeper's. The same cells in fewer steps."""
        if before and not before & boxes and self.grow(1 << keeper) & before:
            return self.flood(before | (1 << keeper), self.inside & ~boxes)
        return self.reach(keeper, boxes)

    def regions(self, boxes: int) -> int:
        """How many connected parts the boxes cut the free floor into (as many as components() yields),
        from its Euler number: cells less neighbouring pairs plus 2x2 squares counts the parts less their
        holes, the groups of boxes and walls the floor closes round (diagonal neighbours joined). Counting
        the holes moves only the few boxes, not the whole floor."""
        free, width = self.inside & ~boxes, self.width
        pairs = free & (free >> 1)
        euler = (
            free.bit_count()
            - pairs.bit_count()
            - (free & (free >> width)).bit_count()
            + (pairs & (pairs >> width)).bit_count()
        )
        return euler + self.holes(boxes)

    def holes(self, boxes: int) -> int:
        """The groups of boxes and wall islands (diagonal neighbours joined) that touch no wall of the
        level's outside (diagonals too): the free floor closes round each."""
        islands, coast = self._walls
        blocked = boxes | islands
        enclosed = blocked & ~flood8(blocked & coast, blocked, self.width)
        count = 0
        while enclosed:
            enclosed &= ~flood8(enclosed & -enclosed, enclosed, self.width)
            count += 1
        return count

    @cached_property
    def _walls(self) -> tuple[int, int]:
        """(the wall islands: cells off the walled area that no path of such cells, diagonals included,
        links to the level's outside; the cells next to the outside walls, diagonals included). Cell 0 is
        outside: the walled area never reaches the first row."""
        width = self.width
        walls = ((1 << len(self.neighbour)) - 1) & ~self.inside
        outer = flood8(1, walls, width)
        return walls & ~outer, touching(outer, width)

    @cached_property
    def lines(self) -> list[tuple[tuple[int, int, int], ...]]:
        """For each cell, the pushes of a box on it that walls and dead squares allow: (direction, keeper
        cell behind the box, live target cell), in the order of NAMES."""
        return [
            tuple(
                (d, around[BACK[d]], around[d])
                for d in range(4)
                if around[BACK[d]] >= 0 and around[d] >= 0 and self.live[around[d]]
            )
            for around in self.neighbour
        ]

    @cached_property
    def axes(self) -> list[tuple[int, ...]]:
        """For each cell, the mask of its two neighbours along each axis along which a box on it can move
        (no wall on either side, not both dead squares): it can when neither holds a box."""
        return [
            tuple(
                (1 << first) | (1 << second)
                for first, second in (around[:2], around[2:])
                if first >= 0 and second >= 0 and (self.live[first] or self.live[second])
            )
            for around in self.neighbour
        ]

    def pushes(self, reach: int, boxes: int) -> list[Push]:
        """Every push the keeper can make from its area onto a live free cell (compiled where it can be)."""
        if self.board:
            return compiled_moves(self.board, reach, boxes, False)
        return self.pushes_loop(reach, boxes)

    def pushes_loop(self, reach: int, boxes: int) -> list[Push]:
        """pushes in Python."""
        lines, found = self.lines, []
        for box in bits(boxes):
            for d, behind, target in lines[box]:
                if (reach >> behind) & 1 and not (boxes >> target) & 1:
                    found.append((box, d, target))
        return found

    def pulls(self, reach: int, boxes: int) -> list[Push]:
        """Every pull the keeper can make (searching backwards): it stands next to a box and steps away,
        the box following onto its cell (a live one); the keeper ends one cell further, at target + d.
        Compiled where it can be."""
        if self.board:
            return compiled_moves(self.board, reach, boxes, True)
        return self.pulls_loop(reach, boxes)

    def pulls_loop(self, reach: int, boxes: int) -> list[Push]:
        """pulls in Python."""
        neighbour, live, found = self.neighbour, self.live, []
        for box in bits(boxes):
            for d in range(4):
                target = neighbour[box][d]
                if target >= 0 and (reach >> target) & 1 and live[target]:
                    beyond = neighbour[target][d]
                    if beyond >= 0 and not (boxes >> beyond) & 1:
                        found.append((box, d, target))
        return found

    def grow(self, cells: int) -> int:
        """The cells next to some cell of the mask, and the mask itself."""
        width = self.width
        return cells | (cells << 1) | (cells >> 1) | (cells << width) | (cells >> width)

    def cuts(self, cell: int, free: int) -> bool:
        """Whether taking `cell` out of the `free` cells may split the part of them it is in: False when its
        free neighbours are joined round it (through free corner cells), so the rest of its part stays
        connected (a path through it can go round). Read off its 3x3 neighbourhood: three row shifts."""
        width = self.width
        low, middle, high = (free >> (cell - width - 1)) & 7, (free >> (cell - 1)) & 7, (free >> (cell + width - 1)) & 7
        return _CUTS[low | middle << 3 | high << 6]

    def entrances(self, cells: int) -> int:
        """The walled-in cells next to a mask and outside it (a goal group's entrances)."""
        return self.grow(cells) & self.inside & ~cells

    @cached_property
    def board(self) -> bytes:
        """The cells' neighbours, axes (as `sides`), live squares and goals packed for the compiled kernels of
        _analysis.c: int32 numbers, the count of cells, then 10 for each; empty without those kernels or on a
        board larger than they take."""
        if compiled_frozen_with is None or len(self.neighbour) > BOARD_CELLS:
            return b""
        packed = array("i", [len(self.neighbour)])
        for around, sides, live, goal in zip(self.neighbour, self.sides, self.live, self.goal):
            packed.extend([*around, *(cell for pair in sides for cell in pair)] + [-1] * (4 - 2 * len(sides)))
            packed.extend([int(live), int(goal)])
        return packed.tobytes()

    def frozen_with(self, box: int, boxes: int) -> int | None:
        """After a push onto `box`: None when it is frozen (immovable along both axes) together with a
        box off its goal, a deadlock; else the mask of the boxes it is frozen with, all on goals (0 when
        it can move). Compiled where it can be (frozen_with_loop is the same in Python)."""
        if self.board:
            return compiled_frozen_with(self.board, box, boxes)
        return self.frozen_with_loop(box, boxes)

    def frozen_with_loop(self, box: int, boxes: int) -> int | None:
        """frozen_with in Python."""
        for pair in self.axes[box]:
            if not boxes & pair:
                return 0  # free along an axis: _frozen would find the same, only slower
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
        cluster, inner = [box], walls | (1 << box)
        for first, second in self.sides[box]:
            if ((walls >> first) | (walls >> second)) & 1:
                continue
            for other in (first, second):
                sub = self._frozen(other, boxes, inner) if (boxes >> other) & 1 else None
                if sub is not None:
                    cluster += sub
                    break
            else:
                return None
        return cluster

    @cached_property
    def sides(self) -> list[tuple[tuple[int, int], ...]]:
        """For each cell, its two neighbours along each axis along which a box on it can move (the pairs
        of `axes`, in the order of the axes)."""
        return [
            tuple(
                (first, second)
                for first, second in (around[:2], around[2:])
                if first >= 0 and second >= 0 and (self.live[first] or self.live[second])
            )
            for around in self.neighbour
        ]


@lru_cache(maxsize=16)
def _analyse(targets: frozenset[Cell], inside: frozenset[Cell], width: int, pulling: bool = True) -> Analysis:
    """Build the Analysis of a walled area towards its goals (pulling: push distances to the targets), or
    for searching backwards (the targets are the initial boxes and distances are pulls back to them)."""
    index = {cell: cell[0] * width + cell[1] for cell in inside}
    size = max(index.values()) + width + 2
    neighbour: list[tuple[int, ...]] = [(-1, -1, -1, -1)] * size
    for cell, number in index.items():
        neighbour[number] = tuple(index.get(step(cell, name), -1) for name in NAMES)
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
        filled = (boxes & self.cells).bit_count()
        return self.order[filled] if filled < len(self.order) else None


MIN_ROOM = 4


def goal_rooms(data: Analysis, boxes: int, entries: bool = False) -> tuple[GoalRoom, ...]:
    """The goal rooms of a level whose boxes are `boxes`: connected goal groups holding no box, with a
    packing order (with `entries`, one whose boxes come in from outside, entry_cells)."""
    rooms = []
    for cells in data.components(data.goal_mask):
        if cells & boxes or cells.bit_count() < MIN_ROOM:
            continue
        entrances = data.entrances(cells)
        order = packing_order(data, cells, entrances, entry_cells(data, cells, boxes) if entries else None)
        if order:
            rooms.append(GoalRoom(cells, entrances, order))
    return tuple(rooms)


def entry_cells(data: Analysis, cells: int, boxes: int) -> int:
    """The entrances of a goal group that some box of `boxes` (those outside the group) can be pushed
    onto alone without crossing the group: where a box filling it can come in from."""
    area = data.inside & ~cells
    inside = frozenset(data.cell(n) for n in bits(area))
    sources = [data.cell(n) for n in bits(boxes & area)]
    reached = data.mask(push_distances(inside, sources)) if sources else 0
    return data.entrances(cells) & reached


def packing_order(data: Analysis, cells: int, entrances: int, exits: int | None = None) -> tuple[int, ...] | None:
    """An order to fill the room's goals, found backwards: from the full room, pull out the box nearest
    to an entrance (the rest of the level empty) until none is left; filling goes the other way round.
    With `exits` (some entrances), a box is pulled out to one of them where one can (else to any
    entrance). None when some full stage has no box that can be pulled out."""
    boxes, removed = cells, []
    while boxes:
        box = _pulled_out(data, boxes, entrances, exits) if exits else None
        if box is None and (box := _pulled_out(data, boxes, entrances, entrances)) is None:
            return None
        removed.append(box)
        boxes ^= 1 << box
    return tuple(reversed(removed))


def _pulled_out(data: Analysis, boxes: int, entrances: int, exits: int) -> int | None:
    """Of the boxes of a full stage, the one pulled out to a cell of `exits` in the fewest pulls (the
    keeper starting at the entrances); None when none can be."""
    reach = data.flood(entrances & ~boxes, data.inside & ~boxes)
    paths = [
        (len(path), box)
        for box in bits(boxes)
        if (path := move_one_box(data, box, reach, boxes ^ (1 << box), exits, pulling=True)) is not None
    ]
    return min(paths)[1] if paths else None


def move_one_box(
    data: Analysis, box: int, reach: int, others: int, targets: int, pulling: bool = False
) -> list[tuple[int, int]] | None:
    """The fewest pushes (or pulls) that bring `box` onto a cell of `targets`, the `others` staying put
    and the keeper starting in the `reach` mask, as (box cell, direction) pushes in the order made (a
    pull as the push that undoes it); None when there is no way. Compiled where it can be (_analysis.c;
    move_one_box_loop is the same search in Python)."""
    if data.board:
        return compiled_move_one_box(data.board, box, reach, others, targets, pulling)
    return move_one_box_loop(data, box, reach, others, targets, pulling)


def move_one_box_loop(
    data: Analysis, box: int, reach: int, others: int, targets: int, pulling: bool = False
) -> list[tuple[int, int]] | None:
    """move_one_box in Python. Breadth-first over (box, keeper area):
    a node is tested when first met, not when it comes off the queue (first met, first off: the same path,
    without the rest of the last layer), and keeper areas are found as _Areas does."""
    if (targets >> box) & 1:
        return []
    start = (box, lowest(reach))
    parents: dict[tuple[int, int], tuple[tuple[int, int], tuple[int, int]] | None] = {start: None}
    queue = deque([(start, reach)])
    areas = _Areas(data, others)
    while queue:
        node, area = queue.popleft()
        box = node[0]
        for d, target in _lone_moves(data, box, area, pulling):
            keeper = data.neighbour[target][d] if pulling else box
            if (others >> target) & 1 or (others >> keeper) & 1:
                continue
            label = (target, BACK[d]) if pulling else (box, d)
            if (targets >> target) & 1:
                return [*path_back(parents, node), label]
            after = areas.around(target, keeper, area, box)
            key = (target, lowest(after))
            if key not in parents:
                parents[key] = (node, label)
                queue.append((key, after))
    return None


def box_moves(
    data: Analysis, box: int, firsts: Collection[int], reach: int, others: int, barred: int = 0
) -> list[tuple[tuple[int, int], ...]]:
    """Every position the box on `box` can be brought to by pushing it alone, its first push in one of the
    directions `firsts`, the `others` staying put and the keeper starting in the `reach` mask: the pushes
    of each, fewest first, one per (box cell, keeper area) other than the start's, as (box cell, direction)
    pushes in the order made. No push moves the box onto a `barred` cell (breadth-first over (box, keeper
    area), as move_one_box)."""
    areas = _Areas(data, others)
    paths: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {(box, lowest(reach)): ()}
    queue: deque[tuple[int, int, tuple[tuple[int, int], ...]]] = deque([(box, reach, ())])
    while queue:
        cell, area, made = queue.popleft()
        for d, target in _lone_moves(data, cell, area, False):
            if (others >> target) & 1 or (barred >> target) & 1 or (not made and d not in firsts):
                continue
            after = areas.around(target, cell, area, cell)
            key = (target, lowest(after))
            if key not in paths:
                paths[key] = (*made, (cell, d))
                queue.append((target, after, paths[key]))
    return [made for made in paths.values() if made]


def _lone_moves(data: Analysis, box: int, area: int, pulling: bool) -> list[tuple[int, int]]:
    """(direction, target cell) of the pushes (or pulls) of a lone box on `box`, the keeper in `area`: those
    of Analysis.pushes (pulls) for that box alone, pushes read straight off Analysis.lines."""
    if pulling:
        return [(d, target) for _, d, target in data.pulls(area, 1 << box)]
    return [(d, target) for d, behind, target in data.lines[box] if (area >> behind) & 1]


class _Areas:
    """The keeper's areas round a lone box among boxes that stay put (`others`), for move_one_box: those met
    with the box on a cell are kept (they are a function of the cell), and when the box's cell does not
    cut the free floor (Analysis.cuts), the area is its part of the free floor less that cell (each part
    flooded once)."""

    def __init__(self, data: Analysis, others: int) -> None:
        self.data, self.others, self.free = data, others, data.inside & ~others
        self.known: dict[int, list[int]] = {}  # box cell: the keeper areas met with the box there
        self.parts: list[int] = []  # the parts of the free floor flooded so far

    def around(self, box: int, keeper: int, before: int, came: int) -> int:
        """The keeper's area, the keeper on `keeper` next to the box on `box`, which came from `came` where
        the keeper's area was `before`. When the box left that area alone and the cell it came from opens
        onto nothing else, the area is that one and the cell (before: Analysis.reach_after)."""
        known = self.known.setdefault(box, [])
        for area in known:
            if (area >> keeper) & 1:
                return area
        data, left = self.data, 1 << came
        if not data.cuts(box, self.free):
            area = self._part(box) & ~(1 << box)
        elif (
            not (before >> box) & 1
            and ((before | left) >> keeper) & 1
            and data.grow(left) & before
            and not data.grow(left) & self.free & ~(before | left | 1 << box)
        ):
            area = before | left
        else:
            area = data.reach_after(keeper, self.others | (1 << box), before)
        known.append(area)
        return area

    def _part(self, cell: int) -> int:
        """The part of the free floor holding `cell`."""
        for part in self.parts:
            if (part >> cell) & 1:
                return part
        self.parts.append(self.data.flood(1 << cell, self.free))
        return self.parts[-1]


def _cut_table() -> tuple[bool, ...]:
    """For each 3x3 neighbourhood (bit 3 * row + column set where a cell is free, the centre bit 4 ignored):
    True when the free neighbours of the centre are not all joined round it through free cells of the ring."""
    ring = (0, 1, 2, 5, 8, 7, 6, 3)  # the eight cells round the centre, in order round it
    table = []
    for pattern in range(512):
        free = [i for i in ring if (pattern >> i) & 1]
        groups = {i: i for i in free}  # a tiny union-find over the ring's free cells
        for a, b in zip(ring, ring[1:] + ring[:1]):
            if a in groups and b in groups:
                root = groups[a]
                for i in free:
                    if groups[i] == root:
                        groups[i] = groups[b]
        table.append(len({groups[i] for i in (1, 3, 5, 7) if i in groups}) > 1)
    return tuple(table)


_CUTS = _cut_table()


def analysis(instance: SokobanInstance) -> Analysis:
    """The (cached) analysis of an instance's level."""
    return _analyse(instance.goals, instance.inside, instance.width)


def backward_analysis(instance: SokobanInstance) -> Analysis:
    """The analysis for searching backwards: its goals are the initial boxes, its distances pulls."""
    return _analyse(instance.active_boxes, instance.inside, instance.width, pulling=False)


SMALL_MATCHING = 3
"""Up to this many boxes the matching is found in Python (no scipy import for small levels)."""


@cache
def linear_sum_assignment():
    """scipy's assignment solver, imported on first use (the import takes most of a second)."""
    from scipy.optimize import linear_sum_assignment

    return linear_sum_assignment


@cache
def compiled_bounds() -> Any:
    """The compiled bound kernels (_bounds.c: the assignment solver, the pair penalties), or None when this
    installation has none (no C compiler at install)."""
    try:
        import puzzleplan.translator.sokoban._bounds as kernel  # a plain import: the package is imported already
    except ImportError:
        return None
    return kernel


def matching(rows: list[list[int]], table: Callable[[], numpy.ndarray] | None = None) -> int:
    """The least total cost of giving each row (box) its own column (goal; at least as many as rows): dynamic
    programming for a handful of rows, else the compiled solver where there is one, else scipy's solver on
    `table()` (the rows as floats, when the caller keeps them so; by default made from the rows). At least
    INFINITE when some row has only INFINITE costs left."""
    if len(rows) <= SMALL_MATCHING:
        return small_matching(rows) if rows else 0
    kernel = compiled_bounds()
    if kernel is not None and len(rows) <= len(rows[0]):
        return kernel.assign(rows)
    import numpy

    floats = numpy.array(rows, dtype=numpy.float64) if table is None else table()
    _, column = linear_sum_assignment()(floats)  # summed in Python below, faster than in numpy
    return sum(row[goal] for row, goal in zip(rows, column.tolist()))


def small_matching(rows: list[list[int]]) -> int:
    """The least total cost of giving each row (box) its own column (goal): dynamic programming over the
    columns with the set of rows already served, for a handful of rows."""
    full = (1 << len(rows)) - 1
    best = {0: 0}
    for column in range(len(rows[0]) if rows else 0):
        for served, cost in list(best.items()):
            for row in range(len(rows)):
                if not (served >> row) & 1:
                    key, value = served | (1 << row), cost + rows[row][column]
                    if value < best.get(key, INFINITE * len(rows) + 1):
                        best[key] = value
    return best.get(full, INFINITE)
