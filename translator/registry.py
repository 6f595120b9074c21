"""The table of puzzles, by name, as lazy `module:Class` strings (nothing is discovered by scanning)."""

from __future__ import annotations

import importlib
from functools import cache

from translator.errors import InputError
from translator.puzzle import Puzzle

PUZZLES: dict[str, str] = {
    "hanoi": "translator.hanoi:Hanoi",
    "tiles": "translator.tiles:Tiles",
    "shrdlu": "translator.shrdlu:Shrdlu",
    "sbp": "translator.sbp:SlidingBrick",
    "sokoban": "translator.sokoban.puzzle:Sokoban",
    "sokoban-pushes": "translator.sokoban.puzzle:SokobanPushes",
    "pacman": "translator.pacman.puzzle:Pacman",
}


@cache
def get_puzzle(name: str) -> Puzzle:
    """The puzzle registered as `name`; InputError listing the known ones otherwise."""
    if name not in PUZZLES:
        raise InputError(f"unknown puzzle {name!r}; known puzzles: {', '.join(sorted(PUZZLES))}", "command line")
    module_name, class_name = PUZZLES[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)()
