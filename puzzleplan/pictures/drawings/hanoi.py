"""Tower of Hanoi pictures: pegs on a base, discs as bars as wide as their size, the goal stacks outlined."""

from __future__ import annotations

from dataclasses import dataclass

from puzzleplan.pictures.drawing import GOAL, INK, Drawing, colour, ident_number, piece_style
from puzzleplan.pictures.scene import Rect, Scene, Shape, Text
from puzzleplan.translator.hanoi import HanoiInstance, Move, Stacks

DISC_HEIGHT = 18
MARGIN = 20
BASE = 10


@dataclass(frozen=True)
class _Layout:
    """Where the pegs stand and how wide each disc is."""

    instance: HanoiInstance

    @property
    def slot(self) -> float:
        """The width given to each peg."""
        return max(110.0, 40.0 + 18.0 * len(self.instance.discs))

    @property
    def floor(self) -> float:
        """The y of the top of the base (the bottom of the lowest disc)."""
        return MARGIN + (len(self.instance.discs) + 1) * DISC_HEIGHT + 8

    def peg_x(self, index: int) -> float:
        """The x of the centre of a peg."""
        return MARGIN + self.slot * (index + 0.5)

    def disc(self, disc: int, peg: int, height: int, inset: float = 0.0, **style) -> Rect:
        """A disc's bar at a height (0 = on the base) on a peg."""
        rank = self.instance.discs.index(disc) + 1
        width = 22 + (self.slot - 34) * rank / len(self.instance.discs) - 2 * inset
        top = self.floor - (height + 1) * DISC_HEIGHT + inset
        return Rect(
            x=self.peg_x(peg) - width / 2, y=top + 1, width=width, height=DISC_HEIGHT - 2 - 2 * inset, rx=5, **style
        )


class HanoiDrawing(Drawing):
    """Pegs with their names underneath, discs coloured and numbered by size (1 the smallest), the goal's
    discs outlined in red where the goal wants them; the disc just moved has a dark border."""

    def scene(self, instance: HanoiInstance, state: Stacks, move: Move | None = None) -> Scene:
        """The pegs and the stacks of `state`."""
        layout = _Layout(instance)
        count = len(instance.pegs)
        width = 2 * MARGIN + layout.slot * count
        shapes: list[Shape] = [
            Rect(id="base", cls="base", x=MARGIN / 2, y=layout.floor, width=width - MARGIN, height=BASE, fill=INK)
        ]
        shapes += _pegs(layout, instance.pegs)
        for peg, stack in instance.goal:
            shapes += [_goal_disc(layout, disc, instance.pegs.index(peg), height) for height, disc in enumerate(stack)]
        for index, stack in enumerate(state):
            for height, disc in enumerate(stack):
                shapes += _disc(layout, disc, index, height, move is not None and move[0] == disc)
        return Scene(
            width, layout.floor + BASE + 30, tuple(shapes), title=f"Tower of Hanoi, {len(instance.discs)} discs"
        )

    def read(self, instance: HanoiInstance, scene: Scene) -> Stacks:
        """Each disc goes to the peg nearest its centre; a peg's discs bottom to top by height."""
        layout = _Layout(instance)
        stacks: list[list[tuple[float, int]]] = [[] for _ in instance.pegs]
        for shape in scene.find("disc"):
            x, y = shape.centre
            peg = min(range(len(instance.pegs)), key=lambda index: abs(layout.peg_x(index) - x))
            stacks[peg].append((-y, ident_number(shape)))
        return tuple(tuple(disc for _, disc in sorted(stack)) for stack in stacks)


def _pegs(layout: _Layout, pegs: tuple[str, ...]) -> list[Shape]:
    """Each peg with its name under the base."""
    top = MARGIN + DISC_HEIGHT / 2
    shapes: list[Shape] = []
    for index, peg in enumerate(pegs):
        x = layout.peg_x(index)
        shapes.append(Rect(id=f"peg-{peg}", cls="peg", x=x - 3, y=top, width=6, height=layout.floor - top, fill=INK))
        shapes.append(
            Text(id=f"peg-{peg}-name", cls="peg-name", x=x, y=layout.floor + BASE + 14, text=peg, fill=INK, bold=True)
        )
    return shapes


def _goal_disc(layout: _Layout, disc: int, peg: int, height: int) -> Shape:
    """The red outline of where the goal wants a disc."""
    return layout.disc(disc, peg, height, -2, id=f"goal-{disc}", cls="goal", stroke=GOAL, stroke_width=2)


def _disc(layout: _Layout, disc: int, peg: int, height: int, moved: bool) -> list[Shape]:
    """A disc coloured by its size with its number, bordered when it was just moved."""
    discs = layout.instance.discs
    bar = layout.disc(
        disc, peg, height, id=f"disc-{disc}", **piece_style("disc", moved), fill=colour(discs.index(disc), len(discs))
    )
    x, y = layout.peg_x(peg), layout.floor - (height + 0.5) * DISC_HEIGHT
    return [bar, Text(id=f"disc-{disc}-label", cls="label", x=x, y=y, text=str(disc), size=11, fill=INK)]
