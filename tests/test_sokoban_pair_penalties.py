"""The pair penalties on top of the keeper-aware matching (translator/sokoban/pair_penalties.py and the
compiled table of _bounds.c): never above the fewest pushes (exhaustive search on random levels and
positions), exactly the fewest pushes with two boxes and two goals, never below the keeper-aware matching,
higher where boxes are in each other's way on XSokoban, and A* with it (reopening) still push-optimal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.translator.sokoban import pair_penalties
from puzzleplan.translator.sokoban.analysis import INFINITE, analysis, compiled_bounds
from puzzleplan.translator.sokoban.keeper_sides import KeeperSides
from puzzleplan.translator.sokoban.pair_penalties import PairPenalties
from tests.test_sokoban import SOKOBAN, fewest_pushes, levels
from tests.test_sokoban_keeper_sides import assert_push_optimal, moved

pytestmark = pytest.mark.skipif(compiled_bounds() is None, reason="the compiled bounds were not built at install")


def bounds(position) -> tuple[int, int]:
    """The keeper-aware matching and the bound with pair penalties at a level's position."""
    data = analysis(position)
    boxes, keeper = data.mask(position.active_boxes), data.index[position.keeper]
    sides = KeeperSides(data)
    return sides.bound(boxes, keeper), PairPenalties(sides).bound(boxes, keeper)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(levels(max_side=5, max_boxes=3), st.integers(0, 999), st.integers(0, 20))
def test_the_pair_bound_is_admissible_and_never_below_the_keeper_matching(instance, seed, steps):
    """From random positions: keeper-aware matching <= with pair penalties <= fewest pushes."""
    position = moved(instance, seed, steps)
    sided, paired = bounds(position)
    reference = fewest_pushes(position)
    assert sided <= paired
    assert paired <= (reference if reference is not None else INFINITE)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(levels(max_side=5, max_boxes=2), st.integers(0, 999), st.integers(0, 20))
def test_with_two_boxes_and_two_goals_the_pair_bound_is_exact(instance, seed, steps):
    """The table holds the two boxes' own fewest pushes: with one pair of goals, the bound is the optimum."""
    position = moved(instance, seed, steps)
    if len(position.goals) != 2 or len(position.active_boxes) != 2:
        return
    reference = fewest_pushes(position)
    if reference is not None:
        assert bounds(position)[1] == reference


def test_a_keeper_shut_in_by_two_boxes_costs_two_more_pushes():
    """The keeper, on a goal, is shut in by the box on the other goal and the box below it: that box must be
    pushed down and back up again (3 pushes; the keeper-aware matching says 1)."""
    level = SOKOBAN.parse("####\n#+*#\n#$ #\n#  #\n#  #\n####\n")
    assert fewest_pushes(level) == 3
    assert bounds(level) == (1, 3)


@pytest.mark.parametrize("newest", [False, True])
@settings(max_examples=25, deadline=None, derandomize=True)
@given(instance=levels(max_side=4, max_boxes=3))
def test_a_star_with_pair_penalties_stays_push_optimal(newest, instance):
    """Reopening positions reached again with fewer pushes keeps it optimal with the inconsistent bound."""
    assert_push_optimal(instance, clusters=True, pairs=True, newest=newest)


@pytest.mark.parametrize(("label", "sided", "paired"), [("2", 129, 131), ("3", 128, 134), ("80", 225, 231)])
def test_pair_penalties_raise_the_bound_on_xsokoban(shared_data, label, sided, paired):
    """At the start of XSokoban 2, 3 and 80 some boxes stand in each other's way (2 and 80: the bound is then
    the optimum)."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    assert bounds(SOKOBAN.parse_level(path.read_text(), str(path), label)) == (sided, paired)


def test_without_the_kernel_there_are_no_penalties(monkeypatch, shared_data):
    """An installation without a C compiler keeps the keeper-aware matching (still admissible)."""
    monkeypatch.setattr(pair_penalties, "compiled_bounds", lambda: None)
    path = shared_data / "sokoban" / "xsokoban90.txt"
    assert bounds(SOKOBAN.parse_level(path.read_text(), str(path), "3")) == (128, 128)
