"""Sokoban search guidance: the features feature-space cycling groups positions by (doorways blocked), and
the searches that use them still solve exactly the solvable levels (checked against exhaustive search)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Simulation
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.sokoban_features import Features, doorways
from puzzleplan.planners.sokoban_push import _Alternation, _Side, push_astar
from puzzleplan.translator.sokoban.analysis import analysis, goal_rooms
from tests.test_sokoban import SOKOBAN, fewest_pushes, levels

TWO_ROOMS = """\
#########
#  .#   #
# $     #
#   #  @#
#########
"""


def test_doorways_are_one_wide_passages_off_goals():
    instance = SOKOBAN.parse(TWO_ROOMS)
    data = analysis(instance)
    assert [data.cell(cell) for cell in range(len(data.neighbour)) if (doorways(data) >> cell) & 1] == [(2, 4)]


def test_a_box_in_a_doorway_is_counted_and_a_box_on_a_goal_is_packed():
    data = analysis(SOKOBAN.parse(TWO_ROOMS))
    features = Features(data, doors=True)
    in_door, on_goal = data.mask([(2, 4)]), data.mask([(1, 3)])
    assert features(in_door) == (0, 2, 1)  # it also cuts the level in two
    assert features(on_goal) == (1, 1, 0)
    assert features(data.mask([(2, 2)])) == (0, 1, 0)
    assert Features(data)(in_door) == (0, 2)  # without doors: packing and connectivity only


def test_boxes_that_wall_off_a_region_raise_connectivity():
    data = analysis(SOKOBAN.parse("#######\n#@$  .#\n#######\n"))
    assert Features(data)(data.mask([(1, 3)])) == (0, 2)


def test_alternation_takes_turns_and_groups_coarsely_in_one_cycle():
    """The first cycle groups by the first feature only, the second by both; they take turns."""
    queue = _Alternation(1)
    for entry, group in [((3,), (0, 0)), ((1,), (0, 1)), ((2,), (1, 0))]:
        queue.push(entry, group)
    popped = [queue.pop() for _ in range(7)]
    assert popped[:4] == [(1,), (3,), (2,), (1,)]  # coarse: group 0's best; fine: group (0, 0); coarse: 1's
    assert popped[4:] == [(3,), (2,), None]  # what the other cycle took is still queued in this one


CARRY = """\
#########
#....$ @#
######  #
#       #
#  $$$  #
#       #
#########
"""


def test_goal_cuts_leave_only_the_goal_macro_where_one_applies():
    """The box on the room's entrance can be carried to the deepest goal: with goal cuts that macro is the
    start's only child, without them the three boxes below may be pushed too."""
    instance = SOKOBAN.parse(CARRY)
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    children = []
    for cuts in (False, True):
        side = _Side(data, True, 5, goal_rooms(data, boxes), cuts=cuts)
        side.add(0, data.index[instance.keeper], boxes, -1, ())
        side.expand(*side.pop()[1:])
        children.append([[data.cell(cell) for cell, _ in link[1]] for link in side.parents[1:]])
    macro = [(1, 5), (1, 4), (1, 3), (1, 2)]
    assert children[0] == [macro, [(4, 3)], [(4, 4)], [(4, 5)]] and children[1] == [macro]


@pytest.mark.parametrize("tunnels", [False, True])
@settings(max_examples=40, deadline=None)
@given(instance=levels(max_side=5, max_boxes=3))
def test_doorway_cycling_agrees_with_exhaustive_search(tunnels, instance):
    """Cycling by doorways too (as native-push:wastar,clusters,tunnels,cycle,doors does) solves exactly the
    solvable levels; plans replay."""
    reference = fewest_pushes(instance)
    options = {"weight": 5, "bidirectional": True, "macros": True, "cycle": True, "clusters": True}
    result = push_astar(SOKOBAN, instance, Limits(20), tunnels=tunnels, doors=True, **options)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] >= reference and not result.optimal
        assert SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.slow
@pytest.mark.parametrize("label", ["4", "8"])
def test_best_search_leaves_the_room_on_xsokoban_4_and_8(shared_data, label):
    """Levels where the keeper must leave the room it works in: native-push:wastar,clusters,tunnels,cycle,doors
    (doorway cycling taking turns with the plain one) solves them (62,328 and 87,062 states when written);
    plans replay."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), label)
    result = get_planner("native-push:wastar,clusters,tunnels,cycle,doors").solve(
        Simulation(SOKOBAN, instance), Limits(300)
    )
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid
