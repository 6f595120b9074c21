"""The hand-written PDDL domains, one per puzzle, shipped inside the package as data."""

from __future__ import annotations

from functools import cache
from importlib.resources import files


@cache
def domain_text(name: str) -> str:
    """The text of domains/NAME.pddl, read from the installed package (a wheel or a checkout)."""
    return files(__name__).joinpath(f"{name}.pddl").read_text(encoding="utf-8")
