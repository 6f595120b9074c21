"""What `maxconnect4` prints: the board with the column numbers, the score, the moves and the game's end."""

from __future__ import annotations

from puzzleplan.games.board import COLUMNS, ROWS, Board
from puzzleplan.games.search import SearchResult

COLOURS = {1: "red", 2: "green"}
SYMBOLS = {0: ".", 1: "1", 2: "2"}


def render(board: Board) -> str:
    """The board (top row first, `.` for empty) under the column numbers, then the score line."""
    lines = [" " + " ".join(str(c + 1) for c in range(COLUMNS))]
    for row in reversed(range(ROWS)):
        lines.append(" " + " ".join(SYMBOLS[board.at(c, row)] for c in range(COLUMNS)))
    lines.append(score_line(board))
    return "\n".join(lines)


def player_name(player: int) -> str:
    """'player 1 (red)' or 'player 2 (green)'."""
    return f"player {player} ({COLOURS[player]})"


def score_line(board: Board) -> str:
    """The points of both players, and who moves next (or that the game is over)."""
    points = f"Score: {player_name(1)} {board.score(1)}, {player_name(2)} {board.score(2)}"
    if board.is_full():
        return points + "; the board is full"
    return points + f"; {player_name(board.to_move)} to move"


def game_over(board: Board) -> str:
    """The closing line of a full board: who won, or a draw."""
    first, second = board.score(1), board.score(2)
    if first == second:
        return f"Game over: a draw, {first} to {second}."
    winner = 1 if first > second else 2
    return f"Game over: {player_name(winner)} wins, {max(first, second)} to {min(first, second)}."


def move_line(who: str, player: int, result: SearchResult) -> str:
    """The computer's move with its value, depth, nodes searched and CPU time."""
    return (
        f"{who} plays column {result.column + 1} for {player_name(player)}: value {result.value} at depth "
        f"{result.depth}, {result.nodes:,} nodes, {result.cpu_seconds:.3f} s CPU"
    )


def cut_short(result: SearchResult, depth: int, seconds: float) -> str:
    """The line that says a move was chosen at the time limit, before the search reached `depth`."""
    from puzzleplan.common.command_limits import limit_message

    return f"{limit_message(seconds)} before depth {depth}: the move is the best of depth {result.depth}"
