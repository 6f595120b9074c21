"""The compiled freeze test, corral loop, pushes and pulls and lone box search (translator/sokoban/_analysis.c)
give what the Python code gives: on small random levels with boxes anywhere, and on XSokoban's levels crowded with boxes
(frozen clusters of many boxes, on goals and off, corrals everywhere, boxes walled in and boxes free)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.translator.bitset import bits
from puzzleplan.translator.sokoban import analysis as sokoban_analysis
from puzzleplan.translator.sokoban import corrals
from puzzleplan.translator.sokoban.analysis import Analysis, analysis, backward_analysis, move_one_box_loop
from puzzleplan.translator.sokoban.level import SokobanInstance
from tests.test_sokoban import SOKOBAN, levels

compiled = pytest.mark.skipif(
    sokoban_analysis.compiled_frozen_with is None, reason="the compiled kernels were not built at install"
)


def crowded(data: Analysis, seed: int, share: float) -> int:
    """A mask of about `share` of the level's walled-in cells, drawn with the seed."""
    rng = random.Random(seed)
    return sum(1 << cell for cell in sorted(data.index.values()) if rng.random() < share)


def agree(data: Analysis, boxes: int, keeper: int, seed: int = 0) -> None:
    """frozen_with for a box on every cell, the corral loop for every corral of the position, the lone box
    search for each box (pushing and pulling) and the position's pushes and pulls are the Python code's."""
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
    lone_boxes_agree(data, boxes, reach, crowded(data, seed + 1, 0.1) | data.goal_mask)
    for area in (reach, free, crowded(data, seed + 2, 0.5)):
        assert data.pushes(area, boxes) == data.pushes_loop(area, boxes)
        assert data.pulls(area, boxes) == data.pulls_loop(area, boxes)


def lone_boxes_agree(data: Analysis, boxes: int, reach: int, targets: int) -> None:
    """move_one_box and move_one_box_loop find the same moves (or none) for each box, pushing and pulling."""
    for box in bits(boxes):
        others = boxes ^ (1 << box)
        for pulling in (False, True):
            compiled_moves = sokoban_analysis.move_one_box(data, box, reach, others, targets, pulling)
            assert compiled_moves == move_one_box_loop(data, box, reach, others, targets, pulling)


@compiled
@settings(max_examples=150, deadline=None, derandomize=True)
@given(instance=levels(max_side=8, max_boxes=8), seed=st.integers(0, 10**6), share=st.sampled_from([0.2, 0.5, 0.8]))
def test_the_kernels_are_the_python_code_on_small_levels(instance: SokobanInstance, seed: int, share: float) -> None:
    for data in (analysis(instance), backward_analysis(instance)):
        agree(data, crowded(data, seed, share), data.index[instance.keeper], seed)


@compiled
@settings(max_examples=30, deadline=None, derandomize=True)
@given(level=st.integers(1, 90), seed=st.integers(0, 10**6), share=st.sampled_from([0.25, 0.45, 0.65]))
def test_the_kernels_are_the_python_code_on_crowded_xsokoban_levels(
    shared_data, level: int, seed: int, share: float
) -> None:
    path = shared_data / "sokoban" / "xsokoban90.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), str(level))
    data = analysis(instance)
    agree(data, crowded(data, seed, share), data.index[instance.keeper], seed)


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
