"""A parallel portfolio of native planners: each member searches the same instance in a forked process of
its own, at once, and the plan of least *virtual time* wins: the states the member expanded to find it
times the member's weight (its relative cost of a state). A member is stopped as soon as its virtual time
passes the best plan's, since it can no longer win. The answer is therefore the one the members would
give taking turns on one core by virtual time, whichever process finishes first: runs repeat (only a plan
found in the last moments before the time limit may come from a member that a second run would still be
waiting on). Each member runs under the time limit and an equal share of the memory limit."""

from __future__ import annotations

import os
import pickle
import select
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.sharedctypes import RawArray
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.guard import PR_SET_PDEATHSIG, prctl
from puzzleplan.common.limits import Limits, alarm_held, memory_limit, release_alarm
from puzzleplan.common.progress import CURRENT, watch
from puzzleplan.common.recorder import active
from puzzleplan.common.trace import Trace
from puzzleplan.planners.base import NativePlanner, PlanResult, Simulation, Status, simulates
from puzzleplan.planners.search import LIMIT_REACHED, Deadline

POLL = 0.02
"""Seconds between looks at the members' progress (the parent's and each member's publishing)."""


@dataclass
class _Run:
    """One member's process: the read end of its pipe, what it has sent, and how it ended."""

    index: int
    name: str
    weight: float
    pid: int
    pipe: int
    received: bytearray = field(default_factory=bytearray)
    result: PlanResult | None = None
    ended: bool = False
    trace: Trace | None = None
    """The member's trace, when the run is traced."""

    def read(self) -> None:
        """Take what the member sent; at the end of its pipe, unpickle its result (and trace)."""
        chunk = os.read(self.pipe, 1 << 16)
        if chunk:
            self.received += chunk
            return
        self.ended = True
        try:
            self.result, self.trace = pickle.loads(self.received)
        except (pickle.UnpicklingError, EOFError):  # nothing sent, or cut off by a kill
            self.result = _died(self.name)

    def stop(self) -> None:
        """Kill the process (if it still runs) and close the pipe."""
        self.ended = True
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            os.close(self.pipe)
            self.pid = 0

    def virtual_time(self) -> float:
        """The virtual time of the member's plan (infinite when it has none)."""
        if self.result is None or not self.result.solved:
            return float("inf")
        return (self.result.expanded or 0) * self.weight


def _died(name: str) -> PlanResult:
    """The result of a member whose process ended without sending one (killed for memory, most likely)."""
    return PlanResult(Status.MEMOUT, message=f"{name} ended without an answer (out of memory?)")


class Portfolio:
    """Native planners run in parallel as one planner (see the module's docstring)."""

    optimal = False
    fragment = None
    traces = True
    """A traced run keeps the trace of the member whose plan it keeps (when every member traces)."""

    def __init__(self, name: str, members: Sequence[tuple[str, float]]) -> None:
        from puzzleplan.planners.registry import get_planner  # the registry names this class

        self.name = name
        self.members: list[tuple[NativePlanner, float]] = []
        for member, weight in members:
            planner = get_planner(member)
            if not simulates(planner):
                raise InputError(f"portfolio {name}: {member} is not a native planner", "planner table")
            self.members.append((planner, weight))
        self.optimal = all(planner.optimal for planner, _ in self.members)
        self.traces = all(getattr(planner, "traces", False) for planner, _ in self.members)

    @property
    def puzzles(self) -> tuple[str, ...] | None:
        """The puzzles every member is written for."""
        known = [planner.puzzles for planner, _ in self.members if planner.puzzles is not None]
        return tuple(name for name in known[0] if all(name in other for other in known)) if known else None

    def available(self) -> tuple[bool, str]:
        """Whether every member can run here."""
        for planner, _ in self.members:
            ok, why = planner.available()
            if not ok:
                return False, f"{planner.name}: {why}"
        return True, ""

    def solve(self, problem: Simulation, limits: Limits) -> PlanResult:
        """Race the members on `problem`; the plan of least virtual time, or why none was found."""
        started, deadline = time.perf_counter(), Deadline(limits.timeout)
        expanded = RawArray("q", len(self.members))
        share = Limits(limits.timeout, limits.memory_mb // len(self.members) if limits.memory_mb else None)
        runs: list[_Run] = []
        try:
            for index, (planner, weight) in enumerate(self.members):
                runs.append(_fork(planner, weight, index, problem, share, expanded))
            watch(lambda: (sum(expanded), None))
            _race(runs, expanded, deadline)
        finally:
            for run in runs:
                run.stop()
        return _verdict(runs, time.perf_counter() - started)


def _fork(
    planner: NativePlanner, weight: float, index: int, problem: Simulation, limits: Limits, expanded: Any
) -> _Run:
    """Start a member in a forked process that sends its pickled PlanResult down a pipe and publishes its
    states expanded in `expanded[index]` as it goes."""
    read, write = os.pipe()
    with alarm_held():  # the time limit never cuts the fork's handlers
        pid = os.fork()
    if pid:
        os.close(write)
        return _Run(index, planner.name, weight, pid, read)
    release_alarm()
    os.close(read)
    try:
        _member(planner, problem, limits, expanded, index, write)
    finally:
        os._exit(0)


def _member(planner: NativePlanner, problem: Simulation, limits: Limits, expanded: Any, index: int, out: int) -> None:
    """A member's process: search, then send the result (the parent's time limit kills it if it hangs)."""
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it kills the members
    started = time.perf_counter()
    threading.Thread(target=_publish, args=(expanded, index, started), daemon=True).start()
    try:
        with memory_limit(limits.memory_mb):
            result = planner.solve(problem, limits)
    except MemoryError:
        result = PlanResult(Status.MEMOUT, message=f"out of memory under {limits.memory_mb} MiB")
    except Exception as error:  # noqa: BLE001 - a member's failure is its result, not the portfolio's crash
        result = PlanResult(Status.ERROR, message=f"{type(error).__name__}: {error}")
    recorder = active()
    data = memoryview(pickle.dumps((result, None if recorder is None else recorder.trace)))
    while data:
        data = data[os.write(out, data) :]


def _publish(expanded: Any, index: int, started: float) -> None:
    """Copy the member's states expanded so far (its search's progress figures) to shared memory."""
    while True:
        figures = CURRENT.figures
        if figures is not None and CURRENT.figures_started >= started:
            expanded[index] = figures()[0]
        time.sleep(POLL)


def _race(runs: list[_Run], expanded: Any, deadline: Deadline) -> None:
    """Read the members' results as they come and stop every member that can no longer win; at the time
    limit, stop the rest (a member stopped so has timed out)."""
    while (live := [run for run in runs if not run.ended]) and not deadline.passed():
        ready, _, _ = select.select([run.pipe for run in live], [], [], POLL)
        for run in live:
            if run.pipe in ready:
                run.read()
        best = min(run.virtual_time() for run in runs)
        for run in live:
            if not run.ended and expanded[run.index] * run.weight > best:
                run.stop()
    for run in runs:
        if not run.ended:
            run.stop()
            run.result = PlanResult(Status.TIMEOUT, expanded=expanded[run.index], message="stopped at the time limit")


def _verdict(runs: list[_Run], elapsed: float) -> PlanResult:
    """The winner's result (least virtual time, then the first member), naming it; else why none won."""
    winner = min(runs, key=lambda run: (run.virtual_time(), run.index))
    if winner.result is not None and winner.result.solved:
        found = f"found by {winner.name} in {winner.result.expanded or 0:,} states"
        _keep_trace(winner, [run.name for run in runs if run is not winner])
        return replace(winner.result, search_time=elapsed, message=found)
    results = [(run.name, run.result) for run in runs if run.result is not None]
    status = next(
        (status for status in _FAILURES if any(result.status is status for _, result in results)), Status.ERROR
    )
    total = sum(result.expanded or 0 for _, result in results)
    return PlanResult(status, expanded=total, search_time=elapsed, message=_said(results, total))


def _keep_trace(winner: _Run, others: list[str]) -> None:
    """A traced run's trace: the winner's, its note naming it and the members not recorded."""
    recorder = active()
    if recorder is None or winner.trace is None:
        return
    trace, planner = winner.trace, recorder.trace.planner
    said = f"The trace of {winner.name}, whose plan the portfolio kept; {', '.join(others)} searched beside it, "
    said += "not recorded."
    trace.planner, trace.note = planner, f"{said} {trace.note}".strip()
    recorder.trace = trace


def _said(results: list[tuple[str, PlanResult]], total: int) -> str:
    """What the members said, one after the other; led by "limit reached: states" when every member spent its
    state budget (a timeout by states, not seconds)."""
    said = "; ".join(f"{name}: {result.message or result.status.value}" for name, result in results)
    if all((result.message or "").startswith(LIMIT_REACHED) for _, result in results):
        return f"{LIMIT_REACHED} ({total:,} expanded; {said})"
    return said


_FAILURES = (Status.UNSOLVABLE, Status.TIMEOUT, Status.MEMOUT, Status.ERROR, Status.UNSUPPORTED)
"""How an unsolved portfolio ends, by the first of its members' endings in this order: one member's proof
that there is no plan settles it; a timeout says more could be found with more time."""
