"""The parallel portfolio: the plan found in the least virtual time wins whichever member finishes first, a
member that can no longer win is stopped, members' failures are results, and no member outlives the run."""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from puzzleplan.common.limits import Limits, TimeLimitExceeded, time_limit
from puzzleplan.common.progress import watch
from puzzleplan.planners.base import PlanResult, Simulation, Status
from puzzleplan.planners.portfolio import Portfolio
from puzzleplan.planners.registry import PUSH_MOVES, get_planner
from tests.test_sokoban import SOKOBAN


@dataclass
class Counting:
    """A fake native planner: expands `states` states, `pause` seconds each, then ends with `status`
    (a plan naming it when solved); a negative `states` never ends; `fail` raises or kills its process."""

    name: str
    states: int
    pause: float = 0.0
    status: Status = Status.SOLVED
    fail: str = ""
    optimal: bool = False
    fragment: None = None
    puzzles: None = None

    def available(self) -> tuple[bool, str]:
        return True, ""

    def solve(self, problem: object, limits: Limits) -> PlanResult:
        done = [0]
        watch(lambda: (done[0], None))
        while done[0] != self.states:
            time.sleep(self.pause)
            done[0] += 1
        if self.fail == "raise":
            raise ValueError("broken member")
        if self.fail == "die":
            os._exit(3)
        if self.fail == "memory":
            bytearray(limits.memory_mb * 2**21)  # twice the member's share
        plan = [self.name] if self.status is Status.SOLVED else []
        return PlanResult(self.status, plan=plan, expanded=self.states, message=f"{self.name} ended")


def race(
    *members: Counting, weights: tuple[float, ...] = (), memory_mb: int | None = None, timeout: float = 60
) -> PlanResult:
    """Run a portfolio of fake members (weights 1 unless given)."""
    portfolio = Portfolio("test-portfolio", ())
    portfolio.members = [(member, weight) for member, weight in zip(members, weights or (1.0,) * len(members))]
    return portfolio.solve(Simulation(SOKOBAN, None), Limits(timeout, memory_mb))


def children() -> set[int]:
    """This process's child processes, running or exited and unreaped (/proc lists both). A test compares them
    before and after a race: other tests in the same process (a pytest-xdist worker runs many modules, in any
    order) may have left children of their own, such as a browser's helpers, which the race did not start."""
    return {int(pid) for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()}


def test_the_plan_found_in_fewer_states_wins_though_it_comes_later():
    before = children()
    result = race(Counting("quick", 50, 0.001), Counting("thorough", 20, 0.02))
    assert result.plan == ["thorough"] and result.expanded == 20 and "thorough" in result.message
    assert children() <= before


def test_weights_make_a_member_s_states_dearer():
    result = race(Counting("quick", 50, 0.001), Counting("thorough", 20, 0.02), weights=(1.0, 3.0))
    assert result.plan == ["quick"] and result.expanded == 50


def test_a_tie_goes_to_the_first_member():
    result = race(Counting("first", 30, 0.01), Counting("second", 30, 0.0))
    assert result.plan == ["first"]


def test_a_member_that_can_no_longer_win_is_stopped():
    """The second member never ends: the first one's plan ends the race long before the limit."""
    before = children()
    result = race(Counting("quick", 5), Counting("endless", -1, 0.001))
    assert result.plan == ["quick"] and result.search_time < 60
    assert children() <= before


def test_failures_are_results_and_a_proof_settles_them():
    result = race(Counting("broken", 3, fail="raise"), Counting("prover", 4, status=Status.UNSOLVABLE))
    assert result.status is Status.UNSOLVABLE
    assert "broken: ValueError: broken member" in result.message and "prover: prover ended" in result.message


def test_a_member_that_dies_is_a_memout_and_the_other_still_wins():
    result = race(Counting("dies", 2, fail="die"), Counting("solver", 40, 0.001))
    assert result.plan == ["solver"]
    result = race(Counting("dies", 2, fail="die"), Counting("gives-up", 4, status=Status.TIMEOUT))
    assert result.status is Status.TIMEOUT and "dies ended without an answer" in result.message


def test_each_member_runs_under_its_share_of_the_memory_limit():
    result = race(Counting("greedy", 2, fail="memory"), Counting("frugal", 3, fail="memory"), memory_mb=4000)
    assert result.status is Status.MEMOUT and "greedy: out of memory under 2000 MiB" in result.message


def test_members_that_do_not_stop_at_the_time_limit_are_stopped_there():
    """Members that never look at the clock: the portfolio ends at its limit, a timeout with their states."""
    before = children()
    result = race(Counting("endless", -1, 0.001), Counting("endless too", -1, 0.001), timeout=0.5)
    assert result.status is Status.TIMEOUT and result.expanded and result.search_time < 60
    assert "endless: stopped at the time limit" in result.message
    assert children() <= before


def test_the_time_limit_stops_every_member():
    before = children()
    with pytest.raises(TimeLimitExceeded), time_limit(0.5):
        race(Counting("endless", -1, 0.001), Counting("endless too", -1, 0.001))
    assert children() <= before


def md5(plan: list[str]) -> str:
    return hashlib.md5("".join(plan).encode()).hexdigest()


@pytest.mark.parametrize("label", ["100", "150"])
def test_on_microban_the_portfolio_gives_its_member_s_plan(shared_data, label):
    """The portfolio's plan is the plan of the member that needs fewer states, as that member finds it alone."""
    path = shared_data / "sokoban" / "microban.txt"
    problem = Simulation(SOKOBAN, SOKOBAN.parse_level(path.read_text(), str(path), label))
    portfolio = get_planner("native-push-portfolio")
    assert isinstance(portfolio, Portfolio)
    alone = [planner.solve(problem, Limits(60)) for planner, _ in portfolio.members]
    winner = min(range(len(alone)), key=lambda index: (alone[index].expanded or 0, index))
    result = portfolio.solve(problem, Limits(60))
    assert result.solved and SOKOBAN.replay(problem.instance, result.plan).valid
    assert (result.expanded, md5(result.plan)) == (alone[winner].expanded, md5(alone[winner].plan))
    assert portfolio.members[winner][0].name in result.message


@pytest.mark.slow
@pytest.mark.parametrize(("label", "expanded"), [("48", 6048)])
def test_the_portfolio_solves_xsokoban_levels_its_best_member_does_not(shared_data, label, expanded):
    """XSokoban 48, which the search over single pushes does not solve in 90,000 states (a minute on a busy core),
    by the one with FESS's moves; by states, so that the answer does not hang on the machine's load."""
    path = shared_data / "sokoban" / "xsokoban90.txt"
    problem = Simulation(SOKOBAN, SOKOBAN.parse_level(path.read_text(), str(path), label))
    result = get_planner("native-push-portfolio:states=90000").solve(problem, Limits(3600))
    assert result.solved and SOKOBAN.replay(problem.instance, result.plan).valid
    assert result.expanded == expanded and f"found by {PUSH_MOVES},states=90000 in" in result.message
