"""Seed 002's `(printstates (a* ...))`, as `solve --format seed` prints it, read back as moves: the states
of the solution path in Table 1's ASCII, a blank line after each; each move is the keeper's step from one
state to the next, upper case when a box moved with it (a push)."""

from __future__ import annotations

from puzzleplan.common.errors import InputError
from puzzleplan.translator.grid import DIRECTIONS, Cell

KEEPER = "@+"
BOXES = "$*"
STEP_LETTER = {offset: name[0] for name, offset in DIRECTIONS.items()}
"""The LURD letter of a keeper's step, by (row, column) offset."""


def read_printstates(text: str, source: str) -> list[str]:
    """The moves between the states of a printstates printout; InputError naming the line of a state whose
    keeper is not one step from the one before, or a printout of fewer than two states."""
    states = _states(text, source)
    if len(states) < 2:
        raise InputError("expected the states of a solution path, a blank line after each (printstates)", source, 1)
    return [_move(before, after, source) for before, after in zip(states, states[1:])]


State = tuple[int, Cell, frozenset[Cell]]
"""(the state's first line, the keeper, the boxes)."""


def _states(text: str, source: str) -> list[State]:
    """Each block of lines between blank lines, as (first line, keeper, boxes)."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            blocks[-1].append((number, line))
        elif blocks[-1]:
            blocks.append([])
    return [_state(block, source) for block in blocks if block]


def _state(block: list[tuple[int, str]], source: str) -> State:
    """The keeper and the boxes of one state drawn in Table 1's ASCII."""
    cells = {(row, col): char for row, (_, line) in enumerate(block) for col, char in enumerate(line)}
    keepers = [cell for cell, char in cells.items() if char in KEEPER]
    if len(keepers) != 1 or set("".join(cells.values())) - set("#$@.*+ -_"):
        raise InputError("expected a Sokoban state in Table 1's ASCII with one keeper (@ or +)", source, block[0][0])
    return block[0][0], keepers[0], frozenset(cell for cell, char in cells.items() if char in BOXES)


def _move(before: State, after: State, source: str) -> str:
    """The LURD letter that leads from one state to the next."""
    step = (after[1][0] - before[1][0], after[1][1] - before[1][1])
    if step not in STEP_LETTER:
        raise InputError("the keeper is not one step from where the state before has it", source, after[0])
    letter = STEP_LETTER[step]
    return letter.upper() if after[2] != before[2] else letter
