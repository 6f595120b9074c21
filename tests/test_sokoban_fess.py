"""Festival's FESS search for Sokoban (planners/sokoban_fess.py): its features (packing following the packing
order, connectivity, passages between rooms blocked), its advisors and move weights, and the search with it
still solves exactly the solvable levels (checked against exhaustive search)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Simulation
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.sokoban_fess import Fess, hotspot, packing_orders, passages
from puzzleplan.planners.sokoban_push import _FessTurns, _Side, push_astar
from puzzleplan.translator.bitset import lowest
from puzzleplan.translator.sokoban.analysis import BACK, analysis, entry_cells, packing_order
from tests.test_sokoban import SOKOBAN, fewest_pushes, level, levels
from tests.test_sokoban_search import TWO_ROOMS

PARTS = ("packing", "opener", "entries", "cuts", "moves")
DEAD_END = "########\n#@ $$..#\n########\n"


def test_packing_counts_goals_filled_in_the_packing_order_only():
    """The goal deepest in a dead end comes first: a box on the other goal alone is not packed."""
    data = analysis(SOKOBAN.parse(DEAD_END))
    assert [[data.cell(goal) for goal in order] for order in packing_orders(data)] == [[(1, 6), (1, 5)]]
    fess = Fess(data)
    assert fess.packed(data.mask([(1, 5), (1, 3)])) == 0
    assert fess.packed(data.mask([(1, 6), (1, 3)])) == 1
    assert fess(data.mask([(1, 6), (1, 5)])) == (2, 1, 0)


def test_a_box_in_the_passage_between_two_rooms_blocks_it():
    data = analysis(SOKOBAN.parse(TWO_ROOMS))
    assert [
        data.cell(cell)
        for passage in passages(data)
        for cell in range(data.inside.bit_length())
        if (passage >> cell) & 1
    ] == [(2, 4)]
    fess = Fess(data)
    assert fess(data.mask([(2, 4)])) == (0, 2, 1)  # it also cuts the floor in two
    assert fess(data.mask([(2, 2)])) == (0, 1, 0)
    assert fess(data.mask([(1, 3)])) == (1, 1, 0)


def test_the_hotspot_is_the_box_in_the_middle_of_a_row():
    data = analysis(SOKOBAN.parse("#######\n#  @  #\n#.$$$.#\n#  .  #\n#######\n"))
    assert data.cell(hotspot(data, data.mask([(2, 2), (2, 3), (2, 4)]))) == (2, 3)
    assert hotspot(data, data.mask([(2, 2), (2, 4)])) is None  # no box next to another
    assert hotspot(data, data.mask([(2, 2), (2, 3), (2, 4)]), packed=data.mask([(2, 3)])) is None  # left aside


def test_the_opener_pushes_a_box_next_to_the_hotspot():
    """From the start every box can only go down: the hotspot advisor moves the middle box, the opener a
    box next to it (the one whose push leaves the least bound)."""
    instance = SOKOBAN.parse("#######\n#  @  #\n#.$$$.#\n#  .  #\n#######\n")
    data = analysis(instance)
    fess, boxes = Fess(data, opener=True), data.mask(instance.boxes)
    side = _Side(data, True, 5, (), fess)
    side.pending = []
    side.expand(0, data.reach(data.index[instance.keeper], boxes), boxes, 0)
    children, features = side.pending, [side.assess(child[2]) for child in side.pending]
    hot = hotspot(data, boxes)
    assert data.cell(children[fess._hotspot(data, hot, children, features)][4][0][0]) == (2, 3)
    assert data.cell(children[fess._opener(data, hot, boxes, children, features)][4][0][0]) in [(2, 2), (2, 4)]


def test_an_advised_push_weighs_nothing_and_the_others_one():
    """From the start, pushing the box onto its goal raises packing (advised: weight 0); pushing it down
    is advised by none (weight 1)."""
    instance = SOKOBAN.parse("#######\n#     #\n# $.  #\n#  @  #\n#     #\n#######\n")
    data = analysis(instance)
    side = _Side(data, True, 5, (), Fess(data))
    side.add(0, data.index[instance.keeper], data.mask(instance.boxes), -1, ())
    key, node, reach, boxes, g = side.pop()
    side.expand(node, reach, boxes, g)
    weights = {
        data.cell(link[1][0][0]) + (link[1][0][1],): rank for link, rank in zip(side.parents[1:], side.ranks[1:])
    }
    assert weights == {(2, 2, 3): 0, (2, 2, 1): 1}  # right onto the goal, down
    assert side.expanded == 1


OPEN_ROOM = "#######\n#     #\n# $ @ #\n#    .#\n#######\n"


def expand_start(text: str, **parts) -> tuple:
    """The level's analysis, instance, start boxes and the forward side after expanding the start with FESS."""
    instance = SOKOBAN.parse(text)
    data = analysis(instance)
    side = _Side(data, True, 5, (), Fess(data, **parts))
    side.add(0, data.index[instance.keeper], data.mask(instance.boxes), -1, ())
    key, node, reach, boxes, g = side.pop()
    side.expand(node, reach, boxes, g)
    return data, instance, boxes, side


def replayed(data, keeper: int, boxes: int, pushes) -> int:
    """The boxes after the (box cell, direction) pushes, each checked to be one the keeper can make."""
    for cell, d in pushes:
        assert (data.reach(keeper, boxes) >> data.neighbour[cell][BACK[d]]) & 1
        keeper, boxes = cell, boxes ^ (1 << cell) ^ (1 << data.neighbour[cell][d])
    return boxes


def test_a_packing_move_carries_a_box_to_the_next_goal_in_one_child():
    """With packing moves, the start's children include one of weight 0 whose four pushes, replayed, take
    the box to the goal (the keeper able to make each)."""
    data, instance, boxes, side = expand_start(OPEN_ROOM, packing=True)
    moves = [(link[1], rank) for link, rank in zip(side.parents[1:], side.ranks[1:]) if len(link[1]) > 1]
    assert len(moves) == 1 and moves[0][1] == 0
    assert replayed(data, data.index[instance.keeper], boxes, moves[0][0]) == data.goal_mask
    assert len(moves[0][0]) == 4


def test_with_moves_a_child_carries_one_box_anywhere_it_can_go_alone():
    """With FESS's moves, the start's children are the positions the box reaches pushed alone (one per cell
    and keeper area, none deadlocked), each as one child whose pushes replay; a move of several pushes weighs
    like one push (0 advised, 1 otherwise)."""
    data, instance, boxes, side = expand_start(OPEN_ROOM, moves=True)
    links = side.parents[1:]
    ends = {data.cell(lowest(replayed(data, data.index[instance.keeper], boxes, link[1]))) for link in links}
    assert set(side.ranks[1:]) <= {0, 1} and max(len(link[1]) for link in links) >= 3
    # the live cells (not the top row, not the left column), but where the box stands
    assert ends == {(2, 3), (2, 4), (2, 5), (3, 2), (3, 3), (3, 4), (3, 5)}


def test_with_goal_cuts_the_packing_move_is_the_only_child():
    """The level of the test above: with goal cuts, the start's one child is the packing move (without, the
    two pushes of the box too)."""
    instance = SOKOBAN.parse(OPEN_ROOM)
    data = analysis(instance)
    children = []
    for cuts in (False, True):
        side = _Side(data, True, 5, (), Fess(data, packing=True), cuts=cuts)
        side.add(0, data.index[instance.keeper], data.mask(instance.boxes), -1, ())
        side.expand(*side.pop()[1:])
        children.append([len(link[1]) for link in side.parents[1:]])
    assert sorted(children[0]) == [1, 1, 4] and children[1] == [4]


def test_no_packing_move_when_no_box_can_reach_the_next_goal_alone():
    """Each box is blocked by the other (or the keeper cannot get behind it): no packing move."""
    instance = SOKOBAN.parse(DEAD_END)
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    reach = data.reach(data.index[instance.keeper], boxes)
    assert Fess(data, packing=True).packing_move(data, 0, reach, boxes, 0) is None
    alone = data.mask([(1, 3)])
    move = Fess(data, packing=True).packing_move(data, 0, data.reach(data.index[instance.keeper], alone), alone, 0)
    assert move is not None and move[2] == data.mask([(1, 6)]) and move[0] == 3  # to the deepest goal first


def test_the_packing_order_of_a_dead_end_fills_its_far_goals_first():
    """The order fills (1, 7) and (1, 8) first, then (1, 6); boxes cutting the floor in three count three
    regions."""
    data = analysis(SOKOBAN.parse("############\n#@ $$$...  #\n############\n"))
    fess = Fess(data)
    assert [[data.cell(goal) for goal in order] for order in fess.orders] == [[(1, 7), (1, 8), (1, 6)]]
    assert fess(data.mask([(1, 9), (1, 3), (1, 4)])) == (0, 3, 0)  # three regions of floor


ROW_OF_GOALS = "#########\n# # #  @#\n##   # $#\n#    #$ #\n#  ...  #\n#   $   #\n#########\n"


def test_boxes_come_in_where_a_box_of_the_level_can_be_pushed_without_crossing_the_goals():
    """Above the row of goals no box gets (it would have to cross them); left of it neither (the keeper
    cannot get behind a box there): only the cells below and right of the row are entries."""
    instance = SOKOBAN.parse(ROW_OF_GOALS)
    data = analysis(instance)
    [cells] = data.components(data.goal_mask)
    entries = entry_cells(data, cells, data.mask(instance.boxes))
    assert [data.cell(cell) for cell in range(entries.bit_length()) if (entries >> cell) & 1] == [
        (4, 6),
        (5, 3),
        (5, 4),
        (5, 5),
    ]


def test_with_entries_the_packing_order_pulls_boxes_out_where_boxes_come_in():
    """Pulled out to any entrance, the box at the left end goes first (up, where no box comes from), so it
    is filled last; pulled out to the entries, the box at the right end goes first (rightwards)."""
    instance = SOKOBAN.parse(ROW_OF_GOALS)
    data = analysis(instance)
    [cells] = data.components(data.goal_mask)
    entrances, entries = data.entrances(cells), entry_cells(data, cells, data.mask(instance.boxes))
    plain, inward = packing_order(data, cells, entrances), packing_order(data, cells, entrances, entries)
    assert [data.cell(goal) for goal in plain or ()] == [(4, 5), (4, 4), (4, 3)]
    assert [data.cell(goal) for goal in inward or ()] == [(4, 3), (4, 4), (4, 5)]
    fess = Fess(data, start=data.mask(instance.boxes))
    assert fess.orders == (inward,)


@settings(max_examples=40, deadline=None)
@given(instance=levels(max_side=5, max_boxes=3), parts=st.fixed_dictionaries({part: st.booleans() for part in PARTS}))
def test_fess_agrees_with_exhaustive_search(instance, parts):
    """The FESS search (as native-push:wastar,clusters,tunnels,fess runs it) solves exactly the solvable
    levels, with or without each of FESS's parts that are options (PARTS); plans replay."""
    reference = fewest_pushes(instance)
    options = {"weight": 5, "bidirectional": True, "macros": True, "clusters": True, "tunnels": True}
    result = push_astar(SOKOBAN, instance, Limits(20), fess=True, **parts, **options)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] >= reference and not result.optimal
        assert SOKOBAN.replay(instance, result.plan).valid


def test_with_turns_the_features_add_boxes_on_goals_and_in_doorways():
    data = analysis(SOKOBAN.parse(TWO_ROOMS))
    assert Fess(data, turns=True)(data.mask([(2, 4)])) == (0, 2, 1, 0, 1)
    assert Fess(data, turns=True)(data.mask([(1, 3)])) == (1, 1, 0, 1, 0)


def test_fess_turns_takes_turns_with_the_feature_cycles():
    """FESS's cycle (by move weight) and the two cycles of cycle,doors (by g + w * h) take turns."""
    queue = _FessTurns()
    queue.push(((1, 5), "a"), (0, 1, 0, 0, 0))
    queue.push(((0, 9), "b"), (0, 1, 0, 0, 0))
    assert [queue.pop(), queue.pop()] == [((0, 9), "b"), (5, "a")]  # least weight first, then least f


def test_fess_turns_can_give_fess_several_turns_for_one_of_the_cycles():
    """With a share of 2 (`turns=2`), FESS's cycle pops twice, then the cycles once, round and round; a queue
    that is empty hands its turn on."""
    queue = _FessTurns(2)
    for entry in [((0, 1), "a"), ((1, 2), "b"), ((2, 3), "c"), ((3, 0), "d")]:
        queue.push(entry, (0, 1, 0, 0, 0))
    popped = [entry and entry[1] for entry in [queue.pop() for _ in range(13)]]
    assert popped[:6] == ["a", "b", "d", "c", "d", "d"]  # FESS twice by weight, a cycle once by f (each its own)
    assert popped[6:] == ["a", "a", "b", "b", "c", "c", None]  # FESS's are all taken: the two cycles go on


@pytest.mark.parametrize(
    "name",
    [
        "native-push:wastar,clusters,tunnels,fess",
        "native-push:wastar,clusters,tunnels,fess,turns",
        "native-push:wastar,clusters,tunnels,fess,turns,packing,opener",
        "native-push-best",
    ],
)
def test_native_push_fess_packs_the_goal_room(name):
    instance = level("goal-room.xsb")
    result = get_planner(name).solve(Simulation(SOKOBAN, instance), Limits(30))
    assert result.solved and not result.optimal and SOKOBAN.replay(instance, result.plan).valid
