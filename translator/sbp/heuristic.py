"""The sliding-brick heuristic: the master brick's distance to the goal on the board without the other
bricks, plus one move for every brick that stands where the master must pass; and the unsolvable cases it
finds without search."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from puzzleplan.translator.graph import distances
from puzzleplan.translator.sbp.bricks import Offsets, board, shape
from puzzleplan.translator.sbp.matrix import FIRST_BRICK, GOAL, MASTER, WALL, Grid, SbpInstance, bricks

DEAD_END = 10**6
"""The heuristic of a state from which the master brick cannot reach the goal even on an empty board."""


@dataclass(frozen=True, eq=False)
class Bounds:
    """The master brick's relaxed problem: where it fits on the empty board and how far each place is
    from the goal."""

    placements: dict[int, tuple[int, ...]]
    """Master's first cell -> its cells, for every position of the master brick on the empty board."""
    bounds: dict[int, tuple[tuple[int, frozenset[int]], ...]]
    """Master's first cell -> (relaxed distance, cells every relaxed path covers), one per goal position
    it can reach on the empty board."""


@lru_cache(maxsize=64)
def master_bounds(instance: SbpInstance) -> Bounds:
    """The relaxed distances of an instance (cached)."""
    width, height = instance.width, instance.height
    static = board(instance)
    placements = _placements(shape(bricks(instance.grid)[MASTER], width), static.background, width, height)
    found: dict[int, list[tuple[int, frozenset[int]]]] = {anchor: [] for anchor in placements}
    for target, cells in placements.items():
        if set(instance.goals) <= set(cells):
            for anchor, bound in _relaxed_bounds(target, placements, static.neighbour).items():
                found[anchor].append(bound)
    return Bounds(placements, {anchor: tuple(bounds) for anchor, bounds in found.items()})


def _placements(offsets: Offsets, background: Grid, width: int, height: int) -> dict[int, tuple[int, ...]]:
    """Every anchor where a brick of this shape fits on the empty board (walls only), with its cells."""
    found = {}
    for row in range(height):
        for col in range(width):
            cells = [(row + d_row, col + d_col) for d_row, d_col in offsets]
            if all(0 <= r < height and 0 <= c < width and background[r * width + c] != WALL for r, c in cells):
                found[row * width + col] = tuple(r * width + c for r, c in cells)
    return found


def _relaxed_bounds(
    target: int, placements: dict[int, tuple[int, ...]], neighbour
) -> dict[int, tuple[int, frozenset[int]]]:
    """For every anchor that reaches `target` on the empty board: the distance, and the cells that every
    relaxed path from it to `target` covers (a cell is mandatory if banning the placements covering it
    cuts the anchor off from the target; a cell no placement covers bans nothing, so it is not tried)."""
    distance = _distances(target, placements, neighbour, banned=-1)
    mandatory: dict[int, set[int]] = {anchor: set() for anchor in distance}
    for cell in sorted(set().union(*placements.values())):
        reached = _distances(target, placements, neighbour, banned=cell)
        for anchor in distance:
            if anchor not in reached:
                mandatory[anchor].add(cell)
    return {anchor: (distance[anchor], frozenset(mandatory[anchor])) for anchor in distance}


def _distances(target: int, placements: dict[int, tuple[int, ...]], neighbour, banned: int) -> dict[int, int]:
    """Breadth-first distances of the master's anchors to `target`, avoiding placements covering `banned`."""
    if banned in placements[target]:
        return {}

    def moves(anchor: int) -> list[int]:
        return [
            other
            for other in (table[anchor] for table in neighbour)
            if other in placements and banned not in placements[other]
        ]

    return distances([target], moves)


def heuristic(instance: SbpInstance, state: Grid) -> int:
    """Relaxed master distance plus one per brick on a cell that the master must cover.

    Admissible: take any solution and the goal placement P it ends in. (1) Every master move is a move of
    the master on the board without the other bricks, so the master makes at least d(P) moves, its
    breadth-first distance to P on the empty board. (2) Every path of the master on the empty board to P
    covers each cell of M(P) (computed by banning the placements that cover the cell and checking that P
    becomes unreachable); the real path is such a path, so a brick standing on a cell of M(P) now must
    leave it before the master gets there: at least one move of that brick, and these moves are not
    master moves and belong to distinct bricks. So the solution has at least d(P) + |bricks on M(P)|
    moves >= the minimum of that over P, which is what we return. Brick numbers play no part, so any
    numbering of the state gives the same value.
    """
    if not instance.goals or GOAL not in state:
        return 0
    best = DEAD_END
    for distance, mandatory in master_bounds(instance).bounds.get(state.index(MASTER), ()):
        blockers = {state[cell] for cell in mandatory if state[cell] >= FIRST_BRICK}
        best = min(best, distance + len(blockers))
    return best


def unsolvable_reason(instance: SbpInstance) -> str | None:
    """The master brick cannot cover every goal cell, or cannot reach such a place even on an empty board."""
    if not instance.goals:
        return None
    bounds = master_bounds(instance).bounds
    if not any(found for found in bounds.values()):
        return "no position of the master brick covers every goal cell"
    if not bounds.get(instance.grid.index(MASTER)):
        return "the master brick cannot reach the goal cells even with every other brick removed"
    return None
