"""The C extensions are optional (pyproject.toml: optional = true), so that the project installs without a
compiler; their tests skip when they are missing. On a machine with gcc and the Python headers every one of
them must have been built, so that a kernel that stops compiling fails here instead of being skipped."""

from __future__ import annotations

import importlib
import re
import shutil
import sysconfig
from pathlib import Path
from typing import Any

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent


def kernels() -> list[dict[str, Any]]:
    """pyproject.toml's C extensions, a table each."""
    return list(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["ext-modules"])


def extensions() -> list[str]:
    """The module names of pyproject.toml's C extensions."""
    return [module["name"] for module in kernels()]


def included(source: Path) -> set[str]:
    """The project's own headers a C file includes (`#include "..."`), as paths from the project's root."""
    names = re.findall(r'^#include "([^"]+)"', source.read_text(), re.MULTILINE)
    return {(source.parent / name).resolve().relative_to(ROOT).as_posix() for name in names}


def test_pyproject_declares_the_kernels() -> None:
    assert "puzzleplan.translator.sokoban._analysis" in extensions() and len(extensions()) >= 4


@pytest.mark.parametrize("module", kernels(), ids=extensions())
def test_a_kernel_depends_on_the_headers_it_includes(module: dict[str, Any]) -> None:
    """A header gets into the sdist only through the `depends` of the extensions that include it: without it, a
    wheel built from the sdist would leave the kernel out without a word (optional = true)."""
    depends = module.get("depends", [])
    files = [ROOT / name for name in (*module["sources"], *depends)]
    assert set().union(*map(included, files)) <= set(depends)


@pytest.mark.skipif(
    shutil.which("gcc") is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists(),
    reason="no C compiler or no Python headers here: the extensions are optional",
)
@pytest.mark.parametrize("name", extensions())
def test_every_kernel_is_built_where_a_compiler_is(name: str) -> None:
    assert importlib.import_module(name).__file__
