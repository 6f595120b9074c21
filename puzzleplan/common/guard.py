"""A guard between puzzleplan and a planner's process tree: `python guard.py PARENT COMMAND...` runs
COMMAND in the guard's own process group and, the moment the guard's parent dies, however it dies (`kill
-9` included: the kernel then sends the guard SIGTERM, as PR_SET_PDEATHSIG asks), or the guard is told to
stop, or COMMAND ends, kills everything COMMAND started: its process group, and, the guard being a child
subreaper, every process re-parented to it with its own process group (engines that unified-planning
starts in sessions of their own, whose parent was killed). A planner's own children (Fast Downward's
translator and search) carry no death signal and ran on for seconds. The guard exits as COMMAND did. It is
run by its path and imports nothing of puzzleplan, so that it starts in milliseconds."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time

PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER = 1, 36
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
SWEEP_LIMIT = 10.0
"""Seconds the guard goes on killing before it gives up (a process stuck in the kernel cannot die)."""


def prctl(option: int, value: int) -> None:
    """Linux prctl, best effort (a no-op elsewhere)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _processes() -> list[tuple[int, int, int]]:
    """(pid, parent pid, process group) of every live process (zombies left out)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            found.append((int(name), int(fields[1]), int(fields[2])))
    return found


def _kill(pid: int, signum: int = signal.SIGKILL, group: bool = False) -> None:
    """Send a signal to a process (or a process group) that may be gone already."""
    try:
        (os.killpg if group else os.kill)(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _reap() -> bool:
    """Collect every child of this process that has ended; True while some child has not."""
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                return True
        except ChildProcessError:
            return False


def sweep_orphans() -> bool:
    """Kill the process groups of every process that was re-parented to this one (a subreaper): the
    children of a child that was killed before it could stop them; then reap them. True while some child
    of this process has not ended."""
    me = os.getpid()
    for pid, parent, group in _processes():
        if parent == me:
            if group != os.getpgrp():  # a group of its own (never this process's, which would end it)
                _kill(group, group=True)
            _kill(pid)
    return _reap()


def kill_all_below() -> None:
    """Kill every other process of this process's group and every process re-parented to it, round after
    round, until it has no child left: a killed process's children come to this subreaper only once all
    its threads have ended (its main thread shows as a zombie before that)."""
    if not os.path.isdir("/proc"):  # not Linux: the group at least, this process with it
        os.killpg(0, signal.SIGKILL)
    me, deadline = os.getpid(), time.monotonic() + SWEEP_LIMIT
    while time.monotonic() < deadline:
        killed = _kill_group(me)
        if not sweep_orphans() and not killed:
            return
        time.sleep(0.005)


def _kill_group(me: int) -> bool:
    """Kill every other live process of this process's group; True when there was one."""
    members = [pid for pid, _, group in _processes() if group == me and pid != me]
    for pid in members:
        _kill(pid)
    return bool(members)


def _stop(signum: int, frame: object) -> None:
    """Take everything below the guard down, then the guard itself."""
    for each in STOP_SIGNALS:
        signal.signal(each, signal.SIG_IGN)
    kill_all_below()
    os.kill(os.getpid(), signal.SIGKILL)


def main(argv: list[str]) -> int:
    """Run the command under guard; its exit status (death by a signal is passed on as the same death)."""
    parent, command = int(argv[0]), argv[1:]
    if os.getpgrp() != os.getpid():  # the group it kills must be its own, whoever started it
        os.setsid()
    for signum in STOP_SIGNALS:
        signal.signal(signum, _stop)
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the death signal was set
        _stop(signal.SIGTERM, None)
    code = subprocess.call(command)
    kill_all_below()  # what the command left running
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
