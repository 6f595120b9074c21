"""Run a planner as a child process under a hard time and memory limit; nothing outlives the limit."""
from __future__ import annotations

import os
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


def run(command: list[str], timeout: float, memory_mb: int | None = None, cwd: str | None = None,
        env: dict[str, str] | None = None) -> Outcome:
    """Run `command` in a new session; on timeout kill the whole group and report timed_out."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True, preexec_fn=_limit_memory(memory_mb))
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
