"""The compiled assignment solver (_matching.c)."""

from collections.abc import Sequence

def assign(rows: Sequence[Sequence[int]]) -> int: ...
