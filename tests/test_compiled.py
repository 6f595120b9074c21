"""The C extensions are optional (pyproject.toml: optional = true), so that the project installs without a
compiler; their tests skip when they are missing. On a machine with gcc and the Python headers every one of
them must have been built, so that a kernel that stops compiling fails here instead of being skipped."""

from __future__ import annotations

import importlib
import shutil
import sysconfig
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent


def extensions() -> list[str]:
    """The module names of pyproject.toml's C extensions."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return [module["name"] for module in table["ext-modules"]]


def test_pyproject_declares_the_kernels() -> None:
    assert "puzzleplan.translator.sokoban._analysis" in extensions() and len(extensions()) >= 4


@pytest.mark.skipif(
    shutil.which("gcc") is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists(),
    reason="no C compiler or no Python headers here: the extensions are optional",
)
@pytest.mark.parametrize("name", extensions())
def test_every_kernel_is_built_where_a_compiler_is(name: str) -> None:
    assert importlib.import_module(name).__file__
