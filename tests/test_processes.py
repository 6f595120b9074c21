"""No planner process outlives its run: Ctrl-C on an experiment (to the process or to its group), a
killed wrapper, and a plain solve stop every child, grandchild and planner they started."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARD_TILES = str(ROOT / "problems/tiles/fifteen-48.tiles")
PLANNER_WORDS = ("-m pyperplan", "fast-downward.py")
"""What the command lines of the planners themselves hold (not the solve command that names them)."""


def marked_processes(mark: str) -> list[tuple[int, str]]:
    """(pid, command line) of the live processes whose environment carries the mark."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"PUZZLEPLAN_TEST_MARK={mark}".encode() in environ and state != "Z":
            found.append((int(entry.name), command))
    return found


def wait_for(condition, seconds: float) -> bool:
    """Poll `condition` until it holds or `seconds` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.2)
    return False


def interruptible() -> None:
    """In the child: SIGINT's default disposition (Python then turns it into KeyboardInterrupt), also when
    the test run itself was started with SIGINT ignored, as a shell starts a background job."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(words: list[str], mark: str) -> subprocess.Popen:
    """Start `puzzleplan WORDS` in a session of its own, its environment marked, Ctrl-C not ignored."""
    env = dict(os.environ, PUZZLEPLAN_TEST_MARK=mark)
    return subprocess.Popen(
        [sys.executable, "-m", "puzzleplan.app.cli", *words],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=interruptible,
    )


def planners_running(mark: str) -> bool:
    """True once a planner process (pyperplan or Fast Downward's search) of the marked tree runs."""
    return sum(any(word in command for word in PLANNER_WORDS) for _, command in marked_processes(mark)) >= 2


@pytest.mark.parametrize("target", ["process", "group"])
def test_ctrl_c_on_compare_leaves_no_process(tmp_path, target):
    """SIGINT to the experiment (as Ctrl-C sends it to the group, or to its PID alone): exit 130 and
    nothing left running, pyperplan and Fast Downward included."""
    mark = uuid.uuid4().hex
    words = ["compare", "tiles", HARD_TILES, "--planners", "pyperplan-opt,fd-opt", "--jobs", "2"]
    process = start(words + ["--timeout", "60", "--out", str(tmp_path / "out")], mark)
    try:
        assert wait_for(lambda: planners_running(mark), 30), marked_processes(mark)
        if target == "group":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130, process.stderr.read()
        assert wait_for(lambda: not marked_processes(mark), 5), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


def test_killed_wrapper_leaves_no_process(tmp_path):
    """SIGKILL to a run's wrapper process: its solve and the planner under it stop too."""
    mark = uuid.uuid4().hex
    words = ["compare", "tiles", HARD_TILES, "--planners", "pyperplan-opt", "--timeout", "60"]
    process = start(words + ["--out", str(tmp_path / "out")], mark)
    try:
        assert wait_for(lambda: any("-m pyperplan" in c for _, c in marked_processes(mark)), 30)
        wrapper = next(pid for pid, command in marked_processes(mark) if "puzzleplan.experiments.run_one" in command)
        os.kill(wrapper, signal.SIGKILL)
        process.wait(20)
        assert wait_for(lambda: not marked_processes(mark), 5), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("planner", ["pyperplan-opt", "fd-opt"])
def test_interrupted_solve_leaves_no_process(planner):
    """SIGINT or SIGTERM to `puzzleplan solve` while its planner runs: exit 130, the planner stopped."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        _interrupt_solve(planner, signum)


def _interrupt_solve(planner: str, signum: int) -> None:
    """Start a solve, send `signum` once its planner runs, check that everything stopped."""
    mark = uuid.uuid4().hex
    process = start(["solve", "tiles", HARD_TILES, "--planner", planner, "--timeout", "60"], mark)
    try:
        assert wait_for(lambda: any(w in c for _, c in marked_processes(mark) for w in PLANNER_WORDS), 30)
        process.send_signal(signum)
        assert process.wait(20) == 130, process.stderr.read()
        assert wait_for(lambda: not marked_processes(mark), 5), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("planner", ["fd-opt", "pyperplan-opt"])
def test_kill_9_of_solve_leaves_no_process(planner):
    """`kill -9` of `solve` left Fast Downward's search process running for about 4 s: its children had no
    death signal. A guard process now takes the planner's whole group down with it."""
    mark = uuid.uuid4().hex
    process = start(["solve", "tiles", HARD_TILES, "--planner", planner, "--timeout", "60"], mark)
    kill_9_leaves_nothing(process, mark, ("downward ", "-m pyperplan"), 1)


def kill_9_leaves_nothing(process: subprocess.Popen, mark: str, running: tuple[str, ...], seconds: float) -> None:
    """Once a marked process whose command line holds one of `running` runs, kill -9 `process`, and check
    that nothing marked is left `seconds` later."""
    try:
        assert wait_for(lambda: any(w in c for _, c in marked_processes(mark) for w in running), 30)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(20)
        assert wait_for(lambda: not marked_processes(mark), seconds), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


RUN_A_STUBBORN_TREE = """
import sys
from puzzleplan.common.processes import run
run(["sh", "-c", "trap '' TERM; sleep 60 & wait"], timeout=120)
"""


def test_kill_9_of_a_runner_takes_down_a_child_tree_that_ignores_sigterm():
    """The death signal reached the planner's first process only, which may ignore it or leave its own
    children running (Fast Downward's driver did, for seconds); the guard kills the whole group."""
    mark = uuid.uuid4().hex
    env = dict(os.environ, PUZZLEPLAN_TEST_MARK=mark)
    runner = subprocess.Popen([sys.executable, "-c", RUN_A_STUBBORN_TREE], env=env, start_new_session=True)
    kill_9_leaves_nothing(runner, mark, ("sleep 60",), 2)


A_CHILD_WITH_A_SESSION_OF_ITS_OWN = """
import subprocess, threading, time
def start():  # from a thread, as unified-planning starts an engine
    subprocess.Popen(["sleep", "61"], start_new_session=True)
threading.Thread(target=start).start()
print("started", flush=True)
"""
STILL_RUNNING = """
threading.Thread(target=time.sleep, args=(60,)).start()  # a killed child's threads end after its main thread
time.sleep(60)
"""


@pytest.mark.parametrize("stopped", [True, False])
def test_a_process_in_a_session_of_its_own_ends_with_the_run(stopped):
    """A child that starts a process in a session of its own (from a thread, as unified-planning starts SymK),
    stopped at the time limit or ending by itself: that process ends with the run, before run returns (the
    guard used to SIGKILL its group, and such a process ran on under init)."""
    from puzzleplan.common.processes import run

    mark = uuid.uuid4().hex
    script = A_CHILD_WITH_A_SESSION_OF_ITS_OWN + (STILL_RUNNING if stopped else "")
    env = dict(os.environ, PUZZLEPLAN_TEST_MARK=mark)
    try:
        outcome = run([sys.executable, "-c", script], timeout=2 if stopped else 60, env=env)
        assert outcome.stdout == "started\n" and outcome.timed_out == stopped, outcome
        assert not [command for _, command in marked_processes(mark) if "sleep" in command]
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_a_portfolio_s_members_end_with_its_solve(shared_data, signum):
    """SIGINT, SIGTERM or kill -9 to a solve whose portfolio races two forked members: none outlives it."""
    level = ["solve", "sokoban", str(shared_data / "sokoban" / "xsokoban90.txt"), "--level", "20"]
    mark = uuid.uuid4().hex
    process = start([*level, "--planner", "native-push-portfolio", "--timeout", "60"], mark)
    try:
        assert wait_for(lambda: len(marked_processes(mark)) >= 3, 30), marked_processes(mark)  # solve, 2 members
        process.send_signal(signum)
        assert process.wait(20) == (-9 if signum == signal.SIGKILL else 130), process.stderr.read()
        assert wait_for(lambda: not marked_processes(mark), 5), marked_processes(mark)
    finally:
        for pid, _ in marked_processes(mark):
            os.kill(pid, signal.SIGKILL)
