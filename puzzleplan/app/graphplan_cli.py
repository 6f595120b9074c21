"""The `graphplan` command: the original program's flags and output, on the bundled planner.

    graphplan -o block_ops.txt -f block_facts3.txt

prints the progress lines, then the plan as `STEP action_arg_arg` lines grouped by time step, then the
counts. Names are printed as the original reads them, `_` as `.`, so the `_` between an action's name
and its arguments is unambiguous. `graphplan --validate PLAN -o OPS -f FACTS` checks a printed plan
instead (see puzzleplan.api.graphplan). It never asks questions (-d is accepted for compatibility) and
has no node limit (-M is accepted and ignored). Exit status: 0 with a plan, 1 when there is none (or the
time limit passed), 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
import time

from puzzleplan.api import Status
from puzzleplan.api.graphplan import GraphplanRun, run_graphplan
from puzzleplan.api.pipeline import limits_since
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, parse_memory, parse_seconds, process_started
from puzzleplan.common.outputs import guarded_output, leave, silence_stdout


def _seconds(text: str) -> float:
    """--timeout: a finite number of seconds above 0."""
    try:
        return parse_seconds(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def _memory(text: str) -> int | None:
    """--memory: a size of at least 1 MiB, in MiB."""
    try:
        return parse_memory(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def build_parser() -> argparse.ArgumentParser:
    """The original's command-line flags."""
    parser = argparse.ArgumentParser(
        prog="graphplan",
        description="Graphplan on an operators file and a facts file (the original program's format and flags).",
    )
    parser.add_argument("-o", dest="ops", required=True, help="operators file")
    parser.add_argument("-f", dest="facts", required=True, help="facts file")
    parser.add_argument("-d", action="store_true", help="use the defaults (there are no questions)")
    parser.add_argument("-t", dest="steps", type=int, help="look for a plan of exactly STEPS time steps")
    parser.add_argument(
        "-i", dest="info", type=int, default=0, help="info level: 1 or more also prints the goal sets searched"
    )
    parser.add_argument("-M", dest="max_nodes", type=int, help="ignored: there is no node limit")
    parser.add_argument(
        "--timeout", type=_seconds, default=3600.0, help="seconds for the whole run, reading included (default 3600)"
    )
    parser.add_argument(
        "--memory", type=_memory, default=None, metavar="SIZE", help="memory limit, e.g. 2G or 500M (default none)"
    )
    parser.add_argument(
        "--validate",
        metavar="PLAN",
        help="check PLAN (this program's saved output, or its plan lines) instead of planning: exit 0 valid, 1 not",
    )
    parser.add_argument(
        "--classic",
        action="store_true",
        help="memoize whole goal sets, checked by equality, as the 1997 program does "
        "(no explanation-based nogoods; for comparison)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command on `argv`; the exit status. Without `argv` (the console script, on the process's own
    command line) the --timeout counts from the process's start and the process ends at once after its
    output (common.outputs.leave), without the interpreter's teardown of a large grounded task."""
    if argv is not None:
        return _main(argv, time.monotonic())
    leave(_main(None, process_started()))


@guarded_output("graphplan")
def _main(argv: list[str] | None, started: float) -> int:
    """Run the command, its limits counted from `started` (time.monotonic()); returns the exit status (130
    after Ctrl-C; a closed output pipe ends it quietly)."""
    try:
        return run(argv, started)
    except KeyboardInterrupt:
        print("graphplan: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 0


def run(argv: list[str] | None = None, started: float | None = None) -> int:
    """Load, ground, plan and print, all within --timeout and --memory counted from `started` (a
    time.monotonic() reading; by default now) up to the exit; the exit status."""
    args = build_parser().parse_args(argv)
    args.started = time.monotonic() if started is None else started
    if args.validate:
        return _validate(args)
    if args.steps is not None and args.steps < 0:
        print("graphplan: -t needs a number of steps >= 0", file=sys.stderr)
        return 2
    started = time.process_time()
    try:
        outcome = _search(args)
    except InputError as error:
        print(f"graphplan: {error}", file=sys.stderr)
        return 2
    if outcome.figures is None:
        out_of_memory = f"Out of memory under {args.memory} MiB" if outcome.status is Status.MEMOUT else ""
        print(f"\n{out_of_memory or 'Time limit reached'}: no plan found.")
        return 1
    print()
    print(render_plan(outcome), end="")
    print(render_counts(outcome.figures, time.process_time() - started))
    return 0 if outcome.status is Status.SOLVED else 1


def _search(args: argparse.Namespace) -> GraphplanRun:
    """Graphplan on the files of the command line, within --timeout and --memory, printing the original's
    progress lines (and, at -i 1 or more, the goal sets searched)."""
    trace = print if args.info >= 1 else None
    limits = _limits(args)
    return run_graphplan(args.ops, args.facts, limits, args.steps, report=print, trace=trace, learning=not args.classic)


def _limits(args: argparse.Namespace) -> Limits:
    """The run's limits: --timeout and --memory counted from the command's start, up to its exit."""
    return limits_since(Limits(args.timeout, args.memory), args.started)


def _validate(args: argparse.Namespace) -> int:
    """--validate PLAN: replay a printed plan with Graphplan's semantics (and natively, for a puzzle
    instance beside the facts file); 0 when valid, 1 when not, 2 for bad input."""
    from puzzleplan.api.graphplan import validate_graphplan
    from puzzleplan.app.graphplan_validate import print_graphplan

    try:
        data = validate_graphplan(args.ops, args.facts, args.validate, _limits(args), optimal=False)
    except InputError as error:
        print(f"graphplan: {error}", file=sys.stderr)
        return 2
    print_graphplan(data, show=True)
    return 0 if data["valid"] and data.get("native", {}).get("valid", True) else 1


def render_plan(outcome: GraphplanRun) -> str:
    """`STEP name_arg_arg` lines, one per action, grouped by time step (or why there is no plan)."""
    if outcome.status is Status.TIMEOUT:
        return "Time limit reached: no plan found.\n"
    if outcome.status is not Status.SOLVED:
        return "No plan exists" + (f": {outcome.reason}" if outcome.reason else "") + ".\n"
    lines = [f"{number} {action}" for number, step in enumerate(outcome.steps, start=1) for action in step]
    return "\n".join(lines) + ("\n" if lines else "")


def render_counts(figures: dict, seconds: float) -> str:
    """The original's closing counts: memo entries and hits, actions tried, CPU seconds."""
    return (
        f"{figures['memo_entries']} entries in hash table, {figures['memo_hits']} hash hits, "
        f"avg set size {figures['memo_set_size']}.\n"
        f"{figures['graph_size']} nodes in {figures['levels']} levels"
        + (f", levelled off at {figures['levelled_off_at']}" if figures["levelled_off_at"] is not None else "")
        + ".\n"
        f"{figures['actions_tried']} actions tried\n"
        f"  {seconds:.2f} secs"
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
