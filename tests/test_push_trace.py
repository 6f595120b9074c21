"""Traces of the Sokoban push searches: a traced run makes the search of the untraced one, and its trace agrees
with the run and with Sokoban's rules at the level of pushes: every child is reached from its parent by a
keeper walk and the pushes its move names (replayed by the simulator), g grows by the pushes, pruned children
carry their reason, the path's moves are the plan; the memory bound holds with the counts exact; the files
read back; the backward side of a bidirectional search is counted and said, not recorded."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan import TraceOptions
from puzzleplan.planners.registry import PUSH_SINGLE, tracing_planners
from puzzleplan.translator.sokoban.puzzle import Sokoban
from tests.strategies import random_state

REASONS = {"freeze", "corral", "cluster", "pattern", "dead square", "deadlock"}
"""Why a push search prunes a child: a freeze deadlock, PI-corral pruning, a dead cluster, corral or learnt
pattern when it comes off the frontier, a push onto a dead square, an infinite bound."""

ASTAR = "native-push:clusters,pairs,newest"
"""native-push-astar without its incumbent: A* traced from the start."""

CASES = [
    ("problems/sokoban/corridor.xsb", "native-push-astar"),
    ("problems/sokoban/goal-room.xsb", ASTAR),
    ("problems/sokoban/two-rooms.xsb", "native-push-astar"),
    ("problems/sokoban/two-rooms.xsb", "native-push-best"),
    ("problems/sokoban/goal-room.xsb", "native-push-best"),
    ("problems/sokoban/goal-room.xsb", "native-push:tunnels,clusters"),
    ("problems/sokoban/goal-room.xsb", "native-push:wastar,cycle,doors"),
    ("problems/sokoban/extra-goal.xsb", "native-push-astar"),
    ("problems/sokoban/extra-goal.xsb", "native-push:clusters,pairs,newest,incumbent"),
    ("problems/sokoban/goal-room.xsb", f"native-push:{PUSH_SINGLE},moves,first=3"),
]
"""Small levels, each searched in moments: native-push-astar (whose incumbent or layers prove these before A*
expands a position), A* below an incumbent (finding a shorter plan itself on extra-goal) and without one, the
bidirectional best search, macros and cycling, and FESS's moves for 3 states, then single pushes anew."""


def replayed(inst: puzzleplan.Instance, state, move: str):
    """The state after a push move's letters (a walk, then pushes) from `state`, by the simulator."""
    for letter in move:
        state = inst.puzzle.apply(inst.data, state, letter)
    return state


def check_push_trace(inst: puzzleplan.Instance, report: puzzleplan.Report) -> None:
    """The trace of a finished push search agrees with the run and with Sokoban's rules."""
    trace = report.trace
    assert trace is not None and trace.status == report.status.value
    assert trace.expanded + trace.unrecorded == (report.expanded or 0)
    assert bool(trace.unrecorded) == ("counted in `unrecorded`" in trace.note)  # the backward or the weighted searches
    kept = [expansion.index for expansion in trace.expansions]
    assert kept == [index for index in range(trace.expanded) if _kept(trace, index)]
    if not trace.sampled:
        assert trace.generated == sum(len(expansion.children) for expansion in trace.expansions)
    states = {expansion.state_id: expansion for expansion in trace.expansions}
    for expansion in trace.expansions:
        _check_expansion(inst, expansion, states)
    if report.status is puzzleplan.Status.SOLVED:
        _check_path(inst, report, states)


def _kept(trace: puzzleplan.Trace, index: int) -> bool:
    """Whether expansion `index` is one the trace's limit keeps."""
    return index < trace.record_limit or (index - trace.record_limit) % trace.sample_every == 0


def _check_expansion(inst: puzzleplan.Instance, expansion, states: dict) -> None:
    """Its state is reached from its parent's by its move; every child from it by the child's move, a walk
    (lower case) then pushes (upper case), one more g per push; new and duplicate children name the states
    they are; pruned ones say why."""
    assert isinstance(expansion.state, tuple) and expansion.state.boxes >= inst.data.boxes - inst.data.inside
    parent = states.get(expansion.parent)
    if parent is not None:
        assert replayed(inst, parent.state, expansion.move) == expansion.state
        assert expansion.g == parent.g + _pushes(expansion.move)
    for child in expansion.children:
        assert child.move[-1].isupper() and child.g == expansion.g + _pushes(child.move)
        after = replayed(inst, expansion.state, child.move)
        assert child.outcome in ("new", "duplicate", "pruned")
        if child.outcome == "pruned":
            assert child.reason in REASONS
        elif child.state_id in states:
            shown = states[child.state_id].state
            assert shown.boxes == after.boxes and (child.outcome == "duplicate" or shown == after)
        assert child.outcome != "duplicate" or child.reason == "closed"


def _pushes(move: str) -> int:
    """The pushes a push move makes."""
    return sum(letter.isupper() for letter in move)


def _check_path(inst: puzzleplan.Instance, report: puzzleplan.Report, states: dict) -> None:
    """The path's moves replay from the start through the states the path names; they are the plan, or
    where the two sides met, the plan's beginning."""
    trace = report.trace
    if "the plan is not A*'s" in trace.note:  # the plan is the weighted search's or the layers', proved
        assert (
            report.proved is puzzleplan.Proof.OPTIMAL
            and trace.path == trace.path_moves == []
            and trace.plan == report.moves
        )
        return
    assert len(trace.path) == len(trace.path_moves) + 1
    if "started again from the start (state " in trace.note:  # a macro search ran dry, a plain one found it
        root = int(trace.note.split("(state ")[1].split(")")[0])
        assert trace.path[0] == root and states.get(root, trace.expansions[0]).state == trace.start
    else:
        assert trace.path[0] == 0
    letters = "".join(trace.path_moves)
    plan = "".join(report.moves)
    assert plan == "".join(trace.plan) and (plan == letters if "met" not in trace.note else plan.startswith(letters))
    state = trace.start
    for number, move in zip(trace.path[1:], trace.path_moves):
        state = replayed(inst, state, move)
        assert number not in states or states[number].state == state
    assert inst.is_goal(state) or "met" in trace.note


@cache
def goal_room_astar() -> tuple[puzzleplan.Instance, puzzleplan.Trace]:
    """The goal room and the full trace of A* on it without an incumbent (a few hundred expansions)."""
    inst = puzzleplan.load("problems/sokoban/goal-room.xsb")
    return inst, puzzleplan.solve(inst, planner=ASTAR, trace=True).trace


@pytest.mark.parametrize(("path", "planner"), CASES)
def test_a_traced_push_search_is_the_untraced_one_and_consistent_with_it(path, planner):
    inst = puzzleplan.load(path)
    plain = puzzleplan.solve(inst, planner=planner)
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    assert report.valid and (report.expanded, report.moves) == (plain.expanded, plain.moves)
    check_push_trace(inst, report)
    assert report.trace.planner == planner
    assert report.trace.heuristic in ("matching", "keeper-matching", "keeper-matching+pairs")


def test_pruned_pushes_say_why_and_a_bidirectional_trace_says_what_it_leaves_out(tmp_path):
    inst = puzzleplan.load("problems/sokoban/goal-room.xsb")
    trace = puzzleplan.solve(inst, planner="native-push-best", trace=True).trace
    reasons = {child.reason for e in trace.expansions for child in e.children if child.outcome == "pruned"}
    assert {"dead square", "freeze"} <= reasons <= REASONS
    assert trace.unrecorded > 0 and "not recorded" in trace.note and "met" in trace.note
    again = puzzleplan.read_trace(puzzleplan.write_trace(trace, tmp_path / "t.jsonl", inst), inst)
    assert again == trace


def test_a_forward_search_with_clusters_notes_its_corrals_and_closed_duplicates():
    trace = goal_room_astar()[1]
    outcomes = {(child.outcome, child.reason) for e in trace.expansions for child in e.children}
    assert {("pruned", "corral"), ("duplicate", "closed"), ("new", "")} <= outcomes
    assert trace.unrecorded == 0 and trace.note == ""
    assert trace.duplicates == sum(c.outcome == "duplicate" for e in trace.expansions for c in e.children)
    assert trace.pruned == sum(c.outcome == "pruned" for e in trace.expansions for c in e.children)


def test_a_star_proving_its_incumbent_before_it_expands_says_so_and_writes_no_page(tmp_path, capsys):
    """On the goal room the weighted searches' plan has the pushes of the bound at the start: A* queues nothing.
    The trace holds no expansion and no path, counts the weighted searches' in `unrecorded` and says that A*
    ran dry below the incumbent; `solve --trace` says that no search was recorded, with the note, and writes
    no page."""
    from puzzleplan.app.cli import main

    inst = puzzleplan.load("problems/sokoban/goal-room.xsb")
    report = puzzleplan.solve(inst, planner="native-push-astar", trace=True)
    check_push_trace(inst, report)
    trace, pushes = report.trace, sum(letter.isupper() for letter in report.moves)
    assert report.valid and report.proved is puzzleplan.Proof.OPTIMAL
    assert (trace.expanded, trace.unrecorded, trace.path) == (0, report.expanded, [])
    assert (
        f"(they found {pushes} pushes)" in trace.note and f"ran dry below the incumbent's {pushes} pushes" in trace.note
    )
    page = tmp_path / "search.html"
    assert (
        main(["solve", "problems/sokoban/goal-room.xsb", "--planner", "native-push-astar", "--trace", str(page)]) == 0
    )
    said = capsys.readouterr().err
    assert "no search was recorded (solved)" in said and "proved optimal" in said and not page.exists()


def test_a_star_that_expands_below_its_incumbent_then_runs_dry_shows_its_search_and_no_plan(shared_data, tmp_path):
    """Microban 10, without the layers (which prove it before A*): A* expands a few positions below the
    incumbent's pushes and runs dry. The page plays them, ends without a plan and says in its note that the
    incumbent's plan is proved optimal. With the layers, native-push-astar's trace holds no expansion and says
    that the layers proved it."""
    from tests.test_search_player import page_data

    inst = puzzleplan.load(shared_data / "sokoban" / "microban.txt", level="10", puzzle="sokoban")
    layered = puzzleplan.solve(inst, planner="native-push-astar", trace=True)
    check_push_trace(inst, layered)
    assert layered.valid and layered.trace.expanded == 0 and "Feature cycling" in layered.trace.note
    report = puzzleplan.solve(inst, planner="native-push:clusters,pairs,newest,incumbent", trace=True)
    check_push_trace(inst, report)
    assert report.valid and report.trace.expanded > 0 and report.trace.unrecorded > 0 and not report.trace.path
    page = tmp_path / "search.html"
    puzzleplan.write_search_page(inst, report.trace, page)
    (run,) = page_data(page)["runs"]
    assert not run["goal"] and run["plan_length"] == 0 and "proved optimal" in page.read_text()


@pytest.mark.parametrize(("limit", "every"), [(0, 7), (5, 3), (40, 50)])
def test_the_memory_bound_holds_for_push_searches_with_the_counts_exact(limit, every):
    inst, full = goal_room_astar()
    trace = puzzleplan.solve(inst, planner=ASTAR, trace=TraceOptions(limit, every)).trace
    assert full.expanded > limit + every and trace.sampled and not full.sampled
    assert len(trace.expansions) <= limit + (full.expanded - limit) // every + 1
    counts = ("expanded", "generated", "duplicates", "pruned", "path", "path_moves", "plan")
    assert [getattr(trace, name) for name in counts] == [getattr(full, name) for name in counts]
    assert [e.index for e in trace.expansions] == [e.index for e in full.expansions if _kept(trace, e.index)]
    assert all(e.state == full.expansions[e.index].state for e in trace.expansions)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    st.sampled_from(["two-rooms", "goal-room"]),
    st.integers(0, 10**6),
    st.integers(0, 40),
    st.sampled_from(["native-push-astar:states=150", "native-push-best:states=150", "native-push:tunnels,states=150"]),
)
def test_traces_of_push_searches_from_random_positions_are_consistent(level, seed, steps, planner):
    """From positions a random walk away from a level's start, no box on a dead square, within a budget of expansions
    (a run stopped by it is traced as far as it went)."""
    level = puzzleplan.load(f"problems/sokoban/{level}.xsb")
    start = random_state(level.puzzle, level.data, seed, steps)
    assume(not start.boxes - level.data.live - level.data.goals)  # no box on a dead square: a search to watch
    inst = puzzleplan.Instance(level.puzzle, Sokoban().restart(level.data, start), "<random>")
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    check_push_trace(inst, report)


def test_the_push_searches_are_among_the_planners_that_trace():
    assert {"native-push-astar", "native-push-best", "native-push-portfolio"} <= set(tracing_planners())
    with pytest.raises(puzzleplan.InputError, match="native-push-best"):
        puzzleplan.solve(puzzleplan.load("problems/sokoban/corridor.xsb"), "fd", trace=True)


def test_a_traced_portfolio_keeps_the_trace_of_the_member_whose_plan_it_keeps():
    inst = puzzleplan.load("problems/sokoban/goal-room.xsb")
    report = puzzleplan.solve(inst, planner="native-push-portfolio", trace=True)
    check_push_trace(inst, report)
    member = report.message.split("found by ")[1].split(" in ")[0]
    assert report.trace.planner == "native-push-portfolio" and report.trace.note.startswith(f"The trace of {member},")


@pytest.mark.slow
@pytest.mark.parametrize("planner", [ASTAR, "native-push-best"])
def test_a_sampled_trace_of_a_longer_push_search_is_its_untraced_search(shared_data, planner):
    """Microban level 140 (thousands of positions): the same search traced, kept to 500 expansions then
    every 20th, consistent with the run."""
    inst = puzzleplan.load(shared_data / "sokoban" / "microban.txt", level="140", puzzle="sokoban")
    plain = puzzleplan.solve(inst, planner=planner)
    report = puzzleplan.solve(inst, planner=planner, trace=TraceOptions(limit=500, sample_every=20))
    assert report.valid and (report.expanded, report.moves) == (plain.expanded, plain.moves)
    assert report.trace.sampled and len(report.trace.expansions) < 500 + report.expanded // 20 + 1
    check_push_trace(inst, report)


@pytest.mark.parametrize("path, planner", CASES)
def test_every_push_trace_is_drawn_on_the_board(tmp_path, path, planner):
    """The search page draws every recorded expansion of a push search, macro pushes (several upper-case
    letters, `RRR`) and walks before a push (`llU`) included: one board per expansion in the page. A trace
    of native-push-astar proving a plan before A* expands a position has none, and no page is written."""
    inst = puzzleplan.load(path)
    report = puzzleplan.solve(inst, planner, trace=True)
    page = tmp_path / "search.html"
    if not report.trace.expansions:
        assert report.trace.expanded == 0 and "proved optimal" in report.trace.note
        with pytest.raises(puzzleplan.InputError, match="no search to show"):
            puzzleplan.write_search_page(inst, report.trace, page)
        return
    puzzleplan.write_search_page(inst, report.trace, page)
    assert page.stat().st_size > 0


def test_a_macro_push_marks_the_box_its_last_push_moved():
    """The board after a macro push (`RRRR`) or a walk and a push (`llU`) marks the box ahead of the keeper in
    the direction of the last push."""
    from puzzleplan.pictures.drawings.sokoban import _push
    from puzzleplan.translator.grid import step

    state = Sokoban().initial(puzzleplan.load("problems/sokoban/corridor.xsb").data)
    assert _push(state, "RRRR") == ("right", step(state.keeper, "right"))
    assert _push(state, "llU") == ("up", step(state.keeper, "up"))
    assert _push(state, "ll") == (None, None)
