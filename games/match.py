"""Whole games between two players: the search agent and the course's sample player, which moves at random."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.board import Board
from games.evaluate import evaluate
from games.search import Evaluation, choose_move

Player = Callable[[Board], int]
"""A function that picks the column (0-based) to play on a board that is not full."""


def random_player(seed: int) -> Player:
    """The sample player: a column drawn uniformly from those that are not full (seeded, so repeatable)."""
    rng = random.Random(seed)

    def play(board: Board) -> int:
        """A random legal column."""
        return rng.choice(board.legal_columns())

    return play


def search_player(depth: int, evaluation: Evaluation = evaluate) -> Player:
    """The alpha-beta agent at `depth`."""

    def play(board: Board) -> int:
        """The searched column."""
        return choose_move(board, depth, evaluation).column

    return play


def play_game(board: Board, players: dict[int, Player]) -> Board:
    """Play from `board` until it is full, `players[n]` moving for player n; returns the full board."""
    while not board.is_full():
        board = board.play(players[board.to_move](board))
    return board


def winner(board: Board) -> int:
    """1 or 2, the player with more points, or 0 for a draw."""
    first, second = board.score(1), board.score(2)
    return 1 if first > second else 2 if second > first else 0


def agent_wins(games: int, depth: int, opponent: Callable[[int], Player] = random_player) -> int:
    """How many of `games` games the agent at `depth` wins against `opponent(seed)`, alternating sides.

    Game n uses seed n; the agent is player 1 (who moves first) in even games, player 2 in odd ones.
    """
    wins = 0
    agent = search_player(depth)
    for seed in range(games):
        side = 1 if seed % 2 == 0 else 2
        final = play_game(Board(0, 0, 1), {side: agent, 3 - side: opponent(seed)})
        wins += winner(final) == side
    return wins
