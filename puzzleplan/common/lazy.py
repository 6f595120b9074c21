"""Names a package offers that live in its modules, each imported on first use (PEP 562): `import puzzleplan`
loads none of the API, so that a command, whose time limit counts from its process's start, or a program
pays only for the parts it uses."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, Iterable[str]], public: Iterable[str], other: str | None = None
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`: a name of `homes` (module -> names) is imported from its
    module on first use and kept in the package, as is a name of `public` not in homes from the module `other`;
    dir() lists every public name, imported or not yet."""
    where = {name: module for module, names in homes.items() for name in names}
    offered = set(public)
    if other is not None:
        where.update({name: other for name in offered - where.keys()})

    def attribute(name: str) -> Any:
        """The public name `name`, imported from its module (AttributeError for a name not offered)."""
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        """The package's names with every public one."""
        return sorted(set(vars(sys.modules[package])) | offered)

    return attribute, names
