"""Shared rectangular-grid helpers: directions, neighbours, cell names and adjacency facts for PDDL."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from puzzleplan.translator.graph import distances, reachable, shortest_path

Cell = tuple[int, int]
"""(row, column), row 0 at the top unless a puzzle says otherwise."""

DIRECTIONS: dict[str, Cell] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
"""Unit steps by direction name, in the fixed order up, down, left, right."""

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def step(cell: Cell, direction: str) -> Cell:
    """The cell one step from `cell` in `direction`."""
    d_row, d_col = DIRECTIONS[direction]
    return cell[0] + d_row, cell[1] + d_col


def direction_between(source: Cell, target: Cell) -> str:
    """The direction of the unit step from source to target; ValueError if they are not adjacent."""
    delta = (target[0] - source[0], target[1] - source[1])
    for name, unit in DIRECTIONS.items():
        if unit == delta:
            return name
    raise ValueError(f"cells {source} and {target} are not adjacent")


def adjacent(cell: Cell) -> Iterator[tuple[str, Cell]]:
    """(direction, cell) for the four cells next to `cell`, in the fixed direction order (no bounds)."""
    for name in DIRECTIONS:
        yield name, step(cell, name)


def open_neighbours(passable: Callable[[Cell], bool]) -> Callable[[Cell], list[Cell]]:
    """A neighbour function over the cells for which `passable` is true (it also bounds the grid)."""
    return lambda cell: [other for _, other in adjacent(cell) if passable(other)]


def flood(start: Cell, passable: Callable[[Cell], bool]) -> set[Cell]:
    """The cells reachable from `start` through passable cells (start included)."""
    return reachable(start, open_neighbours(passable))


def grid_distances(starts: Iterable[Cell], passable: Callable[[Cell], bool]) -> dict[Cell, int]:
    """Steps from the nearest of `starts` to every passable cell reachable from them."""
    return distances(starts, open_neighbours(passable))


def walk(start: Cell, target: Cell, passable: Callable[[Cell], bool]) -> list[str] | None:
    """The directions of a shortest walk from start to target through passable cells, or None."""
    return shortest_path(
        start, target.__eq__, lambda cell: [(name, other) for name, other in adjacent(cell) if passable(other)]
    )


def cell_name(cell: Cell) -> str:
    """The PDDL object name of a cell: (2, 3) -> c2-3 (no underscore, which Graphplan forbids)."""
    return f"c{cell[0]}-{cell[1]}"


def parse_cell_name(name: str) -> Cell:
    """Inverse of cell_name; ValueError if `name` is not a cell name."""
    if not name.startswith("c") or "-" not in name:
        raise ValueError(f"{name!r} is not a cell name")
    row, col = name[1:].split("-")
    return int(row), int(col)


def adjacency_facts(cells: Iterable[Cell], predicate: str = "adjacent", directional: bool = False) -> list[str]:
    """PDDL facts linking each pair of adjacent cells among `cells` (both ways).

    With directional=True the fact also names the direction: (adjacent c0-0 c0-1 right).
    """
    present = set(cells)
    facts = []
    for cell in sorted(present):
        for name in DIRECTIONS:
            other = step(cell, name)
            if other in present:
                extra = f" {name}" if directional else ""
                facts.append(f"({predicate} {cell_name(cell)} {cell_name(other)}{extra})")
    return facts
