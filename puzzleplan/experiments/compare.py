"""`puzzleplan compare` and `puzzleplan report`: planners x instances, each run in its own limited process.

Every run is a `python -m puzzleplan.experiments.run_one` process (hard time and memory limit, peak memory measured);
rows are appended to DIR/results.jsonl as they finish, so `--resume` continues an interrupted experiment.
Runs go to a local pool of `--jobs` threads, or to a Dask distributed cluster with `--scheduler`.
Heavy imports (rich, matplotlib, distributed) happen inside the functions that need them.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import re
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzleplan import api
from puzzleplan.api import catalogue
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits
from puzzleplan.common.processes import python_module
from puzzleplan.experiments.results import row_problem
from puzzleplan.experiments.run_plans import animate_runs, animation_summary, keep_plan

log = logging.getLogger(__name__)

RESULTS = "results.jsonl"
PUZZLE_PLANNERS = ("default", "fd")
"""The planners compare runs on puzzles when --planners is not given: each puzzle's default and Fast Downward."""
PDDL_PLANNERS = ("fd", "fd-opt", "pyperplan")
"""The planners `compare pddl` runs when --planners is not given: three that read any PDDL task and run
from the base install: Fast Downward's lama-first (satisficing, the usual baseline), its A* with LM-cut
(optimal: the optimum the IPC quality score and the Bugs section need) and pyperplan's greedy best-first
search with hFF (a second, independent implementation)."""
GRACE_WRAPPER = 60.0
"""Seconds past a run's own hard limit after which the experiment gives up on its wrapper process."""


# -- the experiment's entries and tasks ---------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """What an experiment runs every planner on: a puzzle instance (its puzzle, the label reports give it,
    its file's text and level) or a PDDL task (its domain group, problem and domain), with the measure of
    its optimal plans."""

    puzzle: str
    label: str
    file: str
    text: str
    level: str = ""
    measure: str = "moves"
    domain_file: str = ""
    domain: str = ""
    """A PDDL task's domain file and text (empty for a puzzle instance)."""


def split_groups(words: list[str], puzzles: Iterable[str]) -> list[tuple[str, list[str]]]:
    """`PUZZLE FILE... PUZZLE FILE...` as (puzzle, files) groups; a registered puzzle name starts a group."""
    names = set(puzzles)
    groups: list[tuple[str, list[str]]] = []
    for word in words:
        if word in names:
            groups.append((word, []))
        elif not groups:
            raise InputError(
                f"expected a puzzle name ({', '.join(sorted(names))}) before the file {word!r}", "command line"
            )
        else:
            groups[-1][1].append(word)
    for puzzle, files in groups:
        if not files:
            raise InputError(f"no files given after the puzzle name {puzzle!r}", "command line")
    return groups


def _files(puzzle: str, path: str) -> list[str]:
    """The path itself, or the files with the puzzle's suffixes in a folder (sorted)."""
    folder = Path(path)
    if not folder.is_dir():
        return [path]
    suffixes = catalogue.suffixes(puzzle)
    found = sorted(str(p) for p in folder.iterdir() if p.suffix in suffixes)
    if not found:
        raise InputError(f"no {' or '.join(suffixes)} files in the folder", path)
    return found


def _level_of(path: str) -> tuple[str, str | None]:
    """`FILE#LEVEL` (as reports label a level) as (FILE, LEVEL); a path that exists as given has no level."""
    file, hash_sign, level = path.rpartition("#")
    return (file, level) if hash_sign and not Path(path).exists() and Path(file).is_file() else (path, None)


def file_entries(puzzle: str, path: str) -> list[Entry]:
    """The entries of one file (or folder): one per level for multi-level files, or the one level of
    `FILE#LEVEL`."""
    from puzzleplan.common.files import read_file as read_text

    measure = catalogue.optimal_measure(puzzle)
    path, only = _level_of(path)
    entries = []
    for name in _files(puzzle, path):
        text = read_text(name)
        entries += [
            Entry(puzzle, catalogue.instance_label(name, level or None), name, text, level, measure)
            for level in _levels(puzzle, text, name, only)
        ]
    return entries


def _levels(puzzle: str, text: str, name: str, only: str | None) -> list[str]:
    """The levels of a file to run: all, or only the one named (InputError when the file has no such level)."""
    levels = catalogue.levels(puzzle, text, name)
    if only is None:
        return levels
    if only not in levels:
        raise InputError(f"no level {only!r} in the file; its levels: {', '.join(levels[:5])}...", name)
    return [only]


def pddl_entries(paths: list[str], strict: bool = False) -> list[Entry]:
    """The entries of `compare pddl` words: one per task, labelled GROUP/PROBLEM, measured in cost (under
    `strict`, a departure from the PDDL standard is an InputError)."""
    from puzzleplan.common.files import read_file as read_text
    from puzzleplan.experiments.pddl_tasks import pddl_tasks

    return [
        Entry(
            group,
            f"{group}/{problem.name}",
            str(problem),
            read_text(problem),
            "",
            "cost",
            str(domain),
            read_text(domain),
        )
        for group, domain, problem in pddl_tasks(paths, strict)
    ]


def parse_generate(spec: str) -> tuple[str, dict[str, str], int, int]:
    """`tiles:size=3x3,moves=30,count=5,seed=1` as (puzzle, generator options, count, seed)."""
    puzzle, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        options[key.strip()] = value.strip() if equals else "1"
    try:
        count, seed = int(options.pop("count", "1")), int(options.pop("seed", "1"))
    except ValueError:
        raise InputError(f"--generate {spec}: count and seed must be integers", "command line") from None
    if not puzzle or count < 1:
        raise InputError(f"expected --generate PUZZLE:key=value,...,count=N,seed=S, found {spec!r}", "command line")
    return puzzle, options, count, seed


def generated_entries(spec: str, out: Path) -> list[Entry]:
    """The entries of a --generate spec: its instances generated and saved under OUT/generated/ so they can
    be re-run."""
    name, options, count, seed = parse_generate(spec)
    suffixes, measure = catalogue.suffixes(name), catalogue.optimal_measure(name)
    rng = random.Random(seed)
    slug = "-".join(f"{k}{re.sub(r'[^A-Za-z0-9.]+', '', v)}" for k, v in sorted(options.items()))
    folder = out / "generated"
    folder.mkdir(parents=True, exist_ok=True)
    suffix = suffixes[0] if suffixes else ".txt"
    entries = []
    for number in range(1, count + 1):
        text = catalogue.generate(name, options, rng)
        label = f"generated/{name}-{slug + '-' if slug else ''}seed{seed}-{number:03d}{suffix}"
        (out / label).write_text(text)
        entries.append(Entry(name, label, str(out / label), text, "", measure))
    return entries


def make_tasks(
    entries: list[Entry], planners: list[str], timeout: float, memory_mb: int | None
) -> list[dict[str, Any]]:
    """One task per (entry, planner), entry-major, duplicates dropped."""
    tasks, seen = [], set()
    for entry in entries:
        for planner in planners:
            key = (entry.puzzle, entry.label, planner)
            if key in seen:
                continue
            seen.add(key)
            tasks.append(
                {
                    "puzzle": entry.puzzle,
                    "instance": entry.label,
                    "file": entry.file,
                    "text": entry.text,
                    "level": entry.level,
                    "measure": entry.measure,
                    "planner": planner,
                    "timeout": timeout,
                    "memory_mb": memory_mb,
                }
            )
            if entry.domain_file:
                tasks[-1].update(domain_file=entry.domain_file, domain_text=entry.domain)
    return tasks


def task_key(row: dict[str, Any]) -> tuple[str, str, str]:
    """What identifies a run: (puzzle, instance, planner)."""
    return row["puzzle"], row["instance"], row["planner"]


# -- the results file ---------------------------------------------------------------------------------
def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a results.jsonl file; a malformed line is an InputError naming it."""
    rows = []
    from puzzleplan.common.files import read_file

    for number, line in enumerate(read_file(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise InputError(
                "expected one JSON result row with puzzle, instance and planner", str(path), number
            ) from None
        problem = row_problem(row)
        if problem:
            raise InputError(f"a result row of the wrong shape: {problem}", str(path), number)
        rows.append(row)
    return rows


def _drop_partial_line(path: Path) -> None:
    """Cut a last line left unfinished by a killed experiment, so appended rows stay one a line."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])
        log.warning("%s: dropped an unfinished last line", path)


# -- running a task -------------------------------------------------------------------------------------
_LIVE: set[subprocess.Popen] = set()
_LIVE_LOCK = threading.Lock()


def run_task(task: dict[str, Any]) -> dict[str, Any]:
    """Run one task in a `puzzleplan.experiments.run_one` wrapper process and return its row (on any machine)."""
    command = python_module("puzzleplan.experiments.run_one")
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    with _LIVE_LOCK:
        _LIVE.add(process)
    try:
        stdout, stderr = process.communicate(json.dumps(task), timeout=task["timeout"] + GRACE_WRAPPER)
    except subprocess.TimeoutExpired:
        process.terminate()
        stdout, stderr = process.communicate()
    finally:
        with _LIVE_LOCK:
            _LIVE.discard(process)
    try:
        return json.loads(stdout)
    except ValueError:
        tail = " | ".join(stderr.strip().splitlines()[-3:])
        return failed_row(task, f"the run's wrapper exited {process.returncode}: {tail}")


def failed_row(task: dict[str, Any], message: str) -> dict[str, Any]:
    """An error row for a task whose wrapper itself failed."""
    from puzzleplan.experiments.run_one import base_row

    return dict(base_row(task), message=message)


def stop_live_runs() -> None:
    """SIGTERM every local wrapper: each kills its solver's process group before exiting."""
    with _LIVE_LOCK:
        for process in list(_LIVE):
            process.terminate()


# -- back ends: a local thread pool or a Dask cluster -----------------------------------------------------
class LocalBackend:
    """Runs tasks on this machine, `jobs` at a time."""

    def __init__(self, jobs: int) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.slots = jobs
        self.pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="puzzleplan-run")

    def submit(self, task: dict[str, Any]):
        """Start a task; a concurrent.futures Future."""
        return self.pool.submit(run_task, task)

    def close(self, interrupted: bool = False) -> None:
        """Stop the pool (killing running solvers when interrupted)."""
        if interrupted:
            stop_live_runs()
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend:
    """Runs tasks on a Dask distributed cluster; as many at once as its workers have threads (or --jobs)."""

    def __init__(self, address: str, jobs: int | None) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise InputError(
                "--scheduler needs the Dask distributed package: pip install 'puzzleplan[dask]'", "command line"
            ) from None
        try:
            self.client = Client(address, timeout=10)
        except (OSError, TimeoutError) as error:
            raise InputError(f"cannot reach the Dask scheduler at {address}: {error}", "command line") from None
        threads = sum(self.client.nthreads().values()) or 1
        self.slots = jobs or threads
        self.futures: list = []

    def submit(self, task: dict[str, Any]):
        """Start a task on the cluster; a distributed Future."""
        future = self.client.submit(run_task, task, pure=False)
        self.futures.append(future)
        return future

    def close(self, interrupted: bool = False) -> None:
        """Cancel what is left and disconnect."""
        if interrupted:
            self.client.cancel([f for f in self.futures if not f.done()])
        self.client.close()


# -- the experiment loop ---------------------------------------------------------------------------------
@dataclass
class Tally:
    """What the progress bar shows."""

    done: int = 0
    solved: int = 0
    running: dict[Any, tuple[dict[str, Any], float]] = field(default_factory=dict)

    def slowest(self) -> str:
        """The running task that started first, with its age."""
        if not self.running:
            return ""
        task, started = min(self.running.values(), key=lambda item: item[1])
        return f"{task['planner']} on {task['instance']} {time.monotonic() - started:.0f}s"


def run_all(
    tasks: list[dict[str, Any]],
    backend,
    on_row: Callable[[dict[str, Any]], None],
    on_tick: Callable[[Tally], None] = lambda tally: None,
) -> Tally:
    """Run the tasks at most backend.slots at a time; each row goes to on_row as soon as it is known."""
    pending = deque(tasks)
    tally = Tally()
    finished = threading.Event()
    while pending or tally.running:
        while pending and len(tally.running) < backend.slots:
            task = pending.popleft()
            future = backend.submit(task)
            tally.running[future] = (task, time.monotonic())
            future.add_done_callback(lambda _: finished.set())
        on_tick(tally)
        finished.wait(0.5)
        finished.clear()
        for future in [f for f in tally.running if f.done()]:
            on_row(_finished_row(tally, future))
    on_tick(tally)
    return tally


def _finished_row(tally: Tally, future) -> dict[str, Any]:
    """The row of a finished run, taken off the running ones and counted (a run that failed to execute, as a
    lost worker or a broken cluster, is an error row, not a stop)."""
    task, _ = tally.running.pop(future)
    try:
        row = future.result()
    except Exception as error:
        row = failed_row(task, f"the run failed to execute: {error!r}")
    tally.done += 1
    tally.solved += row.get("status") == "solved" and row.get("valid") is not False
    return row


def compare(
    instances: Iterable[api.Instance],
    planners: Iterable[str] = (api.DEFAULT_PLANNER,),
    *,
    timeout: float = 60.0,
    memory: str | int | None = None,
    jobs: int = 1,
) -> list[dict[str, Any]]:
    """Run every planner on every instance (by default each puzzle's own default planner), each run in its own
    process under hard time and memory limits as the compare command runs them; the rows (as results.jsonl
    holds them), instance-major."""
    names = _known_planners(list(planners))
    if jobs < 1:
        raise InputError("jobs must be at least 1", "compare()")
    limits = Limits.read(timeout, memory)
    tasks = make_tasks([_entry_of(inst) for inst in instances], names, limits.timeout, limits.memory_mb)
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    backend, interrupted = LocalBackend(jobs), False
    try:
        run_all(tasks, backend, lambda row: rows.__setitem__(task_key(row), row))
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        backend.close(interrupted)
    return [rows[task_key(task)] for task in tasks]


def _entry_of(inst: api.Instance) -> Entry:
    """The entry of an API instance: the instance written in its puzzle's format, its label and file (the
    label without a #LEVEL), measured in its puzzle's optimal measure."""
    file = inst.label.rpartition("#")[0] or inst.label
    return Entry(inst.name, inst.label, file, inst.render(), "", inst.optimal_measure)


def _progress(total: int):
    """A rich progress bar on standard error: done/total, solved so far, slowest running task."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(
        TextColumn("[bold]compare"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("solved [green]{task.fields[solved]}"),
        TimeElapsedColumn(),
        TextColumn("slowest: {task.fields[slowest]}"),
        console=Console(stderr=True),
    )
    bar = progress.add_task("compare", total=total, solved=0, slowest="")
    return progress, lambda tally: progress.update(
        bar, completed=tally.done, solved=tally.solved, slowest=tally.slowest()
    )


def experiment_tasks(args: argparse.Namespace, out: Path) -> list[dict[str, Any]]:
    """The tasks of the command line: files (per level) and generated instances x planners."""
    strict = getattr(args, "strict", False)
    entries = _command_line_entries(args.items, strict)
    for spec in args.generate or []:
        entries += generated_entries(spec, out)
    if not entries:
        raise InputError("no instances: give PUZZLE FILE... or --generate", "command line")
    planners = _planner_names(args.planners or ",".join(default_planners(entries)))
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs must be at least 1", "command line")
    limits = Limits.read(args.timeout, args.memory)
    tasks = make_tasks(entries, planners, limits.timeout, limits.memory_mb)
    return [{**task, "strict": True} for task in tasks] if strict else tasks


def default_planners(entries: list[Entry]) -> tuple[str, ...]:
    """The planners run when --planners is not given: PDDL_PLANNERS when every entry is a PDDL task (no
    puzzle simulator to search on), else PUZZLE_PLANNERS."""
    pddl = bool(entries) and all(entry.domain_file for entry in entries)
    return PDDL_PLANNERS if pddl else PUZZLE_PLANNERS


def _planner_names(spec: str) -> list[str]:
    """The planners of --planners a,b,c, checked; InputError for none."""
    planners = catalogue.split_planners(spec)
    if not planners:
        raise InputError("--planners needs at least one planner name", "command line")
    return _known_planners(planners)


def _known_planners(names: list[str]) -> list[str]:
    """The planner names, checked: an unknown name fails here, before anything runs."""
    for name in names:
        catalogue.check_planner(name)
    return names


def _command_line_entries(items: list[str], strict: bool = False) -> list[Entry]:
    """The entries of the command line's PUZZLE FILE... groups: every level of each file; plain PDDL for pddl
    (read strictly under `strict`)."""
    entries: list[Entry] = []
    for puzzle, paths in split_groups(items, [*api.puzzles(), "pddl"]):
        if puzzle == "pddl":
            entries += pddl_entries(paths, strict)
            continue
        for path in paths:
            entries += file_entries(puzzle, path)
    return entries


def cmd_compare(args: argparse.Namespace) -> int:
    """Run every planner on every instance under hard limits, appending rows to DIR/results.jsonl."""
    from puzzleplan.common.outputs import folder_lock, prepare_output_folder

    out = prepare_output_folder(args.out, "--out folder")
    with folder_lock(out, "compare"):
        return _compare(args, out)


def _compare(args: argparse.Namespace, out: Path) -> int:
    """cmd_compare's work, with the --out folder to itself."""
    results = out / RESULTS
    if results.exists() and results.stat().st_size and not args.resume:
        raise InputError("results.jsonl exists: add --resume to continue it, or choose another --out", str(results))
    tasks = experiment_tasks(args, out)
    done = _runs_done(results, tasks[0]) if results.exists() else set()
    todo = [task for task in tasks if task_key(task) not in done]
    print(f"{len(tasks)} runs, {len(tasks) - len(todo)} already in {results}, {len(todo)} to do", flush=True)
    backend = _backend(args.scheduler, args.jobs)
    started = time.perf_counter()
    try:
        tally = _run_appending(todo, backend, results, out)
    except OSError as error:  # the disk filled up (or a file-size limit was reached) while appending
        print(
            f"puzzleplan: cannot write {results}: {error.strerror or error}; the runs written before are kept "
            "(continue with --resume once there is room)",
            file=sys.stderr,
        )
        return 1
    if tally is None:
        print(f"interrupted: the finished runs are in {results}; continue with --resume", file=sys.stderr)
        return 130
    print(
        f"{tally.done} runs in {time.perf_counter() - started:.1f}s, {tally.solved} solved; "
        f"results in {results}; tables and plots: puzzleplan report {out}"
    )
    return 0


def _backend(scheduler: str | None, jobs: int | None) -> LocalBackend | DaskBackend:
    """Where the runs go: a Dask cluster with --scheduler, else this machine's processes (--jobs, default 1)."""
    return DaskBackend(scheduler, jobs) if scheduler else LocalBackend(jobs or 1)


def _run_appending(todo: list[dict[str, Any]], backend, results: Path, out: Path) -> Tally | None:
    """Run the tasks under a progress bar, appending each row to the results file as it comes (its plan kept
    in the out folder); None when interrupted (Ctrl-C)."""
    progress, tick = _progress(len(todo))
    interrupted = False
    with results.open("a") as sink, progress:

        def write(row: dict[str, Any]) -> None:
            sink.write(json.dumps(keep_plan(row, out)) + "\n")
            sink.flush()

        try:
            return run_all(todo, backend, write, tick)
        except KeyboardInterrupt:
            interrupted = True
            return None
        finally:
            backend.close(interrupted)


def _runs_done(results: Path, task: dict[str, Any]) -> set[tuple[str, str, str]]:
    """The runs a results file being resumed holds (a partial last line dropped); a note when some were made
    under other limits than the task's."""
    _drop_partial_line(results)
    old = read_rows(results)
    limits = {(row.get("timeout"), row.get("memory_mb")) for row in old}
    if limits - {(task["timeout"], task["memory_mb"])}:
        print(
            f"note: {results} holds runs made with other limits (timeout, MiB): {sorted(limits, key=str)}",
            file=sys.stderr,
        )
    return {task_key(row) for row in old}


def cmd_report(args: argparse.Namespace) -> int:
    """Print the tables of DIR/results.jsonl and write report.md, .csv, .html, cactus.png and scatters (and
    with --animate a player page per solved run, linked from report.html)."""
    from puzzleplan.common.outputs import check_writable_files
    from puzzleplan.experiments.report import COSTS_FILE, REPORT_FILES, build_tables, print_tables, write_report

    folder = Path(args.folder)
    results = folder / RESULTS if folder.is_dir() else folder
    if not results.exists():
        raise InputError("no results file: run puzzleplan compare --out FOLDER first", str(results))
    pairs = [_scatter_pair(spec) for spec in args.scatter or []]
    rows = read_rows(results)
    check_writable_files(
        results.parent, (*REPORT_FILES, COSTS_FILE)
    )  # before the tables are printed: nothing half done
    known = _optimal_costs(args.optimal_costs)
    tables = build_tables(rows, known) if rows else []
    print_tables(tables)
    animations: list[dict[str, Any]] = []
    if args.animate:
        animations = animate_runs(rows, results.parent)
        print(animation_summary(animations, results.parent))
    for path in write_report(rows, results.parent, pairs, tables, animations, known):
        print(f"wrote {path}")
    return 0


def _optimal_costs(path: str | None) -> dict[str, float] | None:
    """The known optimal costs of PDDL tasks from --optimal-costs (None without it)."""
    from puzzleplan.experiments.ipc_scores import read_optimal_costs

    return read_optimal_costs(path) if path else None


def _scatter_pair(spec: str) -> tuple[str, str]:
    """The two planners of a --scatter A,B."""
    names = catalogue.split_planners(spec)
    if len(names) != 2 or not all(names):
        raise InputError(f"expected --scatter A,B (two planners), found {spec!r}", "command line")
    return names[0], names[1]


def add_commands(subparsers) -> None:
    """Register the `compare` and `report` subcommands."""
    p = subparsers.add_parser(
        "compare",
        help="run planners on instances under hard limits, in parallel",
        description="puzzleplan compare PUZZLE FILE... [PUZZLE FILE...]... "
        "--planners a,b,c: a registered puzzle name starts a group of "
        "files (or folders); multi-level files give one instance per "
        "level (FILE#LEVEL: that level alone). Plain PDDL: compare pddl DIR... (IPC folders) or compare pddl "
        "DOMAIN PROBLEM...",
    )
    p.add_argument("items", nargs="*", metavar="PUZZLE FILE", help="puzzle name, then its files")
    p.add_argument(
        "--planners",
        default=None,
        help=f"comma-separated planner names (default {','.join(PUZZLE_PLANNERS)}; "
        f"for compare pddl {','.join(PDDL_PLANNERS)})",
    )
    p.add_argument("--timeout", default="60", help="seconds per run (default 60)")
    p.add_argument("--memory", default=None, help="memory per run, e.g. 2G or 500M (default none)")
    p.add_argument(
        "--jobs", type=int, default=None, help="runs at once (default 1; with --scheduler the cluster's thread count)"
    )
    p.add_argument("--out", default="results", help="folder of results.jsonl (default results/)")
    p.add_argument("--resume", action="store_true", help="skip the runs already in results.jsonl")
    p.add_argument(
        "--generate",
        action="append",
        metavar="PUZZLE:key=value,...,count=N,seed=S",
        help="add generated instances, e.g. tiles:size=3x3,moves=30,count=5,seed=1",
    )
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask distributed cluster")
    p.add_argument(
        "--strict", action="store_true", help="plain PDDL: refuse departures from the standard (default: warn)"
    )
    p.set_defaults(run=cmd_compare)
    p = subparsers.add_parser("report", help="tables and plots from a compare results folder")
    p.add_argument("folder", help="the --out folder of puzzleplan compare (or its results.jsonl)")
    p.add_argument(
        "--scatter",
        action="append",
        metavar="A,B",
        help="time scatter plot of two planners (repeatable; default the first two)",
    )
    p.add_argument(
        "--animate",
        action="store_true",
        help="an HTML player for each solved run whose plan compare kept, linked from report.html",
    )
    p.add_argument(
        "--optimal-costs",
        metavar="FILE",
        help="known optimal costs of PDDL tasks, lines 'DOMAIN/PROBLEM COST', for the IPC quality score",
    )
    p.set_defaults(run=cmd_report)
