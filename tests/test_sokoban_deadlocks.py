"""Sokoban cluster deadlocks and tunnel macros: pruning never cuts off a solvable position (checked against
exhaustive search), and the strongest push search's plans replay."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Simulation, Status
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.search import Deadline, best_first
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
        found.append((replace(child, keeper=data.cell(box)), clusters.dead(box, target, moved, data.reach(box, moved))))
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
@given(levels(max_side=5, max_boxes=4))
def test_astar_with_cluster_deadlocks_stays_push_optimal(instance):
    """With corral pruning, cluster and corral deadlocks and learnt patterns, A* finds the fewest pushes."""
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


@pytest.mark.parametrize("name", ["corridor.xsb", "two-rooms.xsb", "extra-goal.xsb", "goal-room.xsb", "seed-p1.lsp"])
def test_best_search_solves_the_project_levels(name):
    instance = level(name)
    result = get_planner("native-push-best").solve(Simulation(SOKOBAN, instance), Limits(60))
    assert result.solved and not result.optimal and SOKOBAN.replay(instance, result.plan).valid


def test_best_search_proves_a_stuck_level_unsolvable():
    """The macro search runs dry, the plain one goes on and runs dry too: unsolvable is proved."""
    result = get_planner("native-push-best").solve(Simulation(SOKOBAN, level("stuck-corridor.xsb")), Limits(60))
    assert result.status is Status.UNSOLVABLE


def microban(shared_data, label: str):
    """One Microban level from ../shared/data."""
    path = shared_data / "sokoban" / "microban.txt"
    return SOKOBAN.parse_level(path.read_text(), str(path), label)


@pytest.mark.parametrize("label", ["1", "2", "44", "93"])
def test_best_search_on_easy_microban_levels(shared_data, label):
    instance = microban(shared_data, label)
    result = get_planner("native-push-best").solve(Simulation(SOKOBAN, instance), Limits(60))
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.slow
@pytest.mark.parametrize("label", ["139", "144", "145", "146", "153"])
def test_best_search_on_the_hardest_microban_levels(shared_data, label):
    instance = microban(shared_data, label)
    result = get_planner("native-push-best").solve(Simulation(SOKOBAN, instance), Limits(300))
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.slow
@pytest.mark.parametrize("label", ["1", "2", "3", "4", "5", "6", "7", "17", "51"])
def test_best_search_on_xsokoban_levels(shared_data, label):
    """XSokoban levels that native-push-best solves within seconds on a quiet machine; plans replay."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), label)
    result = get_planner("native-push-best").solve(Simulation(SOKOBAN, instance), Limits(120))
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.slow
def test_astar_with_cluster_deadlocks_proves_xsokoban_6(shared_data):
    """Push-optimal XSokoban 6 (110 pushes): cluster deadlocks cut A* from over 99,000 expansions (a
    timeout) to a few thousand."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), "6")
    result = push_astar(SOKOBAN, instance, Limits(120), clusters=True)
    assert result.solved and result.optimal and result.figures["pushes"] == 110 and result.expanded < 10_000


def test_best_first_stops_at_its_expansion_limit():
    """An endless line of states: with a limit of 50 the search makes 50 expansions and stops (a TIMEOUT)
    when it counts the 51st."""
    result = best_first(0, lambda n: [(1, n + 1)], lambda n: False, lambda n: 0, Deadline(60), limit=50)
    assert result.status is Status.TIMEOUT and result.expanded == 51
