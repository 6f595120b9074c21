"""The time limit includes the way out (issue 40, item 5): a command's --timeout counts from the start of its
process and holds up to its exit, the hard limit's grace and the way out (writing the answer, stopping
children, the exit handlers) taken within it; a timeout's message still names the limit given. The default
tests check the arithmetic and the clock's reading deterministically (a command whose limit is already spent
is a proper timeout, whatever the load); the wall-clock tests, whole processes timed from start to exit, are
marked slow."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan.api.pipeline import HARD_GRACE, grace, hard_limit, limits_since, solve, within_the_limit
from puzzleplan.app import cli, graphplan_cli, guarded
from puzzleplan.common.command_limits import CommandLimits, within
from puzzleplan.common.limits import (
    WAY_OUT,
    Limits,
    TimeLimitExceeded,
    age_of,
    process_age,
    process_started,
    work_time,
)
from puzzleplan.planners.base import Status
from puzzleplan.translator.registry import load

ROOT = Path(__file__).resolve().parent.parent
HARD_TILES = "problems/tiles/fifteen-48.tiles"
STAT = "4242 (a (strange) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 2 0 0 20 0 1 0 {start} 2609152 3 18446744"


# -- reading the process's start ------------------------------------------------------------------------


def test_the_age_is_read_from_the_start_time_in_clock_ticks_after_the_command_name():
    """Field 22 of /proc/PID/stat, counted after the last parenthesis (a command name may hold both)."""
    assert age_of(STAT.format(start=12345), "200.50 380.12\n", 100) == pytest.approx(200.5 - 123.45)
    assert age_of(STAT.format(start=20050), "200.50 380.12\n", 100) == 0.0
    assert age_of(STAT.format(start=30000), "200.50 380.12\n", 100) == 0.0  # never below 0


@given(st.integers(0, 10**9), st.integers(0, 10**7), st.sampled_from([100, 250, 1000]))
@settings(derandomize=True, max_examples=60)
def test_the_age_is_the_uptime_less_the_start(start_ticks: int, later_ticks: int, hertz: int):
    uptime = (start_ticks + later_ticks) / hertz
    assert age_of(STAT.format(start=start_ticks), f"{uptime:.2f} 0.00", hertz) == pytest.approx(
        later_ticks / hertz, abs=0.006
    )


@pytest.mark.parametrize("stat, uptime", [("", "1.0 2.0"), ("1 (x) S 1", "1.0"), (STAT.format(start=1), "")])
def test_text_that_is_not_a_stat_line_is_an_error_to_fall_back_on(stat: str, uptime: str):
    with pytest.raises((ValueError, IndexError)):
        age_of(stat, uptime, 100)


def test_a_process_started_later_is_younger():
    """process_age of a child started after this process (read after it) is at most this process's."""
    child = subprocess.run(
        [sys.executable, "-c", "from puzzleplan.common.limits import process_age; print(process_age())"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert 0.0 < float(child.stdout) <= process_age()


# -- the arithmetic: the deadline moved earlier by the process's age, the grace inside the limit ----------

SECONDS = st.floats(0.001, 1e6, allow_nan=False)


@given(SECONDS, st.floats(0.0, 1e3, allow_nan=False))
@settings(derandomize=True, max_examples=200)
def test_the_hard_limit_falls_the_way_out_before_the_end_of_the_limit_given(timeout: float, spent: float):
    limits = within_the_limit(Limits(timeout, 100), spent)
    left = timeout - spent - WAY_OUT
    assert (limits.named, limits.memory_mb) == (timeout, 100)
    assert limits.timeout >= 0.005 and grace(limits.timeout) <= min(HARD_GRACE, limits.timeout)
    if left > 0.01:  # the grace is inside the limit: the run is interrupted WAY_OUT before the end
        assert hard_limit(limits) == pytest.approx(left)
        assert limits.timeout == pytest.approx(max(left - HARD_GRACE, left / 2))
    else:  # a limit already spent leaves the run a few milliseconds, a timeout
        assert hard_limit(limits) <= 0.01


def test_the_process_age_moves_the_deadline_earlier():
    """Ten seconds with 0.6 s of start-up: the planner gets 10 - 0.6 - WAY_OUT - HARD_GRACE, the hard limit
    falls at 10 - 0.6 - WAY_OUT; from the call (the API) the planner gets the whole 10 s."""
    assert within_the_limit(Limits(10), 0.6).timeout == pytest.approx(10 - 0.6 - WAY_OUT - HARD_GRACE)
    assert hard_limit(within_the_limit(Limits(10), 0.6)) == pytest.approx(10 - 0.6 - WAY_OUT)
    assert hard_limit(Limits(10)) == 10 + HARD_GRACE


def test_what_is_left_of_a_limit_keeps_naming_the_limit_given():
    limits = Limits(5.0).less(2.0).less(1.0)
    assert (limits.timeout, limits.named) == (2.0, 5.0)
    assert Limits(5.0).named == 5.0


@given(SECONDS, st.floats(0.0, 100, allow_nan=False), st.floats(0.0, 1.0, allow_nan=False))
@settings(derandomize=True, max_examples=100)
def test_a_course_programs_work_ends_its_grace_and_the_way_out_before_the_limit(timeout, spent, grace_s):
    limits = CommandLimits(timeout, None, spent)
    left = limits.left(grace_s)
    assert left is not None and left >= 0.005
    if timeout - spent - WAY_OUT - grace_s > 0.005:
        assert left + grace_s + WAY_OUT + spent == pytest.approx(timeout)
    assert CommandLimits(None).left(grace_s) is None


def test_a_course_program_counts_from_its_process_start_only_on_its_own_command_line(monkeypatch):
    monkeypatch.setattr("puzzleplan.common.command_limits.process_age", lambda: 1000.0)
    args = argparse.Namespace(timeout="3", memory=None)
    assert CommandLimits.read(args).spent == 0.0
    assert CommandLimits.read(args, whole_process=True).spent == 1000.0
    with pytest.raises(TimeLimitExceeded), within(CommandLimits.read(args, whole_process=True)):
        time.sleep(5)  # interrupted after 0.005 s: the three seconds were spent before


@given(SECONDS, st.floats(0.0, 1e3, allow_nan=False), st.floats(0.0, 1.0, allow_nan=False))
@settings(derandomize=True, max_examples=200)
def test_one_way_out_for_the_commands_and_the_course_programs(timeout: float, spent: float, grace_s: float):
    """work_time is the one formula behind both: a fixed grace (the course programs) or one never longer than
    the work (the pipeline's hard limit); either way the work, its grace and WAY_OUT end within the limit."""
    fixed, within_work = work_time(timeout, spent, grace_s), work_time(timeout, spent, grace_s, True)
    assert CommandLimits(timeout, None, spent).left(grace_s) == fixed
    assert within_the_limit(Limits(timeout), spent).timeout == work_time(timeout, spent, HARD_GRACE, True)
    assert within_work >= fixed >= 0.005
    if timeout - spent - WAY_OUT > 0.01:
        assert within_work + min(grace_s, within_work) + WAY_OUT + spent <= timeout * (1 + 1e-9)


def test_a_limit_counts_from_a_start():
    """process_started is the monotonic clock's reading at the process's start; limits_since counts a limit
    from such a reading (from now for None), as the command line, graphplan and compare's runs do."""
    assert process_started() == pytest.approx(time.monotonic() - process_age(), abs=0.05)
    assert process_started() <= time.monotonic()
    assert limits_since(Limits(10), None) == within_the_limit(Limits(10), 0.0)
    assert limits_since(Limits(10), time.monotonic() - 4.0).timeout <= 10 - 4 - WAY_OUT - HARD_GRACE


# -- a limit spent before the run: a proper timeout, naming the limit given -----------------------------


def test_a_run_whose_limit_is_spent_is_a_timeout_naming_the_limit_given():
    puzzle, instance = load("tiles", str(ROOT / HARD_TILES))
    report = solve(puzzle, instance, "fifteen-48", "native-bfs", within_the_limit(Limits(1), 5.0))
    assert report.status is Status.TIMEOUT
    assert report.message.startswith("stopped at the time limit (1 s)"), report.message


def test_the_command_line_counts_from_its_start(monkeypatch):
    """args.started, set by main(), is the moment the limit counts from."""
    args = argparse.Namespace(timeout="10", memory="1G", started=time.monotonic() - 4.0)
    limits = guarded.command_limits(args)
    assert limits.named == 10.0 and limits.memory_mb == 1024
    assert limits.timeout <= 10 - 4 - WAY_OUT - HARD_GRACE


def test_the_console_script_counts_from_the_process_start_and_main_with_words_from_the_call(monkeypatch, capsys):
    """main() on the process's own command line counts from its start (here said to be 1000 s ago: the
    limit of 60 s is spent, a timeout at once); main(WORDS) from the call (the same run solves)."""
    monkeypatch.setattr("puzzleplan.common.limits.process_age", lambda: 1000.0)
    words = ["solve", "hanoi", "problems/hanoi/tower5.hanoi", "--planner", "native-astar", "--timeout", "60"]
    monkeypatch.chdir(ROOT)
    assert cli.main([*words, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "solved"
    monkeypatch.setattr(sys, "argv", ["puzzleplan", "solve", "tiles", HARD_TILES, *words[3:], "--json"])
    assert cli.main() == 4
    (line,) = capsys.readouterr().out.splitlines()  # one JSON object
    data = json.loads(line)
    assert data["status"] == "timeout" and data["message"].startswith("stopped at the time limit (60 s)")


def test_the_graphplan_command_counts_from_its_start(capsys):
    ops, facts = ROOT / "problems/hanoi/hanoi.ops", ROOT / "problems/hanoi/seed2.facts"
    words = ["-o", str(ops), "-f", str(facts), "--timeout", "60"]
    assert graphplan_cli.run(words, started=time.monotonic()) == 0
    assert graphplan_cli.run(words, started=time.monotonic() - 1000) == 1
    assert "Time limit reached" in capsys.readouterr().out


@pytest.mark.parametrize("planner", ["native-bfs", "fd-opt", "graphplan"])
def test_a_limit_shorter_than_the_start_up_is_still_a_timeout(planner: str):
    """--timeout 0.05 is over before Python has started: one JSON object, status timeout, exit 4."""
    result = subprocess.run(
        [sys.executable, "-m", "puzzleplan", "solve", "tiles", HARD_TILES, "--planner", planner]
        + ["--timeout", "0.05", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 4, result.stdout + result.stderr
    (line,) = result.stdout.splitlines()
    data = json.loads(line)
    assert data["status"] == "timeout" and data["message"].startswith("stopped at the time limit (0.05 s)")
    assert "Traceback" not in result.stderr


# -- the promise itself, timed on whole processes (slow: wall-clock) ------------------------------------

TOLERANCE = 1.0
"""Seconds a whole process may run past its --timeout: the issue's promise."""

SOLVES = {
    "native-bfs": ["solve", "tiles", HARD_TILES, "--planner", "native-bfs"],
    "native-idastar": ["solve", "tiles", HARD_TILES, "--planner", "native-idastar:pdb663"],
    "fd-opt": ["solve", "tiles", HARD_TILES, "--planner", "fd-opt"],
    "pyperplan-opt": ["solve", "tiles", HARD_TILES, "--planner", "pyperplan-opt"],
    "up:symk-opt": ["solve", "tiles", HARD_TILES, "--planner", "up:symk-opt"],
    "plan fd-opt": ["plan", "domains/tiles.pddl", "problems/tiles/fifteen-48.pddl", "--planner", "fd-opt"],
}


def timed(command: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    """The whole process's time from start to exit, and its result."""
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    return time.monotonic() - started, result


def big_shrdlu(tmp_path: Path) -> Path:
    """`puzzleplan generate shrdlu --n 40 --goal-atoms 40 --seed 1`, which graphplan stops while encoding."""
    path = tmp_path / "big.shrdlu"
    subprocess.run(
        [sys.executable, "-m", "puzzleplan", "generate", "shrdlu", "--n", "40", "--goal-atoms", "40", "--seed", "1"]
        + ["-o", str(path)],
        cwd=ROOT,
        check=True,
        timeout=300,
    )
    return path


@pytest.mark.slow
@pytest.mark.parametrize("limit", [2, 5])  # a limit of 1 s holds only where Python starts well under a second
@pytest.mark.parametrize("kind", sorted(SOLVES))
def test_every_planner_ends_within_a_second_of_its_limit(kind: str, limit: int):
    wall, result = timed([sys.executable, "-m", "puzzleplan", *SOLVES[kind], "--timeout", str(limit), "--json"])
    assert result.returncode == 4 and json.loads(result.stdout)["status"] == "timeout", result.stderr[-500:]
    assert wall <= limit + TOLERANCE, (kind, limit, wall)


@pytest.mark.slow
@pytest.mark.parametrize("limit", [2, 5])
def test_graphplan_stopped_while_encoding_ends_within_a_second_of_its_limit(tmp_path: Path, limit: int):
    path = big_shrdlu(tmp_path)
    command = [sys.executable, "-m", "puzzleplan", "solve", "shrdlu", str(path), "--planner", "graphplan"]
    wall, result = timed([*command, "--timeout", str(limit), "--json"])
    assert result.returncode == 4 and json.loads(result.stdout)["status"] == "timeout", result.stderr[-500:]
    assert wall <= limit + TOLERANCE, (limit, wall)


@pytest.mark.slow
def test_the_portfolio_ends_within_a_second_of_its_limit(shared_data: Path):
    level = shared_data / "sokoban/xsokoban90.txt"
    words = ["solve", "sokoban", str(level), "--level", "50", "--planner", "native-push-portfolio"]
    wall, result = timed([sys.executable, "-m", "puzzleplan", *words, "--timeout", "3", "--json"])
    assert result.returncode == 4 and json.loads(result.stdout)["status"] == "timeout", result.stderr[-500:]
    assert wall <= 3 + TOLERANCE, wall


@pytest.mark.slow
def test_the_other_programs_end_within_a_second_of_their_limit(tmp_path: Path):
    board = tmp_path / "board.txt"
    board.write_text("0000000\n" * 6 + "1\n")
    maxconnect4 = [sys.executable, "-m", "puzzleplan.games.maxconnect4", "one-move", str(board)]
    wall, result = timed([*maxconnect4, str(tmp_path / "out.txt"), "40", "--timeout", "2"])
    assert result.returncode == 4 and "(2 s)" in result.stderr and wall <= 2 + TOLERANCE, (wall, result.stderr)
    shrdlu, folder = tmp_path / "n14.shrdlu", tmp_path / "n14"
    words = ["generate", "shrdlu", "--n", "14", "--goal-atoms", "14", "--seed", "1", "-o", str(shrdlu)]
    subprocess.run([sys.executable, "-m", "puzzleplan", *words], cwd=ROOT, check=True, timeout=300)
    words = ["translate", "shrdlu", str(shrdlu), "--format", "graphplan", "-o", str(folder)]
    subprocess.run([sys.executable, "-m", "puzzleplan", *words], cwd=ROOT, check=True, timeout=300)
    graphplan = [sys.executable, "-m", "puzzleplan.app.graphplan_cli", "-o", str(folder / "ops")]
    wall, result = timed([*graphplan, "-f", str(folder / "facts"), "--timeout", "2"])
    assert "Time limit reached" in result.stdout and wall <= 2 + TOLERANCE, (wall, result.stdout[-300:])


@pytest.mark.slow
def test_each_compare_run_ends_within_a_second_of_its_limit(tmp_path: Path):
    out = tmp_path / "out"
    words = ["compare", "tiles", HARD_TILES, "--planners", "native-bfs,fd-opt", "--timeout", "2", "--out", str(out)]
    subprocess.run([sys.executable, "-m", "puzzleplan", *words], cwd=ROOT, check=True, timeout=300)
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [row["status"] for row in rows] == ["timeout", "timeout"]
    assert all(row["time"]["wall"] <= 2 + TOLERANCE for row in rows), rows


@pytest.mark.slow
@pytest.mark.parametrize("limit", [2, 5])
def test_a_traced_search_ends_within_a_second_of_its_limit_page_and_all(tmp_path: Path, limit: int):
    """Writing the trace of a 15-puzzle BFS stopped at its limit (10,000 expansions and a sample) took 1.4 s
    past a 3 s limit: now the search leaves time for it, and a page not written by the limit is said."""
    page = tmp_path / "bfs.html"
    words = ["solve", "tiles", HARD_TILES, "--planner", "native-bfs", "--trace", str(page)]
    wall, result = timed([sys.executable, "-m", "puzzleplan", *words, "--timeout", str(limit), "--json"])
    assert json.loads(result.stdout)["status"] == "timeout", result.stderr[-500:]
    assert page.exists() or "not written: stopped at the time limit" in result.stderr, result.stderr[-500:]
    assert wall <= limit + TOLERANCE, (limit, wall)


def test_what_is_written_after_the_run_is_written_within_the_limit(tmp_path: Path):
    """guarded.in_time: a file written in time is kept; one the limit falls on (here 0.3 s left of 10 s, and a
    writer that takes 30 s) is removed and said not written, naming the limit."""
    page = tmp_path / "page.html"
    args = argparse.Namespace(timeout="10", memory=None, started=time.monotonic() - (10 - WAY_OUT - 0.3))

    def slow() -> tuple[None, list]:
        page.write_text("half a page")
        time.sleep(30)
        return None, []

    began = time.monotonic()
    result, failures = guarded.in_time(args, slow, page, tmp_path / "page.jsonl")
    assert time.monotonic() - began < 5 and result is None and not page.exists()
    assert [str(failure) for failure in failures] == [
        f"{page}: not written: stopped at the time limit (10 s) while writing it"
    ]
    assert guarded.in_time(args, lambda: ("done", []), page) == ("done", [])


def test_a_traced_run_keeps_time_for_writing_its_page():
    """--trace: the search ends TRACE_WRITING seconds earlier, never losing more than half its time."""
    assert guarded.keeping_for_the_trace(Limits(10, 100)) == Limits(10 - guarded.TRACE_WRITING, 100, 10)
    assert guarded.keeping_for_the_trace(Limits(2)).timeout == 1.0


# -- item 2: a time limit off the main thread says where it does not hold ---------------------------------


def test_a_time_limit_off_the_main_thread_warns_that_only_the_clock_watchers_keep_it():
    inst, seen = puzzleplan.load(str(ROOT / "problems/hanoi/tower5.hanoi")), []

    def work() -> None:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            seen.append(puzzleplan.solve(inst, "native-astar", timeout=30).status)
        seen.extend(str(warning.message) for warning in caught if warning.category is RuntimeWarning)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen[0] is Status.SOLVED and any("outside the main thread" in message for message in seen[1:]), seen
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning in the main thread
        assert puzzleplan.solve(inst, "native-astar", timeout=30).status is Status.SOLVED
