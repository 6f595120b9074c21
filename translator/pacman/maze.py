"""Maze distances and the lower bounds native A* runs on.

Every bound here is the exact cost, or a lower bound on the exact cost, of a relaxed problem whose moves
include Pac-Man's, which makes each one admissible and consistent (h(s) <= 1 + h(s') for every move):
- `farthest`: the maze distance to the farthest pellet (the cost of eating that pellet alone);
- `pairs`: over every two pellets a, b, the cost of eating just those two, d(a, b) + min(d(P, a), d(P, b));
- `tree`: a minimum spanning tree over the pellets plus the distance to the nearest pellet. The tree
  stays while no pellet is eaten, and the nearest distance drops by at most 1 a move; eating pellet p
  (nearest distance 1 before) leaves tree(F - p) + d(p, F - p) >= tree(F), so h drops by at most 1 then too.
  (A tree over the pellets and Pac-Man together is admissible but not consistent: moving the tree's hub
  one step off it can make every edge to it longer.)
The default takes the largest of the three."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from puzzleplan.translator.grid import Cell, adjacent, flood, grid_distances

INFINITE = float("inf")


class Maze:
    """Maze distances over the open cells: one breadth-first search from each pellet of the layout, made
    once, and from any other cell on demand (kept too)."""

    def __init__(self, is_open: Callable[[Cell], bool], pellets: Iterable[Cell]) -> None:
        self.is_open = is_open
        self.tables: dict[Cell, dict[Cell, int]] = {}
        self.pellets = tuple(sorted(pellets))
        for pellet in self.pellets:
            self.distances_from(pellet)
        self._trees: dict[frozenset[Cell], float] = {}

    def distances_from(self, cell: Cell) -> dict[Cell, int]:
        """Steps from `cell` to every open cell reachable from it."""
        table = self.tables.get(cell)
        if table is None:
            table = self.tables[cell] = grid_distances([cell], self.is_open)
        return table

    def distance(self, source: Cell, target: Cell) -> float:
        """Steps between two open cells (infinite when walls separate them)."""
        if target in self.tables:
            return self.tables[target].get(source, INFINITE)
        return self.distances_from(source).get(target, INFINITE)

    def tree(self, food: frozenset[Cell]) -> float:
        """The weight of a minimum spanning tree over the pellets on maze distances (Prim), cached."""
        weight = self._trees.get(food)
        if weight is None:
            weight = self._trees[food] = self._prim(sorted(food))
        return weight

    def _prim(self, cells: list[Cell]) -> float:
        """Prim's algorithm on the complete graph of maze distances among `cells`."""
        if not cells:
            return 0
        tables = [self.tables[cell] for cell in cells]
        best = {other: tables[0].get(other, INFINITE) for other in cells[1:]}
        total = 0.0
        while best:
            nearest = min(best, key=lambda cell: (best[cell], cell))
            total += best.pop(nearest)
            table = self.tables[nearest]
            for other in best:
                step = table.get(other, INFINITE)
                if step < best[other]:
                    best[other] = step
        return total


def farthest(maze: Maze, pacman: Cell, food: frozenset[Cell]) -> float:
    """The maze distance to the farthest pellet left."""
    return max((maze.tables[pellet].get(pacman, INFINITE) for pellet in food), default=0)


def tree(maze: Maze, pacman: Cell, food: frozenset[Cell]) -> float:
    """A minimum spanning tree over the pellets left plus the distance to the nearest one."""
    if not food:
        return 0
    return maze.tree(food) + min(maze.tables[pellet].get(pacman, INFINITE) for pellet in food)


def pairs(maze: Maze, pacman: Cell, food: frozenset[Cell]) -> float:
    """The largest cost of eating two of the pellets left: d(a, b) + min(d(P, a), d(P, b))."""
    if len(food) < 2:
        return farthest(maze, pacman, food)
    cells = sorted(food)
    reach = [maze.tables[cell].get(pacman, INFINITE) for cell in cells]
    best = 0.0
    for i, first in enumerate(cells):
        table = maze.tables[first]
        for j in range(i + 1, len(cells)):
            cost = table.get(cells[j], INFINITE) + min(reach[i], reach[j])
            if cost > best:
                best = cost
    return best


def strongest(maze: Maze, pacman: Cell, food: frozenset[Cell]) -> float:
    """The largest of the farthest pellet, the pair bound and the tree bound."""
    return max(pairs(maze, pacman, food), tree(maze, pacman, food))


# -- what an exact solver needs ------------------------------------------------------------------------
def _open_but(is_open: Callable[[Cell], bool], pellet: Cell, cell: Cell) -> bool:
    """True for an open cell other than `pellet`."""
    return cell != pellet and is_open(cell)


def needed_pellets(is_open: Callable[[Cell], bool], start: Cell, food: frozenset[Cell]) -> frozenset[Cell]:
    """The pellets a walk must aim for: a pellet on every way from `start` to another pellet (a cut cell,
    such as one in a dead end before a deeper pellet) is eaten on the way to that one, so it is left out."""
    needed = set()
    for pellet in sorted(food):
        around = flood(start, partial(_open_but, is_open, pellet))
        if food - {pellet} <= around:
            needed.add(pellet)
    return frozenset(needed)


@dataclass(frozen=True)
class Corridors:
    """The maze as a graph: the cells in `nodes` (the ones to visit, and the junctions between them)
    joined by corridors, each edge (first node, last node, its cells from first to last); the cells no
    shortest walk through the nodes needs (empty dead ends) are left out."""

    nodes: tuple[Cell, ...]
    edges: tuple[tuple[int, int, tuple[Cell, ...]], ...]


def corridors(is_open: Callable[[Cell], bool], start: Cell, visit: frozenset[Cell]) -> Corridors:
    """The corridor graph of the cells reachable from `start` for a walk from `start` through `visit`."""
    keep = visit | {start}
    cells = _without_dead_ends(flood(start, is_open), keep)
    nodes = tuple(sorted(cell for cell in cells if cell in keep or len(_around(cell, cells)) != 2))
    return Corridors(nodes, _corridor_edges(nodes, cells))


def _corridor_edges(nodes: tuple[Cell, ...], cells: set[Cell]) -> tuple[tuple[int, int, tuple[Cell, ...]], ...]:
    """(node, node, path) of every corridor between two different nodes, each once, nodes by index."""
    index = {cell: number for number, cell in enumerate(nodes)}
    edges, seen = [], set()
    for node in nodes:
        for first in _around(node, cells):
            path = _corridor(node, first, cells, index)
            key = min(tuple(path), tuple(reversed(path)))
            if path[-1] != node and key not in seen:
                seen.add(key)
                edges.append((index[node], index[path[-1]], tuple(path)))
    return tuple(edges)


def _without_dead_ends(cells: set[Cell], keep: frozenset[Cell]) -> set[Cell]:
    """The cells without their empty dead ends: one is never worth entering, so it is pruned, and then
    what it leaves."""

    def dead_end(cell: Cell) -> bool:
        return cell not in keep and len(_around(cell, cells)) <= 1

    dead_ends = [cell for cell in sorted(cells) if dead_end(cell)]
    while dead_ends:
        cell = dead_ends.pop()
        if cell in cells:
            cells.discard(cell)
            dead_ends += [other for other in _around(cell, cells) if dead_end(other)]
    return cells


def _corridor(node: Cell, first: Cell, cells: set[Cell], nodes: dict[Cell, int]) -> list[Cell]:
    """The cells from `node` through its neighbour `first` along the corridor to the next node."""
    path = [node, first]
    while path[-1] not in nodes:
        path.append(next(cell for cell in _around(path[-1], cells) if cell != path[-2]))
    return path


def _around(cell: Cell, cells: set[Cell]) -> list[Cell]:
    """The neighbours of `cell` among `cells`, in the fixed direction order."""
    return [other for _, other in adjacent(cell) if other in cells]
