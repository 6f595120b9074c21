"""Sets of small integers as Python ints (bit masks): what the Sokoban analysis and Graphplan run on."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The positions of the set bits of a mask, lowest first."""
    found: list[int] = []
    append = found.append  # bound once: this loop runs for every box mask the Sokoban searches look at
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return found


def lowest(mask: int) -> int:
    """The position of the lowest set bit (-1 for an empty mask)."""
    return (mask & -mask).bit_length() - 1
