"""The compiled pattern database search (_pdb_search.c)."""

from collections.abc import Callable
from typing import Any

def search(dist: Any, start: int, height: int, width: int, tiles: int, callback: Callable[[int], bool]) -> bool: ...
