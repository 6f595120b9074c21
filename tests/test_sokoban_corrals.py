"""PI-corral pruning with merged corrals, corral deadlocks and learnt deadlock patterns: hand-made boards where
each rule fires (and where it must not), and property tests against exhaustive search."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.planners.search import Deadline
from puzzleplan.planners.sokoban_deadlocks import ClusterDeadlocks
from puzzleplan.translator.sokoban.analysis import NAMES, analysis
from puzzleplan.translator.sokoban.corrals import corral_pushes
from tests.test_sokoban import SOKOBAN, fewest_pushes, levels, random_state


def chosen_pushes(text: str, merge: bool = True) -> tuple[set, set]:
    """(every push, the pushes corral pruning keeps) of a board, as (box cell, direction) pairs."""
    instance = SOKOBAN.parse(text)
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    reach = data.reach(data.index[instance.keeper], boxes)
    every = data.pushes(reach, boxes)
    named = lambda pushes: {(data.cell(box), NAMES[d]) for box, d, _ in pushes}  # noqa: E731
    return named(every), named(corral_pushes(data, reach, boxes, every, merge))


def test_two_corrals_merged_into_one_pi_corral():
    """The box at (2, 5), walls above and below it, parts two corrals: alone neither is P (that box could be
    pushed into each from the other), together they are a PI-corral whose one push is (2, 3) to the right.
    Without merging, nothing is pruned."""
    board = "########\n#  #.#.#\n#@ $ $.#\n#  # # #\n#$ #####\n#.  #\n#####\n"
    every, chosen = chosen_pushes(board)
    assert len(every) == 3
    assert chosen == {((2, 3), "right")}
    assert chosen_pushes(board, merge=False)[1] == every


def test_a_push_out_that_freezes_does_not_spoil_a_corral():
    """Pushing (2, 2) left out of the right corral would freeze it with (3, 1) against the wall, off goals:
    no solution does that, so the left corral is PI and only (3, 1) up into it is kept."""
    every, chosen = chosen_pushes("#####\n# * #\n# $ #\n#$ *#\n#.+ #\n#   #\n#####\n")
    assert every == {((3, 1), "up"), ((3, 3), "up")}
    assert chosen == {((3, 1), "up")}


def test_a_corral_its_barrier_can_leave_prunes_nothing():
    """The box at (1, 3) can be pushed back onto the keeper's side: the corral behind it is not I."""
    every, chosen = chosen_pushes("#######\n#@ $ .#\n#  $  #\n#. ####\n#####\n")
    assert chosen == every


@settings(max_examples=60, deadline=None)
@given(levels(max_side=5, max_boxes=4), st.integers(0, 999), st.integers(0, 20))
def test_corral_pruning_keeps_the_fewest_pushes(instance, seed, steps):
    """From a random position, the best of the pushes corral pruning keeps leads to a solution with the
    fewest pushes (found by exhaustive search from each child)."""
    state = random_state(instance, seed, steps)
    here = replace(instance, boxes=state.boxes, keeper=state.keeper)
    best = fewest_pushes(here)
    if not best:
        return
    data = analysis(here)
    boxes = data.mask(here.boxes)
    reach = data.reach(data.index[here.keeper], boxes)
    children = []
    for box, _, target in corral_pushes(data, reach, boxes, data.pushes(reach, boxes)):
        moved = frozenset(data.cell(n) for n in range(len(data.neighbour)) if ((boxes ^ (1 << box)) >> n) & 1)
        child = fewest_pushes(replace(here, boxes=moved | {data.cell(target)}, keeper=data.cell(box)))
        if child is not None:
            children.append(child)
    assert min(children) + 1 == best


DEAD_CORRAL = " ######\n # @  #\n #  #.#\n ##$  #\n ## # #\n # .$ #\n ######\n"
"""The corral at the bottom left is fenced by two boxes that touch no box, each pushable only into it:
however they go in, one goal stays empty and a box is stuck in the corral."""


def verdict_after_push(clusters: ClusterDeadlocks, data, instance, box: tuple[int, int], boxes: int) -> bool:
    """The verdict on `boxes` after a push onto `box`, the keeper where the instance has it."""
    keeper = data.index[instance.keeper]
    return clusters.dead(keeper, data.index[box], boxes, data.reach(keeper, boxes))


def corral_verdict(text: str) -> tuple[ClusterDeadlocks, bool]:
    """The deadlock verdict on a board's box at (5, 4), as if it had just been pushed there."""
    instance = SOKOBAN.parse(text)
    data = analysis(instance)
    clusters = ClusterDeadlocks(data, Deadline(60))
    return clusters, verdict_after_push(clusters, data, instance, (5, 4), data.mask(instance.boxes))


def test_a_corral_deadlock_that_clusters_and_freezing_miss():
    instance = SOKOBAN.parse(DEAD_CORRAL)
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    assert not any(data.deadlocked(data.index[box], boxes) for box in instance.boxes)
    assert fewest_pushes(instance) is None
    clusters, dead = corral_verdict(DEAD_CORRAL)
    assert dead and clusters.cluster(data.index[(5, 4)], boxes) is None  # the two boxes do not touch


def test_a_corral_that_can_be_filled_is_alive():
    """With its goals inside the corral, both boxes go in: no deadlock."""
    alive = " ######\n # @  #\n #  # #\n ##$  #\n ## # #\n #..$ #\n ######\n"
    assert fewest_pushes(SOKOBAN.parse(alive)) is not None
    assert not corral_verdict(alive)[1]


def test_a_learnt_pattern_prunes_a_position_holding_it():
    """Once the corral is found dead, a position with one more box elsewhere is dead by the learnt pattern,
    without a new search."""
    clusters, dead = corral_verdict(DEAD_CORRAL)
    assert dead
    searched = len(clusters.verdicts)
    instance = SOKOBAN.parse(DEAD_CORRAL)
    data = analysis(instance)
    more = data.mask(instance.boxes) | (1 << data.index[(3, 5)])
    assert verdict_after_push(clusters, data, instance, (5, 4), more)
    assert len(clusters.verdicts) == searched


def test_a_closed_diagonal_deadlock_is_found():
    """Two boxes close the corner (1, 1) diagonally: each can only be pushed from that corner or into it,
    so neither moves again, though freeze detection sees each free along one axis."""
    instance = SOKOBAN.parse("######\n# $ .#\n#$@  #\n#    #\n#.   #\n######\n")
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    assert not any(data.deadlocked(data.index[box], boxes) for box in instance.boxes)
    assert fewest_pushes(instance) is None
    clusters = ClusterDeadlocks(data, Deadline(60))
    assert verdict_after_push(clusters, data, instance, (2, 1), boxes)
