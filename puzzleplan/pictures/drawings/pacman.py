"""Pac-Man pictures: the maze (walls blue, corridors dark), the pellets left, Pac-Man, and in a replayed
plan the path he has walked so far."""

from __future__ import annotations

from collections.abc import Sequence

from puzzleplan.pictures.drawing import Drawing, GridLayout, fitted_grid
from puzzleplan.pictures.scene import Circle, Polygon, Scene, Shape
from puzzleplan.translator.grid import Cell
from puzzleplan.translator.pacman.layout import PacmanInstance, State

MAZE_WALL = "#2a3fbf"
CORRIDOR = "#101018"
PELLET = "#f1e7c8"
PACMAN = "#ffd23f"
PATH = "#ff8c42"


class PacmanDrawing(Drawing):
    """Every frame holds the same shapes: each pellet keeps the id of its cell (pellet-ROW-COL) and turns
    from class `pellet` to class `eaten` (drawn in the corridor's colour) when Pac-Man eats it, and the path
    is one line that grows, so animations change shapes instead of adding and removing them."""

    def scene(self, instance: PacmanInstance, state: State, move: str | None = None) -> Scene:
        """The maze in `state` (a single state has no path to show)."""
        return self._scene(instance, state, [state.pacman])

    def scenes(self, instance: PacmanInstance, moves: Sequence[str], states: Sequence[State]) -> list[Scene]:
        """The states of a plan, each with the path walked to reach it."""
        cells = [state.pacman for state in states]
        return [self._scene(instance, state, cells[: number + 1]) for number, state in enumerate(states)]

    def _scene(self, instance: PacmanInstance, state: State, path: list[Cell]) -> Scene:
        """The maze, the pellets (left or eaten), the path walked (`path`, at least Pac-Man's cell) and Pac-Man."""
        grid = fitted_grid(instance.height, instance.width)
        shapes = _maze(grid, instance)
        shapes += [_pellet(grid, cell, cell in state.food) for cell in sorted(instance.food)]
        points = tuple(grid.centre(*cell) for cell in path + path[-1:])  # a line needs two points
        shapes.append(Polygon(id="path", cls="path", points=points, closed=False, stroke=PATH, stroke_width=3))
        shapes.append(_pacman(grid, state.pacman))
        eaten = len(instance.food) - len(state.food)
        return grid.canvas(shapes, f"Pac-Man, {eaten} of {len(instance.food)} pellets eaten")

    visited = "Pac-Man's cell"

    def layout(self, instance: PacmanInstance) -> GridLayout:
        """The maze's cells."""
        return fitted_grid(instance.height, instance.width)

    def visits(self, instance: PacmanInstance, state: State) -> tuple[Cell, ...]:
        """Pac-Man's cell."""
        return (state.pacman,)

    def read(self, instance: PacmanInstance, scene: Scene) -> State:
        """Pac-Man at the cell under his circle, a pellet at the cell under each pellet circle."""
        grid = fitted_grid(instance.height, instance.width)
        pacman = grid.cell_at(scene.find("pacman")[0].centre)
        return State(pacman, frozenset(grid.cell_at(shape.centre) for shape in scene.find("pellet")))


def _maze(grid: GridLayout, instance: PacmanInstance) -> list[Shape]:
    """A square per cell: blue walls, dark corridors."""
    shapes: list[Shape] = []
    for row in range(instance.height):
        for col in range(instance.width):
            wall = (row, col) in instance.walls
            shapes.append(
                grid.square(row, col, -0.5, cls="wall" if wall else "floor", fill=MAZE_WALL if wall else CORRIDOR)
            )
    return shapes


def _pellet(grid: GridLayout, cell: Cell, left: bool) -> Shape:
    """A pellet, drawn in the corridor's colour (class `eaten`) once eaten."""
    x, y = grid.centre(*cell)
    kind, fill = ("pellet", PELLET) if left else ("eaten", CORRIDOR)
    return Circle(id=f"pellet-{cell[0]}-{cell[1]}", cls=kind, cx=x, cy=y, r=grid.size * 0.14, fill=fill)


def _pacman(grid: GridLayout, cell: Cell) -> Circle:
    """Pac-Man: a yellow disc on his cell."""
    x, y = grid.centre(*cell)
    radius = grid.size * 0.38
    return Circle(id="pacman", cls="pacman", cx=x, cy=y, r=radius, fill=PACMAN, stroke="#000000", stroke_width=1)
