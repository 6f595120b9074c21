"""Bricks of the sliding-brick puzzle: their shapes, the seed's normal form, the board's static tables
and the slide of one brick.

A brick's number is its identity: a slide keeps every number, so moves read from a plan name bricks by
the numbers of the level file all through the plan. The normal form renumbers the bricks other than the
master 3, 4, ... by their first cell in row-major order, so that two states that differ only in how
equal-shaped bricks are numbered are the same state; search runs on normal forms.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from puzzleplan.translator.grid import DIRECTIONS, step
from puzzleplan.translator.sbp.matrix import FIRST_BRICK, FREE, GOAL, WALL, Grid, SbpInstance

Move = tuple[int, str]
"""(brick number, direction)."""
Offsets = tuple[tuple[int, int], ...]
"""A brick's shape: its cells relative to its first cell in row-major order, sorted."""


def normalize(grid: Grid) -> Grid:
    """The seed's normal form: bricks other than the master renumbered 3, 4, ... by first cell."""
    numbers: dict[int, int] = {}
    out = []
    for value in grid:
        if value >= FIRST_BRICK:
            value = numbers.setdefault(value, FIRST_BRICK + len(numbers))
        out.append(value)
    return tuple(out)


def shape(cells: list[int], width: int) -> Offsets:
    """A brick's cells relative to its first cell."""
    row0, col0 = divmod(cells[0], width)
    return tuple(sorted((row - row0, col - col0) for row, col in (divmod(cell, width) for cell in cells)))


@dataclass(frozen=True, eq=False)
class Board:
    """What never changes in an instance: the background under the bricks and the neighbour table."""

    background: Grid
    """-1 for goal cells, 1 for walls, 0 for every other cell (bricks stand on free cells)."""
    neighbour: tuple[tuple[int, ...], ...]
    """neighbour[d][cell]: the cell one step in direction d (DIRECTIONS order), or -1 off the board."""


@lru_cache(maxsize=64)
def board(instance: SbpInstance) -> Board:
    """The static tables of an instance (cached)."""
    width, height = instance.width, instance.height
    goals = set(instance.goals)
    background = tuple(
        GOAL if index in goals else WALL if value == WALL else FREE for index, value in enumerate(instance.grid)
    )
    neighbour = tuple(
        tuple(neighbour_cell(cell, direction, width, height) for cell in range(width * height))
        for direction in DIRECTIONS
    )
    return Board(background, neighbour)


def neighbour_cell(cell: int, direction: str, width: int, height: int) -> int:
    """The index one step from `cell` in `direction`, or -1 off the board."""
    row, col = step(divmod(cell, width), direction)
    return row * width + col if 0 <= row < height and 0 <= col < width else -1


def slide(state: Grid, number: int, cells: list[int], targets: list[int], background: Grid) -> Grid:
    """The state after brick `number` leaves `cells` and covers `targets`; every number is kept."""
    grid = list(state)
    for cell in cells:
        grid[cell] = background[cell]
    for cell in targets:
        grid[cell] = number
    return tuple(grid)
