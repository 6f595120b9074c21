"""An instance's states beyond what the Instance class offers: the states one move away, and a plan's steps
shown one by one (each could become a method of Instance)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzleplan.api import Instance
from puzzleplan.translator.capabilities import reports


def successors(inst: Instance, state: Any = None, prune: bool = False) -> list[tuple[Any, Any]]:
    """(move, next state) for every legal move in `state` (the initial state by default), in the puzzle's
    fixed order; with `prune`, only those the solver's search keeps (dead pushes left out)."""
    puzzle, data = inst.puzzle, inst.data
    state = inst.initial if state is None else state
    if prune:
        return list(puzzle.successors(data, state))
    return [(move, puzzle.apply(data, state, move)) for move in puzzle.moves(data, state)]


def show_steps(inst: Instance, moves: Sequence[Any], states: Sequence[Any]) -> str:
    """A plan's steps as the puzzle shows them: each move in its notation with the state it leads to
    (`states` holds the initial state first)."""
    return reports(inst.puzzle).show_steps(inst.data, list(moves), list(states))
