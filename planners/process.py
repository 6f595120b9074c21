"""Run a planner as a child process under a hard time and memory limit; nothing outlives the limit."""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from puzzleplan.planners.guard import PR_SET_PDEATHSIG, prctl
from puzzleplan.translator.errors import shorten


@dataclass(frozen=True)
class Outcome:
    """How a child process ended."""

    returncode: int | None
    stdout: str
    stderr: str
    elapsed: float
    timed_out: bool


_MEMORY_SIGNS = re.compile(
    r"MemoryError|bad_alloc|Cannot allocate memory|failed to map segment|"
    r"out of memory|lost sys\.std(?:err|out)|error return without exception set|"
    r"Memory allocation still failed|Native memory allocation|Could not reserve enough space|Could not allocate|"
    r"Failed to allocate memory|Memory limit has been reached|Reached memory limit",
    re.IGNORECASE,
)
"""What a child prints when its address-space limit runs out. CPython does not always manage to print
MemoryError: at the limit it may lose its stderr or fail inside C code with a bare SystemError. OpenBLAS
(numpy's), the Java VM and Fast Downward's search (as SymK runs it through unified-planning, which reports
an internal error) have signs of their own."""


def memory_exhausted(text: str, memory_mb: int | None) -> str | None:
    """What to say when a child's output shows it ran out of memory under its limit; None otherwise."""
    found = _MEMORY_SIGNS.search(text) if memory_mb else None
    return f"out of memory under {memory_mb} MiB ({found.group(0)})" if found else None


SUMMARY_LIMIT = 300
"""Characters of a child's output that an error message quotes."""


def output_summary(text: str, lines: int = 3) -> str:
    """The last few non-blank lines of a child's output, short, for an error message: of a Python
    traceback only its last line (the exception) is kept, the escaped newlines of a printed bytes object
    count as line ends, and the whole is cut at SUMMARY_LIMIT characters (a failed Fast Downward
    translator once sent 251 KB of traceback)."""
    rows = [row.strip() for row in text.replace("\\n", "\n").splitlines() if row.strip()]
    return shorten(" | ".join(_without_traceback(rows)[-lines:]), SUMMARY_LIMIT)


def _without_traceback(rows: list[str]) -> list[str]:
    """The output's lines, or of a Python traceback only its exception's line (else its last line)."""
    if not any("Traceback (most recent call last)" in row for row in rows):
        return rows
    return [row for row in rows if _EXCEPTION.match(row)][-1:] or rows[-1:]


_EXCEPTION = re.compile(r"[\w.]*(?:Error|Exception|Exit|Interrupt)\b")


GUARD = Path(__file__).with_name("guard.py")
"""The script that runs every child and takes its process group down with this process (see there)."""
GRACE_TERM = 1.0
"""Seconds a stopped process group has between SIGTERM and SIGKILL to stop its own children."""


def _child_setup(memory_mb: int | None):
    """A preexec function: the child gets SIGTERM when its parent dies, however it dies, and its address
    space is capped."""

    def apply() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if memory_mb:
            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def _signal_group(pid: int, signum: int) -> bool:
    """Send a signal to a process group; False when the group is gone."""
    try:
        os.killpg(pid, signum)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def stop_group(process: subprocess.Popen, grace: float = GRACE_TERM) -> None:
    """Stop a child's whole process group: SIGTERM first, so that a child running planners of its own
    stops them, then SIGKILL for whatever is left after `grace` seconds."""
    if _signal_group(process.pid, signal.SIGTERM):
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    _signal_group(process.pid, signal.SIGKILL)


def interrupt_on_terminate() -> None:
    """Turn SIGTERM and SIGHUP into KeyboardInterrupt, so that the code running a child stops it too."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, interrupt)


def reproducible_environment() -> dict[str, str]:
    """This process's environment with Python's string hashing fixed (PYTHONHASHSEED=0), for planners
    written in Python: a set of names iterates in the same order on every run, so the same task gives
    the same plan whatever hash seed the user's shell has."""
    return dict(os.environ, PYTHONHASHSEED="0")


def run(
    command: list[str],
    timeout: float,
    memory_mb: int | None = None,
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
) -> Outcome:
    """Run `command` in a new session under a wall-clock and memory limit; on timeout or interruption
    stop the whole group (the child and everything it started) and report timed_out. A guard process
    (puzzleplan.planners.guard) runs it, so that the group dies with this process even under kill -9."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-I", "-S", str(GUARD), str(os.getpid()), *command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_child_setup(memory_mb),
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        stop_group(process)
        stdout, stderr = process.communicate()
        timed_out = True
    except BaseException:
        stop_group(process)
        process.wait()
        raise
    finally:
        _signal_group(process.pid, signal.SIGKILL)  # grandchildren left behind by a finished child
    return Outcome(process.returncode, stdout, stderr, time.perf_counter() - started, timed_out)


class TimeLimitExceeded(BaseException):
    """Raised in the main thread when a time_limit expires (a BaseException, so that no `except
    Exception` inside a planner swallows it)."""


_DEADLINES: list[float] = []
"""The deadlines of the time_limit blocks active in the main thread, innermost last."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt the block with TimeLimitExceeded after `seconds` of wall-clock time (SIGALRM; main
    thread only, no limit elsewhere). Blocks nest: the earliest deadline of all active blocks holds."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    deadline = time.monotonic() + max(seconds, 0.0)
    _DEADLINES.append(deadline)
    previous = signal.signal(signal.SIGALRM, _expire)
    _arm()
    try:
        yield
    finally:
        _DEADLINES.remove(deadline)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _arm()


def limited_in_time() -> bool:
    """Whether a time_limit block is active in this thread."""
    return bool(_DEADLINES) and threading.current_thread() is threading.main_thread()


def decided_in_child(decide: Callable[[], bool]) -> bool:
    """What `decide()` returns, computed in a forked child while this process waits: a time_limit's signal
    cannot interrupt C code (a SAT solver) but does interrupt the wait, and the child is then killed. The
    child inherits the memory limit; one that dies without an answer is a MemoryError."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: no alarm of its own (timers are not inherited), dies with its parent
        os.close(read)
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        try:
            os.write(write, b"1" if decide() else b"0")
        finally:
            os._exit(0)
    os.close(write)
    try:
        answer = os.read(read, 1)
    finally:
        os.close(read)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    if not answer:
        raise MemoryError("the child process ended without an answer")
    return answer == b"1"


def _arm() -> None:
    """Set the alarm for the earliest active deadline (or leave it off)."""
    if _DEADLINES:
        signal.setitimer(signal.ITIMER_REAL, max(min(_DEADLINES) - time.monotonic(), 1e-4))


REPEAT = 0.25
"""Seconds after which an expired time_limit raises again while its block still runs."""


def _expire(signum: int, frame: object) -> None:
    """SIGALRM: the earliest deadline has passed. The alarm is set again before raising: an exception
    raised while a destructor (`__del__`) runs is swallowed by Python, and the block would otherwise run
    on without a limit; the block's exit turns the repeat off."""
    signal.setitimer(signal.ITIMER_REAL, REPEAT)
    raise TimeLimitExceeded


RESERVE = 4 * 1024 * 1024
"""Bytes of address space a memory_limit block holds back and frees before it lifts its limit: at the limit
even the few bytes that lifting it takes may be missing, and the limit would then stay on for good (every
later line failing with MemoryError, a traceback of 155 lines)."""


@contextmanager
def memory_limit(memory_mb: int | None) -> Iterator[None]:
    """Cap this process's address space at `memory_mb` MiB for the block (the soft limit, restored after;
    children started inside inherit it), as a run's wrapper caps a whole solve process."""
    if not memory_mb:
        yield
        return
    before = resource.getrlimit(resource.RLIMIT_AS)
    hard = before[1]
    wanted = memory_mb * 1024 * 1024
    reserve: bytearray | None = bytearray(RESERVE)
    resource.setrlimit(resource.RLIMIT_AS, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    try:
        yield
    finally:
        reserve = None  # noqa: F841 - gives its address space back before the limit is lifted
        resource.setrlimit(resource.RLIMIT_AS, before)
