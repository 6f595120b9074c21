"""The `maxconnect4` command: the interactive and one-move modes of the assignment, and the depth benchmark.

    maxconnect4 interactive INPUT computer-next|human-next DEPTH
    maxconnect4 one-move INPUT OUTPUT DEPTH
    maxconnect4 bench INPUT [--depths 1-10]

Exit status: 0 when done (a full board too: the game is over), 2 for bad input or a usage error.
"""

from __future__ import annotations

import argparse
import sys

from puzzleplan.games.bench import bench_table, parse_depths
from puzzleplan.games.board import line_end, load_board, save_board
from puzzleplan.games.display import game_over, move_line, render
from puzzleplan.games.interactive import play_interactive
from puzzleplan.games.search import choose_move
from puzzleplan.translator.errors import InputError
from puzzleplan.translator.text import count_number, quote

PROG = "maxconnect4"


def depth_argument(text: str) -> int:
    """A search depth: a whole number >= 1 (argparse type)."""
    depth = count_number(text)
    if depth is None or depth < 1:
        raise argparse.ArgumentTypeError(f"the depth is a whole number of moves, 1 or more, not {quote(text)}")
    return depth


def depths_argument(text: str) -> list[int]:
    """A list of depths such as `1-10`, `8` or `2,4,6` (argparse type)."""
    try:
        return parse_depths(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_depth(parser: argparse.ArgumentParser) -> None:
    """The DEPTH argument of the playing modes."""
    parser.add_argument("depth", metavar="DEPTH", type=depth_argument, help="search depth in moves (1 or more)")


def build_parser() -> argparse.ArgumentParser:
    """The command line: one sub-command per mode."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play Max-Connect4 by depth-limited minimax with alpha-beta pruning.",
        epilog="Board files: six lines of seven digits (0 empty, 1 and 2 the players' pieces), top row first, "
        "then the player to move.",
    )
    modes = parser.add_subparsers(dest="mode", metavar="MODE", required=True)
    interactive = modes.add_parser(
        "interactive",
        help="play against a human",
        description="Play against a human at the keyboard. The board is saved to computer.txt after each "
        "computer move and to human.txt after each human move (in the current folder). Type quit to leave.",
    )
    interactive.add_argument("input", metavar="INPUT", help="the board to start from")
    interactive.add_argument(
        "next", metavar="NEXT", choices=("computer-next", "human-next"), help="computer-next or human-next"
    )
    _add_depth(interactive)
    one_move = modes.add_parser(
        "one-move",
        help="make one move and write the board",
        description="Read the board, make one move for the player to move, print it and write the new board.",
    )
    one_move.add_argument("input", metavar="INPUT", help="the board to move on")
    one_move.add_argument("output", metavar="OUTPUT", help="where to write the board after the move")
    _add_depth(one_move)
    bench = modes.add_parser(
        "bench",
        help="CPU time and nodes of one move per depth",
        description="Choose the move on INPUT at each depth, from scratch each time, and print the CPU time "
        "(time.process_time) and the nodes searched.",
    )
    bench.add_argument("input", metavar="INPUT", help="the board to move on")
    bench.add_argument(
        "--depths", type=depths_argument, default=parse_depths("1-10"), help="depths: 1-10 (default), 8 or 2,4,6"
    )
    return parser


def one_move(input_path: str, output_path: str, depth: int) -> None:
    """The one-move mode: print the board, move (unless it is full), print and save the new board."""
    board = load_board(input_path)
    print(render(board))
    if board.is_full():
        print(game_over(board))
        return
    result = choose_move(board, depth)
    player = board.to_move
    board = board.play(result.column)
    print(move_line("Computer", player, result))
    print(render(board))
    save_board(board, output_path, line_end(input_path))


def bench(input_path: str, depths: list[int]) -> None:
    """The bench mode: the table of CPU time and nodes per depth (a full board has no move to measure)."""
    board = load_board(input_path)
    if board.is_full():
        print(render(board))
        print(game_over(board))
        return
    print(bench_table(board, depths))


def main(argv: list[str] | None = None) -> int:
    """Run one mode; bad input prints one paragraph on stderr and returns 2, never a traceback."""
    args = build_parser().parse_args(argv)
    try:
        if args.mode == "interactive":
            board = load_board(args.input)
            play_interactive(board, args.next == "computer-next", args.depth, newline=line_end(args.input))
        elif args.mode == "one-move":
            one_move(args.input, args.output, args.depth)
        else:
            bench(args.input, args.depths)
    except InputError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
