"""Sliding-brick pictures: walls, floor, the goal cells outlined in red, each brick its own colour with its
number (the master brick red and marked M), an arrow on the brick just moved."""

from __future__ import annotations

from collections.abc import Sequence

from puzzleplan.pictures.drawing import FLOOR, GOAL, INK, WALL, Drawing, GridLayout, arrow, colour
from puzzleplan.pictures.scene import Rect, Scene, Shape, Text
from puzzleplan.translator.grid import DIRECTIONS, direction_between
from puzzleplan.translator.sbp.bricks import Move as SbpMove
from puzzleplan.translator.sbp.bricks import board
from puzzleplan.translator.sbp.matrix import MASTER, SbpInstance, bricks
from puzzleplan.translator.sbp.matrix import WALL as WALL_CELL
from puzzleplan.translator.sbp.matrix import Grid as SbpGrid

MASTER_COLOUR = "#e63946"
GOAL_FLOOR = "#fbe3e4"
SEAM = "#ddd6c8"
INSET = 3


def _layout(instance: SbpInstance) -> GridLayout:
    """Cells of 40 pixels."""
    return GridLayout(instance.height, instance.width)


class SbpDrawing(Drawing):
    """Each brick is drawn under the number it has in the first state (its colour and ids), labelled with
    the number it has in the state shown (the simulator keeps the file's numbers; a plan read in the
    normal-form numbering renumbers them), M on the master brick."""

    def scene(self, instance: SbpInstance, state: SbpGrid, move: SbpMove | None = None) -> Scene:
        """The board of `state`, bricks coloured by their numbers, an arrow on the brick `move` slid."""
        pieces = bricks(state)
        moved = move if move is not None and move[0] in pieces else None
        return self._scene(instance, state, {number: number for number in pieces}, moved)

    def scenes(self, instance: SbpInstance, moves: Sequence[SbpMove], states: Sequence[SbpGrid]) -> list[Scene]:
        """The states of a plan, each brick followed by its cells from state to state (so it keeps its
        colour and ids whatever the numbering), an arrow on the one that moved."""
        names = {number: number for number in bricks(states[0])}
        found = [self._scene(instance, states[0], names)]
        for before, after in zip(states, states[1:]):
            names, moved = _follow(before, after, names, instance.width)
            found.append(self._scene(instance, after, names, moved))
        return found

    def _scene(
        self, instance: SbpInstance, state: SbpGrid, names: dict[int, int], moved: tuple[int, str] | None = None
    ) -> Scene:
        """The board with each brick (by its number in `state`) drawn under the name `names` gives it, and an
        arrow on the brick that `moved` names, the way it went."""
        grid = _layout(instance)
        shapes = _board_shapes(grid, instance)
        count = len(bricks(instance.grid))
        for number, cells in sorted(bricks(state).items()):
            shapes += _labelled_brick(grid, instance.width, number, cells, names[number], count)
            if moved is not None and moved[0] == names[number]:
                shapes.append(_trail(grid, cells, instance.width, moved[1]))
        return grid.canvas(shapes, f"Sliding bricks {instance.width}x{instance.height}")

    def read(self, instance: SbpInstance, scene: Scene) -> SbpGrid:
        """The matrix: the board's walls, free and goal cells, with each brick's cells holding the number on
        its label (M for the master brick)."""
        grid = _layout(instance)
        labels = {shape.id.removesuffix("-label"): shape.text for shape in scene.find_of("label", Text)}
        cells = list(board(instance).background)
        for shape in scene.find("brick-cell"):
            row, col = grid.cell_at(shape.centre)
            label = labels[shape.id.rsplit("-", 1)[0]]
            cells[row * instance.width + col] = MASTER if label == "M" else int(label)
        return tuple(cells)


def _follow(
    before: SbpGrid, after: SbpGrid, names: dict[int, int], width: int
) -> tuple[dict[int, int], tuple[int, str] | None]:
    """The name of each brick of `after` (by its number there), following the cells of each brick of
    `before`, and the name and direction of the brick that moved (None when none did)."""
    old = {tuple(cells): names[number] for number, cells in bricks(before).items()}
    new = {tuple(cells): number for number, cells in bricks(after).items()}
    left = [cells for cells in old if cells not in new]
    came = [cells for cells in new if cells not in old]
    followed = {number: old.get(cells, old[left[0]] if left else number) for cells, number in new.items()}
    return followed, _slid(old, left, came, width)


def _slid(
    old: dict[tuple[int, ...], int], left: list[tuple[int, ...]], came: list[tuple[int, ...]], width: int
) -> tuple[int, str] | None:
    """The name and direction of the brick that left the cells `left[0]` for `came[0]` (None if none did)."""
    return (old[left[0]], _direction(left[0], came[0], width)) if left and came else None


def _board_shapes(grid: GridLayout, instance: SbpInstance) -> list[Shape]:
    """The walls, the floor (with its seams) and the goal cells outlined in red."""
    shapes: list[Shape] = []
    for index, value in enumerate(board(instance).background):
        row, col = divmod(index, instance.width)
        if value == WALL_CELL:
            shapes.append(grid.square(row, col, -0.5, cls="wall", fill=WALL))
        else:
            shapes.append(grid.square(row, col, cls="floor", fill=FLOOR, stroke=SEAM, stroke_width=1))
    for index in instance.goals:
        row, col = divmod(index, instance.width)
        shapes.append(
            grid.square(row, col, 2, id=f"goal-{index}", cls="goal", fill=GOAL_FLOOR, stroke=GOAL, stroke_width=2)
        )
    return shapes


def _labelled_brick(grid: GridLayout, width: int, number: int, cells: list[int], name: int, count: int) -> list[Shape]:
    """Brick `number` of the state under its `name` (of `count` bricks): its colour (red for the master
    brick) and its label (M for the master brick)."""
    master = number == MASTER
    fill = MASTER_COLOUR if master else colour(name - MASTER, count)
    kind = "brick-cell master" if master else "brick-cell"
    x, y = grid.centre(*_middle(cells, width))
    label = "M" if master else str(number)
    return [
        *_brick(grid, width, cells, f"brick-{name}", kind, fill),
        Text(id=f"brick-{name}-label", cls="label", x=x, y=y, text=label, size=16, bold=True, fill=INK),
    ]


def _brick(grid: GridLayout, width: int, cells: list[int], name: str, kind: str, fill: str) -> list[Shape]:
    """A brick: one square per cell (ids NAME-0, NAME-1, ... in the cells' order) and bridges over the gaps
    between its neighbouring cells, so that it reads as one piece."""
    shapes: list[Shape] = []
    for number, cell in enumerate(cells):
        row, col = divmod(cell, width)
        shapes.append(grid.square(row, col, INSET, id=f"{name}-{number}", cls=kind, fill=fill))
    for number, cell in enumerate(cells):
        shapes += [
            Rect(id=f"{name}-{way}{number}", cls="bridge", x=left, y=top, width=w, height=h, fill=fill)
            for way, left, top, w, h in _spans(grid, width, cells, cell)
        ]
    return shapes


def _spans(grid: GridLayout, width: int, cells: list[int], cell: int) -> list[tuple[str, float, float, float, float]]:
    """(way, x, y, width, height) of the bridges from a brick's cell to its cell on the right (r), below (d),
    and across the corner (c) when all four cells are the brick's."""
    edge, gap, side = grid.size - INSET - 1, 2 * INSET + 2, grid.size - 2 * INSET
    x, y = grid.corner(*divmod(cell, width))
    right, down = cell + 1 in cells and (cell + 1) % width, cell + width in cells
    spans: list[tuple[str, float, float, float, float]] = [("r", x + edge, y + INSET, gap, side)] if right else []
    spans += [("d", x + INSET, y + edge, side, gap)] if down else []
    spans += [("c", x + edge, y + edge, gap, gap)] if right and down and cell + width + 1 in cells else []
    return spans


def _middle(cells: list[int], width: int) -> tuple[float, float]:
    """The (row, column) of the middle of a brick's bounding box, in cells (fractions allowed)."""
    rows = [cell // width for cell in cells]
    cols = [cell % width for cell in cells]
    return (min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2


def _trail(grid: GridLayout, cells: list[int], width: int, direction: str) -> Shape:
    """An arrow in the cells a brick has just left, pointing the way it went."""
    rows = [cell // width for cell in cells]
    cols = [cell % width for cell in cells]
    d_row, d_col = DIRECTIONS[direction]
    row = (min(rows) + max(rows)) / 2 - d_row * ((max(rows) - min(rows)) / 2 + 0.8)
    col = (min(cols) + max(cols)) / 2 - d_col * ((max(cols) - min(cols)) / 2 + 0.8)
    return arrow(grid.centre(row, col), (d_row, d_col), 14, "trail")


def _direction(before: tuple[int, ...], after: tuple[int, ...], width: int) -> str:
    """The way a brick slid, from its cells before and after (its first cell moves one step)."""
    return direction_between(divmod(before[0], width), divmod(after[0], width))
