"""CPU seconds, the clock of the time-limit tests: a run that holds its limit uses no more CPU time than the
limit allows however loaded the machine is, while a run that lost its limit uses all the CPU time its work
takes; wall-clock time, on a machine other jobs share, tells neither."""

from __future__ import annotations

import resource
import time


def cpu_seconds() -> float:
    """CPU seconds used by this process and its finished children (planners and commands run as child processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime
