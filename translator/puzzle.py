"""The puzzle extension point: one subclass per puzzle module, registered by name in puzzleplan.translator.registry.

Every hook a puzzle may offer is declared here with a default, so nothing is probed with getattr."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar, cast

from puzzleplan.translator.errors import IllegalMove, IllegalStep, InputError
from puzzleplan.translator.notation import Notation, move_lines
from puzzleplan.translator.pddl import GroundAction, PddlTask
from puzzleplan.translator.pictures.drawing import Drawing
from puzzleplan.translator.pictures.scene import Scene
from puzzleplan.translator.text import quote, whole_number

Instance = TypeVar("Instance", bound=Hashable)
State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)


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


@dataclasses.dataclass(frozen=True)
class Heuristic:
    """A named estimate of the moves still needed, for native best-first search."""

    function: Callable[[Any, Any], float]
    admissible: bool = True
    """Never more than the true cost (A* with it is optimal); float('inf') marks a dead state."""
    description: str = ""


class Puzzle(ABC, Generic[Instance, State, Move]):
    """A puzzle: its native format, its rules (the simulator), its PDDL encoding and plan decoding.

    Instances and states are immutable and hashable; moves are hashable tuples in the puzzle's notation.
    """

    name: str = ""
    suffixes: tuple[str, ...] = ()
    optimal_measure: str = "moves"
    """What an optimal plan of this puzzle minimizes ("moves", or "pushes" for a push-level Sokoban)."""
    native_planners: tuple[str, ...] = ()
    """Planners written for this puzzle alone (registry names), listed by `puzzleplan list`."""
    planner_aliases: Mapping[str, str] = {}
    """Generic planner name -> the planner that does its job on this puzzle (e.g. native-astar -> a
    push-optimal search where optimal means fewest pushes)."""
    generator_options: tuple[Option, ...] = ()
    """The options of `generate` (empty: the puzzle has no generator)."""
    drawing: str = ""
    """`module:Class` of the puzzle's puzzleplan.translator.pictures Drawing, imported on first use ("": no drawing)."""

    # -- native format -------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, source: str = "<input>") -> Instance:
        """Read an instance from native text; raise InputError naming the line on bad input."""

    def parse_level(self, text: str, source: str, level: str | None) -> Instance:
        """Read one level of a (possibly multi-level) file; single-level puzzles ignore `level`."""
        if level is not None:
            raise InputError(f"{self.name} files hold one instance; --level is not supported", source)
        return self.parse(text, source)

    def levels(self, text: str, source: str) -> list[str]:
        """Labels of the levels in a multi-level file (a single-level file has one, "")."""
        return [""]

    @abstractmethod
    def render(self, instance: Instance) -> str:
        """Native text of an instance: parse(render(x)) == x."""

    # -- simulator ----------------------------------------------------------------------------
    @abstractmethod
    def initial(self, instance: Instance) -> State:
        """The initial state of an instance."""

    @abstractmethod
    def moves(self, instance: Instance, state: State) -> Iterable[Move]:
        """Legal moves in `state`, in a fixed order."""

    @abstractmethod
    def apply(self, instance: Instance, state: State, move: Move) -> State:
        """The state after `move`; raise IllegalMove with the reason when the move is not legal."""

    @abstractmethod
    def is_goal(self, instance: Instance, state: State) -> bool:
        """True when `state` satisfies the instance's goal."""

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

    def generate(self, options: dict[str, Any], rng: random.Random) -> Instance:
        """A random instance from options read by read_options(generator_options)."""
        raise InputError(f"{self.name} has no generator", "command line")

    def random_instance(self, given: Mapping[str, str], rng: random.Random) -> Instance:
        """A random instance from generator options written as text (`--discs 4` as {"discs": "4"})."""
        if not self.generator_options:
            raise InputError(f"{self.name} has no generator", "command line")
        return self.generate(read_options(self.name, self.generator_options, given), rng)

    def successors(self, instance: Instance, state: State) -> Iterator[tuple[Move, State]]:
        """(move, next state) pairs; puzzles may override this with a faster version."""
        for move in self.moves(instance, state):
            yield move, self.apply(instance, state, move)

    def unsolvable_reason(self, instance: Instance) -> str | None:
        """A reason the instance cannot be solved, found without search, or None."""
        return None

    # -- PDDL ---------------------------------------------------------------------------------
    @abstractmethod
    def encode(self, instance: Instance) -> PddlTask:
        """The PDDL domain and problem of an instance, written deterministically."""

    def encodings(self, instance: Instance) -> list[PddlTask]:
        """Every encoding of the instance that encode_for() may hand a planner, encode() first."""
        return [self.encode(instance)]

    def encode_for(self, instance: Instance, fragment: frozenset[str]) -> PddlTask:
        """The encoding for a planner that accepts the PDDL `fragment` (requirement flags): encode() unless
        a puzzle has another encoding of the same moves that such a planner can take without compiling."""
        return self.encode(instance)

    @abstractmethod
    def decode(self, instance: Instance, plan: list[GroundAction]) -> list[Move]:
        """Native moves of a PDDL plan; raise InputError for an action the encoding does not have."""

    def apply_step(self, instance: Instance, state: State, move: Move, step: str) -> State:
        """apply() for decoding: an illegal move is an InputError naming the PDDL plan step."""
        try:
            return self.apply(instance, state, move)
        except IllegalMove as error:
            raise IllegalStep(f"plan step {step} is illegal: {error}", str(error)) from None

    # -- notation -----------------------------------------------------------------------------
    def move_json(self, move: Move) -> Any:
        """A move as JSON (a list in the puzzle's notation; a move that is not a tuple as it is)."""
        return list(move) if isinstance(move, tuple) else move

    def format_move(self, move: Move) -> str:
        """A move as the user reads and writes it."""
        return json.dumps(self.move_json(move))

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read one native move written as format_move writes it; raise ValueError if malformed."""

    def parse_moves(self, text: str, source: str = "<moves>") -> list[Move]:
        """Read native moves as format_move writes them, one a line (`#` comments, `12.` step numbers
        skipped); raise InputError naming the line."""
        return move_lines(f"{self.name} moves", self.parse_move).read(text, source)

    def move_from_json(self, value: Any) -> Move:
        """A move from its JSON (as move_json writes it, or a string in the notation of parse_move);
        ValueError if it is not a move."""
        return self.parse_move(value if isinstance(value, str) else json.dumps(value))

    def notations(self) -> list[Notation]:
        """The notations `validate` reads for this puzzle besides JSON, PDDL plans and the printout of
        solve (see puzzleplan.translator.notation), tried in order: by default format_move's spelling, one move a
        line. A puzzle adds the notations its seed and published solvers use."""
        return [move_lines("moves one a line", self.parse_move, self.format_move)]

    def measures(self, instance: Instance, moves: list[Move]) -> dict[str, int]:
        """How long a plan is: its moves, and the puzzle's other measures (Sokoban's pushes)."""
        return {"moves": len(moves)}

    def annotate(self, instance: Instance, moves: list[Move]) -> dict[str, Any]:
        """Extra JSON fields describing a replayed solution (e.g. Sokoban's LURD string)."""
        return {}

    def restart(self, instance: Instance, state: State) -> Instance:
        """The instance with `state` as its initial state (for hints from the middle of a game)."""
        return dataclasses.replace(
            cast(Any, instance), init=state
        )  # a puzzle whose instance has no init overrides this

    def show(self, instance: Instance, state: State) -> str:
        """A picture of `state` for --show."""
        return str(state)

    def drawer(self) -> Drawing:
        """The puzzle's Drawing (the class named by `drawing`); InputError when the puzzle has none."""
        if not self.drawing:
            raise InputError(f"{self.name} has no drawing yet", "command line")
        module_name, class_name = self.drawing.split(":")
        return getattr(importlib.import_module(module_name), class_name)()

    def scene(self, instance: Instance, state: State, move: Move | None = None) -> Scene:
        """A picture of `state` (after `move`, which the drawing may mark) as a renderer-independent scene."""
        return self.drawer().scene(instance, state, move)

    def describe_goal(self, instance: Instance) -> str:
        """The goal of an instance as the user reads it (play's `goal` command)."""
        return "the goal written in the instance's file"

    def show_steps(self, instance: Instance, moves: list[Move], states: list[State]) -> str:
        """A replayed plan step by step for --show: the first state, then each move and the state after it."""
        parts = [self.show(instance, states[0])]
        for number, (move, state) in enumerate(zip(moves, states[1:]), start=1):
            parts.append(f"{number:>4}. {self.format_move(move)}\n{self.show(instance, state)}\n")
        return "\n".join(parts)

    def other_readings(self, instance: Instance, moves: list[Move]) -> list[tuple[str, Replay]]:
        """Other meanings of moves read from a plan file, tried by `validate` when the moves do not replay
        as written: (what the meaning is, the replay under it). None by default; the sliding-brick puzzle
        also reads brick numbers as the normal form of the state before each move numbers them."""
        return []

    def replay(self, instance: Instance, moves: Iterable[Move]) -> Replay:
        """Apply `moves` from the initial state with the real rules; report where it first went wrong."""
        state = self.initial(instance)
        states = [state]
        for index, move in enumerate(moves):
            try:
                state = self.apply(instance, state, move)
            except IllegalMove as error:
                return Replay(False, states, index, f"move {index + 1} {self.format_move(move)}: {error}")
            states.append(state)
        if not self.is_goal(instance, state):
            return Replay(False, states, None, "the moves are legal but do not reach the goal")
        return Replay(True, states, None, "")


class Replay:
    """The outcome of replaying moves: valid, the states visited, and where and why it failed."""

    def __init__(self, valid: bool, states: list, failed_at: int | None, reason: str) -> None:
        self.valid = valid
        self.states = states
        self.failed_at = failed_at
        self.reason = reason
