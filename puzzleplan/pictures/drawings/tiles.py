"""Sliding-tile pictures: numbered tiles on a tray, blue where the goal wants them, amber elsewhere."""

from __future__ import annotations

from puzzleplan.pictures.drawing import INK, Drawing, GridLayout, ident_number, piece_style
from puzzleplan.pictures.scene import Rect, Scene, Shape, Text
from puzzleplan.translator.tiles.puzzle import BLANK, Board, Move, TilesInstance

TRAY = "#cfc8b8"
PLACED = "#8ecae6"
ASTRAY = "#ffb703"


class TilesDrawing(Drawing):
    """A tray of cells; each tile a rounded square with its number, blue when it stands on its goal cell;
    the tile just moved has a dark border."""

    def scene(self, instance: TilesInstance, board: Board, move: Move | None = None) -> Scene:
        """The tiles of `board`."""
        grid = self.layout(instance)
        shapes: list[Shape] = [
            Rect(
                id="tray",
                cls="tray",
                x=grid.margin - 4,
                y=grid.margin - 4,
                width=grid.width - 2 * grid.margin + 8,
                height=grid.height - 2 * grid.margin + 8,
                rx=6,
                fill=TRAY,
            )
        ]
        for index, tile in enumerate(board):
            if tile != BLANK:
                shapes += _tile(grid, instance, index, tile, move is not None and move[0] == tile)
        return grid.canvas(shapes, f"Sliding tiles {instance.height}x{instance.width}")

    visited = "the blank's cell"

    def layout(self, instance: TilesInstance) -> GridLayout:
        """Cells of 56 pixels."""
        return GridLayout(instance.height, instance.width, size=56)

    def visits(self, instance: TilesInstance, board: Board) -> tuple[tuple[int, int], ...]:
        """The blank's cell (each blank's, on a board with several): where a move slides a tile from."""
        return tuple(divmod(index, instance.width) for index, tile in enumerate(board) if tile == BLANK)

    def read(self, instance: TilesInstance, scene: Scene) -> Board:
        """Each tile at the cell under its centre; the other cells blank."""
        grid = self.layout(instance)
        cells = [BLANK] * (instance.height * instance.width)
        for shape in scene.find("tile"):
            row, col = grid.cell_at(shape.centre)
            cells[row * instance.width + col] = ident_number(shape)
        return tuple(cells)


def _tile(grid: GridLayout, instance: TilesInstance, index: int, tile: int, moved: bool) -> list[Shape]:
    """A tile and its number: blue on its goal cell, amber elsewhere, bordered when it was just moved."""
    row, col = divmod(index, instance.width)
    fill = PLACED if instance.goal[index] == tile else ASTRAY
    square = grid.square(row, col, 3, id=f"tile-{tile}", **piece_style("tile", moved), rx=7, fill=fill)
    x, y = grid.centre(row, col)
    return [square, Text(id=f"tile-{tile}-label", cls="label", x=x, y=y, text=str(tile), size=22, bold=True, fill=INK)]
