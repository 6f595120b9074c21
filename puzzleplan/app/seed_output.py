"""`--format seed`: the printouts that the original assignment texts prescribe, byte for byte where a text
shows them, and the `successors` command (a state's next states, in a text's order and form).

One small printer per puzzle whose text prescribes a printout; the default output of every command stays
as it is. docs/<puzzle>.md, "For the course", says which command reproduces which part of each text."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.capabilities import notation, reports
from puzzleplan.translator.registry import instance_label, load

FORMATS = ("default", "seed")
STRATEGIES = {
    "native-bfs": ("Breadth First Search", "BFS"),
    "native-dfs": ("Depth First Search", "DFS"),
    "native-astar": ("A* Search", "A*"),
}
"""Planner -> (the strategy's name, its short name) in the Bloxorz text's printout."""


def strategy(planner: str) -> tuple[str, str]:
    """The strategy's name and short name for a planner (native-astar:NAME is A*; others by their name)."""
    return STRATEGIES.get(planner.split(":")[0], (planner, planner))


def add_format_option(parser: argparse.ArgumentParser, start: bool = False) -> None:
    """--format default|seed (and, for solve, Bloxorz's --start X,Y)."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="default",
        help="seed: print as the puzzle's original assignment text does (docs/<puzzle>.md, 'For the course')",
    )
    if start:
        parser.add_argument(
            "--start",
            metavar="X,Y",
            help="bloxorz --format seed: where the block stands at the start, as the text's prompt asks "
            "(default: asked at the keyboard when there is one, else the file's start)",
        )


def add_commands(commands: Any, instance: Callable[[argparse.ArgumentParser], None]) -> None:
    """The `successors` command; `instance` adds the PUZZLE FILE --level arguments as every command has them."""
    p = commands.add_parser(
        "successors",
        aliases=["next-states"],
        help="the states one move away from an instance's initial state (the texts' next-states)",
        description="Print every legal move from the file's initial state and the state it leads to; "
        "--format seed prints them in the order and form the puzzle's assignment text uses.",
    )
    instance(p)
    p.add_argument("--prune", action="store_true", help="leave out what the solver's search leaves out (dead pushes)")
    add_format_option(p)
    p.set_defaults(run=cmd_successors)


# -- successors ----------------------------------------------------------------------------------------
def cmd_successors(args: argparse.Namespace) -> int:
    """Print the successors of the file's initial state."""
    puzzle, instance = load(args.puzzle, args.file, args.level)
    state = puzzle.initial(instance)
    if args.prune:
        pairs = list(puzzle.successors(instance, state))
    else:
        pairs = [(move, puzzle.apply(instance, state, move)) for move in puzzle.moves(instance, state)]
    if args.format == "seed":
        printer = _printer(SUCCESSORS, puzzle.name, "successors")
        print(printer(puzzle, instance, state, pairs), end="")
    else:
        for move, child in pairs:
            print(f"{notation(puzzle).format_move(move)}\n{reports(puzzle).show(instance, child)}\n")
        print(f"{len(pairs)} successor{'' if len(pairs) == 1 else 's'}")
    return 0


def _printer(table: dict[str, Callable], name: str, command: str) -> Callable:
    """The printer of a puzzle, or InputError naming the puzzles that have one."""
    _require(table, name, command)
    return table[name]


def _require(names: Iterable[str], name: str, command: str) -> None:
    """InputError unless the text of puzzle `name` prescribes `command`'s printout (the puzzles in `names`)."""
    if name not in names:
        raise InputError(
            f"{command} --format seed: the assignment text of {name} prescribes no such printout; "
            f"puzzles that have one: {', '.join(sorted(names))}",
            "command line",
        )


def sokoban_next_states(puzzle, instance, state, pairs) -> str:
    """Seed 002's (next-states s): the states as integer lists, in the order up, right, down, left, laid
    out as the text's examples are (a space after the first two parentheses, one state a line)."""
    from puzzleplan.translator.sokoban.level import render_integers

    ordered = sorted(pairs, key=lambda pair: "urdl".index(pair[0].lower()))
    states = [render_integers(instance, child).strip().replace("\n", "") for _, child in ordered]
    if not states:
        return "NIL\n"
    return "(( " + "\n  ".join(states)[1:] + ")\n"


def sbp_all_moves(puzzle, instance, state, pairs) -> str:
    """Seed 004's allMoves and applyMoveCloning: each move, `(2,left)`, then the state it leads to in the
    `w,h,` format (moves by piece, then up, down, left, right)."""
    return "".join(f"{puzzle.format_move(move)}\n{puzzle.show(instance, child)}\n" for move, child in pairs)


def shrdlu_next_states(puzzle, instance, state, pairs) -> str:
    """Seed 000's legal actions, `(2, 0)`, each with its next state as Figures 3 and 4 draw it."""
    return "".join(f"{puzzle.format_move(move)}\n{shrdlu_figure(child)}" for move, child in pairs)


def shrdlu_figure(state) -> str:
    """A state as seed 000's Figure 3: rows top to bottom, each after its index, tab-separated, and the
    column indices under them."""
    size = len(state)
    rows = [
        "\t".join([str(row), *(str(column[row]) if row < len(column) else "0" for column in state)])
        for row in reversed(range(size))
    ]
    return "\n".join([*rows, "\t" + "\t".join(map(str, range(size)))]) + "\n"


def bloxorz_transitions(puzzle, instance, state, pairs) -> str:
    """Seed 001's transition model: `(In(Bloxorz[2,2,2,2]), Right) gives In(Bloxorz[2,3,2,4])`, in the
    order Left, Right, Up, Down."""
    from puzzleplan.translator.bloxorz.puzzle import notation

    return "".join(
        f"(In({notation(instance, state)}), {puzzle.format_move(move).title()}) gives In({notation(instance, child)})\n"
        for move, child in pairs
    )


SUCCESSORS: dict[str, Callable[..., str]] = {
    "sokoban": sokoban_next_states,
    "sokoban-pushes": sokoban_next_states,
    "sbp": sbp_all_moves,
    "shrdlu": shrdlu_next_states,
    "bloxorz": bloxorz_transitions,
}
"""Puzzle -> the printer of `successors --format seed`."""


# -- walk ---------------------------------------------------------------------------------------------
WALKS = ("sbp",)
"""Puzzles whose text prescribes the random walk's printout; walk's default output is already that."""


def check_walk_format(format_name: str, puzzle_name: str) -> None:
    """walk --format seed: the default printout is seed 004's (the state, then each move and the normalized
    state after it); InputError for a puzzle whose text prescribes no walk."""
    if format_name == "seed":
        _require(WALKS, puzzle_name, "walk")


# -- solve ---------------------------------------------------------------------------------------------
def seed_solve(args: argparse.Namespace):
    """`solve --format seed`: what the text prints before the search, the search, and the text's printout
    of the result; returns the pipeline's Report."""
    from puzzleplan.api.pipeline import solve

    _check_no_other_output(args)
    puzzle, instance = load(args.puzzle, args.file, args.level)
    printer = _printer(SOLVE, puzzle.name, "solve")
    if puzzle.name == "bloxorz":
        instance = bloxorz_start(instance, args.start, args.planner)
    else:
        instance = start_at(puzzle, instance, args.start)
    report = solve(
        puzzle, instance, instance_label(args.file, args.level), args.planner, Limits.read(args.timeout, args.memory)
    )
    if report.status is not Status.SOLVED:
        print(f"{report.status.value}" + (f": {report.message}" if report.message else ""))
    else:
        print(printer(puzzle, instance, report), end="")
    return report


def _check_no_other_output(args: argparse.Namespace) -> None:
    """InputError when solve --format seed is given an output it replaces (--json, --show, ...)."""
    given = [option for option, value in OTHER_OUTPUTS.items() if getattr(args, value)]
    if given:
        raise InputError(
            f"--format seed prints the text's printout; it goes without {', '.join(given)}", "command line"
        )


def sbp_result(puzzle, instance, report) -> str:
    """Seed 004's BFS/DFS result: the moves one a line, `(2,left)`, the final state in the `w,h,` format,
    then the nodes explored, the search time and the solution's length."""
    moves = "".join(puzzle.format_move(move) + "\n" for move in report.moves)
    explored = report.expanded if report.expanded is not None else f"not counted by {report.planner}"
    return (
        f"{moves}{puzzle.show(instance, report.states[-1])}\n"
        f"nodes explored: {explored}\n"
        f"time: {report.time.get('search', 0.0):.3f} s\n"
        f"solution length: {len(report.moves)}\n"
    )


def sokoban_printstates(puzzle, instance, report) -> str:
    """Seed 002's (printstates (a* ...)): every state of the solution path in Table 1's ASCII, a blank line
    after each."""
    from puzzleplan.translator.sokoban.level import render_xsb

    return "".join(render_xsb(instance, state).rstrip("\n") + "\n\n" for state in report.states)


def shrdlu_plan(puzzle, instance, report) -> str:
    """Seed 000's plan: the initial state as Figure 3 draws it, then each action, `(2, 0)`, with the state
    after it (Figure 4)."""
    steps = (f"{puzzle.format_move(m)}\n{shrdlu_figure(s)}" for m, s in zip(report.moves, report.states[1:]))
    return shrdlu_figure(report.states[0]) + "".join(steps)


def bloxorz_steps(puzzle, instance, report) -> str:
    """Seed 001's step-by-step printout after the search: Step ( n ), where the block goes, the board, and
    the closing line naming the strategy."""
    short = strategy(report.planner)[1]
    return puzzle.show_steps(instance, report.moves, report.states) + f" using {short}\n"


OTHER_OUTPUTS = {"--json": "json", "--show": "show", "--animate": "animate", "--plan-out": "plan_out"}
"""The outputs of solve that --format seed replaces (option -> its attribute)."""

SOLVE: dict[str, Callable[..., str]] = {
    "sbp": sbp_result,
    "sokoban": sokoban_printstates,
    "sokoban-pushes": sokoban_printstates,
    "shrdlu": shrdlu_plan,
    "bloxorz": bloxorz_steps,
}
"""Puzzle -> the printer of `solve --format seed`."""


# -- Bloxorz: the lines before the search, with the start asked as the text asks it ----------------------
BLOXORZ_HEADER = """\
Please Note: Board starts (Topmost Left tile) at x-coordinate = 1 & y-coordinate = 1
Any references to x and y coordinates hereon should be read accordingly
*****
Input board is displayed below such that 1 = valid tile, 0 = void location & 9 = goal location
*****
{board}
*****
This program accepts Agent's initial position (x and y co-ordinates from user.
Please enter below the Agent's location on a valid tile. Pls refer above playing court
"""


def bloxorz_start(instance, start: str | None, planner: str):
    """Print the text's lines up to the search, taking the start from --start, the keyboard (when stdin is
    a terminal) or the file, in that order; return the stage with that start."""
    board = "\n".join("[" + ", ".join(row) + "]" for row in instance.grid)
    print(BLOXORZ_HEADER.format(board=board), end="")
    keyboard = start is None and sys.stdin.isatty()
    x, y = _coordinates(_start_answers(instance, start, keyboard), "the start")
    print(f"\nStarting position of agent on playing court is at ( x-coordinate = {x} and y-coordinate = {y} )")
    print("*****\nChecking for Agent's starting position...")
    stage = start_at_cell(instance, x, y) if start is not None or keyboard else instance
    print("Agent's start position found to be legal. Proceeding further...")
    print(f"Agent solves Bloxorz game problem using {strategy(planner)[0]} strategy as below\n*****\n")
    return stage


def _start_answers(instance, start: str | None, keyboard: bool) -> list[str]:
    """The answers to the text's two questions for the start: --start's, typed on the keyboard, or, with
    neither (a pipe, CI), the file's start (its first cell when the block lies), each shown as typed."""
    if start is not None:
        return _echo(start.split(","))
    if keyboard:
        return _ask()
    row, col = instance.start[0]
    return _echo([str(col + 1), str(row + 1)])


def start_at(puzzle, instance, start: str | None):
    """The instance with the block standing at --start X,Y (bloxorz only; the instance itself without it)."""
    if start is None:
        return instance
    if puzzle.name != "bloxorz":
        raise InputError("--start is for bloxorz (its text asks where the block starts)", "command line")
    return start_at_cell(instance, *_coordinates(start.split(","), "--start"))


def start_at_cell(stage, x: int, y: int):
    """The stage with the block standing at x, y (from 1); InputError when it cannot start there."""
    from puzzleplan.translator.bloxorz.level import Where, check

    moved = replace(stage, start=((y - 1, x - 1),))
    check(moved, Where(f"start {x},{y}"))
    return moved


def _echo(values: Iterable[str]) -> list[str]:
    """The prompts with their answers written after them, as a terminal shows what was typed."""
    values = list(values)
    for axis, value in zip("xy", values):
        print(f"\nEnter agent's {axis}-coordinate: {value}")
    return values


def _ask() -> list[str]:
    """The text's two prompts, answered at the keyboard."""
    answers = []
    for axis in "xy":
        print()
        try:
            answers.append(input(f"Enter agent's {axis}-coordinate: "))
        except EOFError:
            raise InputError(f"no {axis}-coordinate given for the start", "the keyboard") from None
    return answers


def _coordinates(values: list[str], source: str) -> tuple[int, int]:
    """x and y, whole numbers from 1; InputError otherwise."""
    try:
        x, y = (int(value.strip()) for value in values)
    except ValueError:
        raise InputError(
            f"expected the start as X,Y (whole numbers from 1), found {','.join(values)!r}", source
        ) from None
    if x < 1 or y < 1:
        raise InputError(f"coordinates count from 1: found {x},{y}", source)
    return x, y
