"""The puzzle extension point: one subclass per puzzle module, registered by name in puzzleplan.translator.registry.

Puzzle is the core every puzzle writes: read (parse, render), rules (initial, moves, apply, is_goal), encode
and decode, plus the helpers derived from them (successors, replay, apply_step). The optional capabilities
(multi-level files, notation, several encodings, search help, reports, drawing, generator) are the mixins of
puzzleplan.translator.capabilities, which a puzzle names in its class header; callers ask for them there."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Generic, final

from puzzleplan.common.errors import IllegalMove, IllegalStep
from puzzleplan.translator.capabilities import (
    Heuristic,
    InstanceT,
    MoveT,
    Option,
    StateT,
    capabilities,
    notation,
    read_options,
)
from puzzleplan.translator.pddl.task import GroundAction, PddlTask
from puzzleplan.translator.replay import Replay


class Puzzle(ABC, Generic[InstanceT, StateT, MoveT]):
    """A puzzle's core: its native format, its rules (the simulator), its PDDL encoding and plan decoding.

    Instances and states are immutable and hashable; moves are hashable values in the puzzle's notation.
    Optional capabilities are the mixins of puzzleplan.translator.capabilities named in the class header.
    """

    name: str = ""
    suffixes: tuple[str, ...] = ()
    """File suffixes of the native format (`compare` finds a folder's files by them; a command may leave the
    puzzle out before such a file)."""

    # -- read --------------------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, source: str = "<input>") -> InstanceT:
        """Read an instance from native text; raise InputError naming the line on bad input."""

    @abstractmethod
    def render(self, instance: InstanceT) -> str:
        """Native text of an instance: parse(render(x)) == x."""

    # -- rules (the simulator) ----------------------------------------------------------------------
    @abstractmethod
    def initial(self, instance: InstanceT) -> StateT:
        """The initial state of an instance."""

    @abstractmethod
    def moves(self, instance: InstanceT, state: StateT) -> Iterable[MoveT]:
        """Legal moves in `state`, in a fixed order."""

    @abstractmethod
    def apply(self, instance: InstanceT, state: StateT, move: MoveT) -> StateT:
        """The state after `move`; raise IllegalMove with the reason when the move is not legal."""

    @abstractmethod
    def is_goal(self, instance: InstanceT, state: StateT) -> bool:
        """True when `state` satisfies the instance's goal."""

    # -- PDDL ---------------------------------------------------------------------------------------
    @abstractmethod
    def encode(self, instance: InstanceT) -> PddlTask:
        """The PDDL domain and problem of an instance, written deterministically."""

    @abstractmethod
    def decode(self, instance: InstanceT, plan: list[GroundAction]) -> list[MoveT]:
        """Native moves of a PDDL plan; raise InputError for an action the encoding does not have."""

    # -- derived from the core ------------------------------------------------------------------------
    def successors(self, instance: InstanceT, state: StateT) -> Iterator[tuple[MoveT, StateT]]:
        """(move, next state) pairs: moves() and apply(); a puzzle may override this with a faster version."""
        for move in self.moves(instance, state):
            yield move, self.apply(instance, state, move)

    @final
    def apply_step(self, instance: InstanceT, state: StateT, move: MoveT, step: str) -> StateT:
        """apply() for decoding: an illegal move is an InputError naming the PDDL plan step."""
        try:
            return self.apply(instance, state, move)
        except IllegalMove as error:
            raise IllegalStep(f"plan step {step} is illegal: {error}", str(error)) from None

    @final
    def replay(self, instance: InstanceT, moves: Iterable[MoveT]) -> Replay:
        """Apply `moves` from the initial state with the real rules; report where it first went wrong."""
        state = self.initial(instance)
        states = [state]
        for index, move in enumerate(moves):
            try:
                state = self.apply(instance, state, move)
            except IllegalMove as error:
                spelled = notation(self).format_move(move)
                return Replay(False, states, index, f"move {index + 1} {spelled}: {error}")
            states.append(state)
        if not self.is_goal(instance, state):
            return Replay(False, states, None, "the moves are legal but do not reach the goal")
        return Replay(True, states, None, "")

    @final
    def capabilities(self) -> frozenset[str]:
        """The optional capabilities this puzzle declares (puzzleplan.translator.capabilities.CAPABILITIES)."""
        return capabilities(self)


__all__ = ["Heuristic", "Option", "Puzzle", "Replay", "read_options"]
