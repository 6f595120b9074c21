"""A puzzle's optional capabilities, declared as such: native search help (heuristics, a normal form), a
drawing, notations for reading plans, and a generator.

Puzzle (puzzleplan.translator.puzzle) is the core every puzzle must write (read, rules, encode, decode) plus
one mixin per capability below, which keeps its defaults: a puzzle offers a capability by overriding them
(or setting `drawing`, `generator_options`). `capabilities(puzzle)` tells which a puzzle offers.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from puzzleplan.translator.errors import InputError
from puzzleplan.translator.notation import Notation, move_lines
from puzzleplan.translator.text import quote, whole_number

if TYPE_CHECKING:
    from puzzleplan.translator.pictures.drawing import Drawing
    from puzzleplan.translator.pictures.scene import Scene
    from puzzleplan.translator.replay import Replay

Instance = TypeVar("Instance", bound=Hashable)
State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)

HEURISTICS, DRAWING, NOTATIONS, GENERATOR = "heuristics", "drawing", "notations", "generator"
"""The names of the optional capabilities."""


@dataclasses.dataclass(frozen=True)
class Heuristic:
    """A named estimate of the moves still needed, for native best-first search."""

    function: Callable[[Any, Any], float]
    admissible: bool = True
    """Never more than the true cost (A* with it is optimal); float('inf') marks a dead state."""
    description: str = ""


class Searchable(Generic[Instance, State, Move]):
    """Native search help: heuristics for `native-astar`, and a normal form of states to search on."""

    def heuristic(self, instance: Instance, state: State) -> float:
        """An admissible estimate of the moves still needed (0 = blind search)."""
        return 0

    def heuristics(self) -> dict[str, Heuristic]:
        """Named heuristics for `native-astar:NAME`; "default" is the one `native-astar` uses."""
        return {"default": Heuristic(self.heuristic, True, "the puzzle's admissible heuristic")}

    def normalize(self, instance: Instance, state: State) -> State:
        """The state in the puzzle's normal form (the random walk prints it, native search runs on it); the
        state itself by default."""
        return state

    def plan_from_search(self, instance: Instance, moves: list[Move]) -> list[Move]:
        """The moves of a path that native search found from normalize(initial()), each naming its piece
        as the normal-form state it is made in does, as apply() replays them from initial(): unchanged by
        default; a puzzle whose normal form renumbers pieces names each by the number it keeps."""
        return moves


class Drawable(Generic[Instance, State, Move]):
    """Pictures: the puzzle's Drawing, named by `drawing` and imported on first use."""

    name: str
    drawing: str = ""
    """`module:Class` of the puzzle's puzzleplan.translator.pictures Drawing ("": no drawing)."""

    def drawer(self) -> Drawing:
        """The puzzle's Drawing (the class named by `drawing`); InputError when the puzzle has none."""
        if not self.drawing:
            raise InputError(f"{self.name} has no drawing yet", "command line")
        module_name, class_name = self.drawing.split(":")
        drawing: Drawing = getattr(importlib.import_module(module_name), class_name)()
        return drawing

    def scene(self, instance: Instance, state: State, move: Move | None = None) -> Scene:
        """A picture of `state` (after `move`, which the drawing may mark) as a renderer-independent scene."""
        return self.drawer().scene(instance, state, move)


class _WritesMoves(Protocol):
    """What the default notation needs of a puzzle: its move spelling."""

    def parse_move(self, text: str) -> Any: ...

    def format_move(self, move: Any) -> str: ...


class Notated(Generic[Instance, State, Move]):
    """Plan notations: the ways `validate` reads a plan file, and other meanings of the moves read."""

    def notations(self: _WritesMoves) -> list[Notation]:
        """The notations `validate` reads for this puzzle besides JSON, PDDL plans and the printout of
        solve (see puzzleplan.translator.notation), tried in order: by default format_move's spelling, one
        move a line. A puzzle adds the notations its seed and published solvers use."""
        return [move_lines("moves one a line", self.parse_move, self.format_move)]

    def other_readings(self, instance: Instance, moves: list[Move]) -> list[tuple[str, Replay]]:
        """Other meanings of moves read from a plan file, tried by `validate` when the moves do not replay
        as written: (what the meaning is, the replay under it). None by default; the sliding-brick puzzle
        also reads brick numbers as the normal form of the state before each move numbers them."""
        return []


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a puzzle's generator: `generate PUZZLE --NAME VALUE`."""

    name: str
    kind: type
    """int, str or bool (a flag that takes no value)."""
    default: Any
    help: str
    minimum: int | None = None
    choices: tuple[str, ...] = ()
    maximum: int | None = None
    """The largest value a generator can turn into a file in moments; beyond it the size is bad input."""

    def read(self, text: str) -> Any:
        """The option's value from its text; InputError saying what was expected."""
        if self.kind is bool:
            return True
        if self.kind is int:
            value = whole_number(text.strip())
            if value is None:
                raise InputError(f"--{self.name} expects a whole number, found {quote(text)}", "command line")
            if self.minimum is not None and value < self.minimum:
                raise InputError(f"--{self.name} must be at least {self.minimum}, found {value}", "command line")
            if self.maximum is not None and value > self.maximum:
                raise InputError(
                    f"--{self.name} must be at most {self.maximum:,}, found {quote(text.strip())}", "command line"
                )
            return value
        if self.choices and text not in self.choices:
            raise InputError(f"--{self.name} expects one of {', '.join(self.choices)}, found {text!r}", "command line")
        return text


def read_options(puzzle_name: str, declared: tuple[Option, ...], given: Mapping[str, str]) -> dict[str, Any]:
    """Generator options by name, every declared one present (its default when not given); an unknown
    option is an InputError listing the known ones."""
    known = {option.name: option for option in declared}
    for name in given:
        if name not in known:
            listed = ", ".join(f"--{o}" for o in known) or "none"
            raise InputError(f"generate {puzzle_name} has no option --{name}; its options: {listed}", "command line")
    return {name: option.read(given[name]) if name in given else option.default for name, option in known.items()}


class Generating(Generic[Instance, State, Move]):
    """A generator of random instances, with the options `generate` takes."""

    name: str
    generator_options: tuple[Option, ...] = ()
    """The options of `generate` (empty: the puzzle has no generator)."""

    def generate(self, options: dict[str, Any], rng: random.Random) -> Instance:
        """A random instance from options read by read_options(generator_options)."""
        raise InputError(f"{self.name} has no generator", "command line")

    def random_instance(self, given: Mapping[str, str], rng: random.Random) -> Instance:
        """A random instance from generator options written as text (`--discs 4` as {"discs": "4"})."""
        if not self.generator_options:
            raise InputError(f"{self.name} has no generator", "command line")
        return self.generate(read_options(self.name, self.generator_options, given), rng)


def _overrides(puzzle: object, mixin: type, *methods: str) -> bool:
    """True when the puzzle's class replaces one of the mixin's default methods."""
    return any(getattr(type(puzzle), method) is not getattr(mixin, method) for method in methods)


def capabilities(puzzle: object) -> frozenset[str]:
    """The optional capabilities a puzzle offers (HEURISTICS, DRAWING, NOTATIONS, GENERATOR) beyond the
    mixins' defaults."""
    offered = {
        HEURISTICS: isinstance(puzzle, Searchable) and _overrides(puzzle, Searchable, "heuristic", "heuristics"),
        DRAWING: isinstance(puzzle, Drawable) and bool(puzzle.drawing),
        NOTATIONS: isinstance(puzzle, Notated) and _overrides(puzzle, Notated, "notations", "other_readings"),
        GENERATOR: isinstance(puzzle, Generating) and bool(puzzle.generator_options),
    }
    return frozenset(name for name, present in offered.items() if present)
