"""The `puzzleplan` command line: list, translate, solve, validate, show, plan, generate, walk, play, compare."""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
from pathlib import Path

from planners.base import Limits, Status
from planners.compare import add_commands as add_compare_commands
from planners.process import interrupt_on_terminate
from translator.errors import InputError
from translator.registry import instance_label, load
from translator.text import read_file as read_text

EXIT = {
    "ok": 0,
    "error": 1,
    "input": 2,
    Status.UNSOLVABLE: 3,
    Status.TIMEOUT: 4,
    Status.MEMOUT: 5,
    Status.UNSUPPORTED: 6,
    "invalid": 7,
    Status.ERROR: 1,
}
"""Exit statuses: 0 solved and valid, 2 bad input, 3 unsolvable, 4 timeout, 5 memout, 6 unsupported,
7 a plan that does not replay, 1 anything else."""


# -- commands ------------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    """Print the puzzles and planners, and whether each planner can run here."""
    from planners.registry import DESCRIPTIONS, PLANNERS, get_planner
    from translator.registry import PUZZLES, get_puzzle

    print("puzzles:")
    for name in PUZZLES:
        puzzle = get_puzzle(name)
        print(f"  {name:<15} {' '.join(puzzle.suffixes):<15} {(puzzle.__doc__ or '').splitlines()[0]}")
    print("planners:")
    for name in PLANNERS:
        ok, why = get_planner(name).available()
        state = "available" if ok else f"unavailable ({why})"
        print(f"  {name:<19} {state:<12} {DESCRIPTIONS.get(name, '')}")
    print("  fd:SEARCH, pyperplan:SEARCH:HEURISTIC  any Fast Downward search string / pyperplan pair")
    return 0


def cmd_translate(args: argparse.Namespace) -> int:
    """Write domain.pddl and problem.pddl (or ops/facts with --format graphplan)."""
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    if args.puzzle == "graphplan":
        if not args.facts:
            raise InputError("translate graphplan needs two files: OPS FACTS", "command line")
        from translator.graphplan_format import graphplan_to_pddl

        task = graphplan_to_pddl(read_text(args.file), read_text(args.facts), args.file, args.facts)
    else:
        puzzle, instance = load(args.puzzle, args.file, args.level)
        task = puzzle.encode(instance)
    if args.format == "graphplan":
        from translator.graphplan_format import pddl_to_graphplan

        ops, facts = pddl_to_graphplan(task)
        written = {"ops": ops, "facts": facts}
    else:
        written = {"domain.pddl": task.domain, "problem.pddl": task.problem}
    for name, text in written.items():
        (out / name).write_text(text)
        print(out / name)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve an instance with a planner, replay the plan natively and report."""
    from planners.animate import animate, check_animation, say_animation
    from planners.pipeline import solve

    puzzle, instance = load(args.puzzle, args.file, args.level)
    check_animation(args, puzzle)
    report = solve(
        puzzle, instance, instance_label(args.file, args.level), args.planner, Limits.read(args.timeout, args.memory)
    )
    if args.plan_out and report.pddl_plan:
        from translator.pddl import write_plan

        Path(args.plan_out).write_text(write_plan(report.pddl_plan))
    elif args.plan_out and report.moves:
        Path(args.plan_out).write_text("".join(puzzle.format_move(m) + "\n" for m in report.moves))
    animation = None
    if args.animate and report.status is Status.SOLVED:
        summary = f"{report.planner}: {report.length} moves, " + ("VALID" if report.valid else "INVALID")
        animation = animate(args, puzzle, instance, report.moves, report.states, summary)
    if args.json:
        print(json.dumps(dict(report.to_json(puzzle), **({"animation": animation} if animation else {}))))
    else:
        print_report(puzzle, instance, report, args.show)
    if args.animate:
        say_animation(animation, args)
    return exit_status(report.status, report.valid)


def exit_status(status: Status, valid: bool | None) -> int:
    """The exit status for a run."""
    if status is Status.SOLVED:
        return EXIT["ok"] if valid else EXIT["invalid"]
    return EXIT[status]


def print_report(puzzle, instance, report, show: bool) -> None:
    """The short human report, with the boards step by step under --show."""
    head = f"{report.puzzle} {report.instance} with {report.planner}: {report.status.value}"
    if report.status is Status.SOLVED:
        measure = report.extra.get("optimal_measure", puzzle.optimal_measure)
        head += f" ({'optimal in ' + measure if report.optimal else 'not guaranteed optimal'}), "
        head += f"{report.length} moves, "
        head += "VALID (replayed by the native simulator)" if report.valid else "INVALID"
    print(head)
    if report.message:
        print(report.message)
    if report.status is Status.SOLVED and show:
        print(puzzle.show_steps(instance, report.moves, report.states))
    elif report.status is Status.SOLVED:
        for number, move in enumerate(report.moves, start=1):
            print(f"{number:>4}. {puzzle.format_move(move)}")
    figures = [f"expanded {report.expanded}"] if report.expanded is not None else []
    if report.steps is not None:
        figures.append(f"steps {report.steps}")
    figures += [f"{key} {value:.3f}s" for key, value in report.time.items()]
    print("; ".join(figures))


def cmd_validate(args: argparse.Namespace) -> int:
    """Replay plans written by anyone, in any notation the puzzle reads, with the real rules: a plan
    file for an instance, a Sokoban solution file (with or without a collection beside it), or a
    Graphplan output for an operators and a facts file. Exit 0 when every plan is valid, 7 otherwise."""
    if args.puzzle == "graphplan":
        from planners.graphplan_validate import run_graphplan_validate

        valid = run_graphplan_validate(args, Limits.read(args.timeout, args.memory))
    else:
        from planners.validate import run_validate

        valid = run_validate(args)
    return EXIT["ok"] if valid else EXIT["invalid"]


def cmd_show(args: argparse.Namespace) -> int:
    """Draw the initial state of an instance as a PNG or SVG picture."""
    from translator.pictures.output import PICTURES, check_output, write_picture

    check_output(args.out, PICTURES, "--out")
    puzzle, instance = load(args.puzzle, args.file, args.level)
    write_picture(puzzle, instance, puzzle.initial(instance), args.out)
    print(args.out)
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    """Solve plain PDDL files (no puzzle): the plan is checked on the grounded task before printing."""
    from planners.pddl_check import replay_grounded
    from planners.pipeline import plan_pddl
    from planners.registry import get_planner
    from translator.pddl import PddlTask, write_plan

    task = PddlTask(Path(args.problem).stem, read_text(args.domain), read_text(args.problem))
    planner = get_planner(args.planner)
    ok, why = planner.available()
    if not ok or planner.native:
        raise InputError(
            f"planner {args.planner} cannot run PDDL files here" + (f": {why}" if why else ""), "command line"
        )
    run = plan_pddl(task, planner, Limits.read(args.timeout, args.memory))
    result, plan = run.result, run.plan
    valid, message = replay_grounded(task, plan) if result.solved else (None, result.message)
    data = {
        "domain": args.domain,
        "problem": args.problem,
        "planner": args.planner,
        "status": result.status.value,
        "optimal": result.optimal,
        "length": len(plan) if result.solved else None,
        "steps": result.steps,
        "expanded": result.expanded,
        "valid": valid,
        "plan": [[n, *a] for n, a in plan],
        "time": {"search": round(result.search_time, 4)},
    }
    if message:
        data["message"] = message
    if args.json:
        print(json.dumps(data))
    else:
        print(
            f"{args.problem} with {args.planner}: {result.status.value}"
            + (f", {len(plan)} actions, {'VALID' if valid else 'INVALID'}" if result.solved else "")
        )
        if message:
            print(message)
        if result.solved:
            print(write_plan(plan), end="")
    return exit_status(result.status, valid)


def cmd_generate(args: argparse.Namespace) -> int:
    """Write a random instance in the puzzle's native format."""
    from translator.registry import get_puzzle

    puzzle = get_puzzle(args.puzzle)
    text = puzzle.render(puzzle.random_instance(args.options, random.Random(args.seed)))
    if args.output:
        Path(args.output).write_text(text)
    else:
        print(text, end="")
    return 0


def cmd_walk(args: argparse.Namespace) -> int:
    """A random walk of N moves, printing each move and the (normalized) state."""
    puzzle, instance = load(args.puzzle, args.file, args.level)
    rng = random.Random(args.seed)
    normalize = puzzle.normalize
    state = normalize(instance, puzzle.initial(instance))
    print(puzzle.show(instance, state))
    for _ in range(args.n):
        if puzzle.is_goal(instance, state):
            break
        moves = list(puzzle.moves(instance, state))
        if not moves:
            print("no legal move")
            break
        move = rng.choice(moves)
        state = normalize(instance, puzzle.apply(instance, state, move))
        print(puzzle.format_move(move))
        print(puzzle.show(instance, state))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Host the puzzle in the terminal: type moves, `hint`, `solve`, `show`, `quit`."""
    from planners.play import play

    puzzle, instance = load(args.puzzle, args.file, args.level)
    return play(puzzle, instance, args.planner, Limits.read(args.timeout, args.memory))


# -- parser --------------------------------------------------------------------------------------------
def _options(extra: list[str]) -> dict[str, str]:
    """Generator options from `--key value` / `--flag` words."""
    options: dict[str, str] = {}
    key = None
    for word in extra:
        if word.startswith("--"):
            key = word[2:]
            options[key] = "1"
        elif key is not None:
            options[key] = word
            key = None
        else:
            raise InputError(f"unexpected argument {word!r}: generator options are --name value", "command line")
    return options


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = argparse.ArgumentParser(prog="puzzleplan", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens")
    commands = parser.add_subparsers(dest="command", required=True)

    def limits(p: argparse.ArgumentParser) -> None:
        p.add_argument("--timeout", default="60", help="seconds per planner run, fractions allowed (default 60)")
        p.add_argument(
            "--memory",
            default=None,
            metavar="SIZE",
            help="memory limit of the planner, e.g. 2G or 500M (MiB by default)",
        )

    def animation(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--animate",
            metavar="FILE",
            help="write the replayed plan as FILE.gif, FILE.svg (animated) or FILE.html (a player page)",
        )
        p.add_argument(
            "--every", type=int, default=1, metavar="N", help="GIF and SVG: keep every Nth state (first and last kept)"
        )

    def instance(p: argparse.ArgumentParser) -> None:
        p.add_argument("puzzle")
        p.add_argument("file")
        p.add_argument("--level", help="level number (1-based) or title, for multi-level files")

    commands.add_parser("list", help="puzzles and planners").set_defaults(run=cmd_list)
    p = commands.add_parser("translate", help="write the PDDL (or Graphplan ops/facts) of an instance")
    instance(p)
    p.add_argument("facts", nargs="?", help="(translate graphplan OPS FACTS only)")
    p.add_argument("-o", "--output", default="out", help="folder to write into (default out/)")
    p.add_argument("--format", choices=("pddl", "graphplan"), default="pddl")
    p.set_defaults(run=cmd_translate)
    p = commands.add_parser("solve", help="solve an instance and replay the plan natively")
    instance(p)
    limits(p)
    p.add_argument("--planner", default="native-astar")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--show", action="store_true", help="print the board after every move")
    p.add_argument("--plan-out", help="write the plan (IPC PDDL, or native moves) to this file")
    animation(p)
    p.set_defaults(run=cmd_solve)
    p = commands.add_parser(
        "validate",
        help="replay plans written in any notation the puzzle reads with the real rules",
        description="validate PUZZLE FILE PLAN; validate sokoban SOLUTIONS (levels with their solutions) or "
        "validate sokoban COLLECTION SOLUTIONS (matched by title); validate graphplan OPS FACTS PLAN",
    )
    instance(p)
    limits(p)
    p.add_argument("plan", nargs="*", help="the plan file (graphplan: FACTS PLAN)")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--show", action="store_true", help="the state before the first bad step, or every step")
    p.add_argument("--optimal", action="store_true", help="also run an optimal planner and compare")
    animation(p)
    p.set_defaults(run=cmd_validate)
    p = commands.add_parser("show", help="draw an instance's initial state as a PNG or SVG picture")
    instance(p)
    p.add_argument("--out", required=True, metavar="FILE.png|FILE.svg", help="the picture to write")
    p.set_defaults(run=cmd_show)
    p = commands.add_parser("plan", help="solve plain PDDL domain and problem files")
    p.add_argument("domain")
    p.add_argument("problem")
    limits(p)
    p.add_argument("--planner", default="fd")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_plan)
    p = commands.add_parser("generate", help="write a random instance (options: --name value)")
    p.add_argument("puzzle")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_generate, accepts_options=True)
    p = commands.add_parser("walk", help="a random walk, printing each move and state")
    instance(p)
    p.add_argument("-n", type=int, default=10)
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(run=cmd_walk)
    p = commands.add_parser("play", help="play in the terminal, with hints from a planner")
    instance(p)
    limits(p)
    p.add_argument("--planner", default="native-astar")
    p.set_defaults(run=cmd_play)
    add_compare_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; bad input prints one paragraph and exits 2, never a traceback."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    try:
        if extra and not getattr(args, "accepts_options", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.options = _options(extra)
        return args.run(args)
    except InputError as error:
        print(f"puzzleplan: error: {error}", file=sys.stderr)
        return EXIT["input"]
    except KeyboardInterrupt:
        print("puzzleplan: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def entry() -> None:
    """The console script: SIGTERM and SIGHUP interrupt like Ctrl-C (running planners are stopped), then
    main() on the command line's arguments."""
    interrupt_on_terminate()
    sys.exit(main())


if __name__ == "__main__":
    entry()
