"""Run a planner as a child process under a hard time and memory limit; nothing outlives the limit."""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import time
from dataclasses import dataclass


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
    r"out of memory|lost sys\.std(?:err|out)|error return without exception set",
    re.IGNORECASE,
)
"""What a child prints when its address-space limit runs out. CPython does not always manage to print
MemoryError: at the limit it may lose its stderr or fail inside C code with a bare SystemError."""


def memory_exhausted(text: str, memory_mb: int | None) -> str | None:
    """What to say when a child's output shows it ran out of memory under its limit; None otherwise."""
    found = _MEMORY_SIGNS.search(text) if memory_mb else None
    return f"out of memory under {memory_mb} MiB ({found.group(0)})" if found else None


def _limit_memory(memory_mb: int | None):
    """A preexec function that caps the child's address space."""

    def apply() -> None:
        if memory_mb:
            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def _kill_group(process: subprocess.Popen) -> None:
    """Kill the child's whole process group (the child and everything it started)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run(
    command: list[str],
    timeout: float,
    memory_mb: int | None = None,
    cwd: str | None = None,
    env: dict[str, str] | None = None,
) -> Outcome:
    """Run `command` in a new session; on timeout kill the whole group and report timed_out."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_limit_memory(memory_mb),
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        _kill_group(process)
        stdout, stderr = process.communicate()
        timed_out = True
    except BaseException:
        _kill_group(process)
        process.wait()
        raise
    finally:
        _kill_group(process)  # grandchildren left behind by a finished child
    return Outcome(process.returncode, stdout, stderr, time.perf_counter() - started, timed_out)
