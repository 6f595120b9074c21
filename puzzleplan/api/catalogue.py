"""The registered puzzles and planners by name, for front ends that hold names and file texts rather than
loaded instances (compare, report): a puzzle's file suffixes, the levels of its files, the label reports give
an instance, what its optimal plans minimize, random instances of it; a planner name checked."""

from __future__ import annotations

import random
from collections.abc import Mapping

from puzzleplan.common.errors import InputError
from puzzleplan.planners.registry import get_planner
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import generator_of, leveled, reports


def suffixes(puzzle: str) -> tuple[str, ...]:
    """The file suffixes of a puzzle's native format (".hanoi"; empty when it names none)."""
    return registry.get_puzzle(puzzle).suffixes


def levels(puzzle: str, text: str, source: str) -> list[str]:
    """The labels of the levels in a file's text (a single-level file has one, ""); InputError naming the
    source when the text cannot be split into levels."""
    game = registry.get_puzzle(puzzle)
    try:
        return leveled(game).levels(text, source)
    except InputError as error:
        raise error.located(source) from None


def instance_label(path: str, level: str | None) -> str:
    """How reports name an instance: its file, with `#LEVEL` for one level of a multi-level file."""
    return registry.instance_label(path, level)


def optimal_measure(puzzle: str) -> str:
    """What an optimal plan of the puzzle minimizes ("moves", or "pushes" for a push-level Sokoban)."""
    return reports(registry.get_puzzle(puzzle)).optimal_measure


def generate(puzzle: str, options: Mapping[str, str], rng: random.Random) -> str:
    """A random instance from generator options written as text ({"size": "3x3"}), in the puzzle's native
    format; InputError for a puzzle without a generator or a bad option."""
    game = registry.get_puzzle(puzzle)
    return game.render(generator_of(game).random_instance(options, rng))


def check_planner(name: str) -> None:
    """InputError naming the known planners unless `name` is one (a table name or an open family's member
    such as fd:SEARCH); whether it is installed here is not checked."""
    get_planner(name)
