"""One error family (every error a user can catch is a PuzzleplanError), one time limit signal
(TimeLimitExceeded, raised by every deadline check), and results that say what they proved."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan.api.pipeline import plan_pddl
from puzzleplan.common.errors import IllegalStep
from puzzleplan.common.limits import Limits, TimeLimitExceeded
from puzzleplan.planners import compile as compile_module
from puzzleplan.planners import tiles_idastar
from puzzleplan.planners.base import PlanResult, Proof, Simulation, Status
from puzzleplan.planners.graphplan import Search, graphplan, ground
from puzzleplan.planners.native import search
from puzzleplan.planners.planning_graph import PlanningGraph
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.search import Deadline, breadth_first, depth_first
from puzzleplan.planners.tiles_idastar import TilesIdaStar
from puzzleplan.translator.pddl.task import STRIPS
from puzzleplan.translator.registry import get_puzzle
from puzzleplan.translator.tiles import pdb as tiles_pdb
from puzzleplan.translator.tiles.puzzle import Tiles, TilesInstance

HANOI = "problems/hanoi/seed1.hanoi"
HARD = "problems/tiles/fifteen-48.tiles"
"""A 15-puzzle that breadth-first search cannot solve in a second."""
STUCK = "init:\n2 1\n3 X\ngoal:\n1 2\n3 X\n"
"""A 2x2 board of the wrong parity: unsolvable, proved without search."""


def test_every_error_the_package_exports_is_a_puzzleplan_error() -> None:
    errors = [getattr(puzzleplan, name) for name in puzzleplan.__all__]
    errors = [error for error in errors if isinstance(error, type) and issubclass(error, BaseException)]
    assert {error.__name__ for error in errors} >= {"InputError", "IllegalMove", "LimitReached", "PlannerFailure"}
    assert all(issubclass(error, puzzleplan.PuzzleplanError) for error in errors)
    assert issubclass(IllegalStep, puzzleplan.InputError)


def raises_input_error() -> None:
    puzzleplan.load(puzzle="hanoi", text="pegs: A B\ninit:\nA: 1 2\n")


def raises_illegal_move() -> None:
    puzzleplan.replay(puzzleplan.load(HANOI), ["2 A B"])


def raises_limit_reached() -> None:
    puzzleplan.solve(puzzleplan.load(HARD), "native-bfs", timeout=0.3).raise_for_status()


def raises_planner_failure() -> None:
    puzzleplan.solve(puzzleplan.load(HANOI), "native-idastar").raise_for_status()  # tiles only: unsupported


@pytest.mark.parametrize(
    ("call", "kind"),
    [
        (raises_input_error, "InputError"),
        (raises_illegal_move, "IllegalMove"),
        (raises_limit_reached, "LimitReached"),
        (raises_planner_failure, "PlannerFailure"),
    ],
)
def test_each_error_is_caught_as_a_puzzleplan_error(call, kind: str) -> None:
    try:
        call()
    except puzzleplan.PuzzleplanError as error:
        assert isinstance(error, getattr(puzzleplan, kind)), error
    else:
        raise AssertionError(f"{call.__name__} raised nothing")


def test_raise_for_status_returns_results_solved_or_unsolvable() -> None:
    assert puzzleplan.solve(puzzleplan.load(HANOI)).raise_for_status().length == 2
    stuck = puzzleplan.solve(puzzleplan.load(puzzle="tiles", text=STUCK))
    assert stuck.raise_for_status() is stuck
    report = puzzleplan.plan("domains/hanoi.pddl", "problems/hanoi/seed1.pddl", "graphplan", timeout=30)
    assert report.raise_for_status() is report


def test_the_time_limit_signal_is_no_exception_a_planner_can_swallow() -> None:
    assert not issubclass(TimeLimitExceeded, Exception)
    assert not issubclass(TimeLimitExceeded, puzzleplan.PuzzleplanError)


# -- what a run proved ---------------------------------------------------------------------------------------
def proved_json(report: puzzleplan.Report) -> object:
    """The `proved` of the report's --json object, through JSON."""
    return json.loads(json.dumps(report.to_json(get_puzzle(report.puzzle))))["proved"]


def test_an_optimal_plan_proves_its_optimality() -> None:
    report = puzzleplan.solve(puzzleplan.load(HANOI), "native-astar")
    assert (report.status, report.proved, report.optimal) == (Status.SOLVED, Proof.OPTIMAL, True)
    assert proved_json(report) == "optimal"


@pytest.mark.parametrize("planner", ["native-dfs", "fd"])
def test_a_plan_not_known_to_be_optimal_proves_nothing(planner: str) -> None:
    if not get_planner(planner).available()[0]:
        pytest.skip(f"{planner} is not installed")
    report = puzzleplan.solve(puzzleplan.load("problems/tiles/seven1.tiles"), planner, timeout=60)
    assert (report.status, report.proved, report.optimal) == (Status.SOLVED, None, False)
    assert proved_json(report) is None


def test_an_unsolvable_instance_is_proved_so() -> None:
    report = puzzleplan.solve(puzzleplan.load(puzzle="tiles", text=STUCK))
    assert (report.status, report.proved, report.optimal) == (Status.UNSOLVABLE, Proof.UNSOLVABLE, True)
    assert proved_json(report) == "unsolvable"


def test_a_timeout_proves_nothing() -> None:
    report = puzzleplan.solve(puzzleplan.load(HARD), "native-bfs", timeout=0.3)
    assert (report.status, report.proved, report.optimal) == (Status.TIMEOUT, None, False)
    assert proved_json(report) is None


def test_exhausted_searches_prove_unsolvability() -> None:
    never = lambda state: False  # noqa: E731
    line = lambda state: [("next", state + 1)] if state < 5 else []  # noqa: E731
    for run in (breadth_first, depth_first):
        result = run(0, line, never, Deadline(10))
        assert (result.status, result.proved) == (Status.UNSOLVABLE, Proof.UNSOLVABLE)


NO_WAY_DOMAIN = """(define (domain no-way) (:requirements :strips) (:predicates (p) (q))
  (:action make-q :parameters () :precondition (p) :effect (q)))"""
NO_WAY_PROBLEM = "(define (problem none) (:domain no-way) (:init) (:goal (q)))"


def test_graphplan_proves_unsolvability_when_its_graph_levels_off(tmp_path) -> None:
    """No step bound: a graph that levels off without the goals is a proof that there is no plan."""
    (tmp_path / "domain.pddl").write_text(NO_WAY_DOMAIN)
    (tmp_path / "problem.pddl").write_text(NO_WAY_PROBLEM)
    report = puzzleplan.plan(tmp_path / "domain.pddl", tmp_path / "problem.pddl", "graphplan", timeout=30)
    assert (report.run.result.status, report.run.result.proved) == (Status.UNSOLVABLE, Proof.UNSOLVABLE)
    assert report.to_json()["proved"] == "unsolvable"


def test_plan_json_says_what_was_proved() -> None:
    report = puzzleplan.plan("domains/hanoi.pddl", "problems/hanoi/seed1.pddl", "graphplan", timeout=30)
    data = report.to_json()
    assert data["status"] == "solved" and data["proved"] == "optimal" and data["optimal"] is True


@given(st.sampled_from(Status), st.sampled_from([None, *Proof]))
def test_a_proof_always_agrees_with_the_status(status: Status, proved: Proof | None) -> None:
    agrees = (
        proved is None
        or (proved is Proof.OPTIMAL) == (status is Status.SOLVED)
        and status
        in (
            Status.SOLVED,
            Status.UNSOLVABLE,
        )
    )
    if not agrees:
        with pytest.raises(ValueError):
            PlanResult(status, proved=proved)
        return
    result = PlanResult(status, proved=proved)
    assert result.optimal == (proved is not None)
    assert proved is not Proof.OPTIMAL or result.status is Status.SOLVED
    assert proved is not Proof.UNSOLVABLE or result.status is Status.UNSOLVABLE


@st.composite
def small_boards(draw) -> TilesInstance:
    """2x2 and 2x3 boards with one blank in any order: half of them unsolvable (the wrong parity)."""
    height, width = 2, draw(st.integers(2, 3))
    cells = height * width
    goal = (*range(1, cells), 0)
    return TilesInstance(height, width, tuple(draw(st.permutations(goal))), goal)


@settings(max_examples=30, deadline=None)
@given(small_boards())
def test_complete_searches_prove_what_they_say(instance: TilesInstance) -> None:
    tiles = Tiles()
    results = {kind: search(tiles, instance, kind, Deadline(30)) for kind in ("bfs", "dfs", "astar")}
    for kind, result in results.items():
        assert result.status in (Status.SOLVED, Status.UNSOLVABLE), kind
        assert (result.status is Status.UNSOLVABLE) == (result.proved is Proof.UNSOLVABLE), kind
        assert result.proved is not Proof.OPTIMAL or result.status is Status.SOLVED, kind
    if results["bfs"].solved:
        assert results["bfs"].proved is results["astar"].proved is Proof.OPTIMAL
        assert len(results["bfs"].plan) == len(results["astar"].plan)
        assert results["dfs"].proved is None and len(results["dfs"].plan) >= len(results["bfs"].plan)
    assert len({result.status for result in results.values()}) == 1


# -- every deadline check raises TimeLimitExceeded ---------------------------------------------------------
def test_a_graphplan_search_past_its_deadline_raises_the_signal_and_ends_timeout() -> None:
    task = ground(puzzleplan.translate(puzzleplan.load("problems/hanoi/tower5.hanoi")))
    with pytest.raises(TimeLimitExceeded):
        Search(PlanningGraph(task), deadline=0.0).check_deadline()
    assert graphplan(task, time.perf_counter() - 1).status is Status.TIMEOUT


def test_a_table_build_past_its_deadline_ends_the_run_timeout(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))  # no table cached: the build starts
    inst = puzzleplan.load("problems/tiles/eight-hardest.tiles")
    result = TilesIdaStar().solve(Simulation(inst.puzzle, inst.data), Limits(1e-9))
    assert result.status is Status.TIMEOUT and result.proved is None
    assert "while building the pattern databases" in result.message


def test_ida_star_past_its_deadline_ends_timeout(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))
    monkeypatch.setattr(tiles_idastar, "CHECK_EVERY", 1)  # look at the clock at every expansion
    inst = puzzleplan.load("problems/tiles/eight-hardest.tiles")
    lookup = tiles_pdb.lookup(3, 3, inst.data.goal, "pdb")
    result = tiles_idastar.ida_star(inst.data, lookup, Deadline(0))
    assert result.status is Status.TIMEOUT and result.proved is None and result.expanded == 1
    solved = tiles_idastar.ida_star(inst.data, lookup, Deadline(60))
    assert (solved.status, solved.proved, len(solved.plan)) == (Status.SOLVED, Proof.OPTIMAL, 31)


def test_a_compilation_past_its_time_limit_raises_the_signal_and_the_run_ends_timeout() -> None:
    shrdlu = puzzleplan.load("problems/shrdlu/seed.shrdlu")
    task = puzzleplan.translate(shrdlu)
    compile_module.compile_for(task, STRIPS)  # unified-planning imported before the limit
    with pytest.raises(TimeLimitExceeded):
        compile_module.compile_for(task, STRIPS, 1e-6)
    run = plan_pddl(task, get_planner("graphplan"), Limits(1e-6))
    assert run.result.status is Status.TIMEOUT and run.result.proved is None
    # the hard stop, 1e-6 s later, may come before the compilation looks at its clock (naming the phase it
    # cut, if any)
    message = run.result.message
    assert message == "graphplan: stopped while compiling the task to the planner's fragment" or message.startswith(
        "stopped at the time limit (1e-06 s)"
    )


def test_the_former_timeout_classes_are_gone() -> None:
    from puzzleplan.planners import graphplan as graphplan_module

    gone = [
        (tiles_pdb, "BuildStopped"),
        (tiles_idastar, "OutOfTime"),
        (graphplan_module, "Timeout"),
        (compile_module, "CompilationTimeout"),
    ]
    assert [name for module, name in gone if hasattr(module, name)] == []


@pytest.mark.parametrize(("planner", "proved"), [("fd", Proof.UNSOLVABLE), ("fd:ehc(ff())", None)])
def test_fast_downward_proves_unsolvability_only_with_a_complete_search(planner: str, proved: Proof | None) -> None:
    if not get_planner("fd").available()[0]:
        pytest.skip("Fast Downward is not installed")
    task = puzzleplan.translate(puzzleplan.load(puzzle="tiles", text=STUCK))  # searched: the parity is not seen
    result = plan_pddl(task, get_planner(planner), Limits(60)).result
    assert (result.status, result.proved) == (Status.UNSOLVABLE, proved)
    assert proved is not None or "no proof" in result.message
