"""The interactive mode: the computer and a human take turns until the board is full.

The loop of the assignment: print the board and score (stop when the board is full); the computer
moves and saves the board to computer.txt, or the human is asked for a column until it is a valid
one and the board is saved to human.txt; again. `quit` or the end of the input leaves the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from puzzleplan.common.files import count_number
from puzzleplan.games.board import COLUMNS, Board, save_board
from puzzleplan.games.display import cut_short, game_over, move_line, player_name, render
from puzzleplan.games.search import choose_move

COMPUTER_FILE = "computer.txt"
HUMAN_FILE = "human.txt"
QUIT_WORDS = ("quit", "q", "exit")


def play_interactive(
    board: Board,
    computer_next: bool,
    depth: int,
    ask: Callable[[str], str] = input,
    folder: Path = Path("."),
    newline: str = "\n",
    seconds: float | None = None,
) -> None:
    """Run the game from `board` until it is full or the human quits; `ask` reads the human's answers;
    the boards are saved with lines ended by `newline` (as the input file's are); each computer move is
    searched for at most `seconds` (None: no limit)."""
    computer = board.to_move if computer_next else 3 - board.to_move
    while True:
        print(render(board))
        if board.is_full():
            print(game_over(board))
            return
        if board.to_move == computer:
            board = _computer_move(board, depth, seconds)
            save_board(board, folder / COMPUTER_FILE, newline)
        else:
            column = ask_column(board, ask)
            if column is None:
                print("Left the game.")
                return
            board = board.play(column)
            save_board(board, folder / HUMAN_FILE, newline)


def _computer_move(board: Board, depth: int, seconds: float | None) -> Board:
    """The board after the computer's move, searched to `depth` within `seconds`: the move printed, and on
    standard error a note when the search was cut short."""
    result = choose_move(board, depth, seconds=seconds)
    print(move_line("Computer", board.to_move, result))
    if not result.complete:
        print(f"maxconnect4: {cut_short(result, depth, seconds or 0.0)}", file=sys.stderr)
    return board.play(result.column)


def ask_column(board: Board, ask: Callable[[str], str]) -> int | None:
    """The human's column (0-based), asked again until it is valid; None on `quit` or end of input."""
    prompt = f"Your move as {player_name(board.to_move)}: a column 1-{COLUMNS}, or quit: "
    while True:
        try:
            answer = ask(prompt).strip()
        except EOFError:
            print()
            return None
        if answer.lower() in QUIT_WORDS:
            return None
        problem = column_problem(board, answer)
        if problem is None:
            return int(answer) - 1
        print(problem)


def column_problem(board: Board, answer: str) -> str | None:
    """Why `answer` is not a valid move on `board`, or None when it is."""
    column = count_number(answer)
    if column is None or not 1 <= column <= COLUMNS:
        return f"{answer!r} is not a column: type a number from 1 to {COLUMNS}."
    if not board.can_play(int(answer) - 1):
        return f"Column {answer} is full: choose another."
    return None
