"""Sokoban pictures: walls, the floor inside them, goals, boxes (amber off a goal, green on one), the keeper;
a push marks the box it moved and the direction it went."""

from __future__ import annotations

from collections.abc import Sequence

from puzzleplan.pictures.drawing import FLOOR, GOAL, WALL, Drawing, GridLayout, arrow, fitted_grid
from puzzleplan.pictures.scene import Circle, Polygon, Scene, Shape
from puzzleplan.translator.grid import DIRECTIONS, Cell, step
from puzzleplan.translator.sokoban.level import SokobanInstance, State
from puzzleplan.translator.sokoban.puzzle import DIRECTION_OF

BOX = "#d89b3a"
BOX_ON_GOAL = "#2a9d8f"
BOX_EDGE = "#6b4a12"
KEEPER = "#1d3557"
PUSHED = "#e63946"


class SokobanDrawing(Drawing):
    """Through a plan each box keeps its id (box-0, box-1, ... by the order of the initial boxes) so that
    an animation moves it; the box a push moved is bordered in red with an arrow the way it went."""

    def scene(self, instance: SokobanInstance, state: State, move: str | None = None) -> Scene:
        """The level in `state`; after a push (an upper-case move) the pushed box is marked."""
        return self._scene(instance, state, move, _names(state.boxes))

    def scenes(self, instance: SokobanInstance, moves: Sequence[str], states: Sequence[State]) -> list[Scene]:
        """The states of a plan, each box keeping its id as it is pushed."""
        names = _names(states[0].boxes)
        found = [self._scene(instance, states[0], None, names)]
        for move, after in zip(moves, states[1:]):
            if move.isupper():  # the box was where the keeper now stands, one step behind where it is now
                names = dict(names)
                names[step(after.keeper, DIRECTION_OF[move.lower()])] = names.pop(after.keeper)
            found.append(self._scene(instance, after, move, names))
        return found

    def _scene(self, instance: SokobanInstance, state: State, move: str | None, names: dict[Cell, str]) -> Scene:
        """The level with each box drawn under the id `names` gives its cell."""
        grid = fitted_grid(instance.height, instance.width)
        shapes = _level_shapes(grid, instance)
        push, pushed = _push(state, move)
        shapes += [
            _box(grid, cell, names[cell], cell in instance.goals, cell == pushed) for cell in sorted(state.boxes)
        ]
        x, y = grid.centre(*state.keeper)
        shapes.append(Circle(id="keeper", cls="keeper", cx=x, cy=y, r=grid.size * 0.32, fill=KEEPER))
        if push is not None and pushed is not None:
            shapes.append(arrow(grid.centre(*pushed), DIRECTIONS[push], grid.size * 0.5))
        return grid.canvas(shapes, f"Sokoban, {len(instance.boxes)} boxes")

    visited = "the keeper's cell and the cells of its boxes"

    def layout(self, instance: SokobanInstance) -> GridLayout:
        """The level's cells."""
        return fitted_grid(instance.height, instance.width)

    def visits(self, instance: SokobanInstance, state: State) -> tuple[Cell, ...]:
        """The keeper's cell and the box cells (not the boxes walled off outside the keeper's area)."""
        return (state.keeper, *sorted(state.boxes & instance.inside))

    def read(self, instance: SokobanInstance, scene: Scene) -> State:
        """The keeper at the cell under its circle, a box at the cell under each box square."""
        grid = fitted_grid(instance.height, instance.width)
        keeper = grid.cell_at(scene.find("keeper")[0].centre)
        return State(keeper, frozenset(grid.cell_at(shape.centre) for shape in scene.find("box")))


def _level_shapes(grid: GridLayout, instance: SokobanInstance) -> list[Shape]:
    """What never moves: the walls, the floor inside them and the goals (diamonds)."""
    shapes: list[Shape] = [grid.square(row, col, -0.5, cls="wall", fill=WALL) for row, col in sorted(instance.walls)]
    shapes += [grid.square(row, col, -0.5, cls="floor", fill=FLOOR) for row, col in sorted(instance.inside)]
    half = grid.size * 0.22
    for row, col in sorted(instance.goals):
        x, y = grid.centre(row, col)
        diamond = ((x, y - half), (x + half, y), (x, y + half), (x - half, y))
        shapes.append(Polygon(id=f"goal-{row}-{col}", cls="goal", points=diamond, fill=GOAL))
    return shapes


def _box(grid: GridLayout, cell: Cell, name: str, on_goal: bool, pushed: bool) -> Shape:
    """A box: green on a goal, amber off one, bordered in red when it was just pushed."""
    edge, edge_width = (PUSHED, 3) if pushed else (BOX_EDGE, 1)
    kind = "box" + (" on-goal" if on_goal else "") + (" pushed" if pushed else "")
    fill = BOX_ON_GOAL if on_goal else BOX
    return grid.square(*cell, 3, id=name, cls=kind, rx=4, fill=fill, stroke=edge, stroke_width=edge_width)


def _push(state: State, move: str | None) -> tuple[str | None, Cell | None]:
    """The direction of the last push of a move and the cell of the box it pushed; (None, None) after a plain
    step or at the start. A push search's move is a walk and one or more pushes (`llU`, a macro `RRRR`)."""
    if not (move and move[-1].isupper()):
        return None, None
    push = DIRECTION_OF[move[-1].lower()]
    return push, step(state.keeper, push)


def _names(boxes: frozenset[Cell]) -> dict[Cell, str]:
    """Box ids by cell: box-0, box-1, ... in row-major order."""
    return {cell: f"box-{number}" for number, cell in enumerate(sorted(boxes))}
