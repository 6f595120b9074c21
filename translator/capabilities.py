"""A puzzle's optional capabilities, declared as such: multi-level files, a move notation, several PDDL
encodings, native search help (heuristics, a normal form, dead instances, its own planners), reports on
plans and states, a generator, and actions and observations for learning agents.

Puzzle (puzzleplan.translator.puzzle) is the core every puzzle must write: read (parse, render), rules
(initial, moves, apply, is_goal), encode and decode. A puzzle offers a capability by naming its mixin in
its class header (`class Hanoi(Puzzle[...], Notated, Reported, Searchable, Generating)`) and
overriding the mixin's defaults it needs to. Callers ask rather than call a default that raises:
`capabilities(puzzle)` names the capabilities declared; `notation`, `reports`, `search_help`, `leveled` and
`encodings_of` give a puzzle as that capability, its defaults when it does not declare it (JSON moves, one
level, one encoding, blind search, `str(state)` pictures); `generator_of` and `observed` raise InputError for
a puzzle without a generator or without actions and observations for learning agents. A puzzle's drawing
is not its own: puzzleplan.pictures.drawings names it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import whole_number
from puzzleplan.translator.spelling import Notation, move_lines

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.task import PddlTask
    from puzzleplan.translator.replay import Replay


InstanceT = TypeVar("InstanceT", bound=Hashable)
StateT = TypeVar("StateT", bound=Hashable)
MoveT = TypeVar("MoveT", bound=Hashable)

LEVELS, NOTATIONS, ENCODINGS, HEURISTICS = "levels", "notations", "encodings", "heuristics"
REPORTS, GENERATOR, OBSERVATIONS = "reports", "generator", "observations"
"""The names of the optional capabilities."""


class Leveled(Generic[InstanceT, StateT, MoveT]):
    """Multi-level files: a file holds several instances, `--level` picks one."""

    name: str
    parse: Callable[..., Any]
    """The core's parse (puzzleplan.translator.puzzle.Puzzle)."""

    def parse_level(self, text: str, source: str, level: str | None) -> InstanceT:
        """Read one level of the file (`level` None: the puzzle's choice, such as the only or first one);
        by default a file holds one instance and a level is refused."""
        if level is not None:
            raise InputError(f"{self.name} files hold one instance; --level is not supported", source)
        return cast(InstanceT, self.parse(text, source))

    def levels(self, text: str, source: str) -> list[str]:
        """Labels of the levels in the file (a single-level file has one, "")."""
        return [""]


@dataclasses.dataclass(frozen=True)
class Heuristic:
    """A named estimate of the moves still needed, for native best-first search."""

    function: Callable[[Any, Any], float]
    admissible: bool = True
    """Never more than the true cost (A* with it is optimal); float('inf') marks a dead state."""
    description: str = ""


class Searchable(Generic[InstanceT, StateT, MoveT]):
    """Help for solving: heuristics for `native-astar`, a normal form of states to search on, instances
    known unsolvable without search, and planners written for the puzzle alone."""

    name: str
    native_planners: tuple[str, ...] = ()
    """Planners written for this puzzle alone (registry names), listed by `puzzleplan list`."""
    planner_aliases: Mapping[str, str] = {}
    """Generic planner name -> the planner that does its job on this puzzle (e.g. native-astar -> a
    push-optimal search where optimal means fewest pushes)."""
    default_planner: str = "native-astar"
    """The planner that runs when none is named (`default`): the one the measurements in docs/benchmarks.md
    found best on this puzzle's instances."""

    def unsolvable_reason(self, instance: InstanceT) -> str | None:
        """A reason the instance cannot be solved, found without search, or None."""
        return None

    def heuristic(self, instance: InstanceT, state: StateT) -> float:
        """An admissible estimate of the moves still needed (0 = blind search)."""
        return 0

    def heuristics(self) -> dict[str, Heuristic]:
        """Named heuristics for `native-astar:NAME`; "default" is the one `native-astar` uses."""
        return {"default": Heuristic(self.heuristic, True, "the puzzle's admissible heuristic")}

    def normalize(self, instance: InstanceT, state: StateT) -> StateT:
        """The state in the puzzle's normal form (the random walk prints it, native search runs on it); the
        state itself by default."""
        return state

    def plan_from_search(self, instance: InstanceT, moves: list[MoveT]) -> list[MoveT]:
        """The moves of a path that native search found from normalize(initial()), each naming its piece
        as the normal-form state it is made in does, as apply() replays them from initial(): unchanged by
        default; a puzzle whose normal form renumbers pieces names each by the number it keeps."""
        return moves


class Notated(Generic[InstanceT, StateT, MoveT]):
    """A move notation: moves as the user reads and writes them and as JSON, the ways `validate` reads a
    whole plan, and other meanings of the moves read. The default spelling is the move as JSON. States as
    JSON too (trace files)."""

    name: str
    initial: Callable[..., Any]
    """The core's initial (puzzleplan.translator.puzzle.Puzzle): the shape states are read back in."""

    def move_json(self, move: MoveT) -> Any:
        """A move as JSON (a list in the puzzle's notation; a move that is not a tuple as it is)."""
        return list(move) if isinstance(move, tuple) else move

    def format_move(self, move: MoveT) -> str:
        """A move as the user reads and writes it."""
        return json.dumps(self.move_json(move))

    def parse_move(self, text: str) -> MoveT:
        """Read one move written as format_move writes it; ValueError saying what was expected."""
        try:
            value = json.loads(text)
        except ValueError:
            raise ValueError("expected a move written in JSON, such as [1, 2]") from None
        return cast(MoveT, tuple(value) if isinstance(value, list) else value)

    def parse_moves(self, text: str, source: str = "<moves>") -> list[MoveT]:
        """Read moves as format_move writes them, one a line (`#` comments, `12.` step numbers skipped);
        InputError naming the line."""
        return move_lines(f"{self.name} moves", self.parse_move).read(text, source)

    def move_from_json(self, value: Any) -> MoveT:
        """A move from its JSON (as move_json writes it, or a string in the notation of parse_move);
        ValueError if it is not a move."""
        return self.parse_move(value if isinstance(value, str) else json.dumps(value))

    def state_json(self, instance: InstanceT, state: StateT) -> Any:
        """A state as JSON (a search trace's file holds states so): by default a named tuple as an object of
        its fields, tuples as lists, sets as sorted lists, all the way down."""
        return plain_json(state)

    def state_from_json(self, instance: InstanceT, value: Any) -> StateT:
        """A state from its JSON as state_json writes it; ValueError if it is not one. By default read in the
        shape of the instance's initial state (the same named tuple, a set where it has a set)."""
        return cast(StateT, shaped(self.initial(instance), value))

    def notations(self) -> list[Notation]:
        """The notations `validate` reads for this puzzle besides JSON, PDDL plans and the printout of
        solve (see puzzleplan.translator.notation), tried in order: by default format_move's spelling, one
        move a line. A puzzle adds the notations its seed and published solvers use."""
        return [move_lines("moves one a line", self.parse_move, self.format_move)]

    def other_readings(self, instance: InstanceT, moves: list[MoveT]) -> list[tuple[str, Replay]]:
        """Other meanings of moves read from a plan file, tried by `validate` when the moves do not replay
        as written: (what the meaning is, the replay under it). None by default; the sliding-brick puzzle
        also reads brick numbers as the normal form of the state before each move numbers them."""
        return []


def plain_json(value: Any) -> Any:
    """A value of tuples, sets and scalars as JSON: a named tuple as an object of its fields, tuples as lists,
    sets as sorted lists, all the way down."""
    if hasattr(value, "_fields"):
        return {name: plain_json(item) for name, item in zip(value._fields, value)}
    if isinstance(value, (tuple, list)):
        return [plain_json(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain_json(item) for item in value)
    return value


def tupled(value: Any) -> Any:
    """JSON lists read back as tuples, all the way down; ValueError for an object (a state is no mapping)."""
    if isinstance(value, list):
        return tuple(tupled(item) for item in value)
    if isinstance(value, dict):
        raise ValueError(f"expected a state written as a list, found an object {json.dumps(value)[:60]}")
    return value


def shaped(example: Any, value: Any) -> Any:
    """A JSON value read back in the shape of `example` (plain_json's inverse): an object as the example's named
    tuple, a list as a set where the example has a set, lists as tuples; ValueError when the shapes differ."""
    if hasattr(example, "_fields"):
        if not isinstance(value, dict) or set(value) != set(example._fields):
            raise ValueError(f"expected an object with the fields {', '.join(example._fields)}")
        return type(example)(*(shaped(item, value[name]) for name, item in zip(example._fields, example)))
    if isinstance(example, (tuple, set, frozenset)):
        if not isinstance(value, list):
            raise ValueError(f"expected a list, found {json.dumps(value)[:60]}")
        return frozenset(tupled(value)) if isinstance(example, (set, frozenset)) else tupled(value)
    return value


class Encodings(Generic[InstanceT, StateT, MoveT]):
    """Several PDDL encodings of the same moves: a planner gets the one its PDDL fragment takes."""

    name: str
    encode: Callable[..., PddlTask]
    """The core's encode (puzzleplan.translator.puzzle.Puzzle)."""

    def encodings(self, instance: InstanceT) -> list[PddlTask]:
        """Every encoding of the instance that encode_for() may hand a planner, encode() first."""
        return [self.encode(instance)]

    def encode_for(self, instance: InstanceT, fragment: frozenset[str]) -> PddlTask:
        """The encoding for a planner that accepts the PDDL `fragment` (requirement flags): encode() unless
        a puzzle has another encoding of the same moves that such a planner can take without compiling."""
        return self.encode(instance)


class Reported(Generic[InstanceT, StateT, MoveT]):
    """Reports on plans and states: a plan's measures and extra JSON fields, text pictures of states and of
    a replayed plan, the goal in words, and restarting from a state (hints in `play`)."""

    name: str
    optimal_measure: str = "moves"
    """What an optimal plan of this puzzle minimizes ("moves", or "pushes" for a push-level Sokoban)."""

    def measures(self, instance: InstanceT, moves: list[MoveT]) -> dict[str, int]:
        """How long a plan is: its moves, and the puzzle's other measures (Sokoban's pushes)."""
        return {"moves": len(moves)}

    def annotate(self, instance: InstanceT, moves: list[MoveT]) -> dict[str, Any]:
        """Extra JSON fields describing a replayed solution (e.g. Sokoban's LURD string)."""
        return {}

    def restart(self, instance: InstanceT, state: StateT) -> InstanceT:
        """The instance with `state` as its initial state (for hints from the middle of a game); by default
        an instance dataclass's `init` field replaced."""
        return cast(InstanceT, dataclasses.replace(cast(Any, instance), init=state))

    def show(self, instance: InstanceT, state: StateT) -> str:
        """A picture of `state` for --show."""
        return str(state)

    def describe_goal(self, instance: InstanceT) -> str:
        """The goal of an instance as the user reads it (play's `goal` command)."""
        return "the goal written in the instance's file"

    def show_steps(self, instance: InstanceT, moves: list[MoveT], states: list[StateT]) -> str:
        """A replayed plan step by step for --show: the first state, then each move and the state after it."""
        return plan_steps(lambda state: self.show(instance, state), notation(self).format_move, moves, states)


def plan_steps(show: Callable[[Any], str], spell: Callable[[Any], str], moves: list[Any], states: list[Any]) -> str:
    """The first state's picture, then each numbered move spelled and the picture of the state after it."""
    parts = [show(states[0])]
    for number, (move, state) in enumerate(zip(moves, states[1:]), start=1):
        parts.append(f"{number:>4}. {spell(move)}\n{show(state)}\n")
    return "\n".join(parts)


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


class Generating(Generic[InstanceT, StateT, MoveT]):
    """A generator of random instances, with the options `generate` takes."""

    name: str
    generator_options: tuple[Option, ...] = ()
    """The options of `generate` (empty: the puzzle has no generator)."""

    def generate(self, options: dict[str, Any], rng: random.Random) -> InstanceT:
        """A random instance from options read by read_options(generator_options)."""
        raise InputError(f"{self.name} has no generator", "command line")

    def random_instance(self, given: Mapping[str, str], rng: random.Random) -> InstanceT:
        """A random instance from generator options written as text (`--discs 4` as {"discs": "4"})."""
        if not self.generator_options:
            raise InputError(f"{self.name} has no generator", "command line")
        return self.generate(read_options(self.name, self.generator_options, given), rng)


class Observed(Generic[InstanceT, StateT, MoveT]):
    """The puzzle as a learning agent sees it: a fixed, numbered set of actions for an instance (each legal move
    belongs to one, and no two legal moves of a state to the same one) and every state as an array of small
    whole numbers of one shape, written flat in row-major order."""

    def action_names(self, instance: InstanceT) -> tuple[str, ...]:
        """The instance's actions, in their fixed order (an action's number is its index here)."""
        raise NotImplementedError

    def action_of(self, instance: InstanceT, move: MoveT) -> int:
        """The number of the action a legal move belongs to."""
        raise NotImplementedError

    def observation_shape(self, instance: InstanceT) -> tuple[int, ...]:
        """The shape of every observation of the instance (channels first where there are channels)."""
        raise NotImplementedError

    def observation_high(self, instance: InstanceT) -> int:
        """The largest value an observation of the instance holds (the smallest is 0)."""
        raise NotImplementedError

    def observe(self, instance: InstanceT, state: StateT) -> tuple[int, ...]:
        """The state as an array of observation_shape, flat in row-major order."""
        raise NotImplementedError


CAPABILITIES: dict[str, type] = {
    LEVELS: Leveled,
    NOTATIONS: Notated,
    ENCODINGS: Encodings,
    HEURISTICS: Searchable,
    REPORTS: Reported,
    GENERATOR: Generating,
    OBSERVATIONS: Observed,
}
"""Each optional capability's name and its mixin."""


class Named(Protocol):
    """A puzzle, or a puzzle seen as one of its capabilities: what the accessors below take (and the drawings'
    table: anything with a puzzle's name)."""

    @property
    def name(self) -> str:
        """The puzzle's registered name."""
        ...


def capabilities(puzzle: Named) -> frozenset[str]:
    """The optional capabilities a puzzle declares (names of CAPABILITIES)."""
    return frozenset(name for name, mixin in CAPABILITIES.items() if isinstance(_unwrapped(puzzle), mixin))


class _Plain:
    """A puzzle seen as a capability it does not declare: the capability's defaults, the rest the puzzle's."""

    def __init__(self, puzzle: Named) -> None:
        self.puzzle = puzzle
        self.name = puzzle.name

    def __getattr__(self, attribute: str) -> Any:
        if attribute == "puzzle":  # not set yet (a copy being made): no recursion
            raise AttributeError(attribute)
        return getattr(self.puzzle, attribute)


class _PlainLevels(Leveled[Any, Any, Any], _Plain):
    """A puzzle of one instance a file."""


class _PlainNotation(Notated[Any, Any, Any], _Plain):
    """A puzzle whose moves are written as JSON."""


class _PlainEncoding(Encodings[Any, Any, Any], _Plain):
    """A puzzle of one encoding."""


class _PlainSearch(Searchable[Any, Any, Any], _Plain):
    """A puzzle searched blind, on its states as they are."""


class _PlainReports(Reported[Any, Any, Any], _Plain):
    """A puzzle whose states are pictured by str()."""


def _unwrapped(puzzle: Named) -> Named:
    """The puzzle itself, also when given as one of its capabilities' plain views."""
    return puzzle.puzzle if isinstance(puzzle, _Plain) else puzzle


C = TypeVar("C")


def _as(puzzle: Named, mixin: type[C], plain: Callable[[Named], C]) -> C:
    """The puzzle as `mixin` when it declares it, else the mixin's defaults over the puzzle."""
    puzzle = _unwrapped(puzzle)
    return puzzle if isinstance(puzzle, mixin) else plain(puzzle)


def leveled(puzzle: Named) -> Leveled[Any, Any, Any]:
    """The puzzle's multi-level files (one instance a file by default)."""
    return _as(puzzle, Leveled, _PlainLevels)


def notation(puzzle: Named) -> Notated[Any, Any, Any]:
    """The puzzle's move notation (moves as JSON by default)."""
    return _as(puzzle, Notated, _PlainNotation)


def encodings_of(puzzle: Named) -> Encodings[Any, Any, Any]:
    """The puzzle's PDDL encodings (encode() alone by default)."""
    return _as(puzzle, Encodings, _PlainEncoding)


def search_help(puzzle: Named) -> Searchable[Any, Any, Any]:
    """The puzzle's help for solving (blind search on the states as they are by default)."""
    return _as(puzzle, Searchable, _PlainSearch)


def reports(puzzle: Named) -> Reported[Any, Any, Any]:
    """The puzzle's reports on plans and states (moves counted, states pictured by str() by default)."""
    return _as(puzzle, Reported, _PlainReports)


def generator_of(puzzle: Named) -> Generating[Any, Any, Any]:
    """The puzzle's generator; InputError when the puzzle has none."""
    puzzle = _unwrapped(puzzle)
    if not isinstance(puzzle, Generating) or not puzzle.generator_options:
        raise InputError(f"{puzzle.name} has no generator", "command line")
    return puzzle


def observed(puzzle: Named) -> Observed[Any, Any, Any]:
    """The puzzle's actions and observations for learning agents; InputError when the puzzle has none."""
    puzzle = _unwrapped(puzzle)
    if not isinstance(puzzle, Observed):
        raise InputError(f"{puzzle.name} has no actions and observations for learning agents", "command line")
    return puzzle
