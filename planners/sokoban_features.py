"""The features of a Sokoban position that feature-space cycling groups positions by (after Shoham and
Schaeffer's FESS): boxes on goals (packing), regions of free floor the boxes cut the level into
(connectivity), and the boxes off goals standing in a doorway (room connectivity: a one-wide passage between
walls, a link between the level's rooms, is blocked while a box stands in it)."""

from __future__ import annotations

from puzzleplan.translator.sokoban.analysis import Analysis


class Features:
    """The feature vector of a position (a function of its boxes alone) on one level."""

    def __init__(self, data: Analysis, doors: bool = False) -> None:
        self.data = data
        self.doorways = doorways(data) if doors else 0

    def __call__(self, boxes: int) -> tuple[int, ...]:
        """(boxes on goals, regions of free floor), and with doors the boxes that block a doorway."""
        packed, regions = (boxes & self.data.goal_mask).bit_count(), self.data.regions(boxes)
        return (packed, regions, (boxes & self.doorways).bit_count()) if self.doorways else (packed, regions)


def doorways(data: Analysis) -> int:
    """Mask of the doorway cells: walls on both sides across some axis, and no goal (a box on a goal there
    is where it belongs)."""
    return (data.tunnel(0) | data.tunnel(1)) & ~data.goal_mask
