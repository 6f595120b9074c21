"""Which version of a planner ran, for experiment results: Fast Downward's release and the git revision
its binary was built from (the copy up-fast-downward bundles), the installed distribution of pyperplan and
of each unified-planning engine (importlib.metadata), and puzzleplan's own version for the planners
written here (native searches, Graphplan)."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from importlib.metadata import PackageNotFoundError, version

from puzzleplan.planners.fast_downward import driver_path

OURS = ("native-", "graphplan", "up:graphplan")
"""Planners written in this project: their version is puzzleplan's."""


def distribution(name: str) -> str | None:
    """The installed version of a distribution, None when it is not installed."""
    try:
        return version(name)
    except PackageNotFoundError:
        return None


@cache
def fast_downward_version() -> str:
    """`Fast Downward 26.6 (revision 7ea275526; up-fast-downward 1.0.0)`, from the bundled driver's
    version file and the search binary's --internal-git-revision; `not installed` without it."""
    driver = driver_path()
    if driver is None:
        return "Fast Downward: not installed"
    found = re.search(r'__version__ = "([^"]+)"', (driver.parent / "driver" / "version.py").read_text())
    release = found.group(1) if found else "unknown"
    details = [f"revision {revision}"] if (revision := _revision(driver)) else []
    details.append(f"up-fast-downward {distribution('up-fast-downward')}")
    return f"Fast Downward {release} ({'; '.join(details)})"


def _revision(driver) -> str:
    """The git revision the search binary was built from ("" when it does not say)."""
    binary = driver.parent / "builds" / "release" / "bin" / "downward"
    try:
        done = subprocess.run([str(binary), "--internal-git-revision"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    words = done.stdout.split()
    return words[0] if done.returncode == 0 and words else ""


def planner_version(name: str) -> str:
    """The version of the planner a name runs, as a results row records it."""
    if name.startswith(OURS):
        return f"puzzleplan {distribution('puzzleplan')}"
    if name == "fd" or name.startswith(("fd-", "fd:")):
        return fast_downward_version()
    if name.startswith("pyperplan"):
        return f"pyperplan {distribution('pyperplan')}"
    if name.startswith("up:"):
        return _engine_version(name[3:])
    return f"puzzleplan {distribution('puzzleplan')}"


def _engine_version(engine: str) -> str:
    """A unified-planning engine's distribution (up-symk for symk-opt, up-fast-downward for fast-downward)
    and unified-planning's own version."""
    base = engine.removesuffix("-opt").removesuffix("-anytime")
    package = next((f"up-{part}" for part in (base, base.split("-")[0]) if distribution(f"up-{part}")), None)
    shown = f"{package} {distribution(package)}" if package else f"{engine} (package unknown)"
    return f"{shown}; unified-planning {distribution('unified-planning')}"
