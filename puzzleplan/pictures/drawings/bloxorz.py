"""Bloxorz pictures: the tiles, the hole, fragile tiles, switches (soft round, heavy X, split two dots),
bridge tiles open or shut, and the block standing (a square with its sides round its top), lying (a bar over two
tiles) or split into two cubes."""

from __future__ import annotations

from puzzleplan.pictures.drawing import INK, Drawing, GridLayout, fitted_grid
from puzzleplan.pictures.scene import Circle, Rect, Scene, Shape, Text
from puzzleplan.translator.bloxorz.level import CLOSED, FRAGILE, GOAL, HEAVY, OPEN, SOFT, SPLIT, VOID, Stage
from puzzleplan.translator.bloxorz.rules import CUBE, STANDING, Move, State, rules_of
from puzzleplan.translator.grid import Cell

TILE = "#c9c3b6"
EDGE = "#8c8577"
HOLE = "#1b1b1b"
FRAGILE_TILE = "#f4a261"
BRIDGE = "#8d99ae"
SWITCH = "#6a994e"
BLOCK = "#9d0208"
BLOCK_TOP = "#d00000"


class BloxorzDrawing(Drawing):
    """The block is one bar (id `block`) or two cubes (`cube-1`, `cube-2`); a bridge tile is drawn open
    (filled) or shut (outlined) as the state has it."""

    def scene(self, instance: Stage, state: State, move: Move | None = None) -> Scene:
        """The stage in `state`."""
        rules, grid = rules_of(instance), fitted_grid(instance.height, instance.width)
        shapes: list[Shape] = []
        for row, tokens in enumerate(instance.grid):
            for col, token in enumerate(tokens):
                if token != VOID:
                    shapes += _tile(grid, (row, col), token, bool(state[2] & rules.bit[rules.index((row, col))]))
        first, second = rules.cell(state[0]), rules.cell(state[1])
        draw = _BLOCKS.get(rules.shape(state[0], state[1]), _lying_block)
        return grid.canvas(shapes + draw(grid, first, second), "Bloxorz")

    visited = "the cells under the block"

    def layout(self, instance: Stage) -> GridLayout:
        """The stage's cells."""
        return fitted_grid(instance.height, instance.width)

    def visits(self, instance: Stage, state: State) -> tuple[Cell, ...]:
        """The cells under the block: one when it stands, two when it lies or is split into cubes."""
        rules = rules_of(instance)
        return tuple(rules.cell(index) for index in sorted({state[0], state[1]}))

    def read(self, instance: Stage, scene: Scene) -> State:
        """The block's cells from its bar (or the cubes' squares), the open bridges from the filled bridge
        tiles."""
        rules, grid = rules_of(instance), fitted_grid(instance.height, instance.width)
        cells: list[Cell] = []
        for shape in scene.find_of("block", Rect) + scene.find_of("cube", Rect):
            half = grid.size / 2
            cells += [
                grid.cell_at((shape.x + half, shape.y + half)),
                grid.cell_at((shape.x + shape.width - half, shape.y + shape.height - half)),
            ]
        found = sorted({rules.index(cell) for cell in cells})
        bits = sum(rules.bit[rules.index(grid.cell_at(shape.centre))] for shape in scene.find("open"))
        return found[0], found[-1], bits


def _standing_block(grid: GridLayout, first: Cell, second: Cell) -> list[Shape]:
    """A standing block seen from above: its top, with its sides round it."""
    return [
        grid.square(*first, 2, id="block", cls="block standing", rx=3, fill=BLOCK_TOP, stroke=BLOCK, stroke_width=6)
    ]


def _cubes(grid: GridLayout, first: Cell, second: Cell) -> list[Shape]:
    """Two cubes, numbered 1 and 2."""
    shapes: list[Shape] = []
    for number, cell in enumerate((first, second), start=1):
        shapes.append(
            grid.square(*cell, 4, id=f"cube-{number}", cls="cube", rx=3, fill=BLOCK, stroke=INK, stroke_width=1)
        )
        x, y = grid.centre(*cell)
        shapes.append(
            Text(id=f"cube-{number}-label", cls="label", x=x, y=y, text=str(number), size=12, bold=True, fill="#ffffff")
        )
    return shapes


def _lying_block(grid: GridLayout, first: Cell, second: Cell) -> list[Shape]:
    """A lying block: one bar over its two tiles."""
    (x, y), (right, bottom) = grid.corner(*first), grid.corner(second[0] + 1, second[1] + 1)
    bar = Rect(
        id="block",
        cls="block lying",
        x=x + 2,
        y=y + 2,
        width=right - x - 4,
        height=bottom - y - 4,
        rx=3,
        fill=BLOCK,
        stroke=INK,
        stroke_width=1,
    )
    return [bar]


_BLOCKS = {STANDING: _standing_block, CUBE: _cubes}
"""How the block is drawn by its shape (lying otherwise)."""


def _tile(grid: GridLayout, cell: Cell, token: str, is_open: bool) -> list[Shape]:
    """A tile of the stage and its marks; a bridge tile as it is in the state (open or shut)."""
    row, col = cell
    if token in (OPEN, CLOSED):
        return [_bridge(grid, cell, is_open)]
    if token == GOAL:
        return [grid.square(row, col, 1, cls="goal", fill=HOLE)]
    fill = FRAGILE_TILE if token == FRAGILE else TILE
    kind = "fragile" if token == FRAGILE else "tile"
    return [
        grid.square(row, col, 1, cls=kind, rx=2, fill=fill, stroke=EDGE, stroke_width=1),
        *_marks(grid, cell, token),
    ]


def _bridge(grid: GridLayout, cell: Cell, is_open: bool) -> Shape:
    """A bridge tile: filled when open, outlined when shut."""
    kind = "bridge open" if is_open else "bridge shut"
    style = {"fill": BRIDGE} if is_open else {"fill": "none", "stroke": BRIDGE, "stroke_width": 2}
    return grid.square(*cell, 2, id=f"bridge-{cell[0]}-{cell[1]}", cls=kind, rx=2, **style)


def _marks(grid: GridLayout, cell: Cell, token: str) -> list[Shape]:
    """A switch's mark: a ring for a soft one, an X for a heavy one, two dots for a split one."""
    x, y = grid.centre(*cell)
    if token == SOFT:
        return [Circle(cls="switch soft", cx=x, cy=y, r=grid.size * 0.22, fill="none", stroke=SWITCH, stroke_width=3)]
    if token == HEAVY:
        return [Text(cls="switch heavy", x=x, y=y, text="X", size=grid.size * 0.6, bold=True, fill=SWITCH)]
    if token == SPLIT:
        return [
            Circle(cls="switch split", cx=x + dx * grid.size, cy=y, r=grid.size * 0.1, fill=SWITCH)
            for dx in (-0.18, 0.18)
        ]
    return []
