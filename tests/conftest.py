"""Shared fixtures: the public data folder (skipped when absent) and the --slow switch; hypothesis runs the same
examples every time, with no deadline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"

# Every property test draws the same examples on every run and in every pytest-xdist worker (derandomize: seeded
# from the test itself), and no example fails for its wall-clock time on a loaded machine (no deadline).
settings.register_profile("puzzleplan", derandomize=True, deadline=None)
settings.load_profile("puzzleplan")


def pytest_addoption(parser: pytest.Parser) -> None:
    """--slow runs the benchmarks and scale tests marked slow."""
    parser.addoption("--slow", action="store_true", help="run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip tests marked slow unless --slow is given."""
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


USER_CACHE = os.environ.get("PUZZLEPLAN_CACHE")
"""The pattern database cache the user had (None: the user's cache folder), for slow tests that want it."""


@pytest.fixture(scope="session", autouse=True)
def table_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pattern database tables go to a fresh folder (the command lines the tests start inherit it), so no
    test depends on what the user's cache holds; tests build only tiny tables there."""
    folder = tmp_path_factory.mktemp("cache")
    os.environ["PUZZLEPLAN_CACHE"] = str(folder)
    return folder


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data, or skip the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is absent")
    return SHARED_DATA


@pytest.fixture(scope="session")
def root() -> Path:
    """The project's top folder."""
    return ROOT
