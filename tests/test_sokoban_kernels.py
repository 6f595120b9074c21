"""The compiled freeze test and corral loop (translator/sokoban/_corrals.c) give what the Python code gives:
on small random levels with boxes anywhere, and on XSokoban's levels crowded with boxes (frozen clusters of
many boxes, on goals and off, and corrals everywhere)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.translator.sokoban import analysis as sokoban_analysis
from puzzleplan.translator.sokoban import corrals
from puzzleplan.translator.sokoban.analysis import Analysis, analysis, backward_analysis
from puzzleplan.translator.sokoban.level import SokobanInstance
from tests.test_sokoban import SOKOBAN, levels

compiled = pytest.mark.skipif(
    sokoban_analysis.compiled_frozen_with is None, reason="the compiled kernels were not built at install"
)


def crowded(data: Analysis, seed: int, share: float) -> int:
    """A mask of about `share` of the level's walled-in cells, drawn with the seed."""
    rng = random.Random(seed)
    return sum(1 << cell for cell in sorted(data.index.values()) if rng.random() < share)


def agree(data: Analysis, boxes: int, keeper: int) -> None:
    """frozen_with for a box on every cell, and the corral loop for every corral of the position, are the
    Python code's."""
    assert data.board
    for cell in sorted(data.index.values()):
        assert data.frozen_with(cell, boxes | 1 << cell) == data.frozen_with_loop(cell, boxes | 1 << cell)
    reach = data.reach(keeper, boxes) if not (boxes >> keeper) & 1 else 0
    free = data.inside & ~boxes & ~reach
    parts = list(data.components(free))
    for corral in [*parts, free, *(a | b for a, b in zip(parts, parts[1:]))]:
        barrier = boxes & data.grow(corral)
        compiled_answer = sokoban_analysis.compiled_pushed_beyond(data.board, corral, barrier, free)
        assert compiled_answer == corrals.pushed_beyond_loop(data, corral, barrier, free)


@compiled
@settings(max_examples=150, deadline=None, derandomize=True)
@given(instance=levels(max_side=8, max_boxes=8), seed=st.integers(0, 10**6), share=st.sampled_from([0.2, 0.5, 0.8]))
def test_the_kernels_are_the_python_code_on_small_levels(instance: SokobanInstance, seed: int, share: float) -> None:
    for data in (analysis(instance), backward_analysis(instance)):
        agree(data, crowded(data, seed, share), data.index[instance.keeper])


@compiled
@settings(max_examples=30, deadline=None, derandomize=True)
@given(level=st.integers(1, 90), seed=st.integers(0, 10**6), share=st.sampled_from([0.25, 0.45, 0.65]))
def test_the_kernels_are_the_python_code_on_crowded_xsokoban_levels(
    shared_data, level: int, seed: int, share: float
) -> None:
    path = shared_data / "sokoban" / "xsokoban90.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), str(level))
    data = analysis(instance)
    agree(data, crowded(data, seed, share), data.index[instance.keeper])


def test_a_board_too_large_for_the_kernels_is_searched_in_python() -> None:
    """A level of more than 4,096 cells is packed as nothing, and its freeze test is the Python one."""
    side = 70
    walls = frozenset((r, c) for r in range(side) for c in range(side) if r in (0, side - 1) or c in (0, side - 1))
    instance = SokobanInstance(walls, frozenset({(1, 1)}), frozenset({(2, 2)}), (3, 3))
    data = analysis(instance)
    assert data.board == b"" and len(data.neighbour) > sokoban_analysis.BOARD_CELLS
    corner = data.index[(side - 2, side - 2)]
    assert data.frozen_with(corner, 1 << corner) is None  # a box off its goal in a corner


@compiled
def test_the_kernels_refuse_what_is_not_a_board_or_a_mask_of_it() -> None:
    instance = SokobanInstance(
        frozenset((r, c) for r in range(4) for c in range(5) if r in (0, 3) or c in (0, 4)),
        frozenset({(1, 1)}),
        frozenset({(1, 2)}),
        (2, 2),
    )
    data = analysis(instance)
    with pytest.raises(ValueError):
        sokoban_analysis.compiled_frozen_with(data.board[:-4], 6, 1 << 6)
    with pytest.raises(ValueError):
        sokoban_analysis.compiled_frozen_with(data.board, len(data.neighbour), 0)
    with pytest.raises(ValueError):
        sokoban_analysis.compiled_pushed_beyond(data.board, 1 << len(data.neighbour), 0, 0)
    with pytest.raises(ValueError):
        sokoban_analysis.compiled_pushed_beyond(data.board, -1, 0, 0)
