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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from puzzleplan.common.errors import shorten
from puzzleplan.common.guard import PR_SET_PDEATHSIG, prctl
from puzzleplan.common.limits import alarm_held, release_alarm


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
        release_alarm()  # started inside alarm_held (run)
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


def python_module(name: str) -> list[str]:
    """The command that runs a module of this package in a new Python. From Python 3.11 on, `-P` keeps the
    working directory off its sys.path: a folder named puzzleplan there (a checkout's, with a regular install)
    would hide the installed package."""
    return [sys.executable, *(["-P"] if sys.version_info >= (3, 11) else []), "-m", name]


def reproducible_environment() -> dict[str, str]:
    """This process's environment with Python's string hashing fixed (PYTHONHASHSEED=0), for planners
    written in Python: a set of names iterates in the same order on every run, so the same task gives
    the same plan whatever hash seed the user's shell has."""
    return dict(os.environ, PYTHONHASHSEED="0")


class _Reader:
    """A child's output read while it runs: each line of its standard output handed to `on_line` as it
    comes (a planner's progress, for the status line), its standard error kept whole."""

    def __init__(self, process: subprocess.Popen, on_line: Callable[[str], None]) -> None:
        self.out: list[str] = []
        self.err: list[str] = []
        self.threads = [
            threading.Thread(target=self._lines, args=(process.stdout, on_line), daemon=True),
            threading.Thread(target=self.err.extend, args=(process.stderr,), daemon=True),
        ]
        for thread in self.threads:
            thread.start()

    def _lines(self, stream: IO[str], on_line: Callable[[str], None]) -> None:
        """Keep every line of the stream, handing each to on_line (whose failures are its own)."""
        for line in stream:
            self.out.append(line)
            try:
                on_line(line)
            except Exception:  # a progress reader never stops the run
                pass

    def collected(self) -> tuple[str, str]:
        """The whole standard output and error, once the child has closed them."""
        for thread in self.threads:
            thread.join()
        return "".join(self.out), "".join(self.err)


def _communicate(process: subprocess.Popen, reader: _Reader | None, timeout: float | None) -> tuple[str, str]:
    """The child's output once it ends (TimeoutExpired after `timeout` seconds; None: wait to the end)."""
    if reader is None:
        return process.communicate(timeout=timeout)
    process.wait(timeout)
    return reader.collected()


def _start(
    command: list[str], cwd: str | Path | None, env: dict[str, str] | None, memory_mb: int | None
) -> subprocess.Popen:
    """Start `command` in a new session, its output piped, under the memory limit. A time limit that falls
    while it starts is held back until the child is started whole (alarm_held), then stops it."""
    process = None
    try:
        with alarm_held():
            process = subprocess.Popen(
                command,
                cwd=cwd,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
                preexec_fn=_child_setup(memory_mb),
            )
    except BaseException:
        if process is not None:
            stop_group(process, 0.0)
            process.wait()
        raise
    return process


def run(
    command: list[str],
    timeout: float,
    memory_mb: int | None = None,
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
    on_line: Callable[[str], None] | None = None,
) -> Outcome:
    """Run `command` in a new session under a wall-clock and memory limit; on timeout or interruption
    stop the whole group (the child and everything it started) and report timed_out. A guard process
    (puzzleplan.common.guard) runs it, so that the group dies with this process even under kill -9.
    With `on_line`, each line of the child's standard output is handed to it as it comes."""
    started = time.perf_counter()
    process = _start([sys.executable, "-I", "-S", str(GUARD), str(os.getpid()), *command], cwd, env, memory_mb)
    reader = _Reader(process, on_line) if on_line else None
    try:
        stdout, stderr = _communicate(process, reader, timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        stop_group(process)
        stdout, stderr = _communicate(process, reader, None)
        timed_out = True
    except BaseException:
        stop_group(process)
        process.wait()
        raise
    finally:
        _signal_group(process.pid, signal.SIGKILL)  # grandchildren left behind by a finished child
    return Outcome(process.returncode, stdout, stderr, time.perf_counter() - started, timed_out)
