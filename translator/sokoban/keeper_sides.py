"""Push distances that know where the keeper is: a lone box on a cell cuts the floor into parts, and the
keeper, who cannot walk through it, pushes it only from the part it stands in. The distances of a lone box
from each (cell, part of the keeper) to each goal, and the minimum-cost matching of boxes to goals on them,
are a lower bound on the pushes left that is never below the plain one (analysis.Analysis.bound), and far
above it where a box must be pushed round a loop to be pushed from its other side.

The bound is admissible: the pushes one box gets in a solution are a lone box's pushes too (the keeper's
walks avoid that box, so they stay in its part of the floor), and the boxes end on distinct goals. It is
consistent: a push changes the pushed box's distance by at least -1 and leaves the keeper, for every other
box, in the same part (the keeper steps between two cells next to each other, neither under that box)."""

from __future__ import annotations

from collections import deque

from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban.analysis import INFINITE, Analysis, matching

SIDES = 4
"""At most as many parts as a cell has neighbours: every part of the floor without the cell touches it."""


class KeeperSides:
    """The keeper-aware push distances of a level and the matching bound on them."""

    def __init__(self, data: Analysis) -> None:
        self.data = data
        self.parts = {cell: tuple(data.components(data.inside & ~(1 << cell))) for cell in bits(data.inside)}
        self.sides = {cell: _side_table(parts, len(data.neighbour)) for cell, parts in self.parts.items()}
        self.rows = [self._distances(goal) for goal in data.goals]  # per goal: [cell * SIDES + part] -> pushes
        self.columns = [list(column) for column in zip(*self.rows)]  # per cell * SIDES + part: goal -> pushes

    def part(self, box: int, keeper: int) -> int:
        """The index of the part of the floor without `box` that the keeper stands in."""
        return self.sides[box][keeper]

    def _distances(self, goal: int) -> list[int]:
        """A lone box's pushes from each (cell, keeper's part) onto `goal`: breadth-first over pulls from the
        goal, the keeper on any side of it."""
        data = self.data
        pushes = [INFINITE] * (len(data.neighbour) * SIDES)
        queue = deque((goal, index) for index in range(len(self.parts[goal])))
        for index in range(len(self.parts[goal])):
            pushes[goal * SIDES + index] = 0
        while queue:
            cell, index = queue.popleft()
            for d in range(4):
                before = data.neighbour[cell][d]  # the box was here, pushed from `behind` onto `cell`
                behind = data.neighbour[before][d] if before >= 0 else -1
                if behind < 0 or not (self.parts[cell][index] >> before) & 1:
                    continue  # no room to push from, or after the push the keeper is in another part
                key = before * SIDES + self.part(before, behind)
                if pushes[key] == INFINITE:
                    pushes[key] = pushes[cell * SIDES + index] + 1
                    queue.append((before, self.part(before, behind)))
        return pushes

    def bound(self, boxes: int, keeper: int) -> int:
        """The least total of the boxes' keeper-aware distances to distinct goals (INFINITE when some box
        can reach no goal from the keeper's side)."""
        sides, columns = self.sides, self.columns
        rows = [columns[box * SIDES + sides[box][keeper]] for box in bits(boxes)]
        total = matching(rows)
        return INFINITE if total >= INFINITE else total


def _side_table(parts: tuple[int, ...], cells: int) -> bytes:
    """Per cell number, the index of the part (of the floor without one cell) it lies in (0 off them)."""
    table = bytearray(cells)
    for index, part in enumerate(parts):
        for cell in bits(part):
            table[cell] = index
    return bytes(table)
