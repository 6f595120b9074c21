"""Pair penalties on top of the keeper-aware matching (a pattern database over pairs of boxes, after Pereira,
Ritt and Buriol's instance-dependent pattern databases and Junghanns and Schaeffer's penalties): for two boxes
and the keeper, the fewest pushes that bring those two boxes alone onto two goals, less their keeper-aware
lone-box distances to those goals, the least over all pairs of goals. Boxes in one another's way (one must
step aside, or the keeper can reach a box's far side only after the other has moved) have a penalty above 0.
The table is computed once per level by the compiled kernel (_bounds.c: one backward search over pulls of two
boxes per pair of goals); without the kernel, or on a level too large for it, every penalty is 0.

The bound is the keeper-aware matching plus the penalties of disjoint pairs of boxes (the largest first). It
is admissible: in a solution, the pushes of the boxes of one pair bring those boxes alone onto their two
goals (removing the other boxes only frees the way), so they number at least the pair's lone distances to
those goals plus its penalty; the other boxes' pushes at least their lone distances; and the lone distances
of all boxes to their goals in the solution are at least the matching. It is not consistent (a push can
change the pairing), so the search that uses it reopens positions reached again with fewer pushes."""

from __future__ import annotations

from array import array
from itertools import combinations

from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban.analysis import INFINITE, compiled_bounds
from puzzleplan.translator.sokoban.keeper_sides import SIDES, KeeperSides

MAX_WORK = 4 * 10**8
"""The most (pairs of goals) x (states of two boxes and the keeper) the table is computed for: some seconds."""


class PairPenalties:
    """The pair penalties of a level, and the bound they add to the keeper-aware matching."""

    def __init__(self, sides: KeeperSides) -> None:
        data = self.data = sides.data
        self.sides = sides
        self.cells = bits(data.inside)  # compact number -> cell number
        self.number = {cell: index for index, cell in enumerate(self.cells)}
        self.table = self._compute()

    def _compute(self) -> bytes | None:
        """The penalties [(a * n + b) * n + keeper] (compact numbers, a < b); None without the kernel or when
        the level is too large."""
        kernel, n, goals = compiled_bounds(), len(self.cells), len(self.data.goals)
        if kernel is None or n > 255 or goals * (goals - 1) // 2 * n**3 // 2 > MAX_WORK:
            return None
        data, sides, number = self.data, self.sides, self.number
        neighbour = array("i", (number.get(to, -1) for cell in self.cells for to in data.neighbour[cell]))
        live = bytes(data.live[cell] for cell in self.cells)
        single = array(
            "i",
            (
                min(row[cell * SIDES + part], INFINITE)
                for row in sides.rows
                for cell in self.cells
                for part in range(SIDES)
            ),
        )
        side = bytes(sides.sides[box][keeper] for box in self.cells for keeper in self.cells)
        goal_numbers = array("i", (number[goal] for goal in data.goals))
        out = bytearray(n**3)
        kernel.pairs(neighbour, live, goal_numbers, single, side, out)
        return bytes(out)

    def penalty(self, boxes: int, keeper: int) -> int:
        """The penalties of disjoint pairs of the boxes, pairs of larger penalty first (0 without a table)."""
        if self.table is None:
            return 0
        table, n, number = self.table, len(self.cells), self.number
        place = number[keeper]
        numbers = [number[box] for box in bits(boxes)]  # increasing, as cell numbers are
        found = [(table[(a * n + b) * n + place], a, b) for a, b in combinations(numbers, 2)]
        total, used = 0, set[int]()
        for value, a, b in sorted(found, reverse=True):
            if value and a not in used and b not in used:
                total += value
                used.update((a, b))
        return total

    def bound(self, boxes: int, keeper: int) -> int:
        """The keeper-aware matching plus the pair penalties (INFINITE when the matching is)."""
        matching = self.sides.bound(boxes, keeper)
        return matching if matching >= INFINITE else matching + self.penalty(boxes, keeper)
