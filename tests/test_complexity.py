"""Cyclomatic complexity of the package, measured with radon as `radon cc -a` does: every function, method
and class of the installed folders.

No function may be above MAX_COMPLEXITY, and the mean over all of them may not be above MEAN_LIMIT (the
project's bound)."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

radon = pytest.importorskip("radon.complexity")

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("puzzleplan", "translator", "planners", "domains", "games", "logic")
MAX_COMPLEXITY = 15
MEAN_LIMIT = 3.5


def blocks() -> list[tuple[int, str]]:
    """(complexity, file:name) of every function, method and class of the package."""
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for block in radon.sorted_results(radon.cc_visit(path.read_text())):
                found.append((block.complexity, f"{path.relative_to(ROOT)}:{block.fullname}"))
    return found


def test_no_function_is_too_complex() -> None:
    too_complex = sorted((block for block in blocks() if block[0] > MAX_COMPLEXITY), reverse=True)
    assert not too_complex, f"above {MAX_COMPLEXITY}: {too_complex}"


def test_the_mean_complexity_is_within_its_bound() -> None:
    mean = statistics.mean(complexity for complexity, _ in blocks())
    assert mean <= MEAN_LIMIT, f"mean cyclomatic complexity {mean:.3f} (limit {MEAN_LIMIT})"
