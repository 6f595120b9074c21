"""Watching searches from the command line: `solve ... --trace FILE.html` (one search's player page and its
trace FILE.jsonl beside it) and the `watch` command (two searches of one instance played side by side on one
page, each trace's file beside it)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzleplan import api
from puzzleplan.api.watching import SearchView, check_page_file, watchable, write_graph_page
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.common.outputs import check_output_file
from puzzleplan.common.progress import status_line
from puzzleplan.common.trace import Trace

DEFAULT_PLANNERS = "native-bfs,native-astar"


def check_page(path: str, inputs: list[str | None]) -> Path:
    """The page a command will write, checked before any work is done: an .html file that is none of the
    inputs, in a folder that exists or is made now."""
    page = check_page_file(path)
    page.absolute().parent.mkdir(parents=True, exist_ok=True)
    checked = check_output_file(path, "search page", inputs)
    assert checked is not None
    return checked


def save_view(view: SearchView, page: Path) -> tuple[dict[str, Any] | None, list[InputError]]:
    """Write a view's page and trace files: what was written, or the error that says why not."""
    from puzzleplan.app.guarded import written

    if not view.traces:
        return None, [InputError("no search was recorded (see the runs' status); nothing to watch", str(page))]
    return written(lambda: view.save(page), page)


def say_saved(saved: dict[str, Any], to_stderr: bool) -> None:
    """Say where the page and the traces went."""
    line = f"search page: {saved['file']} ({saved['bytes']:,} bytes); traces: {', '.join(saved['traces'])}"
    print(line, file=sys.stderr if to_stderr else sys.stdout)


def save_graph(trace: Trace | None, page: Path, title: str, to_stderr: bool) -> list[InputError]:
    """Write `plan --trace`'s page of a Graphplan trace and the trace beside it, and say where they went (or
    that no graph was recorded): the files not written."""
    from puzzleplan.app.guarded import written

    if trace is None or not trace.levels:
        print(f"puzzleplan: no planning graph was recorded; {page} not written", file=sys.stderr)
        return []

    def save() -> dict[str, Any]:
        saved = write_graph_page(trace, page, title=title)
        return dict(saved, traces=[str(api.write_trace(trace, page.with_suffix(".jsonl")))])

    saved, failures = written(save, page)
    if saved:
        say_saved(saved, to_stderr)
    return failures


def cmd_watch(args: argparse.Namespace) -> int:
    """Solve an instance with two planners (or one), each recording its trace, and write one page that plays
    the searches side by side, with each trace's file beside it."""
    planners = [name.strip() for name in args.planners.split(",") if name.strip()]
    if len(planners) not in (1, 2):
        raise InputError(f"--planners names one or two planners, not {len(planners)}: {args.planners}", "command line")
    page = check_page(args.out, [args.file])
    limits = Limits.read(args.timeout, args.memory)
    inst = api.load(args.file, puzzle=args.puzzle, level=args.level)
    options = api.TraceOptions(limit=args.limit) if args.limit is not None else True
    with status_line():
        reports = [api.solve(inst, planner, limits=limits, trace=options) for planner in planners]
    traces = [report.trace for report in reports if watchable(report.trace)]
    saved, failures = save_view(SearchView(inst, traces, reports), page)
    for report in reports:
        _say_run(report, args.json)
    if saved:
        say_saved(saved, args.json)
    for failure in failures:
        print(f"puzzleplan: error: {failure}", file=sys.stderr)
    return 1 if failures else 0  # the command line's exit statuses: 1 an output not written


def _say_run(report: api.Report, as_json: bool) -> None:
    """One run of `watch`: a line (or, under --json, its JSON object)."""
    if as_json:
        print(json.dumps(api.report_json(report)))
        return
    length = f", {report.length} moves" if report.length is not None else ""
    unseen = "" if watchable(report.trace) else "; no search recorded. " + (report.trace.note if report.trace else "")
    print(f"{report.planner}: {report.status.value}{length}, expanded {report.expanded}{unseen}".rstrip())


def add_commands(
    commands: Any,
    instance: Callable[[argparse.ArgumentParser], None],
    limits: Callable[[argparse.ArgumentParser], None],
) -> None:
    """The `watch` command; `instance` and `limits` add the arguments every command has for them."""
    p = commands.add_parser(
        "watch",
        help="two searches of one instance side by side on one page (native-bfs vs native-astar by default)",
        description="Solve the instance with each planner, recording its search, and write one self-contained "
        "HTML page that plays the searches in step, each on the puzzle's own board, with their counts; each "
        "trace's JSON Lines file is written beside the page.",
    )
    instance(p)
    limits(p)
    p.add_argument(
        "--planners",
        default=DEFAULT_PLANNERS,
        help=f"one or two planners that can trace, comma-separated (default {DEFAULT_PLANNERS})",
    )
    p.add_argument("--out", required=True, metavar="FILE.html", help="the page to write (the traces go beside it)")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="record every expansion up to N, then a sample")
    p.add_argument("--json", action="store_true", help="one JSON object a run")
    p.set_defaults(run=cmd_watch)
