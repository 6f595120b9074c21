"""A puzzle instance as the API hands it out: the puzzle, the instance read from its native format and its
label, with the puzzle's rules, notation and pictures at hand; and the replay of native moves from its start."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from puzzleplan.api.starts import started
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.translator.capabilities import notation, observed, reports, search_help
from puzzleplan.translator.pddl.task import write_plan
from puzzleplan.translator.puzzle import Puzzle


class Solution(Protocol):
    """What plan_text reads of a run (a Report is one): the PDDL plan a PDDL planner found, the native moves."""

    @property
    def pddl_plan(self) -> Sequence[Any]: ...

    @property
    def moves(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Instance:
    """A puzzle instance read from its native format: the puzzle (rules, encoding, notation), the
    instance itself (immutable) and the label reports give it (the file, `FILE#LEVEL` in a collection)."""

    puzzle: Puzzle
    data: Any
    label: str

    @property
    def name(self) -> str:
        """The puzzle's registered name ("hanoi", "tiles", ...)."""
        return self.puzzle.name

    @property
    def initial(self) -> Any:
        """The initial state."""
        return self.puzzle.initial(self.data)

    def moves(self, state: Any = None) -> list[Any]:
        """The legal native moves in `state` (the initial state by default), in the puzzle's fixed order."""
        return list(self.puzzle.moves(self.data, self.initial if state is None else state))

    def is_goal(self, state: Any) -> bool:
        """True when `state` satisfies the instance's goal."""
        return self.puzzle.is_goal(self.data, state)

    def render(self) -> str:
        """The instance in its native file format (load(text=inst.render()) reads it back)."""
        return self.puzzle.render(self.data)

    def show(self, state: Any = None) -> str:
        """A text picture of `state` (the initial state by default)."""
        return reports(self.puzzle).show(self.data, self.initial if state is None else state)

    def format_move(self, move: Any) -> str:
        """A native move in the puzzle's notation."""
        return notation(self.puzzle).format_move(move)

    def move_json(self, move: Any) -> Any:
        """A native move as the JSON value `solve --json` writes for it."""
        return notation(self.puzzle).move_json(move)

    def state_json(self, state: Any) -> Any:
        """A state as the JSON value a trace file holds for it (docs/traces.md)."""
        return notation(self.puzzle).state_json(self.data, state)

    def state_from_json(self, value: Any) -> Any:
        """The state state_json wrote; ValueError if the value is not one."""
        return notation(self.puzzle).state_from_json(self.data, value)

    def read_move(self, text: str) -> Any:
        """The native move written as format_move writes it; ValueError saying what was expected."""
        return notation(self.puzzle).parse_move(text)

    def apply(self, state: Any, move: Any) -> Any:
        """The state after a native move; IllegalMove saying why the rules forbid it."""
        return self.puzzle.apply(self.data, state, move)

    def normalize(self, state: Any) -> Any:
        """`state` in the puzzle's normal form (bricks renumbered, ...), as native search sees it."""
        return search_help(self.puzzle).normalize(self.data, state)

    def show_steps(self, moves: Sequence[Any], states: Sequence[Any] | None = None) -> str:
        """A plan step by step: the first state's picture, then each numbered move and the state after it
        (`states` as replay gives them, replayed here when not given)."""
        shown = list(states) if states is not None else replay(self, moves)
        return reports(self.puzzle).show_steps(self.data, list(moves), shown)

    def successors(self, state: Any = None, prune: bool = False) -> list[tuple[Any, Any]]:
        """(move, next state) for every legal move in `state` (the initial state by default), in the puzzle's
        fixed order; with `prune`, only those the solver's search keeps (dead pushes left out)."""
        state = self.initial if state is None else state
        if prune:
            return list(self.puzzle.successors(self.data, state))
        return [(move, self.puzzle.apply(self.data, state, move)) for move in self.puzzle.moves(self.data, state)]

    def describe_goal(self) -> str:
        """What has to be reached, in words."""
        return reports(self.puzzle).describe_goal(self.data)

    @property
    def optimal_measure(self) -> str:
        """What an optimal plan of this puzzle minimizes ("moves", or "pushes" for a push-level Sokoban)."""
        return reports(self.puzzle).optimal_measure

    def plan_text(self, report: Solution) -> str:
        """A solved report's plan as a file holds it: the planner's PDDL plan in IPC format when a PDDL planner
        found it, else the native moves in the puzzle's notation, one a line."""
        if report.pddl_plan:
            return write_plan(report.pddl_plan)
        return "".join(self.format_move(move) + "\n" for move in report.moves)

    def action_names(self) -> tuple[str, ...]:
        """The instance's numbered actions for learning agents (each legal move belongs to one)."""
        return observed(self.puzzle).action_names(self.data)

    def action_of(self, move: Any) -> int:
        """The number of the action a legal native move belongs to."""
        return observed(self.puzzle).action_of(self.data, move)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of the arrays observe() gives for this instance (channels first)."""
        return observed(self.puzzle).observation_shape(self.data)

    @property
    def observation_high(self) -> int:
        """The largest value observe() gives for this instance (the smallest is 0)."""
        return observed(self.puzzle).observation_high(self.data)

    def observe(self, state: Any = None) -> tuple[int, ...]:
        """`state` (the initial state by default) as whole numbers, flat in row-major order of observation_shape."""
        return observed(self.puzzle).observe(self.data, self.initial if state is None else state)

    def _repr_html_(self) -> str:
        """In a notebook: the puzzle, the label, the goal and a picture of the initial state."""
        from puzzleplan.api.html_pieces import instance_html

        return instance_html(self)

    def starting_at(self, start: Any) -> Instance:
        """The instance with `start` as its initial state: one of its states (from replay, say), or the start
        written as text (bloxorz: `X,Y`, the cell the block stands on, counted from 1)."""
        return Instance(self.puzzle, started(self.puzzle, self.data, start), self.label)


def replay(inst: Instance, moves: Iterable[Any]) -> list[Any]:
    """The states the simulator goes through replaying native moves from the initial state (the initial
    state first); IllegalMove naming the first move the rules forbid. Reaching the goal is not required."""
    puzzle, state = inst.puzzle, inst.initial
    states = [state]
    for number, move in enumerate(moves, start=1):
        try:
            state = puzzle.apply(inst.data, state, native_move(inst, move))
        except IllegalMove as error:
            raise IllegalMove(f"move {number} {notation(puzzle).format_move(move)}: {error}") from None
        states.append(state)
    return states


def native_move(inst: Instance, move: Any) -> Any:
    """A move as the simulator takes it: a native move as is, a JSON list or a notation string read."""
    if isinstance(move, (list, str)):
        try:
            return notation(inst.puzzle).move_from_json(move)
        except ValueError as error:
            raise InputError(f"not a {inst.name} move: {move!r} ({error})", "moves") from None
    return move
