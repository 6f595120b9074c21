"""Whole games between two players: the search agent and the course's sample player, which moves at random."""

from __future__ import annotations

import random
from collections.abc import Callable

from puzzleplan.games.board import EMPTY, Board
from puzzleplan.games.evaluate import evaluate
from puzzleplan.games.search import Evaluation, choose_move

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
        final = play_game(EMPTY, {side: agent, 3 - side: opponent(seed)})
        wins += winner(final) == side
    return wins


def duel(first: Evaluation, second: Evaluation, depth: int, openings: int, moves: int = 4) -> tuple[int, int, int]:
    """(wins of `first`, wins of `second`, draws) between two evaluation functions searched to `depth`.

    Each of `openings` openings (`moves` random moves from the empty board, seeded 1000, 1001, ...) is
    played twice, the two agents swapping sides, so neither gains from the opening or from moving first.
    """
    results = [0, 0, 0]
    for seed in range(1000, 1000 + openings):
        start = play_random_moves(EMPTY, moves, seed)
        for side in (1, 2):
            final = play_game(start, {side: search_player(depth, first), 3 - side: search_player(depth, second)})
            result = winner(final)
            results[0 if result == side else 1 if result else 2] += 1
    return results[0], results[1], results[2]


def play_random_moves(board: Board, moves: int, seed: int) -> Board:
    """The board after `moves` random moves (fewer when it fills up)."""
    player = random_player(seed)
    for _ in range(moves):
        if board.is_full():
            break
        board = board.play(player(board))
    return board
