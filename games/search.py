"""Choosing a Max-Connect4 move: depth-limited minimax with alpha-beta pruning.

Values are negamax values: the value of a position for the player to move, so a child's value is
negated for its parent. Positions at the depth limit are rated by the evaluation function, full boards
by the same function (which then gives the final score difference, see puzzleplan.games.evaluate).

`choose_move` deepens iteratively (depth 1, 2, ... up to the limit). Each iteration tries the columns
centre first, except that at every position the best column of the previous iteration (kept in the
transposition table) goes first. The transposition table is keyed by the board (the pieces of the
player to move and of the other) and holds the depth searched, the kind of value (exact, lower or
upper bound), the value and the best column. Within one search a position always has the same number
of pieces, so the same depth left: an entry from the same iteration is used for its value, one from an
earlier (shallower) iteration only for its best column. The value found is therefore exactly the plain
minimax value at that depth (`minimax` below is the reference that the tests compare with). Nothing
is random and ties keep the first column tried, so the same input gives the same move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from puzzleplan.common.limits import TimeLimitExceeded, time_limit
from puzzleplan.games.board import BOARD_CELLS, BOTTOM, CELLS, COLUMN_CELLS, COLUMNS, HEIGHT, TOP, Board
from puzzleplan.games.evaluate import evaluate

Evaluation = Callable[[int, int], int]
"""A function (pieces of the player to move, pieces of the other) -> value for the player to move."""

INFINITY = 1 << 40
CENTRE_FIRST = (3, 2, 4, 1, 5, 0, 6)
"""Columns (0-based) in the order tried: the centre takes part in the most runs of four."""
ORDERS = {first: (first,) + tuple(c for c in CENTRE_FIRST if c != first) for first in range(COLUMNS)}
ORDERS[-1] = CENTRE_FIRST

KEY_SHIFT = COLUMNS * HEIGHT
"""The transposition table's key is (opponent << KEY_SHIFT) | me: both bitboards, the player to move's low."""
EXACT, LOWER, UPPER = 0, 1, 2
"""Kinds of value in the transposition table."""


def minimax(me: int, opponent: int, depth: int, evaluation: Evaluation = evaluate) -> int:
    """The plain minimax (negamax) value of a position to `depth`, no pruning: the reference for tests."""
    mask = me | opponent
    if depth == 0 or mask == BOARD_CELLS:
        return evaluation(me, opponent)
    best = -INFINITY
    for column in range(COLUMNS):
        if not mask & TOP[column]:
            bit = (mask + BOTTOM[column]) & COLUMN_CELLS[column]
            best = max(best, -minimax(opponent, me | bit, depth - 1, evaluation))
    return best


@dataclass(frozen=True)
class SearchResult:
    """A chosen move: the column (0-based), its value, the depth, nodes searched and CPU seconds."""

    column: int
    value: int
    depth: int
    nodes: int
    cpu_seconds: float
    complete: bool = True
    """False when the time limit stopped the search: the move is the deepest completed iteration's."""


class AlphaBeta:
    """Alpha-beta search with a transposition table; counts the nodes it visits."""

    def __init__(self, evaluation: Evaluation = evaluate) -> None:
        self.evaluation = evaluation
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.nodes = 0

    def value(self, me: int, opponent: int, depth: int, alpha: int, beta: int) -> int:
        """The negamax value of the position within (alpha, beta) (fail-soft: a bound outside it)."""
        self.nodes += 1
        mask = me | opponent
        if depth == 0 or mask == BOARD_CELLS:
            return self.evaluation(me, opponent)
        key = (opponent << KEY_SHIFT) | me
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, kind, stored, first = entry
            if stored_depth >= depth:
                if kind == EXACT:
                    return stored
                if kind == LOWER:
                    alpha = max(alpha, stored)
                else:
                    beta = min(beta, stored)
                if alpha >= beta:
                    return stored
        start_alpha = alpha
        best, best_column = -INFINITY, -1
        for column in ORDERS[first]:
            if mask & TOP[column]:
                continue
            bit = (mask + BOTTOM[column]) & COLUMN_CELLS[column]
            value = -self.value(opponent, me | bit, depth - 1, -beta, -alpha)
            if value > best:
                best, best_column = value, column
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        kind = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (depth, kind, best, best_column)
        return best

    def root(self, me: int, opponent: int, depth: int) -> tuple[int, int]:
        """The best column and its exact value at `depth` (the root's table entry holds the column)."""
        value = self.value(me, opponent, depth, -INFINITY, INFINITY)
        return self.table[(opponent << KEY_SHIFT) | me][3], value


def _check_searchable(board: Board, depth: int) -> None:
    """ValueError for a full board (no move to choose) or a depth below 1."""
    if board.is_full():
        raise ValueError("the board is full: there is no move")
    if depth < 1:
        raise ValueError(f"the depth is 1 or more, not {depth}")


def choose_move(
    board: Board, depth: int, evaluation: Evaluation = evaluate, seconds: float | None = None
) -> SearchResult:
    """The move for the player to move, by iterative deepening to `depth` (>= 1) on a board that is not full;
    stopped after `seconds` (None: no limit), the deepest completed iteration's move (TimeLimitExceeded when
    none completed)."""
    _check_searchable(board, depth)
    me, opponent = board.pieces(board.to_move), board.pieces(3 - board.to_move)
    search = AlphaBeta(evaluation)
    started = time.process_time()
    found: tuple[int, int, int] | None = None  # (column, value, depth) of the deepest finished iteration
    try:
        with time_limit(seconds):
            for level in range(1, depth + 1):
                found = (*search.root(me, opponent, level), level)
                if (me | opponent).bit_count() + level >= CELLS:
                    break  # every line reaches the full board: deeper iterations would repeat this one
    except TimeLimitExceeded:
        if found is None or seconds is None:  # no iteration done, or an outer limit's (the caller's to handle)
            raise
        return SearchResult(*found, search.nodes, time.process_time() - started, complete=False)
    assert found is not None  # depth >= 1: the first iteration ran
    return SearchResult(*found, search.nodes, time.process_time() - started)
