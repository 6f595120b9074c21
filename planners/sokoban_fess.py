"""Festival's FESS search (after Shoham and Schaeffer, "The FESS algorithm: a feature based approach to
single-agent search", 2020) for the forward push search. Positions project onto a feature space (boxes
packed following the packing order, regions of floor the keeper cannot walk between, passages between
rooms blocked by boxes); the search goes round the non-empty cells of that space, and in each takes the
move of least accumulated weight. Advisors each suggest at most one push per position (packing,
connectivity, room connectivity, hotspot, explorer): an advised push weighs 0, any other 1, and weights
add up along the path like g. FESS's moves carry one box anywhere; by default a move here is pushes of one
box, so a push of the box the last push moved goes on the same move and weighs 0 too; with `moves`, every
position one box reaches pushed alone is a child of its own (in FESS's cycle only), weighing as one push.
Moves are expanded as the positions they lead to, queued with their weight (ties: least g + w * h).

The push search calls `Fess.expand` instead of expanding a forward position itself; it collects the
children the push search would queue, marks the advised ones and queues them all with their weights."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import copy
from typing import Protocol

from puzzleplan.planners.sokoban_features import Features, doorways
from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban.analysis import (
    INFINITE,
    Analysis,
    GoalRoom,
    box_moves,
    entry_cells,
    move_one_box,
    packing_order,
)

PACKING_TRIES = 2
"""How many boxes nearest to the next goals a packing move tries to carry there."""

Child = tuple[int, int, int, int, tuple]
"""A child the push search would queue: (g, keeper cell, boxes, parent node, pushes)."""


class _Side(Protocol):
    """What FESS needs of the push search's forward side (sokoban_push._Side)."""

    data: Analysis
    ranks: list[int]
    parents: list
    pending: list[Child] | None
    cuts: bool
    room_cells: int

    def expand(self, node: int, reach: int, boxes: int, g: int) -> None: ...

    def add(
        self, g: int, keeper: int, boxes: int, parent: int, pushes: tuple, rank: int = 0, fess_only: bool = False
    ) -> None: ...

    def assess(self, boxes: int) -> tuple[int, tuple]: ...


class Fess(Features):
    """The FESS features of a position (a function of its boxes alone) and its advisors, on one level."""

    def __init__(
        self,
        data: Analysis,
        rooms: Sequence[GoalRoom] = (),
        turns: int = 0,
        packing: bool = False,
        opener: bool = False,
        start: int | None = None,
        moves: bool = False,
    ) -> None:
        super().__init__(data, doors=turns > 0)
        self.turns = turns  # > 0: FESS's turns for each turn of native-push-cycle's cycles (their features are added)
        self.packing = packing  # packing moves: a box carried to the next goal of a packing order is one move
        self.opener = opener  # the opener advisor; the hotspot leaves the packed boxes aside
        self.moves = moves  # FESS's moves: one box pushed alone to any cell it can reach is one child
        self.orders = packing_orders(data, rooms, start)  # start: the initial boxes, with `entries`
        self.prefix_masks = [_prefixes(order) for order in self.orders]
        self.passages = passages(data)
        self.rows = {goal: row for row, goal in enumerate(data.goals)}  # of data.distance
        self.explored = 0  # the cells the keeper has stood on in expanded positions
        self._filled: tuple[int, list[int]] = (-1, [])  # the last box mask filled() was asked for, and its answer

    def without_moves(self) -> Fess:
        """A copy that expands single pushes, without FESS's moves (taken before a search, it has explored
        nothing)."""
        plain = copy(self)
        plain.moves = False
        return plain

    def __call__(self, boxes: int) -> tuple[int, ...]:
        """(boxes packed following the packing order, regions of free floor, passages blocked by boxes), with
        turns then boxes on goals and boxes in doorways (Features with doors)."""
        fess: tuple[int, ...] = (
            self.packed(boxes),
            self.data.regions(boxes),
            sum(1 for passage in self.passages if passage & boxes),
        )
        if not self.turns:
            return fess
        return (*fess, (boxes & self.data.goal_mask).bit_count(), (boxes & self.doorways).bit_count())

    def filled(self, boxes: int) -> list[int]:
        """For each packing order, how many of its goals from the first on hold a box (the last box mask's
        kept: an expansion asks for its position's several times)."""
        if self._filled[0] != boxes:
            self._filled = (
                boxes,
                [
                    next((k for k, goal in enumerate(order) if not (boxes >> goal) & 1), len(order))
                    for order in self.orders
                ],
            )
        return self._filled[1]

    def packed(self, boxes: int) -> int:
        """For each group of goals, how many of its goals from the first in its packing order on hold a box."""
        return sum(self.filled(boxes))

    def packed_mask(self, boxes: int) -> int:
        """The goals filled from the first of each packing order on (the boxes `packed` counts)."""
        return sum(masks[k] for masks, k in zip(self.prefix_masks, self.filled(boxes)))

    def next_goals(self, boxes: int) -> list[int]:
        """The first empty goal of each packing order."""
        return [order[k] for order, k in zip(self.orders, self.filled(boxes)) if k < len(order)]

    def expand(self, side: _Side, node: int, reach: int, boxes: int, g: int) -> None:
        """Expand a forward position: its children, an advised one weighing 0 more than it, any other 1.
        With the side's goal cuts, a packing move is the only child when there is one."""
        side.pending = []
        side.expand(node, reach, boxes, g)
        children, side.pending = side.pending, None
        move = self.packing_move(side.data, node, reach, boxes, g) if self.packing else None
        if move is not None and side.cuts:
            children = []  # goal cuts: the packing move alone
        longer = self.longer_moves(side, children, node, reach, boxes, g) if self.moves else []
        live = [child for child in children if side.assess(child[2])[0] < INFINITE]
        plain = len(live)
        live += [child for child in longer if side.assess(child[2])[0] < INFINITE]
        advised = self.advise(side, reach, boxes, live) if live else set()
        self.explored |= reach
        link = side.parents[node]
        rank, last = side.ranks[node], _moved_to(side.data, link[1] if link else ())
        for index, child in enumerate(live):
            free = index in advised or (child[4][0][0] == last and not self.moves)  # the same box: one move
            side.add(*child, rank=rank + (not free), fess_only=index >= plain)
        if move is not None:
            side.add(*move, rank=rank)

    def longer_moves(
        self, side: _Side, children: list[Child], node: int, reach: int, boxes: int, g: int
    ) -> list[Child]:
        """FESS's moves beyond the children: for each box they push, every other position it can be pushed to
        alone (analysis.box_moves; not into goal rooms, which boxes enter by goal macros only), unless
        deadlocked."""
        data, found = side.data, []
        firsts: dict[int, set[int]] = {}
        for child in children:
            firsts.setdefault(child[4][0][0], set()).add(child[4][0][1])
        seen = {(child[2], child[1]) for child in children}
        for box, directions in firsts.items():
            others = boxes ^ (1 << box)
            for made in box_moves(data, box, directions, reach, others, side.room_cells):
                end = _moved_to(data, made)
                moved, keeper = others | (1 << end), made[-1][0]
                if (moved, keeper) not in seen and not data.deadlocked(end, moved):
                    seen.add((moved, keeper))
                    found.append((g + len(made), keeper, moved, node, made))
        return found

    def packing_move(self, data: Analysis, node: int, reach: int, boxes: int, g: int) -> Child | None:
        """FESS's packing move: of the boxes not yet packed, the nearest (in a lone box's pushes) to a next
        goal of a packing order that the keeper can push there on its own (the other boxes staying put), as
        the child where it stands there, reached by all those pushes; None when the nearest PACKING_TRIES
        cannot."""
        goals = self.next_goals(boxes)
        targets = sum(1 << goal for goal in goals)
        rows = [data.distance[self.rows[goal]] for goal in goals]
        near = sorted((min(row[box] for row in rows), box) for box in bits(boxes & ~self.packed_mask(boxes)))
        for distance, box in near[:PACKING_TRIES]:
            others = boxes ^ (1 << box)
            if distance >= INFINITE or not data.flood(1 << box, data.inside & ~others) & targets:
                continue  # the other boxes wall the goals off (one flood, not a breadth-first search)
            pushes = move_one_box(data, box, reach, others, targets)
            if pushes:
                end = _moved_to(data, tuple(pushes))
                moved = others | (1 << end)
                if not data.deadlocked(end, moved):
                    return g + len(pushes), pushes[-1][0], moved, node, tuple(pushes)
        return None

    def advise(self, side: _Side, reach: int, boxes: int, children: list[Child]) -> set[int]:
        """The indices of the children the advisors suggest, at most one each."""
        now = side.assess(boxes)[1]
        features = [side.assess(child[2]) for child in children]
        hot = hotspot(side.data, boxes, self.packed_mask(boxes) if self.opener else 0)
        advisors: list[Callable[[], int | None]] = [
            lambda: self._packing(side.data, boxes, children, features),
            lambda: _best(features, lambda f: f[1][1] < now[1], lambda f: (f[1][1], f[0])),  # connectivity
            lambda: _best(features, lambda f: f[1][2] < now[2], lambda f: (f[1][2], f[0])),  # rooms
            lambda: self._hotspot(side.data, hot, children, features),
            lambda: self._explorer(side.data, reach, boxes, children),
        ]
        if self.opener:
            advisors.append(lambda: self._opener(side.data, hot, boxes, children, features))
        return {index for advisor in advisors if (index := advisor()) is not None}

    def _packing(self, data: Analysis, boxes: int, children: list[Child], features: list) -> int | None:
        """The child that packs the most boxes; else, of those that unpack none, the one whose box ends
        nearest (in pushes) to the next goal of a packing order, nearer than it started (ties: least bound)."""
        now = self.packed(boxes)
        raised = _best(features, lambda f: f[1][0] > now, lambda f: (-f[1][0], f[0]))
        if raised is not None:
            return raised
        rows = [data.distance[self.rows[goal]] for goal in self.next_goals(boxes)]

        def nearest(cell: int) -> int:
            return min((row[cell] for row in rows), default=INFINITE)

        ends = [(nearest(_moved_to(data, child[4])), nearest(child[4][0][0])) for child in children]
        closer = [i for i, (end, start) in enumerate(ends) if end < start and features[i][1][0] >= now]
        return min(closer, key=lambda i: (ends[i][0], features[i][0]), default=None)

    def _hotspot(self, data: Analysis, hot: int | None, children: list[Child], features: list) -> int | None:
        """The child that moves the hotspot box (`hot`: blocking most pushes of its neighbours), to where
        the keeper can make the most pushes (ties: the least bound)."""
        moving = [i for i, child in enumerate(children) if child[4] and child[4][0][0] == hot]
        return _most_mobile(data, moving, children, features)

    def _opener(self, data: Analysis, hot: int | None, boxes: int, children: list[Child], features: list) -> int | None:
        """The child that moves a box next to the hotspot box (one blocking its pushes), to where the keeper
        can push the hotspot box most ways (ties: the least bound)."""
        if hot is None:
            return None
        blockers = sum(1 << cell for cell in data.neighbour[hot] if cell >= 0) & boxes & ~self.packed_mask(boxes)
        moving = [i for i, child in enumerate(children) if child[4] and (blockers >> child[4][0][0]) & 1]
        return _most_mobile(data, moving, children, features, 1 << hot)

    def _explorer(self, data: Analysis, reach: int, boxes: int, children: list[Child]) -> int | None:
        """The child whose keeper reaches the most cells (not under a box now) no expanded position's
        keeper reached; None when none does (the children's areas are flooded only while some are left)."""
        unexplored = data.inside & ~(self.explored | reach | boxes)
        if not unexplored or not children:
            return None
        gains = [(data.reach_after(child[1], child[2], reach) & unexplored).bit_count() for child in children]
        best = max(range(len(children)), key=lambda i: (gains[i], -i))
        return best if gains[best] else None


def _prefixes(order: Sequence[int]) -> list[int]:
    """The masks of the first k goals of an order, for k from 0 to all."""
    masks = [0]
    for goal in order:
        masks.append(masks[-1] | 1 << goal)
    return masks


def _moved_to(data: Analysis, pushes: tuple) -> int:
    """The cell the last of some (box cell, direction) pushes moved its box to (-1 when there are none)."""
    if not pushes:
        return -1
    cell, d = pushes[-1]
    return data.neighbour[cell][d]


def _most_mobile(data: Analysis, indices: list[int], children: list[Child], features: list, of: int = -1) -> int | None:
    """Of some children, the one after which the keeper can make the most pushes of the boxes in `of`
    (ties: the least bound); None when there are none."""

    def mobility(i: int) -> tuple[int, int]:
        g, keeper, moved = children[i][:3]
        return -len(data.pushes(data.reach(keeper, moved), moved & of)), features[i][0]

    return min(indices, key=mobility, default=None)


def _best(features: list, wanted: Callable, key: Callable) -> int | None:
    """The index of the least (by `key`) of the children's (bound, features) that are `wanted`; None if none."""
    indices = [i for i, f in enumerate(features) if wanted(f)]
    return min(indices, key=lambda i: key(features[i])) if indices else None


def hotspot(data: Analysis, boxes: int, packed: int = 0) -> int | None:
    """The box that blocks most pushes of the boxes next to it (standing where one would go, or where the
    keeper would stand to push it onto a live cell), the `packed` boxes (to stay where they are) aside;
    None when no box blocks any."""
    counts: dict[int, int] = {}
    loose = boxes & ~packed
    for box in bits(loose):
        for d, other in enumerate(data.neighbour[box]):
            if other < 0 or not (loose >> other) & 1:
                continue
            beyond = data.neighbour[box][d ^ 1]  # the other way: where `other` standing there pushes `box`
            counts[other] = counts.get(other, 0) + data.live[other] + (beyond >= 0 and data.live[beyond])
    best = max(counts, key=lambda box: (counts[box], -box), default=None)
    return best if best is not None and counts[best] else None


def packing_orders(
    data: Analysis, rooms: Sequence[GoalRoom] = (), start: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """A packing order for each connected group of goals: the goal rooms' own, else the order found by
    pulling boxes out of the full group (analysis.packing_order; with the `start` boxes given, out to
    where they can come in from, entry_cells), else the goals in cell order."""
    known = {room.cells: room.order for room in rooms}
    orders = []
    for cells in data.components(data.goal_mask):
        order = known.get(cells)
        if order is None:
            entrances = data.entrances(cells)
            exits = entry_cells(data, cells, start) if start is not None else None
            order = packing_order(data, cells, entrances, exits) if entrances else None
        orders.append(order or tuple(bits(cells)))
    return tuple(orders)


def passages(data: Analysis) -> list[int]:
    """The passages between rooms, as masks: connected doorway cells (one wide between walls, no goal)
    next to at least two rooms (the connected parts of the floor without doorways)."""
    doors = doorways(data)
    rooms = list(data.components(data.inside & ~doors))
    found = []
    for passage in data.components(doors):
        mouth = data.grow(passage)
        if sum(1 for room in rooms if room & mouth) >= 2:
            found.append(passage)
    return found
