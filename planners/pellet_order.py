"""Short orders of the pellets by local search: the upper bound `native-tsp` (planners/tsp.py) starts from.

The pellets to aim for are nodes of a complete graph on maze distances, Pac-Man's cell node 0; an order is a
path from node 0 through every node. Nearest neighbour gives a first order, 2-opt and or-opt moves take it
down to a local optimum, and seeded random perturbations (two segment reversals) followed by the descent
again look for a better one. Deterministic: the same orders every run."""

from __future__ import annotations

import random
from typing import Any

from puzzleplan.planners.search import Deadline
from puzzleplan.translator.grid import Cell

IMPROVEMENT = 1e-9
"""A move is taken only when it shortens the path by more than this."""


class Tour:
    """The order of the pellets to aim for: the cells (Pac-Man's first) with their maze distances, the
    shortest order found (node indices, 0 first) and its length."""

    def __init__(self, cells: list[Cell], matrix: list[list[float]]) -> None:
        self.cells, self.matrix = cells, matrix
        self.index = {cell: number for number, cell in enumerate(cells)}
        self.order = nearest_neighbour(matrix)
        self.length = path_length(matrix, _descend(matrix, self.order))

    @classmethod
    def search(cls, instance: Any, needed: frozenset[Cell], rounds: int, deadline: Deadline) -> Tour:
        """The local search from Pac-Man through the needed pellets of an instance."""
        cells = [instance.pacman, *sorted(needed)]
        tour = cls(cells, [[instance.maze.distance(a, b) for b in cells] for a in cells])
        tour.order, tour.length = perturbed(tour.matrix, tour.order, rounds, deadline)
        return tour

    def improve(self, walk: list[Cell]) -> bool:
        """Start the descent from the order in which `walk` meets the pellets (the others inserted where
        they cost least); True when that gives a shorter order."""
        order = list(dict.fromkeys(self.index[cell] for cell in walk if cell in self.index))
        for node in sorted(set(range(len(self.cells))) - set(order)):
            places = range(1, len(order) + 1)
            order.insert(min(places, key=lambda place: _insertion(self.matrix, order, place, node)), node)
        _descend(self.matrix, order)
        length = path_length(self.matrix, order)
        if length < self.length:
            self.order, self.length = order, length
            return True
        return False


def nearest_neighbour(matrix: list[list[float]]) -> list[int]:
    """The path from node 0 that always goes on to the nearest node not yet visited."""
    order, left = [0], set(range(1, len(matrix)))
    while left:
        order.append(min(left, key=lambda node: (matrix[order[-1]][node], node)))
        left.discard(order[-1])
    return order


def perturbed(matrix: list[list[float]], order: list[int], rounds: int, deadline: Deadline) -> tuple[list[int], float]:
    """`rounds` times (while time lasts), two random segment reversals of the best order and the descent
    again, kept when shorter (seeded: the same answer every run); the best order and its length."""
    best, count, rng = order, len(matrix), random.Random(0)
    best_length = path_length(matrix, best)
    for _ in range(rounds if count > 3 else 0):
        if deadline.passed():
            break
        trial = best[:]
        for _ in range(2):
            i, j = sorted(rng.sample(range(1, count), 2))
            trial[i : j + 1] = trial[i : j + 1][::-1]
        trial = _descend(matrix, trial)
        length = path_length(matrix, trial)
        if length < best_length:
            best, best_length = trial, length
    return best, best_length


def _insertion(matrix: list[list[float]], order: list[int], place: int, node: int) -> float:
    """What putting `node` before order[place] (at the end when place == len(order)) adds to the length."""
    before = order[place - 1]
    if place == len(order):
        return matrix[before][node]
    after = order[place]
    return matrix[before][node] + matrix[node][after] - matrix[before][after]


def path_length(matrix: list[list[float]], order: list[int]) -> float:
    """The length of a path visiting the nodes in `order`."""
    return sum(matrix[a][b] for a, b in zip(order, order[1:]))


def _descend(matrix: list[list[float]], order: list[int]) -> list[int]:
    """2-opt and or-opt moves (first improvement) until neither shortens the path; node 0 stays first."""
    while _two_opt(matrix, order) | _or_opt(matrix, order):
        pass
    return order


def _two_opt(d: list[list[float]], order: list[int]) -> bool:
    """Reverse segments order[i..j] that shorten the path (the end of the path is free)."""
    changed, count = False, len(order)
    for i in range(1, count - 1):
        for j in range(i + 1, count):
            a, b, c = order[i - 1], order[i], order[j]
            delta = d[a][c] - d[a][b]
            if j + 1 < count:
                delta += d[b][order[j + 1]] - d[c][order[j + 1]]
            if delta < -IMPROVEMENT:
                order[i : j + 1] = order[i : j + 1][::-1]
                changed = True
    return changed


def _or_opt(d: list[list[float]], order: list[int]) -> bool:
    """Move segments of one to three nodes (either way round) to where they shorten the path most."""
    changed = False
    for size in (1, 2, 3):
        i = 1
        while i + size <= len(order):
            piece, rest = order[i : i + size], order[:i] + order[i + size :]
            after = order[i + size] if i + size < len(order) else None
            saved = d[order[i - 1]][piece[0]] + (0 if after is None else d[piece[-1]][after] - d[order[i - 1]][after])
            best = None
            for k in range(1, len(rest) + 1):
                a, b = rest[k - 1], rest[k] if k < len(rest) else None
                for way in (piece, piece[::-1]):
                    added = d[a][way[0]] + (0 if b is None else d[way[-1]][b] - d[a][b])
                    if added - saved < -IMPROVEMENT and (best is None or added - saved < best[0]):
                        best = (added - saved, k, way)
            if best is None:
                i += 1
                continue
            order[:] = rest[: best[1]] + best[2] + rest[best[1] :]
            changed = True
    return changed
