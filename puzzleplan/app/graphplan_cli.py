"""The `graphplan` command: the original program's flags and output, on the bundled planner.

    graphplan -o block_ops.txt -f block_facts3.txt

prints the progress lines, then the plan as `STEP action_arg_arg` lines grouped by time step, then the
counts. Names are printed as the original reads them, `_` as `.`, so the `_` between an action's name
and its arguments is unambiguous. `graphplan --validate PLAN -o OPS -f FACTS` checks a printed plan
instead (see puzzleplan.app.graphplan_validate). It never asks questions (-d is accepted for compatibility) and
has no node limit (-M is accepted and ignored). Exit status: 0 with a plan, 1 when there is none (or the
time limit passed), 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
import time

from puzzleplan.api.pipeline import limited
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file
from puzzleplan.common.limits import Limits, TimeLimitExceeded, parse_memory, parse_seconds
from puzzleplan.common.outputs import silence_stdout
from puzzleplan.planners.base import Status
from puzzleplan.planners.graphplan import GroundTask, Outcome, graphplan, ground
from puzzleplan.translator.graphplan.format import Facts, Ops, load_facts, load_ops
from puzzleplan.translator.graphplan.pddl import convert


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
    """Run the command; returns the exit status (130 after Ctrl-C; a closed output pipe ends it quietly)."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("graphplan: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 0


def run(argv: list[str] | None = None) -> int:
    """Load, ground, plan and print, all within --timeout and --memory; the exit status."""
    args = build_parser().parse_args(argv)
    if args.validate:
        return _validate(args)
    if args.steps is not None and args.steps < 0:
        print("graphplan: -t needs a number of steps >= 0", file=sys.stderr)
        return 2
    started = time.process_time()
    try:
        with limited(Limits(args.timeout, args.memory)):  # reading and grounding do not look at the clock
            ground_task, outcome, spelling = _search(args, time.perf_counter() + args.timeout)
    except InputError as error:
        print(f"graphplan: {error}", file=sys.stderr)
        return 2
    except (TimeLimitExceeded, MemoryError) as error:
        out_of_memory = f"Out of memory under {args.memory} MiB" if isinstance(error, MemoryError) else ""
        print(f"\n{out_of_memory or 'Time limit reached'}: no plan found.")
        return 1
    print()
    print(render_plan(ground_task, outcome, spelling), end="")
    print(render_counts(outcome, time.process_time() - started))
    return 0 if outcome.status is Status.SOLVED else 1


def _search(args: argparse.Namespace, deadline: float) -> tuple[GroundTask, Outcome, dict[str, str]]:
    """Read both files, ground the task and run Graphplan until `deadline`: the ground task, the outcome and
    the files' spelling of the names."""
    ops, facts = _load(args.ops, args.facts)
    conversion = convert(ops, facts, args.facts, "graphplan-domain", "graphplan-problem")
    ground_task = ground(conversion.task)
    trace = print if args.info >= 1 else None
    outcome = graphplan(ground_task, deadline, args.steps, report=print, trace=trace, learning=not args.classic)
    return ground_task, outcome, conversion.names.graphplan


def _validate(args: argparse.Namespace) -> int:
    """--validate PLAN: replay a printed plan with Graphplan's semantics (and natively, for a puzzle
    instance beside the facts file); 0 when valid, 1 when not, 2 for bad input."""
    from puzzleplan.app.graphplan_validate import print_graphplan, validate_graphplan

    try:
        data = validate_graphplan(args.ops, args.facts, args.validate, Limits(args.timeout, args.memory), optimal=False)
    except InputError as error:
        print(f"graphplan: {error}", file=sys.stderr)
        return 2
    print_graphplan(data, show=True)
    return 0 if data["valid"] and data.get("native", {}).get("valid", True) else 1


def _load(ops_path: str, facts_path: str) -> tuple[Ops, Facts]:
    """Read and load both files, printing the original's acknowledgements."""
    ops = load_ops(read_file(ops_path), ops_path)
    for op in ops.operators:
        print(op.name)
    print("ops loaded.")
    facts = load_facts(read_file(facts_path), facts_path)
    print("facts loaded.")
    return ops, facts


def render_plan(task: GroundTask, outcome: Outcome, spelling: dict[str, str]) -> str:
    """`STEP name_arg_arg` lines, one per action, grouped by time step (or why there is no plan)."""
    if outcome.status is Status.TIMEOUT:
        return "Time limit reached: no plan found.\n"
    if outcome.status is not Status.SOLVED:
        return "No plan exists" + (f": {outcome.reason}" if outcome.reason else "") + ".\n"
    lines = [
        f"{number} {_spelled(task.actions[action], spelling)}"
        for number, step in enumerate(outcome.steps, start=1)
        for action in step
    ]
    return "\n".join(lines) + ("\n" if lines else "")


def _spelled(action: tuple[str, tuple[str, ...]], spelling: dict[str, str]) -> str:
    """A ground action as Graphplan prints it, `name_arg_arg`, in the files' spelling."""
    name, args = action
    return "_".join(spelling.get(part, part) for part in (name, *args))


def render_counts(outcome: Outcome, seconds: float) -> str:
    """The original's closing counts: memo entries and hits, actions tried, CPU seconds."""
    figures = outcome.figures
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
