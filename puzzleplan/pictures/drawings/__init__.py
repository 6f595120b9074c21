"""One Drawing per puzzle, named in one table: how its states look, and how a picture of a state is read back
into the state. The puzzles know nothing of their pictures; this table ties each to its drawing."""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from puzzleplan.common.errors import InputError
from puzzleplan.translator.capabilities import Named

if TYPE_CHECKING:
    from puzzleplan.pictures.drawing import Drawing

DRAWINGS: dict[str, str] = {
    "hanoi": "puzzleplan.pictures.drawings.hanoi:HanoiDrawing",
    "tiles": "puzzleplan.pictures.drawings.tiles:TilesDrawing",
    "shrdlu": "puzzleplan.pictures.drawings.shrdlu:ShrdluDrawing",
    "sbp": "puzzleplan.pictures.drawings.sbp:SbpDrawing",
    "sokoban": "puzzleplan.pictures.drawings.sokoban:SokobanDrawing",
    "sokoban-pushes": "puzzleplan.pictures.drawings.sokoban:SokobanDrawing",
    "bloxorz": "puzzleplan.pictures.drawings.bloxorz:BloxorzDrawing",
    "pacman": "puzzleplan.pictures.drawings.pacman:PacmanDrawing",
}
"""Each puzzle's Drawing as a lazy `module:Class` string (imported on first use)."""


def drawer_of(puzzle: Named) -> Drawing:
    """The puzzle's Drawing; InputError when the puzzle has none."""
    if puzzle.name not in DRAWINGS:
        raise InputError(f"{puzzle.name} has no drawing yet", "command line")
    return _drawing(DRAWINGS[puzzle.name])


@cache
def _drawing(where: str) -> Drawing:
    """The Drawing class named `module:Class`, made once."""
    module_name, class_name = where.split(":")
    drawing: Drawing = getattr(importlib.import_module(module_name), class_name)()
    return drawing
