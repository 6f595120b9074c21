"""Limits on a run: the Limits given (seconds, MiB), and in this process a wall-clock time limit (SIGALRM)
and an address-space limit."""

from __future__ import annotations

import builtins
import errno
import math
import os
import re
import resource
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.guard import PR_SET_PDEATHSIG, prctl


class TimeLimitExceeded(BaseException):
    """The one time limit signal: raised in the main thread when a time_limit expires, and by every search
    that looks at its own deadline (a pattern database build, IDA*, Graphplan). A BaseException, so that
    no `except Exception` inside a planner or a library it calls swallows it; it never reaches the user of
    the API, whose calls turn it into a TIMEOUT status (or, asked to raise, LimitReached, which is a
    PuzzleplanError). Code that catches it to return a TIMEOUT result keeps only a quick exit after it:
    an expired time_limit raises again every REPEAT seconds while its block runs."""


OFF_MAIN_THREAD = (
    "puzzleplan: outside the main thread a time limit is kept only by what looks at the clock (the native "
    "searches, the planners run as programs of their own); reading, grounding and compiling may run past it. "
    "For a hard limit, make the call in a process of its own (docs/api.md, Limits)"
)
"""The warning of a time limit set outside the main thread, where no signal can interrupt the block."""

_DEADLINES: list[float] = []
"""The deadlines of the time_limit blocks active in the main thread, innermost last."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt the block with TimeLimitExceeded after `seconds` of wall-clock time (SIGALRM; main
    thread only: elsewhere a RuntimeWarning says that only what looks at the clock keeps the limit). Blocks
    nest: the earliest deadline of all active blocks holds."""
    if seconds is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        warnings.warn(OFF_MAIN_THREAD, RuntimeWarning, stacklevel=3)
        yield
        return
    deadline = time.monotonic() + bounded(max(seconds, 0.0))
    _DEADLINES.append(deadline)
    previous = signal.signal(signal.SIGALRM, _expire)
    try:
        _arm()
        yield
    finally:
        _DEADLINES.remove(deadline)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _arm()


@contextmanager
def alarm_held() -> Iterator[None]:
    """Hold a time limit's signal back during the block and take it at the block's end: starting a child
    process (the fork, Python's fork handlers, keeping the child's id) is never cut in the middle, which
    would leave a child without the handle that stops it, or print a handler's ignored exception. A child
    forked in the block inherits the hold and lets go of it first (release_alarm)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def release_alarm() -> None:
    """In a child forked inside alarm_held: let go of the hold it inherited (exec keeps a signal mask)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})


def limited_in_time() -> bool:
    """Whether a time_limit block is active in this thread."""
    return bool(_DEADLINES) and threading.current_thread() is threading.main_thread()


def decided_in_child(decide: Callable[[], bool]) -> bool:
    """What `decide()` returns, computed in a forked child while this process waits: a time_limit's signal
    cannot interrupt C code (a SAT solver) but does interrupt the wait, and the child is then killed. The
    child inherits the memory limit; one that dies without an answer is a MemoryError."""
    read, write = os.pipe()
    pid = 0
    try:
        with alarm_held():  # the child is started whole and killed below, wherever the limit falls
            pid = os.fork()
            if pid == 0:
                _answer(decide, read, write)
            os.close(write)
        answer = os.read(read, 1)
    finally:
        os.close(read)
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    if not answer:
        raise MemoryError("the child process ended without an answer")
    return answer == b"1"


def _answer(decide: Callable[[], bool], read: int, write: int) -> None:
    """decided_in_child's child: no alarm of its own (timers are not inherited), dies with its parent; writes
    its answer and ends."""
    release_alarm()
    os.close(read)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    try:
        os.write(write, b"1" if decide() else b"0")
    finally:
        os._exit(0)


def _arm() -> None:
    """Set the alarm for the earliest active deadline (or leave it off)."""
    if _DEADLINES:
        signal.setitimer(signal.ITIMER_REAL, bounded(max(min(_DEADLINES) - time.monotonic(), 1e-4)))


LONGEST = 1e6
"""Seconds of the longest wait this process arms (over eleven days): a time limit beyond it is no limit in
practice, and the system's waits overflow on larger numbers (poll, which a process's output is read with,
takes at most 2**31 milliseconds, under 25 days; setitimer and thread waits overflow near 9e9 s), so a
longer limit is taken as LONGEST (`bounded`)."""


def bounded(seconds: float) -> float:
    """`seconds`, capped at LONGEST: a wait that any system call takes (a timer, a select, a process wait)."""
    return min(seconds, LONGEST)


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
    children started inside inherit it), as a run's wrapper caps a whole solve process. The limit is the
    whole process's, so it is refused (InputError) outside the main thread, where it would make the other
    threads fail. Running out inside the block is MemoryError, also where Python says it another way (a
    module whose shared object cannot be mapped is an ImportError); a NATIVE library first imported in the
    block is imported with the limit lifted (see native_imports)."""
    if not memory_mb:
        yield
        return
    _check_main_thread()
    before = resource.getrlimit(resource.RLIMIT_AS)
    _OUTSIDE.append(before)
    try:
        with native_imports() if len(_OUTSIDE) == 1 else nullcontext(), _address_space(memory_mb, before):
            yield
    except (ImportError, OSError) as error:
        if not out_of_memory(error):
            raise
        raise MemoryError(str(error)) from error
    finally:
        _OUTSIDE.pop()


@contextmanager
def _address_space(memory_mb: int, before: tuple[int, int]) -> Iterator[None]:
    """The address-space limit itself, `before` put back after; the first thing done on the way out of the
    block is giving back the RESERVE and lifting the limit, before anything else must allocate."""
    hard = before[1]
    wanted = memory_mb * 1024 * 1024
    reserve: bytearray | None = bytearray(RESERVE)
    resource.setrlimit(resource.RLIMIT_AS, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    try:
        yield
    finally:
        reserve = None  # noqa: F841 - gives its address space back before the limit is lifted
        resource.setrlimit(resource.RLIMIT_AS, before)


_OUTSIDE: list[tuple[int, int]] = []
"""The address-space limits in force before each active memory_limit block, outermost first (a forked
process keeps its parent's: a portfolio's member limits itself inside its parent's block)."""


def _check_main_thread() -> None:
    """InputError outside the main thread: an address-space limit there would fail every thread's work."""
    if threading.current_thread() is not threading.main_thread():
        raise InputError(
            "a memory limit holds for the whole process, so it is set only in the main thread: call from the "
            "main thread, or in a process of its own (multiprocessing, concurrent.futures.ProcessPoolExecutor)",
            "memory",
        )


def _check_address_space(name: str, limit: int) -> None:
    """MemoryError when loading `name` has taken this process's address space over `limit` bytes."""
    try:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):  # not Linux: the next allocation finds out
        return
    if limit != resource.RLIM_INFINITY and size > limit:
        raise MemoryError(f"loading {name} took the address space to {size >> 20} MiB")


_NO_MEMORY = re.compile(r"failed to map segment|cannot allocate memory|out of memory", re.IGNORECASE)


def out_of_memory(error: BaseException) -> bool:
    """Whether an ImportError or OSError says memory ran out (ENOMEM, a shared object that cannot be mapped)."""
    return getattr(error, "errno", None) == errno.ENOMEM or bool(_NO_MEMORY.search(str(error)))


NATIVE = ("numpy", "scipy")
"""Packages of native code that cannot start under a tight address-space limit: OpenBLAS (numpy's) hangs
for minutes in its initialisation, or ends the whole process with exit status 1, when it cannot map the
buffers of its threads."""


@contextmanager
def native_imports() -> Iterator[None]:
    """Within the block, a NATIVE module not yet loaded is imported under the address-space limit in force
    before the outermost memory_limit block, and the block's limit is then put back: what the library took counts
    against the limit, and the search's next allocation is a MemoryError, never a hang inside C code.
    OpenBLAS is given one thread (unless the environment names a number): its buffers are per thread."""
    original = builtins.__import__
    busy = False

    def importing(name: str, *args: Any, **kwargs: Any) -> Any:
        nonlocal busy
        if busy or name.partition(".")[0] not in NATIVE or name in sys.modules:
            return original(name, *args, **kwargs)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        limited, busy = resource.getrlimit(resource.RLIMIT_AS), True
        resource.setrlimit(resource.RLIMIT_AS, _OUTSIDE[0])
        try:
            module = original(name, *args, **kwargs)
        finally:
            resource.setrlimit(resource.RLIMIT_AS, limited)
            busy = False
        _check_address_space(name, limited[0])
        return module

    builtins.__import__ = importing
    try:
        yield
    finally:
        builtins.__import__ = original


@dataclass(frozen=True)
class Limits:
    """Resource limits for one run: wall-clock seconds and memory in MiB (None = no memory limit)."""

    timeout: float = 60.0
    memory_mb: int | None = None
    given: float | None = None
    """The time limit the user gave, when `timeout` is what is left of it (None: `timeout` is the one given)."""

    @property
    def named(self) -> float:
        """The time limit a timeout's message names: the one the user gave, not what was left of it."""
        return self.timeout if self.given is None else self.given

    @classmethod
    def read(cls, timeout: str | float, memory: str | int | None) -> Limits:
        """Limits from the command line's words; InputError for nonsense (0, negative, nan)."""
        return cls(parse_seconds(str(timeout)), parse_memory(None if memory is None else str(memory)))

    def less(self, spent: float, at_least: float = 0.01) -> Limits:
        """The same limits with `spent` seconds of the time limit used up (never below `at_least` seconds); the
        limit named in messages stays the one given."""
        return Limits(max(self.timeout - spent, at_least), self.memory_mb, self.named)


WAY_OUT = 0.2
"""Seconds a command keeps for its way out after its run, within its time limit: writing the answer,
stopping what it started, its exit handlers."""


def process_age() -> float:
    """Seconds since this process started, as the system counts them (Linux: its start time in
    /proc/self/stat against /proc/uptime, to the clock tick); 0.0 where the system does not say."""
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            return age_of(stat.read(), uptime.read(), os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def process_started() -> float:
    """The time.monotonic() reading at which this process started: the moment a command's time limit counts
    from when it runs on its own command line (now, where the system does not say)."""
    return time.monotonic() - process_age()


SHORTEST_WORK = 0.005
"""Seconds of work a time limit spent before the work began still leaves it: enough to end in a timeout."""


def work_time(timeout: float, spent: float, grace: float, grace_within_work: bool = False) -> float:
    """Seconds a command's own work may take under a time limit of `timeout` seconds, `spent` of them gone
    before the work began (start-up, reading), so that `grace` seconds past the work (before the hard stop, or
    to write the answer) and WAY_OUT after them end within the limit; SHORTEST_WORK when none is left. With
    `grace_within_work` the grace is never longer than the work (the pipeline's hard limit: a short window is
    halved between them)."""
    window = timeout - spent - WAY_OUT
    return max(window - grace, window / 2 if grace_within_work else 0.0, SHORTEST_WORK)


def age_of(stat: str, uptime: str, ticks_per_second: int) -> float:
    """Seconds between a process's start and now, from its /proc/PID/stat line (field 22, the start time in
    clock ticks since boot; counted after the command name, which may hold spaces and parentheses) and the
    text of /proc/uptime (seconds since boot); never below 0. ValueError or IndexError for other text."""
    started = int(stat.rpartition(")")[2].split()[22 - 3]) / ticks_per_second
    return max(float(uptime.split()[0]) - started, 0.0)


def parse_seconds(text: str) -> float:
    """A time limit in seconds: a number above 0 (fractions allowed); one beyond LONGEST (`1e300`, `inf`)
    means no limit in practice and is taken as LONGEST, the longest wait the system's timers take."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if math.isnan(seconds) or seconds <= 0:
        raise InputError(
            f"--timeout expects a number of seconds above 0, such as 60 or 0.5 (inf for no limit), found {quote(text)}",
            "command line",
        )
    return bounded(seconds)


def parse_memory(text: str | None) -> int | None:
    """MiB from `2G`, `500M`, `1.5G`, `1T` or a plain number of MiB; None means no limit (also for a size that is
    the whole address space or more)."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([kKmMgGtT]?)i?[bB]?\s*", text)
    scale = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024**2, "": 1}
    mib = float(match.group(1)) * scale[match.group(2).upper()] if match else 0
    if not 1 <= mib <= MAX_MEMORY_MIB:
        raise InputError(
            f"--memory expects a size from 1 MiB to {MAX_MEMORY_MIB // 1024**2}T, such as 2G or 500M, "
            f"found {quote(text)}",
            "command line",
        )
    return None if mib >= WHOLE_ADDRESS_SPACE_MIB else int(mib)


MAX_MEMORY_MIB = 1024**3
"""The largest --memory (1 PiB, in MiB): far beyond any machine, and within what the address-space limit takes."""
WHOLE_ADDRESS_SPACE_MIB = 128 * 1024**2
"""MiB of a 64-bit process's whole address space (128 TiB, 47 bits): a --memory this large limits nothing and
is no limit (None); set as a limit, the Java VM sized its heap from it and could not reserve that heap."""


def timeout_message(seconds: float, said: str = "") -> str:
    """What a run stopped at its time limit says: the limit the user gave (not the time left to a phase),
    and the phase under way when `said` names one ("... while grounding the task"). A search that stopped
    at a limit of its own ("limit reached: states (...)") says so instead."""
    if said.startswith("limit reached:"):
        return said
    _, found, phase_name = said.partition("while ")
    return f"stopped at the time limit ({seconds:g} s)" + (f" while {phase_name}" if found else "")
