"""A guard between puzzleplan and a planner's process tree: `python guard.py PARENT COMMAND...` runs
COMMAND in the guard's own process group and kills that whole group with SIGKILL the moment the guard's
parent dies, however it dies (`kill -9` included: the kernel then sends the guard SIGTERM, as
PR_SET_PDEATHSIG asks), or the guard is told to stop. A planner's own children (Fast Downward's translator
and search) carry no such signal and ran on for seconds. The guard exits as COMMAND did. It is run by its
path and imports nothing of puzzleplan, so that it starts in milliseconds."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _kill_group(signum: int, frame: object) -> None:
    """Take the guard's whole process group down at once (the guard with it)."""
    os.killpg(0, signal.SIGKILL)


def main(argv: list[str]) -> int:
    """Run the command under guard; its exit status (death by a signal is passed on as the same death)."""
    parent, command = int(argv[0]), argv[1:]
    if os.getpgrp() != os.getpid():  # the group it kills must be its own, whoever started it
        os.setsid()
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, _kill_group)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: no death signal
        pass
    if os.getppid() != parent:  # the parent died before the death signal was set
        _kill_group(signal.SIGTERM, None)
    code = subprocess.call(command)
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
