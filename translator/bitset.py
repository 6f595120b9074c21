"""Sets of small integers as Python ints (bit masks): what the Sokoban analysis and Graphplan run on."""

from __future__ import annotations


def bits_loop(mask: int) -> list[int]:
    """The positions of the set bits of a mask, lowest first."""
    found: list[int] = []
    append = found.append  # bound once: this loop runs for every box mask the Sokoban searches look at
    while mask:
        low = mask & -mask
        append(low.bit_length() - 1)
        mask ^= low
    return found


def flood_loop(seed: int, area: int, width: int) -> int:
    """Mask of the cells of `area` connected to the `seed` mask on a grid `width` cells wide (bit-parallel
    flood fill: the mask grows by its four neighbours within the area until it stops changing)."""
    reach = seed
    while True:
        grown = (reach | (reach << 1) | (reach >> 1) | (reach << width) | (reach >> width)) & area
        if grown == reach:
            return reach
        reach = grown


def touching(cells: int, width: int) -> int:
    """The cells of a mask and the eight around each, on a grid `width` cells wide."""
    row = cells | (cells << 1) | (cells >> 1)
    return row | (row << width) | (row >> width)


def flood8_loop(seed: int, area: int, width: int) -> int:
    """flood_loop with diagonal neighbours joined."""
    reach = seed
    while (grown := touching(reach, width) & area) != reach:
        reach = grown
    return reach


try:  # the same three, compiled at install (translator/_bitset.c); optional: without a compiler, the loops above
    from puzzleplan.translator._bitset import bits, flood, flood8
except ImportError:  # pragma: no cover - a build without a compiler
    bits, flood, flood8 = bits_loop, flood_loop, flood8_loop


def lowest(mask: int) -> int:
    """The position of the lowest set bit (-1 for an empty mask)."""
    return (mask & -mask).bit_length() - 1
