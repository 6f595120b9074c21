"""Mini-SHRDLU pictures: the vertical n x n board (row 0 at the bottom) with numbered blocks, the row and
column indices, and the goal formula underneath."""

from __future__ import annotations

import textwrap

from puzzleplan.pictures.drawing import INK, LINE, Drawing, GridLayout, colour, ident_number, piece_style
from puzzleplan.pictures.scene import Scene, Shape, Text
from puzzleplan.translator.shrdlu.board import ShrdluInstance
from puzzleplan.translator.shrdlu.formula import Columns, format_goal
from puzzleplan.translator.shrdlu.puzzle import Move

SLOT = "#f7f5f0"
GOAL_LINES = 3
"""Lines of the goal formula shown under the board; a longer goal is shortened with '...'."""


def _goal_lines(instance: ShrdluInstance) -> list[str]:
    """The goal formula wrapped to the board's width (about 7 pixels a character)."""
    width = max(30, int((instance.n * 48 + 60) / 7))
    lines = textwrap.wrap("goal: " + format_goal(instance.goal), width)
    if len(lines) > GOAL_LINES:
        lines = lines[: GOAL_LINES - 1] + [lines[GOAL_LINES - 1][: width - 3] + "..."]
    return lines


def _layout(instance: ShrdluInstance) -> GridLayout:
    """Cells of 48 pixels, room on the left for row numbers and underneath for column numbers and the goal."""
    return GridLayout(instance.n, instance.n, size=48, margin=30, below=10 + 16 * len(_goal_lines(instance)))


class ShrdluDrawing(Drawing):
    """Blocks in columns that hang from the bottom row, each its colour and number; the block just moved
    has a dark border."""

    def scene(self, instance: ShrdluInstance, state: Columns, move: Move | None = None) -> Scene:
        """The board of `state`."""
        grid, n = _layout(instance), instance.n
        shapes = _board(grid, n)
        for col, column in enumerate(state):
            for row, block in enumerate(column):
                moved = move is not None and move[1] == col and row == len(column) - 1
                shapes += _block(grid, instance, n - 1 - row, col, block, moved)
        top = grid.margin + n * grid.size + 22
        shapes += [
            Text(
                id=f"goal-{number}", cls="caption", x=grid.width / 2, y=top + 16 * number, text=line, size=12, fill=INK
            )
            for number, line in enumerate(_goal_lines(instance))
        ]
        return grid.canvas(shapes, f"Mini-SHRDLU {n} x {n}, {instance.k} blocks")

    def read(self, instance: ShrdluInstance, scene: Scene) -> Columns:
        """Each block at the cell under its centre; a column's blocks bottom to top."""
        grid, n = _layout(instance), instance.n
        columns: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for shape in scene.find("block"):
            screen_row, col = grid.cell_at(shape.centre)
            columns[col].append((n - 1 - screen_row, ident_number(shape)))
        return tuple(tuple(block for _, block in sorted(column)) for column in columns)


def _board(grid: GridLayout, n: int) -> list[Shape]:
    """The empty slots with the row numbers on the left (0 at the bottom) and the column numbers under them."""
    shapes: list[Shape] = []
    for row in range(n):
        x, y = grid.centre(n - 1 - row, -1)
        shapes.append(Text(id=f"row-{row}", cls="index", x=x + 10, y=y, text=str(row), size=12, fill=INK))
        shapes += [
            grid.square(n - 1 - row, col, 1, cls="slot", fill=SLOT, stroke=LINE, stroke_width=1) for col in range(n)
        ]
    for col in range(n):
        x, y = grid.centre(n, col)
        shapes.append(Text(id=f"col-{col}", cls="index", x=x, y=y - 12, text=str(col), size=12, fill=INK))
    return shapes


def _block(
    grid: GridLayout, instance: ShrdluInstance, screen_row: int, col: int, block: int, moved: bool
) -> list[Shape]:
    """A block in its colour with its number, bordered when it was just moved."""
    square = grid.square(
        screen_row, col, 4, id=f"block-{block}", **piece_style("block", moved), rx=4, fill=colour(block - 1, instance.k)
    )
    x, y = grid.centre(screen_row, col)
    label = Text(id=f"block-{block}-label", cls="label", x=x, y=y, text=str(block), size=18, bold=True, fill=INK)
    return [square, label]
