"""The Drawing a puzzle names (Drawable.drawing): a scene per state and the state read back from a scene, with
the grid layout and colours that the drawings share."""

from __future__ import annotations

import colorsys
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzleplan.pictures.scene import Polygon, Rect, Scene, Shape

INK = "#222222"
PAPER = "#ffffff"
FLOOR = "#f4f1ea"
WALL = "#5b5b66"
GOAL = "#d62828"
LINE = "#c8c2b4"
MOVED = "#1d3557"
"""The border of the piece the last move moved."""


def piece_style(kind: str, moved: bool) -> dict[str, Any]:
    """The class and border of a piece (`disc`, `block`, `tile`): a dark, thick border and the class word
    `moved` when the last move moved it."""
    if moved:
        return {"cls": f"{kind} moved", "stroke": MOVED, "stroke_width": 3}
    return {"cls": kind, "stroke": INK, "stroke_width": 1}


class Drawing(ABC):
    """How a puzzle is drawn. scene() draws one state; read() is its inverse, the state a scene shows, so
    that a test can check a picture (a PNG frame, an animated SVG, the page a browser shows) against the
    simulator's state; scenes() draws a replayed plan, keeping the ids of things that move."""

    visited = ""
    """What visits() gives, in words, for the search player's legend ("Pac-Man's cell")."""

    @abstractmethod
    def scene(self, instance: Any, state: Any, move: Any = None) -> Scene:
        """A picture of `state`; `move` is the move that led to it (a drawing may mark it), None at the start."""

    @abstractmethod
    def read(self, instance: Any, scene: Scene) -> Any:
        """The state that a scene made by scene() shows, read from its shapes' ids, classes and places."""

    def layout(self, instance: Any) -> GridLayout | None:
        """The grid of cells the board is drawn on (the search player lays its heat map over it); None for
        a board that is no grid of cells (the default)."""
        return None

    def visits(self, instance: Any, state: Any) -> tuple[tuple[int, int], ...]:
        """The cells of layout() that a state visits, for the search player's heat map of how often a
        search came by each cell (the default: none)."""
        return ()

    def scenes(self, instance: Any, moves: Sequence[Any], states: Sequence[Any]) -> list[Scene]:
        """One scene per state of a replayed plan: the first state, then the state after each move."""
        return [self.scene(instance, states[0])] + [
            self.scene(instance, state, move) for move, state in zip(moves, states[1:])
        ]


@dataclass(frozen=True)
class GridLayout:
    """Square cells of `size` pixels in rows and columns, `margin` pixels from the top left corner, with
    `below` pixels under the grid for a caption."""

    rows: int
    cols: int
    size: float = 40.0
    margin: float = 12.0
    below: float = 0.0

    @property
    def width(self) -> float:
        """The canvas width."""
        return self.cols * self.size + 2 * self.margin

    @property
    def height(self) -> float:
        """The canvas height."""
        return self.rows * self.size + 2 * self.margin + self.below

    def corner(self, row: float, col: float) -> tuple[float, float]:
        """The top left corner of a cell."""
        return self.margin + col * self.size, self.margin + row * self.size

    def centre(self, row: float, col: float) -> tuple[float, float]:
        """The centre of a cell."""
        x, y = self.corner(row, col)
        return x + self.size / 2, y + self.size / 2

    def square(self, row: int, col: int, inset: float = 0.0, **style: Any) -> Rect:
        """A rectangle on a cell, `inset` pixels inside its edges."""
        x, y = self.corner(row, col)
        side = self.size - 2 * inset
        return Rect(x=x + inset, y=y + inset, width=side, height=side, **style)

    def cell_at(self, point: tuple[float, float]) -> tuple[int, int]:
        """The (row, column) of the cell holding a point."""
        x, y = point
        return int((y - self.margin) // self.size), int((x - self.margin) // self.size)

    def canvas(self, shapes: list[Shape], title: str, background: str = PAPER) -> Scene:
        """A scene of this layout's size."""
        return Scene(self.width, self.height, tuple(shapes), background, title)


LARGE = 14
"""Boards with more rows or columns than this are drawn with smaller cells by fitted_grid."""


def fitted_grid(rows: int, cols: int) -> GridLayout:
    """A layout of 32-pixel cells, 24 for boards larger than LARGE on a side (Sokoban levels, Bloxorz stages)."""
    return GridLayout(rows, cols, size=24 if max(rows, cols) > LARGE else 32)


def colour(index: int, count: int, saturation: float = 0.55, lightness: float = 0.62) -> str:
    """The index-th of `count` colours spread round the colour wheel, as #rrggbb."""
    hue = (index * 0.618034) % 1.0 if count > 12 else index / max(count, 1)
    red, green, blue = colorsys.hls_to_rgb(hue, lightness, saturation)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def ident_number(shape: Shape) -> int:
    """The number at the end of a shape's id (`disc-3` -> 3)."""
    return int(shape.id.rsplit("-", 1)[1])


def arrow(centre: tuple[float, float], direction: tuple[int, int], length: float, ident: str = "arrow") -> Polygon:
    """A white triangle about `length` pixels long centred on `centre`, pointing along (d_row, d_col)."""
    x, y = centre
    d_row, d_col = direction
    tip, side = length / 2, length * 0.3
    points = (
        (x + d_col * tip, y + d_row * tip),
        (x - d_col * tip - d_row * side, y - d_row * tip + d_col * side),
        (x - d_col * tip + d_row * side, y - d_row * tip - d_col * side),
    )
    return Polygon(id=ident, cls="arrow", points=points, fill=PAPER, stroke=INK, stroke_width=1)
