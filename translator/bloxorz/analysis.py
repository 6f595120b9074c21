"""Lower bounds on the moves a Bloxorz state still needs, for the admissible default heuristic.

The bound is the exact distance to the goal in a relaxed stage where every bridge tile that is open at the
start or that some switch can open stays open, and switches do nothing else. Any real move is a move of
the relaxed stage (it needs tiles that are there, and no more), so the relaxed distance never exceeds the
real one. The relaxed distances of the block's positions (standing or lying) are computed once per stage
by a backward search from the goal; a split switch is a node of its own, joined to every lying position
where its two cubes can meet at the cost of walking them there. A split position's bound is the larger of
the two cubes' bounds: a cube must walk to some cell of the lying block the cubes join into, and that
block still has its relaxed distance to go."""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

from translator.bloxorz.level import FRAGILE, SPLIT, VOID
from translator.bloxorz.rules import CUBE, Rules, State
from translator.graph import distances

INFINITE = float("inf")


@dataclass(frozen=True, eq=False)
class Bounds:
    """Relaxed distances: of block positions by key (first * size + second), of a cube by its cell."""

    block: dict[int, int]
    """Position key -> relaxed distance (a split switch's two cubes: the cost from where it puts them)."""
    cube: list[float]
    size: int
    stride: int
    split_cells: frozenset[int]

    def __call__(self, state: State) -> float:
        """A lower bound on the moves from `state` to the goal (infinite: the goal is out of reach)."""
        first, second, _ = state
        found = self.block.get(first * self.size + second)
        if found is not None:
            return found
        gap = second - first
        if gap == 0 or gap == 1 or gap == self.stride:
            # standing on a split switch happens only at the start (arriving there splits the block)
            return 0 if gap == 0 and first in self.split_cells else INFINITE
        return max(self.cube[first], self.cube[second])


def usable(rules: Rules) -> list[bool]:
    """Cells that can ever bear the block: tiles, and bridge tiles that are open or that a switch opens."""
    bits = rules.start_bits
    for effect in rules.effects.values():
        bits |= effect.opened | effect.toggled
    return [kind != VOID and (not rules.bit[i] or bool(rules.bit[i] & bits)) for i, kind in enumerate(rules.kinds)]


def rolls(rules: Rules, ok: list[bool], first: int, second: int) -> Iterator[tuple[int, int]]:
    """The positions a block at (first, second) rolls to on usable cells; a roll onto a split switch gives
    (cell, cell) of that switch, a standing position that has no rolls of its own here."""
    for landed in rules.offsets[rules.shape(first, second)].values():
        cells = [first + offset for offset in landed]
        if all(ok[cell] for cell in cells) and not (len(cells) == 1 and rules.kinds[cells[0]] == FRAGILE):
            yield cells[0], cells[-1]


def lying_positions(rules: Rules, ok: list[bool]) -> list[tuple[int, int]]:
    """Every lying position on usable cells."""
    found = []
    for cell in rules.cells:
        for other in (cell + 1, cell + rules.stride):
            if ok[cell] and ok[other]:
                found.append((cell, other))
    return found


def relaxed_bounds(rules: Rules) -> Bounds:
    """The relaxed distances of a stage (see the module's docstring)."""
    ok, size, kinds = usable(rules), rules.size, rules.kinds
    splits = {cell: targets for cell, targets in rules.splits.items() if all(ok[c] for c in targets)}
    meet = _meeting_costs(rules, ok, splits)
    best: dict[int, int] = {rules.goal * size + rules.goal: 0}
    queue = [(0, rules.goal, rules.goal)]
    while queue:
        distance, first, second = heapq.heappop(queue)
        if distance > best.get(first * size + second, INFINITE):
            continue
        for other_first, other_second in rolls(rules, ok, first, second):
            if other_first == other_second and kinds[other_first] == SPLIT:
                continue  # a block arriving on a split switch splits: it never rolls on from there
            _relax(best, queue, size, distance + 1, other_first, other_second)
        for cell, costs in meet.get(first * size + second, ()):
            _relax(best, queue, size, distance + costs, cell, cell)
    cube = _cube_bounds(rules, ok, best)
    for cell, (cube1, cube2) in rules.splits.items():
        arrived = best.pop(cell * size + cell, INFINITE)
        if arrived < best.get(cube1 * size + cube2, INFINITE):
            best[cube1 * size + cube2] = arrived
    return Bounds(best, cube, size, rules.stride, frozenset(rules.splits))


def _relax(best: dict[int, int], queue: list, size: int, distance: int, first: int, second: int) -> None:
    """Lower the distance of a position and queue it."""
    key = first * size + second
    if distance < best.get(key, INFINITE):
        best[key] = distance
        heapq.heappush(queue, (distance, first, second))


def _meeting_costs(
    rules: Rules, ok: list[bool], splits: dict[int, tuple[int, int]]
) -> dict[int, list[tuple[int, int]]]:
    """For each lying position: (split switch, cube moves from that switch's two cubes to meet there)."""
    meet: dict[int, list[tuple[int, int]]] = {}
    for cell, (cube1, cube2) in sorted(splits.items()):
        near1, near2 = _cube_distances(rules, ok, [cube1]), _cube_distances(rules, ok, [cube2])
        for first, second in lying_positions(rules, ok):
            cost = min(
                near1.get(first, INFINITE) + near2.get(second, INFINITE),
                near1.get(second, INFINITE) + near2.get(first, INFINITE),
            )
            if cost < INFINITE:
                meet.setdefault(first * rules.size + second, []).append((cell, cost))
    return meet


def _cube_distances(rules: Rules, ok: list[bool], starts: list[int]) -> dict[int, int]:
    """Cube moves from the nearest start to every usable cell."""
    steps = tuple(offset for (offset,) in rules.offsets[CUBE].values())
    return distances(starts, lambda cell: [cell + step for step in steps if ok[cell + step]])


def _cube_bounds(rules: Rules, ok: list[bool], best: dict[int, int]) -> list[float]:
    """For each cell: the fewest cube moves to a cell of some lying position plus that position's distance."""
    size = rules.size
    start = [INFINITE] * size
    for first, second in lying_positions(rules, ok):
        distance = best.get(first * size + second, INFINITE)
        start[first] = min(start[first], distance)
        start[second] = min(start[second], distance)
    queue = [(value, cell) for cell, value in enumerate(start) if value < INFINITE]
    heapq.heapify(queue)
    steps = tuple(offset for (offset,) in rules.offsets[CUBE].values())
    while queue:
        value, cell = heapq.heappop(queue)
        if value > start[cell]:
            continue
        for step in steps:
            other = cell + step
            if ok[other] and value + 1 < start[other]:
                start[other] = value + 1
                heapq.heappush(queue, (value + 1, other))
    return start
