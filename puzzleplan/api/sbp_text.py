"""The sliding-brick puzzle's functions under the names its assignment text (seed 004) gives them, with the
text's signatures: loadGameState, outputGameState, cloneGameState, gameStateSolved, allMovesHelp, allMoves,
applyMove, applyMoveCloning, stateEqual, normalizeState, swapIdx, and the random walk and the searches of
its sections 2.F and 2.G (randomWalk, breadthFirstSearch, depthFirstSearch). Each is a thin door to the
sbp puzzle (puzzleplan.translator.sbp) through the API: the rules, the normal form and the printing are
the puzzle's own.

    >>> from puzzleplan.api.sbp_text import loadGameState, outputGameState, allMoves
    >>> state = loadGameState("problems/sbp/tiny.sbp")
    >>> allMoves(state)[:2]
    [(2, 'up'), (2, 'down')]

A game state is mutable, as the text's functions (applyMove, normalizeState) change it in place; a move
is (piece, direction), direction one of "up", "down", "left", "right", printed `(2,left)`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from puzzleplan import api
from puzzleplan.api.walks import random_walk
from puzzleplan.common.limits import Limits

Move = tuple[int, str]
"""(piece, direction): (2, "left")."""


@dataclass
class GameState:
    """A sliding-brick game state: the loaded level (its board and goal) and the matrix as it is now,
    row-major (-1 goal, 0 empty, 1 wall, 2 the master brick, 3 and up the other bricks)."""

    level: api.Instance
    matrix: tuple[int, ...]

    @property
    def width(self) -> int:
        """w: the number of columns."""
        return int(self.level.data.width)

    @property
    def height(self) -> int:
        """h: the number of rows."""
        return int(self.level.data.height)

    def rows(self) -> list[list[int]]:
        """The matrix as a list of rows, top row first."""
        return [list(self.matrix[row * self.width : (row + 1) * self.width]) for row in range(self.height)]

    def __str__(self) -> str:
        return self.level.show(self.matrix)


def loadGameState(filename: str | os.PathLike[str]) -> GameState:  # noqa: N802 (the text's name)
    """2.A: the game state of a `w,h,` file; InputError naming the line of a malformed one."""
    level = api.load(filename, puzzle="sbp")
    return GameState(level, level.initial)


def outputGameState(state: GameState) -> None:  # noqa: N802
    """2.A: print the state exactly as the text shows it: `w,h,`, then each row, every value followed by `,`."""
    print(state)


def cloneGameState(state: GameState) -> GameState:  # noqa: N802
    """2.A: a separate state identical to `state`."""
    return GameState(state.level, state.matrix)


def gameStateSolved(state: GameState) -> bool:  # noqa: N802
    """2.B: True when the master brick covers the goal (no -1 cell is left)."""
    return state.level.is_goal(state.matrix)


def allMovesHelp(state: GameState, piece: int) -> list[Move]:  # noqa: N802
    """2.C: the moves `piece` can make, in the order up, down, left, right (possibly none)."""
    return [move for move in allMoves(state) if move[0] == piece]


def allMoves(state: GameState) -> list[Move]:  # noqa: N802
    """2.C: every move of the board, sorted by piece number, then up, down, left, right."""
    return [(int(piece), str(direction)) for piece, direction in state.level.moves(state.matrix)]


def applyMove(state: GameState, move: Move) -> None:  # noqa: N802
    """2.C: perform `move` in `state` (IllegalMove, saying what is in the way, when it cannot be made)."""
    state.matrix = state.level.apply(state.matrix, tuple(move))


def applyMoveCloning(state: GameState, move: Move) -> GameState:  # noqa: N802
    """2.C: a new state, `move` applied to a clone of `state`."""
    clone = cloneGameState(state)
    applyMove(clone, move)
    return clone


def stateEqual(first: GameState, second: GameState) -> bool:  # noqa: N802
    """2.D: True when the two matrices are identical, cell by cell (no normalization)."""
    return (first.width, first.height) == (second.width, second.height) and all(
        a == b for a, b in zip(first.matrix, second.matrix)
    )


def normalizeState(state: GameState) -> None:  # noqa: N802
    """2.E: put `state` in normal form: the bricks other than the master numbered 3, 4, ... in the order of
    their first cell, top-left to bottom-right."""
    state.matrix = state.level.normalize(state.matrix)


def swapIdx(state: GameState, idx1: int, idx2: int) -> None:  # noqa: N802
    """2.E's helper: exchange the numbers idx1 and idx2 everywhere in the matrix."""
    swapped = {idx1: idx2, idx2: idx1}
    state.matrix = tuple(swapped.get(value, value) for value in state.matrix)


def randomWalk(state: GameState, N: int, seed: int | None = None) -> GameState:  # noqa: N802, N803
    """2.F: from `state`, N times: draw one of all the moves, apply it, normalize, and print the move and the
    state (the state first); stop early at the goal. Returns the last state."""
    level = state.level.starting_at(state.matrix)
    last = state.matrix
    for move, last in random_walk(level, N, seed):
        if move is not None:
            print(level.format_move(move))
        print(level.show(last))
    return GameState(state.level, last)


def breadthFirstSearch(state: GameState, timeout: float = 60.0) -> api.Report:  # noqa: N802
    """2.G: solve from `state` by breadth-first search and print the moves, one a line, and the final state."""
    return _search(state, "native-bfs", timeout)


def depthFirstSearch(state: GameState, timeout: float = 60.0) -> api.Report:  # noqa: N802
    """2.G: solve from `state` by depth-first search and print the moves, one a line, and the final state."""
    return _search(state, "native-dfs", timeout)


def _search(state: GameState, planner: str, timeout: float) -> api.Report:
    """Solve from `state` with `planner`, print 2.G's result (moves and final state) when solved; the report
    (its .expanded: the nodes explored, .time, .length)."""
    report = api.solve(state.level, planner, start=state.matrix, limits=Limits.read(timeout, None))
    if report.status is api.Status.SOLVED and report.states:
        for move in report.moves:
            print(state.level.format_move(move))
        print(state.level.show(report.states[-1]))
    return report
