"""The `maxconnect4` command: the interactive and one-move modes of the assignment, and the depth benchmark.

    maxconnect4 interactive INPUT computer-next|human-next DEPTH [--timeout SECONDS] [--memory SIZE]
    maxconnect4 one-move INPUT OUTPUT DEPTH [--timeout SECONDS] [--memory SIZE]
    maxconnect4 bench INPUT [--depths 1-10] [--timeout SECONDS] [--memory SIZE]

Exit status: 0 when done (a full board too: the game is over), 2 for bad input or a usage error, 4 at the
time limit (one-move: the move of the deepest completed depth is still played and written), 5 at the
memory limit. Neither limit is on by default.
"""

from __future__ import annotations

import argparse
import sys
import time

from puzzleplan.common.command_limits import TIMEOUT_EXIT, CommandLimits, add_limit_options, stopped, within
from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import count_number
from puzzleplan.common.limits import TimeLimitExceeded
from puzzleplan.common.outputs import guarded_output
from puzzleplan.games.bench import bench_table, parse_depths
from puzzleplan.games.board import line_end, load_board, save_board
from puzzleplan.games.display import cut_short, game_over, move_line, render
from puzzleplan.games.interactive import play_interactive
from puzzleplan.games.search import choose_move

PROG = "maxconnect4"
GRACE = 0.5
"""Seconds kept within --timeout, after the search, for printing and writing the move it chose at the limit."""
TIMEOUT_HELP = {
    "interactive": "seconds for each computer move (default none): at the limit the move is the best of the "
    "deepest depth completed",
    "one-move": "seconds for the whole command (default none): at the limit the move is the best of the deepest "
    "depth completed, played and written, exit status 4",
    "bench": "seconds for the whole command (default none); exit status 4 at the limit",
}


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
    add_limit_options(parser, TIMEOUT_HELP[parser.prog.split()[-1]])


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
    add_limit_options(bench, TIMEOUT_HELP["bench"])
    return parser


def one_move(
    input_path: str, output_path: str, depth: int, seconds: float | None = None, named: float | None = None
) -> int:
    """The one-move mode: print the board, move (unless it is full), print and save the new board; the
    search stops `seconds` from now (None: no limit). The exit status: 4 when the limit cut the search, said
    naming the limit `named` (by default `seconds`: the command's limit, of which `seconds` may be what is left)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    board = load_board(input_path)
    print(render(board))
    if board.is_full():
        print(game_over(board))
        return 0
    result = choose_move(board, depth, seconds=None if deadline is None else max(deadline - time.monotonic(), 0.0))
    player = board.to_move
    board = board.play(result.column)
    print(move_line("Computer", player, result))
    print(render(board))
    save_board(board, output_path, line_end(input_path))
    if result.complete:
        return 0
    print(f"{PROG}: {cut_short(result, depth, named or seconds or 0.0)}", file=sys.stderr)
    return TIMEOUT_EXIT


def bench(input_path: str, depths: list[int]) -> None:
    """The bench mode: the table of CPU time and nodes per depth (a full board has no move to measure)."""
    board = load_board(input_path)
    if board.is_full():
        print(render(board))
        print(game_over(board))
        return
    print(bench_table(board, depths))


@guarded_output(PROG)
def main(argv: list[str] | None = None) -> int:
    """Run one mode; bad input prints one paragraph on stderr and returns 2, never a traceback."""
    args = build_parser().parse_args(argv)
    try:
        limits = CommandLimits.read(args, whole_process=argv is None)
        with within(limits, args.mode != "interactive", GRACE if args.mode == "one-move" else 0.0):
            return _run_mode(args, limits)
    except (TimeLimitExceeded, MemoryError) as error:
        message, code = stopped(error, limits)
        print(f"{PROG}: {message}", file=sys.stderr)
        return code
    except InputError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


def _run_mode(args: argparse.Namespace, limits: CommandLimits) -> int:
    """Run the mode the command line asks for (interactive, one-move or bench); its exit status."""
    if args.mode == "one-move":
        return one_move(args.input, args.output, args.depth, limits.left(GRACE), limits.timeout)
    if args.mode == "interactive":
        computer_next, newline = args.next == "computer-next", line_end(args.input)
        play_interactive(load_board(args.input), computer_next, args.depth, newline=newline, seconds=limits.timeout)
    else:
        bench(args.input, args.depths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
