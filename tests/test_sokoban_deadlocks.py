"""Sokoban cluster deadlocks and tunnel macros: pruning never cuts off a solvable position (checked against
exhaustive search), and the strongest push search's plans replay."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleplan.planners.base import Limits
from puzzleplan.planners.search import Deadline
from puzzleplan.planners.sokoban_deadlocks import ClusterDeadlocks
from puzzleplan.planners.sokoban_push import push_astar
from puzzleplan.translator.sokoban.analysis import analysis

from tests.test_sokoban import SOKOBAN, fewest_pushes, level, levels, random_state


def pruned_children(instance):
    """(child instance, dead?) for every push from the instance's position onto a live cell that no
    freeze deadlock forbids, dead? being the cluster verdict."""
    data = analysis(instance)
    clusters = ClusterDeadlocks(data, Deadline(60))
    boxes = data.mask(instance.boxes)
    found = []
    for box, _, target in data.pushes(data.reach(data.index[instance.keeper], boxes), boxes):
        moved = boxes ^ (1 << box) ^ (1 << target)
        if data.deadlocked(target, moved):
            continue
        child = replace(instance, boxes=frozenset(data.cell(n) for n in range(moved.bit_length()) if moved >> n & 1))
        found.append((replace(child, keeper=data.cell(box)), clusters.dead(box, target, moved)))
    return found


@settings(max_examples=60, deadline=None)
@given(levels(max_side=5, max_boxes=4), st.integers(0, 999), st.integers(0, 20))
def test_cluster_deadlocks_never_prune_a_solvable_position(instance, seed, steps):
    state = random_state(instance, seed, steps)
    here = replace(instance, boxes=state.boxes, keeper=state.keeper)
    for child, dead in pruned_children(here):
        if dead:
            assert fewest_pushes(child) is None


def test_a_cluster_deadlock_that_freezing_misses():
    """The box pushed down beside the column of the box frozen on its goal can never reach a free goal:
    no box of the cluster is frozen, yet the cluster search runs dry."""
    here = SOKOBAN.parse("####\n#+*#\n#*$#\n#  #\n#  #\n####\n")
    verdicts = pruned_children(here)
    dead = [child for child, is_dead in verdicts if is_dead]
    assert len(dead) == 1 and fewest_pushes(dead[0]) is None
    assert dead[0].boxes == {(1, 2), (2, 2), (3, 1)}


@settings(max_examples=40, deadline=None)
@given(levels(max_side=5, max_boxes=3))
def test_tunnel_macros_and_clusters_agree_with_exhaustive_search(instance):
    """With tunnel macros and cluster deadlocks the search solves exactly the solvable levels (falling back
    on the plain search when the macro search runs dry), and its plans replay."""
    reference = fewest_pushes(instance)
    result = push_astar(SOKOBAN, instance, Limits(20), weight=5, bidirectional=True, clusters=True, tunnels=True)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] >= reference
        assert SOKOBAN.replay(instance, result.plan).valid


@settings(max_examples=40, deadline=None)
@given(levels(max_side=4, max_boxes=3))
def test_astar_with_cluster_deadlocks_stays_push_optimal(instance):
    reference = fewest_pushes(instance)
    result = push_astar(SOKOBAN, instance, Limits(20), clusters=True)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] == reference and result.optimal


def test_tunnel_macro_pushes_through_a_corridor_in_one_step():
    """corridor.xsb's box goes down its one-wide corridor: the macro search expands fewer positions."""
    instance = level("corridor.xsb")
    plain = push_astar(SOKOBAN, instance, Limits(20), weight=5)
    tunnel = push_astar(SOKOBAN, instance, Limits(20), weight=5, tunnels=True)
    assert tunnel.solved and SOKOBAN.replay(instance, tunnel.plan).valid
    assert tunnel.expanded < plain.expanded
