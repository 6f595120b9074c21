"""The puzzle extension point: one subclass per puzzle module, registered by name in puzzleplan.translator.registry.

Every hook a puzzle may offer is declared with a default, here for the core and in
puzzleplan.translator.capabilities for the optional capabilities, so nothing is probed with getattr."""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, cast

from puzzleplan.translator.capabilities import (
    Drawable,
    Generating,
    Heuristic,
    Instance,
    Move,
    Notated,
    Option,
    Searchable,
    State,
    read_options,
)
from puzzleplan.translator.errors import IllegalMove, IllegalStep, InputError
from puzzleplan.translator.notation import move_lines
from puzzleplan.translator.pddl import GroundAction, PddlTask
from puzzleplan.translator.replay import Replay


class Puzzle(
    ABC,
    Searchable[Instance, State, Move],
    Drawable[Instance, State, Move],
    Notated[Instance, State, Move],
    Generating[Instance, State, Move],
):
    """A puzzle: the core every puzzle writes (its native format, its rules (the simulator), its PDDL
    encoding and plan decoding), and the optional capabilities of puzzleplan.translator.capabilities
    (heuristics, drawing, notations, generator), whose defaults the mixins keep.

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

    def measures(self, instance: Instance, moves: list[Move]) -> dict[str, int]:
        """How long a plan is: its moves, and the puzzle's other measures (Sokoban's pushes)."""
        return {"moves": len(moves)}

    def annotate(self, instance: Instance, moves: list[Move]) -> dict[str, Any]:
        """Extra JSON fields describing a replayed solution (e.g. Sokoban's LURD string)."""
        return {}

    def restart(self, instance: Instance, state: State) -> Instance:
        """The instance with `state` as its initial state (for hints from the middle of a game)."""
        return dataclasses.replace(cast(Any, instance), init=state)  # puzzles without `init` override this

    def show(self, instance: Instance, state: State) -> str:
        """A picture of `state` for --show."""
        return str(state)

    def describe_goal(self, instance: Instance) -> str:
        """The goal of an instance as the user reads it (play's `goal` command)."""
        return "the goal written in the instance's file"

    def show_steps(self, instance: Instance, moves: list[Move], states: list[State]) -> str:
        """A replayed plan step by step for --show: the first state, then each move and the state after it."""
        parts = [self.show(instance, states[0])]
        for number, (move, state) in enumerate(zip(moves, states[1:]), start=1):
            parts.append(f"{number:>4}. {self.format_move(move)}\n{self.show(instance, state)}\n")
        return "\n".join(parts)

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


__all__ = ["Heuristic", "Option", "Puzzle", "Replay", "read_options"]
