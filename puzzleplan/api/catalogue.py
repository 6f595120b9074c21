"""The registered puzzles and planners by name, for front ends that hold names and file texts rather than
loaded instances (compare, report, `list`, `generate`): a puzzle's file suffixes, the puzzle a file's suffix
names, the levels of its files, the label reports give an instance, what its optimal plans minimize, random
instances of it; a puzzle described (summary, heuristics, planners of its own, generator options); a planner
name checked, and the planners described with whether they can run here."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from puzzleplan.api.pipeline import DEFAULT
from puzzleplan.common.errors import InputError
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.registry import split_planners as registry_split
from puzzleplan.translator import registry
from puzzleplan.translator.capabilities import Generating, generator_of, leveled, reports, search_help
from puzzleplan.translator.capabilities import Option as GeneratorOption


@dataclass(frozen=True)
class PuzzleInfo:
    """What the front ends say of a registered puzzle (it has the name that a drawing is looked up by)."""

    name: str
    suffixes: tuple[str, ...]
    """The file suffixes of its native format (".hanoi"), which tell it without naming it."""
    summary: str
    """The first line of its description."""
    heuristics: tuple[str, ...]
    """The names `native-astar:NAME` takes ("default" first)."""
    planners: tuple[str, ...]
    """Planners written for this puzzle alone."""
    default_planner: str
    """The planner that runs when none is named."""
    generator_options: tuple[GeneratorOption, ...]
    """The options of `generate` (empty: no generator)."""


@dataclass(frozen=True)
class PlannerInfo:
    """A planner by name: what it is, and whether it can run here (why not, when it cannot)."""

    name: str
    description: str
    available: bool
    why: str = ""


def suffixes(puzzle: str) -> tuple[str, ...]:
    """The file suffixes of a puzzle's native format (".hanoi"; empty when it names none)."""
    return registry.get_puzzle(puzzle).suffixes


def puzzle_for_file(path: str) -> str:
    """The puzzle a file's suffix names (`seed2.hanoi` -> hanoi; a collection's .xsb -> sokoban, the base of
    the puzzles that read it); InputError naming the candidates or the known suffixes otherwise."""
    return registry.puzzle_for_file(path)


def describe(puzzle: str) -> PuzzleInfo:
    """The registered puzzle `puzzle` described; InputError naming the known puzzles otherwise."""
    game = registry.get_puzzle(puzzle)
    solving = search_help(game)
    return PuzzleInfo(
        game.name,
        tuple(game.suffixes),
        (game.__doc__ or "").splitlines()[0],
        tuple(solving.heuristics()),
        tuple(solving.native_planners),
        solving.default_planner,
        game.generator_options if isinstance(game, Generating) else (),
    )


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
    such as fd:SEARCH) or `default`, each puzzle's own; whether it is installed here is not checked."""
    if name != DEFAULT:
        get_planner(name)


def planner_infos() -> list[PlannerInfo]:
    """The registered planners, in the table's order, each with its description and availability."""
    from puzzleplan.planners.registry import DESCRIPTIONS, PLANNERS

    found = []
    for name in PLANNERS:
        ok, why = get_planner(name).available()
        found.append(PlannerInfo(name, DESCRIPTIONS.get(name, ""), ok, why))
    return found


def split_planners(spec: str) -> list[str]:
    """The planner names of `--planners a,b,c` (commas in brackets or between a planner's options, as in
    native-push:wastar,cycle, stay in its name); not checked."""
    return registry_split(spec)


def push_options() -> dict[str, str]:
    """The options of the Sokoban push search `native-push:OPTION,...`, each with what it does."""
    from puzzleplan.planners.sokoban_push import NUMBERS, OPTIONS

    return {word: description for word, (_, description) in OPTIONS.items()} | {
        f"{key}=N": description for key, (_, description) in NUMBERS.items()
    }


def engine_infos() -> list[PlannerInfo]:
    """The unified-planning engines known without importing it, as planners `up:NAME` (an engine found
    through UP's factory or a up.ini runs too)."""
    from puzzleplan.planners.up_engine import ENGINES, availability

    return [PlannerInfo(f"up:{name}", info.description, *availability(info)) for name, info in ENGINES.items()]
