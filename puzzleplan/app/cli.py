# PYTHON_ARGCOMPLETE_OK
"""The `puzzleplan` command line: list, translate, solve, validate, show, plan, generate, walk, play, advise,
compare, report, watch, successors, completion.

The puzzle may be left out before a file whose suffix names it (`puzzleplan solve seed2.hanoi`). Exit
statuses: 0 solved and valid, 1 any other error, 2 bad input, 3 unsolvable, 4 timeout, 5 memout,
6 unsupported, 7 a plan that does not replay, 130 interrupted (Ctrl-C, SIGTERM, SIGHUP)."""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
import traceback
from typing import TYPE_CHECKING, Any

from puzzleplan import api
from puzzleplan.api import Instance, PddlTask, Report, Status
from puzzleplan.api.catalogue import (
    PlannerInfo,
    PuzzleInfo,
    describe,
    engine_infos,
    generate,
    planner_infos,
    push_options,
)
from puzzleplan.api.walks import random_walk, stuck
from puzzleplan.app import completion, guarded, seed_output
from puzzleplan.app.arguments import (
    Parser,
    UsageError,
    VersionAction,
    generator_help,
    generator_options,
    resolve_puzzle,
)
from puzzleplan.app.watch import add_commands as add_watch_commands
from puzzleplan.app.watch import check_page, save_graph, save_view, say_saved
from puzzleplan.common.errors import InputError
from puzzleplan.common.files import read_file as read_text
from puzzleplan.common.files import write_file
from puzzleplan.common.limits import Limits, TimeLimitExceeded, process_started, timeout_message
from puzzleplan.common.outputs import (
    check_not_input,
    check_output_file,
    flushed,
    leave,
    output_lost,
    prepare_output_folder,
    silence_stdout,
    write_failure,
)
from puzzleplan.common.processes import interrupt_on_terminate
from puzzleplan.common.progress import phase, status_line
from puzzleplan.experiments.compare import add_commands as add_compare_commands

if TYPE_CHECKING:
    from pathlib import Path

    from puzzleplan.api.pipeline import PddlRun

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
    "interrupted": 130,
}
"""Exit statuses: 0 solved and valid, 2 bad input, 3 unsolvable, 4 timeout, 5 memout, 6 unsupported,
7 a plan that does not replay, 1 anything else, 130 interrupted."""


# -- commands ------------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    """Print the puzzles and planners, and whether each planner can run here."""
    _print_puzzles()
    print("planners:")
    for planner in planner_infos():
        print(f"  {planner.name:<19} {_availability(planner):<12} {planner.description}")
    print("  fd:SEARCH                    Fast Downward with any search string, e.g. fd:'astar(ipdb())'")
    print("  pyperplan:SEARCH:HEURISTIC   any pyperplan pair, e.g. pyperplan:astar:hmax")
    print("  native-astar:HEURISTIC       native A* with one of the puzzle's named heuristics (see above)")
    print("  native-dfs:seed              native DFS pushing the children in the moves' order (the Bloxorz text's)")
    print("  native-idastar:PARTITION     tiles: IDA* with pattern databases pdb (the board's best), pdb663, pdb555")
    print("  native-push:OPTION,...       Sokoban: the push search with options (native-push-best is one set):")
    for option, description in push_options().items():
        print(f"    {option:<25} {description}")
    print("  up:NAME                      a unified-planning OneshotPlanner engine by its UP name:")
    for engine in engine_infos():
        print(f"    {engine.name:<25} {engine.description}: {_availability(engine)}")
    return 0


def _availability(planner: PlannerInfo) -> str:
    """`available`, or `unavailable (why)`."""
    return "available" if planner.available else f"unavailable ({planner.why})"


def _print_puzzles() -> None:
    """The puzzles part of `list`: name, suffixes, first docstring line, the heuristics and planners of its
    own a puzzle has, and the planner it runs when none is named."""
    puzzles = [describe(name) for name in api.puzzles()]
    suffix_width = max(len(" ".join(puzzle.suffixes)) for puzzle in puzzles)
    print("puzzles:")
    for puzzle in puzzles:
        print(f"  {puzzle.name:<15} {' '.join(puzzle.suffixes):<{suffix_width}}  {puzzle.summary}")
        extra = _puzzle_extras(puzzle)
        if extra:
            print(f"  {'':<15} {'':<{suffix_width}}  ({'; '.join(extra)})")
        print(f"  {'':<15} {'':<{suffix_width}}  default: {puzzle.default_planner}")


def _puzzle_extras(puzzle: PuzzleInfo) -> list[str]:
    """What `list` says of a puzzle beyond its name: its heuristics (if more than one), its own planners."""
    extra = [f"heuristics {', '.join(puzzle.heuristics)}"] if len(puzzle.heuristics) > 1 else []
    return extra + ([f"planners of its own {', '.join(puzzle.planners)}"] if puzzle.planners else [])


def cmd_translate(args: argparse.Namespace) -> int:
    """Write domain.pddl and problem.pddl (or ops/facts with --format graphplan)."""
    _check_translate_files(args.puzzle == "graphplan", args.facts)
    out = prepare_output_folder(args.output)
    written = _translated_files(_read_task(args), args.format)
    for name in written:
        check_not_input(out / name, [args.file, args.facts])
    for name, text in written.items():
        write_file(out / name, text)
        print(out / name)
    return 0


def _check_translate_files(graphplan: bool, facts: str | None) -> None:
    """InputError unless translate has two files for graphplan (OPS FACTS) and one for a puzzle."""
    if graphplan and not facts:
        raise InputError("translate graphplan needs two files: OPS FACTS", "command line")
    if not graphplan and facts:
        raise InputError(
            f"translate takes one instance file; found also {facts!r} "
            "(two files only for translate graphplan OPS FACTS)",
            "command line",
        )


def _read_task(args: argparse.Namespace) -> PddlTask:
    """The planning task of `translate`'s input: an instance's encoding, or a Graphplan OPS and FACTS pair."""
    with phase(f"reading {args.file}" + (f" and {args.facts}" if args.facts else "")):
        if args.puzzle == "graphplan":
            from puzzleplan.api.graphplan import read_graphplan

            return read_graphplan(read_text(args.file), read_text(args.facts), args.file, args.facts)
        return api.translate(_load(args))


def _translated_files(task: PddlTask, form: str) -> dict[str, str]:
    """The files `translate` writes, by name: domain.pddl and problem.pddl, or ops and facts (graphplan)."""
    if form == "graphplan":
        from puzzleplan.api.graphplan import write_graphplan

        ops, facts = write_graphplan(task)
        return {"ops": ops, "facts": facts}
    return {"domain.pddl": task.domain, "problem.pddl": task.problem}


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve an instance with a planner, replay the plan natively and report."""
    from puzzleplan.app.animate import check_animation, print_result

    if args.format == "seed":  # the original assignment's printout (puzzleplan.app.seed_output)
        report = seed_output.seed_solve(args)
        return exit_status(report.status, report.valid)
    limits = guarded.command_limits(args)
    plan_out = check_output_file(args.plan_out, "plan file", [args.file])
    check_animation(args, describe(args.puzzle))
    page = check_page(args.trace, [args.file]) if args.trace else None
    limits = guarded.keeping_for_the_trace(limits) if page else limits
    with status_line(quiet=args.json):
        report = guarded.read_and_solve(args, limits)
    inst = api.instance_of(report)
    animation, failures = guarded.in_time(args, lambda: _solve_outputs(args, inst, report, plan_out), args.animate)
    print_result(args, api.report_json(report), lambda: print_report(inst, report, args.show), animation)
    if page and inst is not None:
        files = (page, page.with_suffix(".jsonl"))  # the page and its one trace beside it (api.watching.trace_files)
        failures += guarded.in_time(args, lambda: (None, _trace_outputs(args, inst, report, page)), *files)[1]
    return _said_failures(failures) or exit_status(report.status, report.valid)


def _trace_outputs(args: argparse.Namespace, inst: Instance, report: Report, page: Path) -> list[InputError]:
    """Write solve's --trace page and the trace beside it, and say where they went: the files not written."""
    from puzzleplan.api.watching import SearchView, watchable

    if not watchable(report.trace):  # said, as a plan-less --animate is: the run's own status stands
        said = f"puzzleplan: no search was recorded ({report.status.value}); {page} not written"
        print(" ".join([said, report.trace.note if report.trace else ""]).strip(), file=sys.stderr)
        return []
    saved, failures = save_view(SearchView(inst, [report.trace]), page)
    if saved:
        say_saved(saved, args.json)
    return failures


def _solve_outputs(
    args: argparse.Namespace, inst: Instance | None, report: Report, plan_out: Path | None
) -> tuple[dict | None, list[InputError]]:
    """Write a solved run's --plan-out and --animate files: the animation written (or None) and the files not
    written, which are said after the result (printed anyway)."""
    from puzzleplan.app.animate import animate_plan

    if inst is None or report.status is not Status.SOLVED:
        return None, []
    failures: list[InputError] = []
    if plan_out:
        failures += guarded.written(lambda: write_file(plan_out, inst.plan_text(report)), plan_out)[1]
    if not args.animate:
        return None, failures
    summary = f"{report.planner}: {report.length} moves, " + ("VALID" if report.valid else "INVALID")
    moves, states = report.moves, report.states
    animation, failed = guarded.written(lambda: animate_plan(args, inst, moves, states, summary), args.animate)
    return animation, failures + failed


def _said_failures(failures: list[InputError]) -> int:
    """Say the output files not written, after the result printed anyway: exit status 1 if any, else 0."""
    for failure in failures:
        print(f"puzzleplan: error: {failure} (the result is printed above)", file=sys.stderr)
    return EXIT["error"] if failures else EXIT["ok"]


def exit_status(status: Status, valid: bool | None) -> int:
    """The exit status for a run."""
    if status is Status.SOLVED:
        return EXIT["ok"] if valid else EXIT["invalid"]
    return EXIT[status]


def print_report(inst: Instance | None, report: Report, show: bool) -> None:
    """The short human report, with the boards step by step under --show (`inst`: the instance solved, None
    when reading it was stopped)."""
    print(_report_head(inst, report))
    if report.message:
        print(report.message)
    if inst is not None and report.status is Status.SOLVED:
        _print_plan_moves(inst, report, show)
    print("; ".join(_report_figures(report)))


def _print_plan_moves(inst: Instance, report: Report, show: bool) -> None:
    """A solved report's moves, numbered, or the boards step by step under --show."""
    if show:
        print(inst.show_steps(report.moves, report.states))
        return
    for number, move in enumerate(report.moves, start=1):
        print(f"{number:>4}. {inst.format_move(move)}")


def _report_head(inst: Instance | None, report: Report) -> str:
    """The first line of the human report: the run, its status and, when solved, optimality, length, verdict."""
    chosen = f" (the default for {report.puzzle})" if report.extra.get("default_planner") else ""
    head = f"{report.puzzle} {report.instance} with {report.planner}{chosen}: {report.status.value}"
    if inst is None or report.status is not Status.SOLVED:
        return head
    measure = report.extra.get("optimal_measure", inst.optimal_measure)
    head += f" ({'optimal in ' + measure if report.optimal else 'not guaranteed optimal'}), "
    return (
        head + f"{report.length} moves, " + ("VALID (replayed by the native simulator)" if report.valid else "INVALID")
    )


def _report_figures(report: Report) -> list[str]:
    """The last line of the human report: expanded, steps and bound when known, then the times."""
    known = {"expanded": report.expanded, "steps": report.steps}
    figures = [f"{name} {value}" for name, value in known.items() if value is not None]
    if report.extra.get("bound") is not None:
        figures.append(f"bound {report.extra['bound']:g}")
    return figures + [f"{key} {value:.3f}s" for key, value in report.time.items()]


def cmd_validate(args: argparse.Namespace) -> int:
    """Replay plans written by anyone, in any notation the puzzle reads, with the real rules: a plan
    file for an instance, a Sokoban solution file (with or without a collection beside it), or a
    Graphplan output for an operators and a facts file. Exit 0 when every plan is valid, 7 otherwise."""
    if args.puzzle == "pddl":
        from puzzleplan.app.pddl_validate import run_pddl_validate

        return EXIT["ok"] if run_pddl_validate(args) else EXIT["invalid"]
    if args.puzzle == "graphplan":
        from puzzleplan.app.graphplan_validate import run_graphplan_validate

        valid = run_graphplan_validate(args, guarded.command_limits(args))
    else:
        from puzzleplan.app.validate import run_validate

        valid = run_validate(args)
    return EXIT["ok"] if valid else EXIT["invalid"]


def cmd_show(args: argparse.Namespace) -> int:
    """Draw the initial state of an instance as a PNG or SVG picture."""
    from puzzleplan.pictures.output import PICTURES, check_output

    check_output(args.out, PICTURES, "--out")
    check_output_file(args.out, "picture", [args.file])
    api.draw(_load(args), args.out)
    print(args.out)
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    """Solve plain PDDL files (no puzzle) through the library (puzzleplan.api.pddl_files): the files and their
    requirements are checked before any planner runs, all within the limits, and the plan is replayed under
    PDDL semantics (its cost with it) before printing."""
    from puzzleplan.api import write_plan
    from puzzleplan.app import pddl_page
    from puzzleplan.app.pddl_validate import print_warnings

    plan_out = check_output_file(args.plan_out, "plan file", [args.domain, args.problem])
    page = pddl_page.check_page(args.animate, [args.domain, args.problem])
    graph_page = check_page(args.trace, [args.domain, args.problem]) if args.trace else None
    limits = guarded.command_limits(args)
    with status_line(quiet=args.json):
        report = api.plan(
            args.domain,
            args.problem,
            args.planner,
            limits=limits,
            strict=args.strict,
            trace=graph_page is not None,
        )
    print_warnings(report.warnings)
    data, result = report.to_json(), report.run.result
    text = write_plan(report.run.plan, report.cost if report.action_costs else None)
    failures: list[InputError] = []  # a file not written is said after the result, which is printed anyway
    if plan_out and result.solved:
        failures += guarded.written(lambda: write_file(plan_out, text), plan_out)[1]
    if args.json:
        print(json.dumps(data))
    else:
        _print_plan(args, report.run, data, text)
    if page and result.solved:
        failures += guarded.in_time(
            args,
            lambda: guarded.written(
                lambda: pddl_page.write_page(page, args.domain, args.problem, report.run.plan, args.json), page
            ),
            page,
        )[1]
    elif page:
        print(f"puzzleplan: no plan to view; {page} not written", file=sys.stderr)
    if graph_page:
        title, files = f"{args.domain} {args.problem}", (graph_page, graph_page.with_suffix(".jsonl"))
        failures += guarded.in_time(
            args, lambda: (None, save_graph(report.trace, graph_page, title, args.json)), *files
        )[1]
    return _said_failures(failures) or exit_status(result.status, data["valid"])


def _print_plan(args: argparse.Namespace, run: PddlRun, data: dict[str, Any], plan_text: str) -> None:
    """What `plan` prints: an IPC plan file, its verdict and any message as `;` comments."""
    solved = run.result.solved
    print(
        f"; {args.problem} with {data['planner']}{' (the default)' if data.get('default_planner') else ''}: "
        f"{data['status']}"
        + (f", {data['length']} actions, {'VALID' if data['valid'] else 'INVALID'}" if solved else "")
    )
    if data.get("message"):
        print("\n".join("; " + line for line in data["message"].splitlines()))
    if solved:
        print(plan_text, end="")


def cmd_generate(args: argparse.Namespace) -> int:
    """Write a random instance in the puzzle's native format."""
    output = check_output_file(args.output)
    text = generate(args.puzzle, args.options, random.Random(args.seed))
    if output:
        write_file(output, text)
    else:
        print(text, end="")
    return 0


def cmd_walk(args: argparse.Namespace) -> int:
    """A random walk of N moves, printing each move and the (normalized) state."""
    inst = _load(args)
    seed_output.check_walk_format(args.format, inst.name)
    walk = list(random_walk(inst, args.n, args.seed))
    for move, state in walk:
        print(inst.show(state) if move is None else f"{inst.format_move(move)}\n{inst.show(state)}")
    if len(walk) <= args.n and stuck(inst, walk[-1][1]):
        print("no legal move")
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    """Print what every planner does with a puzzle instance or a PDDL domain and problem."""
    files = args.files
    if len(files) > 2:
        raise InputError("advise takes [PUZZLE] FILE or DOMAIN PROBLEM", "command line")
    if len(files) == 2 and files[0] not in api.puzzles():
        advice = api.advise(files[0], files[1])
    else:
        advice = api.advise(files[-1], puzzle=files[0] if len(files) == 2 else None, level=args.level)
    if args.json:
        print(json.dumps(advice.to_json()))
        return 0
    print(f"advice for {advice.subject}:")
    width = max(len(item.planner) for item in advice.planners)
    for item in advice.planners:
        print(f"  {item.planner:<{width}}  {item.line()}")
    print(f"default (what runs when no --planner is given): {advice.default}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Host the puzzle in the terminal: type moves, `hint`, `solve`, `show`, `quit`."""
    from puzzleplan.app.play import play

    return play(_load(args), args.planner, Limits.read(args.timeout, args.memory))  # a limit for each hint


def _load(args: argparse.Namespace) -> Instance:
    """The instance of a command's `[PUZZLE] FILE --level`."""
    return api.load(args.file, puzzle=args.puzzle, level=args.level).starting_at(getattr(args, "start", None))


# -- parser --------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = Parser(prog="puzzleplan", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens (and show internal errors)")
    parser.add_argument("--version", action=VersionAction, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def limits(p: argparse.ArgumentParser) -> None:
        p.add_argument("--timeout", default="60", help="seconds per planner run, fractions allowed (default 60)")
        p.add_argument(
            "--memory",
            default=None,
            metavar="SIZE",
            help="memory limit of the planner, e.g. 2G or 500M (MiB by default)",
        )

    def whole_limits(p: argparse.ArgumentParser) -> None:
        """--timeout and --memory for a command that runs no planner: they hold for the whole command."""
        p.add_argument("--timeout", default="60", help="seconds for the whole command (default 60)")
        p.add_argument("--memory", default=None, metavar="SIZE", help="memory limit, e.g. 2G or 500M (default none)")
        p.set_defaults(limited=True)

    def animation(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--animate",
            metavar="FILE",
            help="write the replayed plan as FILE.gif, FILE.svg (animated) or FILE.html (a player page)",
        )
        p.add_argument(
            "--every", type=int, default=1, metavar="N", help="GIF and SVG: keep every Nth state (first and last kept)"
        )

    def strictness(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--strict",
            action="store_true",
            help="plain PDDL: refuse departures from the standard that planners accept (default: a warning each)",
        )

    def planner(p: argparse.ArgumentParser, default: str) -> None:
        p.add_argument(
            "--planner", default="default", help=f"planner name (default {default}; puzzleplan list names all)"
        )

    def instance(p: argparse.ArgumentParser) -> None:
        p.add_argument("puzzle", nargs="?", help="puzzle name; may be left out when the file's suffix names it")
        p.add_argument("file", help="the instance file in the puzzle's own format")
        p.add_argument("--level", help="level number (1-based) or title, for multi-level files")

    commands.add_parser("list", help="puzzles and planners").set_defaults(run=cmd_list)
    p = commands.add_parser("translate", help="write the PDDL (or Graphplan ops/facts) of an instance")
    instance(p)
    p.add_argument("facts", nargs="?", help="(translate graphplan OPS FACTS only)")
    p.add_argument("-o", "--output", default="out", help="folder to write into (default out/)")
    p.add_argument(
        "--format", choices=("pddl", "graphplan"), default="pddl", help="pddl (default) or graphplan's ops and facts"
    )
    whole_limits(p)
    p.set_defaults(run=cmd_translate)
    p = commands.add_parser("solve", help="solve an instance and replay the plan natively")
    instance(p)
    limits(p)
    planner(p, "the puzzle's own, as `list` shows")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--show", action="store_true", help="print the board after every move")
    p.add_argument("--plan-out", help="write the plan (IPC PDDL, or native moves) to this file")
    seed_output.add_format_option(p, start=True)
    animation(p)
    p.add_argument(
        "--trace",
        metavar="FILE.html",
        help="record the search and write its player page FILE.html, the trace FILE.jsonl beside it",
    )
    p.set_defaults(run=cmd_solve)
    p = commands.add_parser(
        "validate",
        help="replay plans written in any notation the puzzle reads with the real rules",
        description="validate PUZZLE FILE PLAN; validate DOMAIN PROBLEM PLAN (plain PDDL); "
        "validate sokoban SOLUTIONS (levels with their solutions) or "
        "validate sokoban COLLECTION SOLUTIONS (matched by title); validate graphplan OPS FACTS PLAN",
    )
    instance(p)
    limits(p)
    p.add_argument("plan", nargs="*", help="the plan file (graphplan: FACTS PLAN)")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--show", action="store_true", help="the state before the first bad step, or every step")
    p.add_argument("--optimal", action="store_true", help="also run an optimal planner and compare")
    seed_output.add_start_option(p)
    animation(p)
    strictness(p)
    p.set_defaults(run=cmd_validate, limited=True)  # the whole command, unless --optimal runs a planner
    p = commands.add_parser("show", help="draw an instance's initial state as a PNG or SVG picture")
    instance(p)
    p.add_argument("--out", required=True, metavar="FILE.png|FILE.svg", help="the picture to write")
    seed_output.add_start_option(p)
    whole_limits(p)
    p.set_defaults(run=cmd_show)
    p = commands.add_parser("plan", help="solve plain PDDL domain and problem files")
    p.add_argument("domain", help="the PDDL domain file")
    p.add_argument("problem", help="the PDDL problem file")
    limits(p)
    planner(p, "fd, Fast Downward's lama-first")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--plan-out", help="write the plan as an IPC plan file, with its cost line")
    strictness(p)
    p.add_argument("--animate", metavar="FILE.html", help="write a page that steps through the plan's states")
    p.add_argument(
        "--trace",
        metavar="FILE.html",
        help="graphplan: write its planning graph and backward search as FILE.html, the trace FILE.jsonl beside it",
    )
    p.set_defaults(run=cmd_plan)
    p = commands.add_parser(
        "generate",
        help="write a random instance (options: --name value)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.epilog_of = generator_help
    p.add_argument("puzzle", help="the puzzle to generate an instance of (puzzleplan list names them)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a new instance each run)")
    p.add_argument("-o", "--output", help="file to write (default: print it)")
    whole_limits(p)
    p.set_defaults(run=cmd_generate, accepts_options=True)
    p = commands.add_parser("walk", help="a random walk, printing each move and state")
    instance(p)
    p.add_argument("-n", type=int, default=10, help="number of moves (default 10)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a new walk each run)")
    seed_output.add_format_option(p, start=True)
    whole_limits(p)
    p.set_defaults(run=cmd_walk)
    p = commands.add_parser("play", help="play in the terminal, with hints from a planner")
    instance(p)
    limits(p)
    planner(p, "the puzzle's own, as `list` shows")
    seed_output.add_start_option(p)
    p.set_defaults(run=cmd_play)
    p = commands.add_parser(
        "advise",
        help="what every planner does with a task: runs it, after compiling what, or why not",
        description="advise [PUZZLE] FILE (a puzzle instance) or advise DOMAIN PROBLEM (plain PDDL)",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="[PUZZLE] FILE, or DOMAIN PROBLEM")
    p.add_argument("--level", help="level number (1-based) or title, for multi-level files")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(run=cmd_advise)
    add_compare_commands(commands)
    add_watch_commands(commands, instance, limits)
    seed_output.add_commands(commands, instance)
    completion.add_command(commands)
    return parser


def _run(parser: argparse.ArgumentParser, argv: list[str], started: float) -> int:
    """Parse the command line and run its command, its limits counted from `started` (time.monotonic())."""
    args, extra = parser.parse_known_args(argv)
    args.started = started
    seed_output.print_tolerated()
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    if extra and not getattr(args, "accepts_options", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.options = generator_options(extra)
    resolve_puzzle(args)
    if not getattr(args, "limited", False) or getattr(args, "optimal", False):
        return args.run(args)
    return _run_limited(args, guarded.command_limits(args))


def _run_limited(args: argparse.Namespace, limits: Limits) -> int:
    """Run a command that runs no planner within its --timeout and --memory, its phases logged under -v:
    a timeout (exit 4) names the limit and the phase under way; a memout is exit 5."""
    from puzzleplan.api.pipeline import limited
    from puzzleplan.common.progress import CURRENT

    try:
        with limited(limits), phase(f"running {args.command}"):
            return args.run(args)
    except (TimeLimitExceeded, MemoryError) as error:
        under_way = CURRENT.take_interrupted()
        while_ = f" while {under_way}" if under_way else ""
        as_json = getattr(args, "json", False)
        if isinstance(error, MemoryError):
            return _fail(f"out of memory under {limits.memory_mb} MiB{while_}", EXIT[Status.MEMOUT], as_json)
        return _fail(timeout_message(limits.named, while_.strip()), EXIT[Status.TIMEOUT], as_json)


def _fail(message: str, code: int, as_json: bool, error: InputError | None = None) -> int:
    """Report a run that ended without a result: one JSON object on stdout under --json (status error or
    interrupted), else one paragraph on stderr; return the exit status."""
    statuses = {EXIT["interrupted"]: "interrupted", EXIT[Status.MEMOUT]: "memout", EXIT[Status.TIMEOUT]: "timeout"}
    status = statuses.get(code, "error")
    if as_json:
        print(json.dumps({"status": status, "message": message, **_error_place(error)}), flush=True)
    else:
        print(f"puzzleplan: {'error: ' + message if status == 'error' else message}", file=sys.stderr)
    return code


def _error_place(error: InputError | None) -> dict[str, Any]:
    """Where bad input is, for --json: its file (None for the command line), line and column."""
    if error is None:
        return {"file": None, "line": None, "column": None}
    known = error.source not in ("command line", "<input>", "")
    return {"file": error.source if known else None, "line": error.line, "column": error.column}


def main(argv: list[str] | None = None) -> int:
    """Run one command. Bad input (a file, an option, the command line itself) is one paragraph and exit
    status 2, never a traceback; under --json it is one JSON object on stdout with status `error`. The
    --timeout counts from the start of the process when `argv` is None (the process's own command line,
    `entry`), from this call when it is given; either way it holds up to the exit (guarded.command_limits)."""
    started = process_started() if argv is None else time.monotonic()
    argv = guarded.verbose_first(list(sys.argv[1:] if argv is None else argv))
    as_json = "--json" in argv
    parser = build_parser()
    completion.complete(parser)  # a shell's TAB: argcomplete answers and exits
    try:
        return _run(parser, argv, started)
    except UsageError as error:
        return _usage_failure(error, as_json)
    except InputError as error:
        return _fail(str(error), EXIT["input"], as_json, error)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT["interrupted"], as_json)
    except BrokenPipeError:
        silence_stdout()
        return 0
    except (MemoryError, SystemError) as error:
        return _memory_error(error, argv, as_json)
    except Exception as error:  # a bug: still one paragraph, with the traceback under -v
        return _internal_error(error, argv, as_json)


def _usage_failure(error: UsageError, as_json: bool) -> int:
    """A command line argparse cannot read: the command's usage line (not under --json), then the error."""
    if not as_json:
        print(error.usage, end="", file=sys.stderr)
    return _fail(error.message, EXIT["input"], as_json)


def _memory_error(error: MemoryError | SystemError, argv: list[str], as_json: bool) -> int:
    """Out of memory for a MemoryError, or a SystemError under --memory (CPython at its address-space limit
    may fail inside C code); any other SystemError is a bug."""
    if isinstance(error, SystemError) and not any(word.startswith("--memory") for word in argv):
        return _internal_error(error, argv, as_json)
    return _out_of_memory(error, as_json)


def _out_of_memory(error: MemoryError | SystemError, as_json: bool) -> int:
    """Report running out of memory (CPython at its address-space limit may raise either): exit status 5."""
    return _fail(f"out of memory ({type(error).__name__}: {error})", EXIT[Status.MEMOUT], as_json)


def _internal_error(error: Exception, argv: list[str], as_json: bool) -> int:
    """A bug: one paragraph (the traceback under -v), exit status 1; an output that could not be written
    (a full device) is no bug, and is said on stderr."""
    if isinstance(error, OSError) and write_failure(error):
        return output_lost(error, "puzzleplan", EXIT["error"])
    if "-v" in argv or "--verbose" in argv:
        traceback.print_exc()
    detail = f"{type(error).__name__}: {error}".strip()
    message = f"internal error ({detail}); this is a bug in puzzleplan: rerun with -v to see where it happened"
    return _fail(message, EXIT["error"], as_json)


def entry() -> None:
    """The console script: SIGTERM and SIGHUP interrupt like Ctrl-C (running planners are stopped), then
    main() on the command line's arguments."""
    interrupt_on_terminate()
    try:
        code = main()
    except (MemoryError, SystemError) as error:  # CPython at its address-space limit may fail inside C code
        code = _out_of_memory(error, "--json" in sys.argv)
    leave(flushed(code, "puzzleplan"))


if __name__ == "__main__":
    entry()
