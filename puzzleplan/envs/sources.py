"""Where an environment's instances come from: one file (a level of a collection), or the puzzle's generator
drawing a random instance of the given options from each reset's seed."""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

import puzzleplan.api as api
from puzzleplan.api import catalogue
from puzzleplan.common.errors import InputError


@dataclass(frozen=True)
class Source:
    """A fixed instance (`path`, `level`) or random ones (`options` for the puzzle's generator)."""

    puzzle: str
    path: str | None = None
    level: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)

    def instance(self, rng: random.Random) -> api.Instance:
        """The file's instance, or a random one drawn with `rng`."""
        if self.path is not None:
            return api.load(self.path, puzzle=self.puzzle, level=self.level)
        text = catalogue.generate(self.puzzle, self.options, rng)
        return api.load(text=text, puzzle=self.puzzle, source=f"<random {self.puzzle}>")

    @property
    def fixed(self) -> bool:
        """True when every reset starts the same instance."""
        return self.path is not None


def source_of(
    puzzle: str,
    path: str | os.PathLike[str] | None,
    level: str | int | None,
    options: Mapping[str, object] | None,
) -> Source:
    """The source an environment was asked for; InputError when it was given both a file and generator
    options, or neither for a puzzle without a generator."""
    if path is not None and options:
        raise InputError("give an environment a file (path=...) or generator options (options=...), not both", puzzle)
    if path is not None:
        return Source(puzzle, os.fspath(path), None if level is None else str(level))
    if not catalogue.describe(puzzle).generator_options:
        raise InputError(f"{puzzle} has no generator: give the environment a file (path=...)", puzzle)
    return Source(puzzle, options={name: str(value) for name, value in (options or {}).items()})
