"""`--format seed`: the printouts that the original assignment texts prescribe (made by puzzleplan.api.seed),
and the `successors` command (a state's next states, in a text's order and form).

The default output of every command stays as it is; Bloxorz's lines before the search, with the start
asked at the keyboard as its text asks, are printed here. docs/<puzzle>.md, "For the course", says which
command reproduces which part of each text."""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from puzzleplan import api
from puzzleplan.api.seed import (
    bloxorz_board,
    bloxorz_file_start,
    require_printout,
    seed_solution,
    seed_successors,
    strategy,
)
from puzzleplan.api.starts import coordinates, start_at_cell
from puzzleplan.app.guarded import command_limits
from puzzleplan.common.errors import InputError, Tolerated

FORMATS = ("default", "seed")


def print_tolerated() -> None:
    """Print each Tolerated warning (input read although it strays from its format, as an assignment text
    prints it) as one line on stderr, `puzzleplan: warning: FILE:LINE: tolerated ...`; other warnings as
    Python shows them."""
    warnings.simplefilter("always", Tolerated)
    warnings.showwarning = _show_tolerated


_PYTHON_SHOW = warnings.showwarning


def _show_tolerated(message: Warning | str, category: type[Warning], *rest: Any, **more: Any) -> None:
    """warnings.showwarning for the command line: a Tolerated warning in one line."""
    if issubclass(category, Tolerated):
        print(f"puzzleplan: warning: {message}", file=sys.stderr)
    else:
        _PYTHON_SHOW(message, category, *rest, **more)


def add_format_option(parser: argparse.ArgumentParser, start: bool = False) -> None:
    """--format default|seed (and, for solve, Bloxorz's --start X,Y)."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="default",
        help="seed: print as the puzzle's original assignment text does (docs/<puzzle>.md, 'For the course')",
    )
    if start:
        add_start_option(parser)


def add_start_option(parser: argparse.ArgumentParser) -> None:
    """--start X,Y: Bloxorz's start given apart from the board, as its text's program asks for it."""
    parser.add_argument(
        "--start",
        metavar="X,Y",
        help="bloxorz: where the block stands at the start (x = column, y = row, from 1), as the text's program "
        "asks; with --format seed, asked at the keyboard when not given and there is one, else the file's start",
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
    add_format_option(p, start=True)
    p.set_defaults(run=cmd_successors)


# -- successors ----------------------------------------------------------------------------------------
def cmd_successors(args: argparse.Namespace) -> int:
    """Print the successors of the file's initial state."""
    inst = api.load(args.file, puzzle=args.puzzle, level=args.level).starting_at(args.start)
    pairs = inst.successors(prune=args.prune)
    if args.format == "seed":
        print(seed_successors(inst, inst.initial, pairs), end="")
    else:
        for move, child in pairs:
            print(f"{inst.format_move(move)}\n{inst.show(child)}\n")
        print(f"{len(pairs)} successor{'' if len(pairs) == 1 else 's'}")
    return 0


# -- walk ---------------------------------------------------------------------------------------------
def check_walk_format(format_name: str, puzzle_name: str) -> None:
    """walk --format seed: the default printout is seed 004's (the state, then each move and the normalized
    state after it); InputError for a puzzle whose text prescribes no walk."""
    if format_name == "seed":
        require_printout("walk", puzzle_name)


# -- solve ---------------------------------------------------------------------------------------------
def seed_solve(args: argparse.Namespace) -> api.Report:
    """`solve --format seed`: what the text prints before the search, the search, and the text's printout
    of the result; returns the pipeline's Report."""
    _check_no_other_output(args)
    inst = api.load(args.file, puzzle=args.puzzle, level=args.level)
    require_printout("solve", inst.name)
    if inst.name == "bloxorz":  # the text names the strategy the puzzle's default stands for
        named = api.default_planner(inst) if args.planner == api.DEFAULT_PLANNER else args.planner
        inst = replace(inst, data=bloxorz_start(inst, args.start, named))
    else:
        inst = inst.starting_at(args.start)
    report = api.solve(inst, args.planner, limits=command_limits(args))
    if report.status is not api.Status.SOLVED:
        print(f"{report.status.value}" + (f": {report.message}" if report.message else ""))
    else:
        print(seed_solution(inst, report), end="")
    return report


def _check_no_other_output(args: argparse.Namespace) -> None:
    """InputError when solve --format seed is given an output it replaces (--json, --show, ...)."""
    given = [option for option, value in OTHER_OUTPUTS.items() if getattr(args, value)]
    if given:
        raise InputError(
            f"--format seed prints the text's printout; it goes without {', '.join(given)}", "command line"
        )


OTHER_OUTPUTS = {"--json": "json", "--show": "show", "--animate": "animate", "--plan-out": "plan_out"}
"""The outputs of solve that --format seed replaces (option -> its attribute)."""

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


def bloxorz_start(inst: api.Instance, start: str | None, planner: str) -> Any:
    """Print the text's lines up to the search, taking the start from --start, the keyboard (when stdin is
    a terminal) or the file, in that order; return the stage with that start."""
    print(BLOXORZ_HEADER.format(board=bloxorz_board(inst)), end="")
    keyboard = start is None and sys.stdin.isatty()
    x, y = coordinates(_start_answers(inst, start, keyboard), "the start")
    print(f"\nStarting position of agent on playing court is at ( x-coordinate = {x} and y-coordinate = {y} )")
    print("*****\nChecking for Agent's starting position...")
    stage = start_at_cell(inst.data, x, y) if start is not None or keyboard else inst.data
    print("Agent's start position found to be legal. Proceeding further...")
    print(f"Agent solves Bloxorz game problem using {strategy(planner)[0]} strategy as below\n*****\n")
    return stage


def _start_answers(inst: api.Instance, start: str | None, keyboard: bool) -> list[str]:
    """The answers to the text's two questions for the start: --start's, typed on the keyboard, or, with
    neither (a pipe, CI), the file's start (its first cell when the block lies), each shown as typed."""
    if start is not None:
        return _echo(start.split(","))
    if keyboard:
        return _ask()
    return _echo(map(str, bloxorz_file_start(inst)))


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
