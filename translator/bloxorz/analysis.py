"""Lower bounds on the moves a Bloxorz state still needs: the admissible default heuristic.

Relaxed stage: every bridge tile that is open at the start or that some switch can open stays open, and
switches do nothing else. Every real move is a move of the relaxed stage, so relaxed distances never
exceed real ones.

- A whole block (standing or lying): its exact relaxed distance to the goal, from one backward search per
  stage. A split switch is a node of that search, joined to every lying position where its two cubes can
  meet, at the cost of walking them there.
- Two cubes on `a` and `b`: the largest of three bounds. (1) Each cube must walk to a cell of the lying
  block they join into, which then has its relaxed distance to go: G(a) and G(b), G(c) being the least
  cube moves from c to a cell p plus the smallest relaxed distance of a lying position on p. (2) Both
  cubes walk, and the joined block's distance can be shared between them: H(a) + H(b), H as G with half
  the distances. (3) With the bridges closed now: either the cubes join before any closed bridge opens
  (they must be in one piece of the terrain that is left, each walking to the join: the larger of the two
  walks plus the distance after), or one cube first walks to a soft switch that opens a closed bridge, and
  still has its bound G from there. Bound (3) is computed once for each set of open bridges met.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator
from weakref import WeakKeyDictionary

from puzzleplan.translator.bloxorz.level import FRAGILE, SOFT, SPLIT, VOID
from puzzleplan.translator.bloxorz.rules import CUBE, Rules, State
from puzzleplan.translator.graph import distances, reachable

INFINITE = float("inf")


class Bounds:
    """The default heuristic of one stage: call it on a state."""

    def __init__(self, rules: Rules, ok: list[bool], block: dict[int, int]) -> None:
        self.rules, self.ok, self.block, self.lookup = rules, ok, block, block.get
        self.size, self.stride = rules.size, rules.stride
        self.split_cells = frozenset(rules.splits)
        self.lying = lying_positions(rules, ok)
        self.cube = self._walk(ok, self._joined(ok, 1))
        self.half = self._walk(ok, self._joined(ok, 2))
        self.openers = [(s, e.opened | e.toggled) for s, e in sorted(rules.effects.items()) if rules.kinds[s] == SOFT]
        self.by_bits: dict[int, tuple[list[float], list[float], list[int]]] = {}

    def __call__(self, state: State) -> float:
        """A lower bound on the moves from `state` to the goal (infinite: the goal is out of reach)."""
        first, second, bits = state
        found = self.lookup(first * self.size + second)
        if found is not None:
            return found
        gap = second - first
        if gap == 0 or gap == 1 or gap == self.stride:
            # standing on a split switch happens only at the start (arriving there splits the block)
            return 0 if gap == 0 and first in self.split_cells else INFINITE
        return self.cubes(first, second, bits)

    def cubes(self, first: int, second: int, bits: int) -> float:
        """The bound of two cubes (see the module's docstring)."""
        cube = self.cube
        bound = max(cube[first], cube[second], math.ceil(self.half[first] + self.half[second]))
        fields = self.by_bits.get(bits)
        if fields is None:
            fields = self.by_bits[bits] = self._closed(bits)
        join, opener, piece = fields
        together = max(join[first], join[second]) if piece[first] == piece[second] >= 0 else INFINITE
        return max(bound, min(together, opener[first], opener[second]))

    def _joined(self, ok: list[bool], share: int) -> list[float]:
        """For each cell: the least relaxed distance of a lying position on usable cells covering it,
        divided by `share`."""
        start = [INFINITE] * self.size
        for first, second in self.lying:
            if ok[first] and ok[second]:
                distance = self.lookup(first * self.size + second, INFINITE) / share
                start[first] = min(start[first], distance)
                start[second] = min(start[second], distance)
        return start

    def _walk(self, ok: list[bool], start: list[float]) -> list[float]:
        """min over cells p of (cube moves from each cell to p over `ok` cells + start[p])."""
        value = list(start)
        queue = [(cost, cell) for cell, cost in enumerate(value) if cost < INFINITE]
        heapq.heapify(queue)
        neighbours = cube_neighbours(self.rules, ok)
        while queue:
            cost, cell = heapq.heappop(queue)
            if cost > value[cell]:
                continue
            for other in neighbours(cell):
                if cost + 1 < value[other]:
                    value[other] = cost + 1
                    heapq.heappush(queue, (cost + 1, other))
        return value

    def _closed(self, bits: int) -> tuple[list[float], list[float], list[int]]:
        """With the bridges of `bits` open and the others closed: the walk to a join, the walk to a soft
        switch opening a closed bridge (plus G from there), and the piece of terrain of each cell."""
        rules = self.rules
        ok = [usable and (not rules.bit[i] or bool(bits & rules.bit[i])) for i, usable in enumerate(self.ok)]
        return self._walk(ok, self._joined(ok, 1)), self._walk(ok, self._opening(ok, bits)), self._pieces(ok)

    def _opening(self, ok: list[bool], bits: int) -> list[float]:
        """For each usable soft switch that opens a bridge closed in `bits`: G from there (infinite elsewhere)."""
        opens = [INFINITE] * self.size
        for switch, opened in self.openers:
            if ok[switch] and opened & ~bits:
                opens[switch] = self.cube[switch]
        return opens

    def _pieces(self, ok: list[bool]) -> list[int]:
        """A number for each connected piece of `ok` cells (cube moves), -1 elsewhere."""
        piece = [-1] * self.size
        neighbours = cube_neighbours(self.rules, ok)
        for number, cell in enumerate(i for i in self.rules.cells if ok[i]):
            if piece[cell] < 0:
                for other in reachable(cell, neighbours):
                    piece[other] = number
        return piece


def usable(rules: Rules) -> list[bool]:
    """Cells that can ever bear the block: tiles, and bridge tiles that are open or that a switch opens."""
    bits = rules.start_bits
    for effect in rules.effects.values():
        bits |= effect.opened | effect.toggled
    return [kind != VOID and (not rules.bit[i] or bool(rules.bit[i] & bits)) for i, kind in enumerate(rules.kinds)]


def rolls(rules: Rules, ok: list[bool], first: int, second: int) -> Iterator[tuple[int, int]]:
    """The positions a block at (first, second) rolls to on usable cells (never standing on a fragile
    tile); the moves of the relaxed stage are their own reverses."""
    for landed in rules.offsets[rules.shape(first, second)].values():
        cells = [first + offset for offset in landed]
        if _bears(rules, ok, cells):
            yield cells[0], cells[-1]


def _bears(rules: Rules, ok: list[bool], cells: list[int]) -> bool:
    """True when the block can land on these cells (one: standing, two: lying): usable, and not a fragile
    tile under a standing block."""
    return all(ok[cell] for cell in cells) and not (len(cells) == 1 and rules.kinds[cells[0]] == FRAGILE)


def cube_neighbours(rules: Rules, ok: list[bool]) -> Callable[[int], list[int]]:
    """The cells a lone cube rolls to from a cell, on `ok` cells."""
    steps = tuple(offset for (offset,) in rules.offsets[CUBE].values())
    return lambda cell: [cell + step for step in steps if ok[cell + step]]


def lying_positions(rules: Rules, ok: list[bool]) -> list[tuple[int, int]]:
    """Every lying position on usable cells."""
    return [
        (cell, other) for cell in rules.cells for other in (cell + 1, cell + rules.stride) if ok[cell] and ok[other]
    ]


_BOUNDS: WeakKeyDictionary[Rules, Bounds] = WeakKeyDictionary()
"""The bounds of each live Rules object."""


def bounds_of(rules: Rules) -> Bounds:
    """relaxed_bounds of a stage's rules, computed once per Rules object and kept on it (as rules_of keeps
    the rules on the stage)."""
    bounds = _BOUNDS.get(rules)
    if bounds is None:
        bounds = _BOUNDS[rules] = relaxed_bounds(rules)
    return bounds


def relaxed_bounds(rules: Rules) -> Bounds:
    """The default heuristic of a stage (see the module's docstring)."""
    ok, size = usable(rules), rules.size
    meet = _meeting_costs(rules, ok)
    best: dict[int, int] = {rules.goal * size + rules.goal: 0}
    queue = [(0, rules.goal, rules.goal)]
    while queue:
        distance, first, second = heapq.heappop(queue)
        if distance > best.get(first * size + second, INFINITE):
            continue
        for cost, other_first, other_second in _steps_back(rules, ok, meet, first, second):
            _relax(best, queue, size, distance + cost, other_first, other_second)
    for cell in rules.splits:
        best.pop(cell * size + cell, None)  # a block never stands on a split switch (but at the start)
    return Bounds(rules, ok, best)


def _steps_back(
    rules: Rules, ok: list[bool], meet: dict[int, list[tuple[int, int]]], first: int, second: int
) -> Iterator[tuple[int, int, int]]:
    """(cost, first, second) of the positions one step from (first, second) in the backward search: its
    rolls (none onto a split switch, where no block arrives standing), and a split switch the two cubes
    can meet from at (first, second), at the cost of their walk."""
    if first == second and rules.kinds[first] == SPLIT:
        yield from ((1, other_first, other_second) for other_first, other_second in rolls(rules, ok, first, second))
        return
    for other_first, other_second in rolls(rules, ok, first, second):
        if not (other_first == other_second and rules.kinds[other_first] == SPLIT):
            yield 1, other_first, other_second
    for cell, cost in meet.get(first * rules.size + second, ()):
        yield cost, cell, cell


def _walks(near1: dict[int, int], one: int, near2: dict[int, int], two: int) -> float:
    """Cube moves for cube 1 to reach `one` and cube 2 to reach `two` (infinite when either cannot)."""
    return near1.get(one, INFINITE) + near2.get(two, INFINITE)


def _relax(best: dict[int, int], queue: list, size: int, distance: int, first: int, second: int) -> None:
    """Lower the distance of a position and queue it."""
    key = first * size + second
    if distance < best.get(key, INFINITE):
        best[key] = distance
        heapq.heappush(queue, (distance, first, second))


def _meeting_costs(rules: Rules, ok: list[bool]) -> dict[int, list[tuple[int, int]]]:
    """For each lying position: (split switch, cube moves for its two cubes to meet there)."""
    meet: dict[int, list[tuple[int, int]]] = {}
    neighbours, lying = cube_neighbours(rules, ok), lying_positions(rules, ok)
    for cell, (cube1, cube2) in sorted(rules.splits.items()):
        if not (ok[cube1] and ok[cube2]):
            continue
        near1, near2 = (distances([c], neighbours) for c in (cube1, cube2))
        for first, second in lying:
            cost = min(_walks(near1, first, near2, second), _walks(near1, second, near2, first))
            if cost < INFINITE:
                meet.setdefault(first * rules.size + second, []).append((cell, int(cost)))
    return meet
