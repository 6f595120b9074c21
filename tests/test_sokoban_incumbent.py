"""A* below an incumbent plan (sokoban_push, option `incumbent`): weighted searches find a plan first, A*
queues no position whose g + h reaches its pushes, and A* running dry proves the incumbent optimal. Still
push-optimal on random levels (exhaustive search), and on XSokoban 80, whose bound at the start is its
optimum, a proof in a few hundred states where plain A* needs more than 300,000."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings

from puzzleplan.common.limits import Limits
from puzzleplan.planners import sokoban_push
from puzzleplan.planners.base import Proof, Simulation, Status
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.sokoban_push import push_astar
from puzzleplan.translator.sokoban.analysis import compiled_bounds
from tests.test_sokoban import SOKOBAN, levels
from tests.test_sokoban_keeper_sides import assert_push_optimal


@settings(max_examples=30, deadline=None, derandomize=True)
@given(instance=levels(max_side=4, max_boxes=3))
def test_a_star_below_an_incumbent_stays_push_optimal(instance):
    """The plan is A*'s own (fewer pushes than the incumbent) or the incumbent's proved by A* running dry;
    either way the fewest pushes, and unsolvable levels stay unsolvable."""
    assert_push_optimal(instance, clusters=True, pairs=True, newest=True, incumbent=True)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(instance=levels(max_side=4, max_boxes=3))
def test_below_an_incumbent_one_push_too_long_a_star_finds_the_optimum_itself(instance):
    """With an incumbent one push longer than the optimum (the optimal plan, its pushes given as one more),
    A* must not prune the optimal plan's positions: it finds a plan of the fewest pushes itself."""
    plain = push_astar(SOKOBAN, instance, Limits(20), clusters=True, pairs=True)
    if not plain.solved:
        return
    pushes = plain.figures["pushes"]
    longer = replace(plain, figures={**plain.figures, "pushes": pushes + 1}, proved=None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sokoban_push, "_incumbent", lambda *_: longer)
        result = push_astar(SOKOBAN, instance, Limits(20), clusters=True, pairs=True, incumbent=True)
    assert result.figures["pushes"] == pushes and result.optimal


def test_a_level_solved_in_one_push_is_proved_by_the_incumbent():
    """The weighted searches find the one push; A* then has no position below it to expand."""
    level = SOKOBAN.parse("#####\n#@$.#\n#####\n")
    result = get_planner("native-push:clusters,pairs,incumbent").solve(Simulation(SOKOBAN, level), Limits(20))
    assert (result.status, result.proved, result.figures["pushes"]) == (Status.SOLVED, Proof.OPTIMAL, 1)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(instance=levels(max_side=4, max_boxes=3))
def test_a_budget_of_the_states_a_run_took_repeats_it(instance):
    """The weighted searches take the same states under any budget that covers them: a budget of the
    expansions a run took gives the same plan, one fewer stops at exactly that many."""
    options = {"clusters": True, "pairs": True, "incumbent": True}
    free = push_astar(SOKOBAN, instance, Limits(20), **options)
    if not free.solved or not free.expanded:
        return
    again = push_astar(SOKOBAN, instance, Limits(20), states=free.expanded, **options)
    assert (again.plan, again.proved, again.expanded) == (free.plan, free.proved, free.expanded)
    if free.expanded > 1:
        short = push_astar(SOKOBAN, instance, Limits(20), states=free.expanded - 1, **options)
        assert (short.status, short.expanded) == (Status.TIMEOUT, free.expanded - 1)


@pytest.mark.slow
@pytest.mark.skipif(compiled_bounds() is None, reason="the compiled bounds were not built at install")
def test_xsokoban_80_is_proved_at_its_start_bound(shared_data):
    """The pair bound at the start is 231, and native-push-best's plan has 231 pushes: A* queues nothing. A
    budget of the states it took repeats the proof; one below native-push-best's own states stops at exactly
    its states (a budget that leaves native-push-best its plan still proves it)."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    level = SOKOBAN.parse_level(path.read_text(), str(path), "80")
    planner = get_planner("native-push:clusters,pairs,newest,incumbent,states=200000")
    result = planner.solve(Simulation(SOKOBAN, level), Limits(600))
    assert (result.status, result.proved, result.figures["pushes"]) == (Status.SOLVED, Proof.OPTIMAL, 231)
    assert result.expanded == 408
    assert SOKOBAN.replay(level, result.plan).valid
    again = get_planner("native-push:clusters,pairs,newest,incumbent,states=408").solve(
        Simulation(SOKOBAN, level), Limits(600)
    )
    assert (again.plan, again.proved, again.expanded) == (result.plan, Proof.OPTIMAL, 408)
    short = get_planner("native-push:clusters,pairs,newest,incumbent,states=150").solve(
        Simulation(SOKOBAN, level), Limits(600)
    )
    assert (short.status, short.expanded) == (Status.TIMEOUT, 150)
