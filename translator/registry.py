"""The table of puzzles, by name, as lazy `module:Class` strings (nothing is discovered by scanning)."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError, did_you_mean
from puzzleplan.common.files import read_file
from puzzleplan.translator.capabilities import leveled
from puzzleplan.translator.puzzle import Puzzle

PUZZLES: dict[str, str] = {
    "hanoi": "puzzleplan.translator.hanoi:Hanoi",
    "tiles": "puzzleplan.translator.tiles.puzzle:Tiles",
    "shrdlu": "puzzleplan.translator.shrdlu.puzzle:Shrdlu",
    "sbp": "puzzleplan.translator.sbp.puzzle:SlidingBrick",
    "sokoban": "puzzleplan.translator.sokoban.puzzle:Sokoban",
    "sokoban-pushes": "puzzleplan.translator.sokoban.puzzle:SokobanPushes",
    "bloxorz": "puzzleplan.translator.bloxorz.puzzle:Bloxorz",
    "pacman": "puzzleplan.translator.pacman.puzzle:Pacman",
}


@cache
def get_puzzle(name: str) -> Puzzle:
    """The puzzle registered as `name`; InputError listing the known ones otherwise."""
    if name not in PUZZLES:
        guess = did_you_mean(name, PUZZLES)
        raise InputError(f"unknown puzzle {name!r}{guess}; known puzzles: {', '.join(sorted(PUZZLES))}", "command line")
    module_name, class_name = PUZZLES[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)()


def puzzle_for_file(path: str) -> str:
    """The puzzle whose suffix the file has (`seed2.hanoi` -> hanoi). When several puzzles share the
    suffix and one is the base of the others (sokoban, whose variant sokoban-pushes reads the same
    files), the base; InputError naming the candidates otherwise."""
    suffix = Path(path).suffix.lower()
    candidates = [name for name in PUZZLES if suffix and suffix in get_puzzle(name).suffixes]
    base = _base(candidates)
    if base:
        return base
    if candidates:
        raise InputError(
            f"the suffix {suffix} belongs to {' and '.join(candidates)}: name the puzzle before the file", path
        )
    raise InputError(
        f"cannot tell the puzzle from the file name: name it before the file (suffixes known: {_known_suffixes()})",
        path,
    )


def _base(candidates: list[str]) -> str | None:
    """The one puzzle of which every candidate is an instance (a variant's base), or None."""
    puzzles = [get_puzzle(name) for name in candidates]
    bases = [name for name in candidates if all(isinstance(other, type(get_puzzle(name))) for other in puzzles)]
    return bases[0] if len(bases) == 1 else None


def _known_suffixes() -> str:
    """The file suffixes of every puzzle, sorted, as a list for a message."""
    return ", ".join(sorted({s for name in PUZZLES for s in get_puzzle(name).suffixes}))


def load(puzzle_name: str, path: str, level: str | None = None) -> tuple[Puzzle, Any]:
    """The puzzle and the instance read from the file `path` (one level of it, for multi-level files)."""
    puzzle = get_puzzle(puzzle_name)
    try:
        return puzzle, leveled(puzzle).parse_level(read_file(path), path, level)
    except InputError as error:
        raise error.located(path) from None


def instance_label(path: str, level: str | None) -> str:
    """How an instance is named in reports: the path, with the level when there is one."""
    return f"{path}#{level}" if level else path
