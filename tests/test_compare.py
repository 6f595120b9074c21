"""`puzzleplan compare` and `report`: a small real experiment (real planners, real limits, real processes)."""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, parse_memory
from puzzleplan.common.processes import memory_exhausted
from puzzleplan.experiments import report as rep
from puzzleplan.experiments.compare import (
    Entry,
    LocalBackend,
    make_tasks,
    parse_generate,
    read_rows,
    run_all,
    split_groups,
)
from puzzleplan.experiments.results import Grid
from puzzleplan.experiments.run_one import classify, supervise

ROOT = Path(__file__).resolve().parent.parent
HANOI = [str(ROOT / "problems/hanoi/tower5.hanoi"), str(ROOT / "problems/hanoi/seed1.hanoi")]
TILES = [str(ROOT / "problems/tiles/seven1.tiles"), str(ROOT / "problems/tiles/seven2.tiles")]
PLANNERS = ["native-astar", "fd", "pyperplan"]
# a random 35-puzzle (400 random moves from the goal): pyperplan does not solve it within 20 s, let alone 10 s
HARD = "tiles:size=6x6,moves=400,count=1,seed=1"


def puzzleplan(*words: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run the real command line in a child process."""
    done = subprocess.run(
        [sys.executable, "-m", "puzzleplan.app.cli", *words], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    if check and done.returncode != 0:
        raise AssertionError(f"exit {done.returncode}: {done.stderr}")
    return done


def experiment_words(out: Path) -> list[str]:
    """The main experiment: 2 hanoi + 2 tiles files + 1 generated 35-puzzle, x 3 planners."""
    return [
        "compare",
        "hanoi",
        *HANOI,
        "tiles",
        *TILES,
        "--generate",
        HARD,
        "--planners",
        ",".join(PLANNERS),
        "--timeout",
        "10",  # pyperplan solves each file in under 1 s of CPU time: 10 s hold on a loaded machine
        "--memory",
        "2G",
        "--jobs",
        "2",
        "--out",
        str(out),
    ]


@pytest.fixture(scope="module")
def experiment(tmp_path_factory) -> Path:
    """The results folder of the main experiment, run once for this module."""
    out = tmp_path_factory.mktemp("compare")
    puzzleplan(*experiment_words(out))
    return out


@pytest.fixture(scope="module")
def failing(tmp_path_factory) -> Path:
    """An experiment whose runs fail: a memory limit too small for breadth-first search, a bad fd search."""
    out = tmp_path_factory.mktemp("failing")
    puzzleplan(
        "compare",
        "--generate",
        "tiles:size=4x4,moves=200,count=1,seed=2",
        "--planners",
        "native-bfs,fd:nosuchsearch()",
        "--timeout",
        "20",
        "--memory",
        "60M",
        "--out",
        str(out),
    )
    return out


@pytest.fixture(scope="module")
def reported(experiment: Path) -> str:
    """What `puzzleplan report` prints for the main experiment (it writes its files there)."""
    return puzzleplan("report", str(experiment), "--scatter", "fd,native-astar").stdout


def by_key(out: Path) -> dict[tuple[str, str], dict]:
    """Rows by (instance, planner)."""
    return {(row["instance"], row["planner"]): row for row in read_rows(out / "results.jsonl")}


# -- the experiment ----------------------------------------------------------------------------------
def test_every_run_is_one_row_with_the_figures(experiment: Path) -> None:
    rows = read_rows(experiment / "results.jsonl")
    assert len(rows) == 5 * len(PLANNERS)
    assert Counter(row["planner"] for row in rows) == {p: 5 for p in PLANNERS}
    for row in rows:
        assert {
            "puzzle",
            "instance",
            "planner",
            "status",
            "length",
            "optimal",
            "valid",
            "expanded",
            "steps",
            "time",
            "peak_memory_mb",
        } <= set(row)
        assert row["peak_memory_mb"] > 0 and row["time"]["wall"] > 0
        assert row["timeout"] == 10.0 and row["memory_mb"] == 2048


def test_statuses_lengths_and_optimality(experiment: Path) -> None:
    rows = by_key(experiment)
    for path in HANOI + TILES:
        for planner in PLANNERS:
            row = rows[(path, planner)]
            assert row["status"] == "solved" and row["valid"] is True, row
            assert row["length"] >= 1 and row["expanded"] is not None
    # A* is optimal (31 moves for the five-disc tower); the satisficing planners are never shorter
    assert rows[(HANOI[0], "native-astar")]["length"] == 31
    assert rows[(HANOI[0], "native-astar")]["optimal"] and not rows[(HANOI[0], "fd")]["optimal"]
    for path in HANOI + TILES:
        for planner in ("fd", "pyperplan"):
            assert rows[(path, planner)]["length"] >= rows[(path, "native-astar")]["length"]
    hard = [key for key in rows if key[0].startswith("generated/")]
    assert len(hard) == len(PLANNERS)
    assert rows[(hard[0][0], "pyperplan")]["status"] == "timeout"
    assert rows[(hard[0][0], "native-astar")]["status"] in ("solved", "timeout")
    assert (experiment / hard[0][0]).is_file()  # the generated instance is kept, to re-run it


def test_memout_and_error_are_rows(failing: Path) -> None:
    rows = {planner: row for (_, planner), row in by_key(failing).items()}
    assert rows["native-bfs"]["status"] == "memout"
    assert rows["native-bfs"]["peak_memory_mb"] <= 60
    assert rows["fd:nosuchsearch()"]["status"] == "error"
    assert "nosuchsearch" in rows["fd:nosuchsearch()"]["message"]


def test_resume_adds_nothing_and_a_rerun_needs_resume(experiment: Path) -> None:
    before = (experiment / "results.jsonl").read_text()
    again = puzzleplan(*experiment_words(experiment), "--resume")
    assert "0 to do" in again.stdout
    assert (experiment / "results.jsonl").read_text() == before
    refused = puzzleplan(*experiment_words(experiment), check=False)
    assert refused.returncode == 2 and "--resume" in refused.stderr


def test_resume_runs_only_what_is_missing(tmp_path: Path) -> None:
    words = ["compare", "hanoi", HANOI[1], "--planners", "native-astar,native-bfs", "--out", str(tmp_path)]
    puzzleplan(*words[:-4], "--planners", "native-astar", "--out", str(tmp_path))
    with (tmp_path / "results.jsonl").open("a") as sink:
        sink.write('{"puzzle": "hanoi", "inst')  # an experiment killed while writing
    second = puzzleplan(*words, "--resume")
    assert "1 to do" in second.stdout
    rows = read_rows(tmp_path / "results.jsonl")
    assert sorted(row["planner"] for row in rows) == ["native-astar", "native-bfs"]


def test_multi_level_files_give_one_instance_per_level(tmp_path: Path) -> None:
    from puzzleplan.translator.registry import PUZZLES

    if "sokoban" not in PUZZLES:
        pytest.skip("no multi-level puzzle registered")
    levels = tmp_path / "two.xsb"
    levels.write_text("; one\n#####\n#@$.#\n#####\n\n; two\n######\n#@$ .#\n######\n")
    puzzleplan(
        "compare", "sokoban", str(levels), "--planners", "native-bfs", "--timeout", "20", "--out", str(tmp_path / "out")
    )
    rows = {row["instance"]: row for row in read_rows(tmp_path / "out" / "results.jsonl")}
    assert {label: (row["status"], row["length"], row["level"]) for label, row in rows.items()} == {
        f"{levels}#one": ("solved", 1, "one"),
        f"{levels}#two": ("solved", 2, "two"),
    }


# -- the report ------------------------------------------------------------------------------------------
def test_report_numbers_match_the_raw_rows(experiment: Path, reported: str) -> None:
    assert "Coverage" in reported and "wrote" in reported
    rows = read_rows(experiment / "results.jsonl")
    records = {(r["puzzle"], r["planner"]): r for r in csv.DictReader((experiment / "report.csv").open())}
    for puzzle in ("hanoi", "tiles"):
        mine = [r for r in rows if r["puzzle"] == puzzle]
        instances = {r["instance"] for r in mine}
        common = [
            i for i in instances if all(r["status"] == "solved" and r["valid"] for r in mine if r["instance"] == i)
        ]
        for planner in PLANNERS:
            runs = {r["instance"]: r for r in mine if r["planner"] == planner}
            record = records[(puzzle, planner)]
            for status in ("solved", "timeout", "memout", "error"):
                assert int(record[status]) == sum(r["status"] == status for r in runs.values())
            times = [runs[i]["time"]["total"] for i in common]
            assert int(record["common"]) == len(common)
            assert float(record["time_sum"]) == pytest.approx(sum(times), abs=1e-3)
            geomean = math.exp(sum(math.log(max(t, 0.001)) for t in times) / len(times))
            assert float(record["time_geomean"]) == pytest.approx(geomean, rel=1e-2, abs=1e-3)
            assert int(record["length_sum"]) == sum(runs[i]["length"] for i in common)


def test_report_files_and_plots_are_written(experiment: Path, reported: str) -> None:
    for name in ("report.md", "report.csv", "report.html", "cactus.png", "scatter-fd-vs-native-astar.png"):
        path = experiment / name
        assert path.is_file() and path.stat().st_size > 0, name
    for name in ("cactus.png", "scatter-fd-vs-native-astar.png"):
        assert (experiment / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    markdown = (experiment / "report.md").read_text()
    assert "| hanoi | 2 |" in markdown and "![cactus.png](cactus.png)" in markdown
    assert "none: every optimal planner agrees" in markdown


def test_report_flags_optimal_planners_that_disagree(experiment: Path) -> None:
    from rich.console import Console

    rows = read_rows(experiment / "results.jsonl")
    doctored = next(r for r in rows if r["planner"] == "fd" and r["instance"] == TILES[1])
    assert rep.find_bugs(Grid.of(rows)) == []
    doctored["optimal"] = True  # as if a satisficing plan had been claimed optimal
    bugs = rep.find_bugs(Grid.of(rows))
    assert len(bugs) == 1 and bugs[0][1] == TILES[1] and "fd " in bugs[0][2]
    doctored["optimal"] = False
    astar = next(r for r in rows if r["planner"] == "native-astar" and r["instance"] == HANOI[0])
    beaten = next(r for r in rows if r["planner"] == "pyperplan" and r["instance"] == HANOI[0])
    beaten["length"] = astar["length"] - 1  # a shorter plan refutes A*'s claim of optimality
    bugs = rep.find_bugs(Grid.of(rows))
    assert len(bugs) == 1 and "native-astar claim an optimal plan of 31" in bugs[0][2]
    doctored["optimal"] = True
    tables = rep.build_tables(rows)
    console = Console(record=True, width=200)
    rep.print_tables(tables, console)
    assert "disagree" in console.export_text(clear=False)
    assert "color: #800000" in console.export_html(inline_styles=True)  # rich's red
    assert '<tr class="bug">' in rep.to_html(tables, [])
    assert "**BUG**" in rep.to_markdown(tables, [])


def test_optimal_claims_are_checked_in_their_own_measure() -> None:
    """A push-optimal plan with more moves is no bug; one with more pushes than another plan is."""

    def row(planner, length, pushes, optimal):
        return {
            "puzzle": "sokoban",
            "instance": "level",
            "planner": planner,
            "status": "solved",
            "valid": True,
            "length": length,
            "pushes": pushes,
            "optimal": optimal,
            "measure": "moves",
            **({"optimal_measure": "pushes"} if optimal else {}),
        }

    fine = [row("native-push-astar", 31, 8, True), row("fd", 23, 9, False)]
    assert rep.find_bugs(Grid.of(fine)) == []
    refuted = [row("native-push-astar", 31, 8, True), row("fd", 33, 7, False)]
    bugs = rep.find_bugs(Grid.of(refuted))
    assert len(bugs) == 1 and "optimal plan of 8 pushes but fd found one of 7" in bugs[0][2]


def test_report_of_puzzles_run_by_different_planners(experiment: Path) -> None:
    """A planner that ran on one puzzle only has figures on that puzzle's row and "-" on "all"."""
    rows = [
        r
        for r in read_rows(experiment / "results.jsonl")
        if not (r["planner"] == "pyperplan" and r["puzzle"] == "tiles")
    ]
    tables = {table.title: table for table in rep.build_tables(rows)}
    times = tables["Time sum over commonly solved instances (s)"]
    column = times.headers.index("pyperplan")
    by_puzzle = {row[0]: row[column] for row in times.rows}
    assert by_puzzle["tiles"] == "-" and by_puzzle["all"] == "-" and by_puzzle["hanoi"] != "-"
    records = {(r["puzzle"], r["planner"]): r for r in rep.summary_records(rows)}
    assert "time_sum" not in records[("all", "pyperplan")] and "time_sum" in records[("hanoi", "pyperplan")]


def test_report_of_a_missing_folder_is_an_input_error(tmp_path: Path) -> None:
    done = puzzleplan("report", str(tmp_path / "nothing"), check=False)
    assert done.returncode == 2 and "no results file" in done.stderr


# -- pieces ------------------------------------------------------------------------------------------------
def test_hard_limits_of_one_run() -> None:
    outcome, _ = supervise([sys.executable, "-c", "import time; time.sleep(30)"], 0.5, None)
    assert outcome.timed_out and classify(outcome, None)["status"] == "timeout"
    outcome, _ = supervise([sys.executable, "-c", "x = bytearray(400 * 2**20)"], 10, 100)
    assert classify(outcome, 100)["status"] == "memout"
    outcome, _ = supervise([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"], 10, 100)
    crash = classify(outcome, 100)
    assert crash["status"] == "error" and "SIGSEGV" in crash["message"]


@pytest.mark.parametrize("tail", ["MemoryError", "lost sys.stderr", "SystemError: error return without exception set"])
def test_memory_exhaustion_signs(tail: str) -> None:
    """What pyperplan printed at a 120 MiB limit in 50 runs: a MemoryError is not always among it."""
    assert memory_exhausted(f"  solution = search(task)\n{tail}\n", 120)
    assert memory_exhausted(tail, None) is None


def test_progress_tracks_the_slowest_running_task() -> None:
    entry = Entry("hanoi", HANOI[0], HANOI[0], Path(HANOI[0]).read_text())
    tasks = make_tasks([entry], ["native-astar", "native-bfs"], 10, None)
    rows, seen = [], []
    backend = LocalBackend(2)
    try:
        tally = run_all(tasks, backend, rows.append, lambda t: seen.append(t.slowest()))
    finally:
        backend.close()
    assert tally.done == 2 and tally.solved == 2 and len(rows) == 2
    assert any("on " + HANOI[0] in text for text in seen)


def test_argument_parsing() -> None:
    assert parse_memory("2G") == 2048 and parse_memory("500M") == 500 and parse_memory("1.5g") == 1536
    assert parse_memory("300") == 300 and parse_memory(None) is None
    for nonsense in ("lots", "0", "-5", "0.5K"):
        with pytest.raises(InputError):
            parse_memory(nonsense)
    assert Limits.read("0.5", "2G") == Limits(0.5, 2048)
    for nonsense in ("0", "-1", "nan", "-inf", "x", ""):
        with pytest.raises(InputError):
            Limits.read(nonsense, None)
    assert Limits.read("inf", None) == Limits.read("1e300", None) == Limits(1e6)  # no limit in practice
    assert split_groups(["tiles", "a", "b", "hanoi", "c"], ["tiles", "hanoi"]) == [
        ("tiles", ["a", "b"]),
        ("hanoi", ["c"]),
    ]
    with pytest.raises(InputError, match="puzzle name"):
        split_groups(["a.tiles"], ["tiles"])
    with pytest.raises(InputError, match="no files"):
        split_groups(["tiles"], ["tiles"])
    assert parse_generate("tiles:size=3x3,moves=30,count=5,seed=7") == ("tiles", {"size": "3x3", "moves": "30"}, 5, 7)
    assert parse_generate("hanoi:discs=4,random") == ("hanoi", {"discs": "4", "random": "1"}, 1, 1)


def test_bad_command_lines_are_input_errors(tmp_path: Path) -> None:
    for words, expected in (
        (["tiles", "nope.tiles"], "cannot read"),
        (["x.tiles"], "puzzle name"),
        (["tiles", TILES[0], "--planners", "magic"], "unknown planner"),
        (["tiles", TILES[0], "--memory", "much"], "--memory expects a size"),
    ):
        done = puzzleplan("compare", *words, "--out", str(tmp_path), check=False)
        assert done.returncode == 2 and expected in done.stderr, done.stderr


def test_start_up_stays_light() -> None:
    code = (
        "import sys, puzzleplan.app.cli; puzzleplan.app.cli.build_parser(); "
        "print(sorted(m for m in ('rich', 'matplotlib', 'distributed', 'unified_planning') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


# -- Dask ---------------------------------------------------------------------------------------------------
def test_the_same_experiment_on_a_dask_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, host="127.0.0.1", protocol="tcp", dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        puzzleplan(
            "compare",
            "hanoi",
            HANOI[0],
            "--planners",
            "native-astar,fd",
            "--timeout",
            "20",
            "--memory",
            "2G",
            "--scheduler",
            address,
            "--out",
            str(tmp_path),
        )
    rows = read_rows(tmp_path / "results.jsonl")
    assert sorted(r["planner"] for r in rows) == ["fd", "native-astar"]
    assert all(r["status"] == "solved" and r["valid"] and r["peak_memory_mb"] > 0 for r in rows)
    assert [r["length"] for r in rows if r["planner"] == "native-astar"] == [31]


def test_every_plan_below_a_claimed_optimum_is_a_bug() -> None:
    """Two plans cheaper than an optimal claim: the Bugs section names both, not only the first."""

    def row(planner, cost, optimal):
        return {
            "puzzle": "lamps",
            "instance": "lamps/p01.pddl",
            "planner": planner,
            "status": "solved",
            "valid": True,
            "length": cost,
            "cost": cost,
            "optimal": optimal,
            "measure": "cost",
        }

    rows = [row("fd-opt", 5, True), row("fd", 4, False), row("pyperplan", 3, False)]
    (bug,) = rep.find_bugs(Grid.of(rows))
    assert "fd found one of 4" in bug[2] and "pyperplan found one of 3" in bug[2]
    bugs = rep.find_bugs(Grid.of(rows), {"lamps/p01.pddl": 4.5})
    assert [b[2] for b in bugs[1:]] == [
        "fd's plan costs 4, below the optimum 4.5 the optimal costs file gives",
        "pyperplan's plan costs 3, below the optimum 4.5 the optimal costs file gives",
    ]


def test_compare_defaults_to_planners_that_run_the_entries() -> None:
    from puzzleplan.experiments.compare import PDDL_PLANNERS, PUZZLE_PLANNERS, Entry, default_planners

    puzzle = Entry("hanoi", "seed1.hanoi", "seed1.hanoi", "")
    task = Entry("lamps", "lamps/p01.pddl", "p01.pddl", "", "", "cost", "domain.pddl", "")
    assert default_planners([task]) == PDDL_PLANNERS and default_planners([puzzle, task]) == PUZZLE_PLANNERS
    assert default_planners([puzzle]) == ("default", "fd")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P (no working directory on sys.path) is Python 3.11's")
def test_a_folder_named_puzzleplan_where_compare_runs_does_not_hide_the_package(tmp_path: Path) -> None:
    """Run inside a checkout with a regular install, the runs' processes (`python -m`) put the working directory
    first on sys.path, and the checkout's puzzleplan folder hid the installed package: every run was an error
    ("No module named 'puzzleplan.planners'"). Here a folder of that name, which fails when imported, stands
    where compare runs."""
    (tmp_path / "puzzleplan").mkdir()
    (tmp_path / "puzzleplan" / "__init__.py").write_text("raise ImportError('the working directory was imported')")
    words = ["compare", "hanoi", HANOI[1], "--planners", "native-astar", "--out", str(tmp_path / "out")]
    done = subprocess.run(
        [sys.executable, "-P", "-m", "puzzleplan.app.cli", *words],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    rows = read_rows(tmp_path / "out" / "results.jsonl")
    assert done.returncode == 0 and [(row["status"], row["valid"]) for row in rows] == [("solved", True)], rows
