"""A Bloxorz state as a learning agent sees it: two planes over the stage, the tiles and the block."""

from __future__ import annotations

from puzzleplan.translator.bloxorz.level import CLOSED, FRAGILE, GOAL, HEAVY, OPEN, SOFT, SPLIT, TILE, VOID
from puzzleplan.translator.bloxorz.rules import CUBE, Rules, State

TILE_CODES = {VOID: 0, TILE: 1, GOAL: 2, FRAGILE: 3, SOFT: 4, HEAVY: 5, SPLIT: 6}
"""The tiles plane's code of each tile kind; a bridge tile is OPEN_BRIDGE or CLOSED_BRIDGE as it is now."""
OPEN_BRIDGE, CLOSED_BRIDGE = 7, 8
HIGHEST = CLOSED_BRIDGE


def planes(rules: Rules, state: State) -> tuple[int, ...]:
    """The tiles plane (TILE_CODES, bridges open or closed by the state) and the block plane (1 under the
    whole block or cube 1, 2 under cube 2 of a split block), flat in row-major order."""
    first, second, bits = state
    stage = rules.stage
    tiles = [_code(rules, rules.index((r, c)), bits) for r in range(stage.height) for c in range(stage.width)]
    block = [0] * len(tiles)
    split = rules.shape(first, second) == CUBE
    for number, index in ((1, first), (2 if split else 1, second)):
        row, col = rules.cell(index)
        block[row * stage.width + col] = number
    return tuple(tiles + block)


def _code(rules: Rules, index: int, bits: int) -> int:
    """The tiles plane's value at a padded index."""
    kind = rules.kinds[index]
    if kind in (OPEN, CLOSED):
        return OPEN_BRIDGE if bits & rules.bit[index] else CLOSED_BRIDGE
    return TILE_CODES[kind]
