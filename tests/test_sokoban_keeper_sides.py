"""The keeper-aware push distances (translator/sokoban/keeper_sides.py): a bound never above the fewest
pushes (exhaustive search on random levels and positions), never below the plain matching, higher where
the keeper is on the wrong side of a box, and A* with it still push-optimal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.common.limits import Limits
from puzzleplan.planners.sokoban_push import push_astar
from puzzleplan.translator.sokoban.analysis import INFINITE, analysis
from puzzleplan.translator.sokoban.keeper_sides import KeeperSides
from puzzleplan.translator.sokoban.level import SokobanInstance
from tests.test_sokoban import SOKOBAN, fewest_pushes, levels, random_state


def moved(instance: SokobanInstance, seed: int, steps: int) -> SokobanInstance:
    """The level with its boxes and keeper where a random walk of legal moves left them."""
    state = random_state(instance, seed, steps)
    return SokobanInstance(instance.walls, instance.goals, state.boxes, state.keeper, instance.notation)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(levels(max_side=5, max_boxes=3), st.integers(0, 999), st.integers(0, 20))
def test_the_keeper_aware_bound_is_admissible_and_never_below_the_matching(instance, seed, steps):
    """From random positions: plain matching <= keeper-aware bound <= fewest pushes (INFINITE only when
    no solution exists)."""
    position = moved(instance, seed, steps)
    data = analysis(position)
    boxes, keeper = data.mask(position.active_boxes), data.index[position.keeper]
    bound = KeeperSides(data).bound(boxes, keeper)
    reference = fewest_pushes(position)
    assert data.bound(boxes) <= bound or data.bound(boxes) >= INFINITE
    assert bound <= (reference if reference is not None else INFINITE)


def test_a_box_against_a_wall_with_the_keeper_on_the_wrong_side():
    """The box must go left to its goal, but the keeper is on its left in a one-wide corridor: it can only
    push it right, so no number of pushes will do (the plain matching says 3)."""
    level = SOKOBAN.parse("#######\n#. @$ #\n#######\n")
    data = analysis(level)
    boxes = data.mask(level.active_boxes)
    assert data.bound(boxes) == 3
    assert KeeperSides(data).bound(boxes, data.index[level.keeper]) == INFINITE


@pytest.mark.parametrize(("label", "plain", "sided"), [("1", 95, 95), ("4", 331, 355), ("17", 121, 201)])
def test_the_keeper_sides_raise_the_bound_on_xsokoban(shared_data, label, plain, sided):
    """At the start of XSokoban 4 and 17 many boxes can only be pushed from the side the keeper is not on
    without a detour (level 1: no such box)."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    level = SOKOBAN.parse_level(path.read_text(), str(path), label)
    data = analysis(level)
    boxes, keeper = data.mask(level.active_boxes), data.index[level.keeper]
    assert (data.bound(boxes), KeeperSides(data).bound(boxes, keeper)) == (plain, sided)


@pytest.mark.parametrize("newest", [False, True])
@settings(max_examples=30, deadline=None, derandomize=True)
@given(instance=levels(max_side=4, max_boxes=2))
def test_a_star_with_the_keeper_aware_bound_stays_push_optimal(newest, instance):
    """With ties taken oldest or newest first (native-push-astar: newest)."""
    assert_push_optimal(instance, clusters=True, keeper=True, newest=newest)


def assert_push_optimal(instance: SokobanInstance, **options: bool) -> None:
    """A* with these options solves the level when it can be solved, in the fewest pushes, replayed valid."""
    reference = fewest_pushes(instance)
    result = push_astar(SOKOBAN, instance, Limits(20), **options)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] == reference and result.optimal
        assert SOKOBAN.replay(instance, result.plan).valid
