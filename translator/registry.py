"""The table of puzzles, by name, as lazy `module:Class` strings (nothing is discovered by scanning)."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from translator.errors import InputError
from translator.puzzle import Puzzle
from translator.text import read_file

PUZZLES: dict[str, str] = {
    "hanoi": "translator.hanoi:Hanoi",
    "tiles": "translator.tiles:Tiles",
    "shrdlu": "translator.shrdlu.puzzle:Shrdlu",
    "sbp": "translator.sbp.puzzle:SlidingBrick",
    "sokoban": "translator.sokoban.puzzle:Sokoban",
    "sokoban-pushes": "translator.sokoban.puzzle:SokobanPushes",
    "bloxorz": "translator.bloxorz.puzzle:Bloxorz",
}


@cache
def get_puzzle(name: str) -> Puzzle:
    """The puzzle registered as `name`; InputError listing the known ones otherwise."""
    if name not in PUZZLES:
        raise InputError(f"unknown puzzle {name!r}; known puzzles: {', '.join(sorted(PUZZLES))}", "command line")
    module_name, class_name = PUZZLES[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)()


def load(puzzle_name: str, path: str, level: str | None = None) -> tuple[Puzzle, Any]:
    """The puzzle and the instance read from the file `path` (one level of it, for multi-level files)."""
    puzzle = get_puzzle(puzzle_name)
    try:
        return puzzle, puzzle.parse_level(read_file(path), path, level)
    except InputError as error:
        raise error.located(path) from None


def instance_label(path: str, level: str | None) -> str:
    """How an instance is named in reports: the path, with the level when there is one."""
    return f"{path}#{level}" if level else path
