"""Search traces: solve(..., trace=...) records what the search did, and the trace is consistent with the search
that made it: as many expansions as the result says, every child a legal move from its parent and one move
deeper, the path to the goal the plan; the memory bound holds with the counts exact; files round-trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzleplan
from puzzleplan import TraceOptions
from puzzleplan.common.recorder import Recorder
from puzzleplan.planners.idastar import Deepening
from puzzleplan.planners.search import Deadline, best_first, breadth_first, depth_first
from puzzleplan.planners.tiles_idastar import ida_star
from puzzleplan.translator.capabilities import search_help
from puzzleplan.translator.tiles import pdb as tiles_pdb
from tests.strategies import hanoi_instances, random_state, tiles_instances

HANOI = "problems/hanoi/seed1.hanoi"

CASES = [
    ("problems/hanoi/tower5.hanoi", "native-bfs"),
    ("problems/hanoi/tower5.hanoi", "native-dfs"),
    ("problems/hanoi/tower5.hanoi", "native-astar"),
    ("problems/shrdlu/seed.shrdlu", "native-astar"),
    ("problems/shrdlu/seed.shrdlu", "native-dfs"),
    ("problems/sbp/lshape.sbp", "native-bfs"),
    ("problems/sbp/lshape.sbp", "native-astar"),
    ("problems/bloxorz/switches.bloxorz", "native-bfs"),
    ("problems/bloxorz/switches.bloxorz", "native-astar"),
    ("problems/pacman/forks.lay", "native-astar"),
    ("problems/sokoban/corridor.xsb", "native-dfs"),
]
"""Small instances of every puzzle with a native search, each solved in a fraction of a second."""

TILES = ["init:\n8 6 7\n2 5 4\n3 X 1\n", "init:\n7 2 4\n5 X 6\n8 3 1\n"]
"""3x3 boards, their pattern databases built in moments."""


def check_consistent(inst: puzzleplan.Instance, report: puzzleplan.Report) -> None:
    """The trace of a finished run agrees with the run and with the puzzle's rules."""
    trace = report.trace
    assert trace is not None and trace.status == report.status.value == "solved" and report.valid
    assert trace.expanded == report.expanded
    kept = [expansion.index for expansion in trace.expansions]
    assert kept == [index for index in range(trace.expanded) if _kept(trace, index)]
    assert trace.generated == sum(len(expansion.children) for expansion in trace.expansions) or trace.sampled
    states = {expansion.state_id: expansion.state for expansion in trace.expansions}
    for expansion in trace.expansions:
        _check_children(inst, expansion, states)
    _check_path(inst, report, states)


def _kept(trace: puzzleplan.Trace, index: int) -> bool:
    """Whether expansion `index` is one the trace's limit keeps."""
    return index < trace.record_limit or (index - trace.record_limit) % trace.sample_every == 0


def _check_children(inst: puzzleplan.Instance, expansion, states: dict) -> None:
    """Every child is a legal move from its parent, one move deeper, and the state it names."""
    legal = dict(inst.successors(expansion.state, prune=True))
    for child in expansion.children:
        assert child.move in inst.moves(expansion.state)
        assert child.g == expansion.g + 1
        if child.state_id in states and child.outcome != "pruned":
            assert states[child.state_id] == legal[child.move]


def _check_path(inst: puzzleplan.Instance, report: puzzleplan.Report, states: dict) -> None:
    """The path from the start is the plan: its moves replay, from the start searched, to a goal."""
    trace = report.trace
    assert trace.path[0] == 0 and len(trace.path) == len(trace.path_moves) + 1
    assert search_help(inst.puzzle).plan_from_search(inst.data, trace.path_moves) == report.moves == trace.plan
    state = trace.start
    for number, move in zip(trace.path[1:], trace.path_moves):
        state = dict(inst.successors(state, prune=True))[move]
        assert states.get(number, state) == state
    assert inst.is_goal(state)


@pytest.mark.parametrize(("path", "planner"), CASES)
def test_a_traced_search_is_consistent_with_its_run(path, planner):
    inst = puzzleplan.load(path)
    check_consistent(inst, puzzleplan.solve(inst, planner=planner, trace=True))


@settings(max_examples=25, deadline=None, derandomize=True)
@given(hanoi_instances(max_discs=4), st.sampled_from(["native-bfs", "native-dfs", "native-astar"]))
def test_traces_of_random_hanoi_instances_are_consistent(instance, planner):
    inst = puzzleplan.Instance(_hanoi(), instance, "<random>")
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    if report.length:
        check_consistent(inst, report)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(tiles_instances(walk=10), st.sampled_from(["native-bfs", "native-astar:default"]))
def test_traces_of_random_tiles_boards_are_consistent(instance, planner):
    inst = puzzleplan.Instance(_tiles(), instance, "<random>")
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    if report.length:
        check_consistent(inst, report)


def _hanoi():
    return puzzleplan.load(HANOI).puzzle


def _tiles():
    return puzzleplan.load(text=TILES[0], puzzle="tiles").puzzle


@pytest.mark.parametrize("text", TILES)
def test_a_traced_idastar_makes_the_search_of_the_untraced_one_and_notes_its_bounds(text):
    inst = puzzleplan.load(text=text, puzzle="tiles")
    report = puzzleplan.solve(inst, planner="native-idastar", trace=True)
    plain = ida_star(inst.data, tiles_pdb.lookup(3, 3, inst.data.goal), Deadline(60))
    check_consistent(inst, report)
    trace = report.trace
    assert (report.expanded, report.moves) == (plain.expanded, plain.plan)
    assert [row["iteration"] for row in trace.iterations] == list(range(1, plain.figures["iterations"] + 1))
    assert sum(row["expanded"] for row in trace.iterations) == trace.expanded
    bounds = [row["bound"] for row in trace.iterations]
    assert bounds == sorted(set(bounds)) and bounds[-1] == len(report.moves)
    assert all(expansion.f <= expansion.bound for expansion in trace.expansions)
    assert {child.reason for e in trace.expansions for child in e.children if child.outcome == "pruned"} <= {
        "bound",
        "path",
    }


@pytest.mark.parametrize("limit", [0, 7, 100])
def test_the_memory_bound_holds_and_the_counts_stay_exact(limit):
    inst = puzzleplan.load("problems/pacman/forks.lay")
    full = puzzleplan.solve(inst, planner="native-bfs", trace=True).trace
    options = TraceOptions(limit=limit, sample_every=50)
    trace = puzzleplan.solve(inst, planner="native-bfs", trace=options).trace
    assert full.expanded > 1000 and not full.sampled
    assert trace.sampled and trace.sample_every == 50 and trace.record_limit == limit
    assert len(trace.expansions) <= limit + (full.expanded - limit) // 50 + 1
    counts = ("expanded", "generated", "duplicates", "pruned", "path", "path_moves", "plan")
    assert [getattr(trace, name) for name in counts] == [getattr(full, name) for name in counts]
    assert trace.expansions == [full.expansions[e.index] for e in trace.expansions]


@pytest.mark.parametrize(("path", "planner"), [*CASES[::3], ("problems/pacman/forks.lay", "native-bfs")])
def test_a_trace_file_reads_back_as_the_trace_written(path, planner, tmp_path):
    inst = puzzleplan.load(path)
    trace = puzzleplan.solve(inst, planner=planner, trace=TraceOptions(limit=30, sample_every=7)).trace
    written = puzzleplan.write_trace(trace, tmp_path / "search.jsonl", inst)
    lines = [json.loads(line) for line in written.read_text().splitlines()]
    assert lines[0]["format"] == "puzzleplan-trace" and lines[0]["version"] == 1 and lines[0]["puzzle"] == inst.name
    assert lines[-1]["type"] == "end" and lines[-1]["expanded"] == trace.expanded
    assert puzzleplan.read_trace(written, inst) == trace


def test_a_trace_of_an_idastar_run_reads_back_with_its_iterations(tmp_path):
    inst = puzzleplan.load(text=TILES[0], puzzle="tiles")
    trace = puzzleplan.solve(inst, planner="native-idastar", trace=True).trace
    assert puzzleplan.read_trace(puzzleplan.write_trace(trace, tmp_path / "t.jsonl", inst), inst) == trace


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "puzzleplan-trace"),
        ('{"format": "other"}', "format 'puzzleplan-trace'"),
        ('{"format": "puzzleplan-trace", "version": 99}\n', "version 1"),
        ("not json\n", "line of a puzzleplan-trace file"),
    ],
)
def test_a_file_that_is_not_a_trace_is_bad_input_naming_the_line(text, expected, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(puzzleplan.InputError, match=expected) as caught:
        puzzleplan.read_trace(path)
    assert caught.value.source == str(path) and caught.value.line == 1


def test_a_bad_line_after_the_header_is_named(tmp_path):
    inst = puzzleplan.load(HANOI)
    path = puzzleplan.write_trace(puzzleplan.solve(inst, planner="native-bfs", trace=True).trace, tmp_path / "t", inst)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:2], '{"type": "expansion"}', *lines[2:]]) + "\n")
    with pytest.raises(puzzleplan.InputError) as caught:
        puzzleplan.read_trace(path, inst)
    assert caught.value.line == 3


def test_a_trace_of_one_puzzle_is_refused_for_another(tmp_path):
    hanoi = puzzleplan.load(HANOI)
    path = puzzleplan.write_trace(
        puzzleplan.solve(hanoi, planner="native-bfs", trace=True).trace, tmp_path / "t", hanoi
    )
    with pytest.raises(puzzleplan.InputError, match="hanoi instance, not of the tiles"):
        puzzleplan.read_trace(path, puzzleplan.load(text=TILES[0], puzzle="tiles"))


def test_an_untraced_run_has_no_trace():
    assert puzzleplan.solve(puzzleplan.load(HANOI), planner="native-bfs").trace is None


def test_a_planner_that_cannot_trace_is_refused_naming_those_that_can():
    with pytest.raises(puzzleplan.InputError, match="native-bfs, native-dfs, native-astar"):
        puzzleplan.solve(puzzleplan.load(HANOI), planner="fd", trace=TraceOptions(limit=5))


STATES = [
    "problems/hanoi/tower5.hanoi",
    "problems/shrdlu/seed.shrdlu",
    "problems/sbp/lshape.sbp",
    "problems/bloxorz/switches.bloxorz",
    "problems/pacman/forks.lay",
    "problems/sokoban/goal-room.xsb",
]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from([*STATES, "tiles"]), st.integers(0, 10**6), st.integers(0, 30))
def test_every_puzzles_states_round_trip_through_json(path, seed, steps):
    inst = puzzleplan.load(text=TILES[0], puzzle="tiles") if path == "tiles" else puzzleplan.load(path)
    state = random_state(inst.puzzle, inst.data, seed, steps)
    for shown in (state, inst.normalize(state)):
        value = json.loads(json.dumps(inst.state_json(shown)))
        assert inst.state_from_json(value) == shown


@pytest.mark.parametrize(
    ("path", "value"),
    [("problems/pacman/forks.lay", [1, 2]), ("problems/sokoban/corridor.xsb", {"keeper": [1]}), (HANOI, {"a": 1})],
)
def test_a_value_that_is_no_state_is_refused(path, value):
    with pytest.raises(ValueError):
        puzzleplan.load(path).state_from_json(value)


def test_the_same_run_gives_the_same_trace():
    inst = puzzleplan.load("problems/shrdlu/seed.shrdlu")
    first, second = (puzzleplan.solve(inst, planner="native-astar", trace=True).trace for _ in range(2))
    assert first == second


def test_graphplans_trace_holds_its_levels_and_the_goal_sets_it_searched():
    inst = puzzleplan.load("problems/hanoi/tower5.hanoi")
    report = puzzleplan.solve(inst, planner="graphplan", trace=True)
    trace = report.trace
    assert report.valid and trace.plan_level == report.steps and trace.plan == report.moves
    assert len(trace.levels) - 1 <= trace.plan_level  # the graph levels off: the levels after the last are as it
    assert trace.expanded == len(trace.attempts) and not trace.sampled
    for level in trace.levels:
        lists = {name: len(getattr(level, name)) for name in ("facts", "actions", "fact_mutexes", "action_mutexes")}
        assert level.counts == lists
        assert all(pair[0] in level.facts and pair[1] in level.facts for pair in level.fact_mutexes)
    outcomes = {attempt.outcome for attempt in trace.attempts}
    assert outcomes == {"memo-hit", "nogood", "solved"}
    assert trace.attempts[0].level < trace.plan_level == max(attempt.level for attempt in trace.attempts)
    assert (trace.attempts[-1].level, trace.attempts[-1].outcome) == (1, "solved")
    solved = [attempt.level for attempt in trace.attempts if attempt.outcome == "solved"]
    assert sorted(solved, reverse=True) == list(range(trace.plan_level, 0, -1))
    for attempt in trace.attempts:
        assert set(attempt.nogood) <= set(attempt.goals) and bool(attempt.nogood) == (attempt.outcome != "solved")
        assert set(attempt.goals) <= set(trace.levels[min(attempt.level, len(trace.levels) - 1)].facts)


def test_graphplans_trace_keeps_to_its_limit_with_exact_counts(tmp_path):
    inst = puzzleplan.load("problems/hanoi/tower5.hanoi")
    full = puzzleplan.solve(inst, planner="graphplan", trace=True).trace
    trace = puzzleplan.solve(inst, planner="graphplan", trace=TraceOptions(limit=4, sample_every=100)).trace
    assert trace.expanded == full.expanded and trace.sampled
    assert len(trace.attempts) <= 4 + full.expanded // 100 + 1
    assert all(len(level.fact_mutexes) <= 4 and len(level.facts) <= 4 for level in trace.levels)
    assert [level.counts for level in trace.levels] == [level.counts for level in full.levels]
    assert puzzleplan.read_trace(puzzleplan.write_trace(trace, tmp_path / "g.jsonl", inst), inst) == trace


def test_plain_pddl_planned_by_graphplan_is_traced():
    report = puzzleplan.plan("domains/hanoi.pddl", "problems/hanoi/seed1.pddl", planner="graphplan", trace=True)
    assert report.trace.plan == report.run.plan and report.trace.plan_level == report.run.result.steps
    with pytest.raises(puzzleplan.InputError, match="graphplan"):
        puzzleplan.plan("domains/hanoi.pddl", "problems/hanoi/seed1.pddl", planner="pyperplan", trace=True)


def test_the_example_in_docs_traces_is_the_file_written(tmp_path):
    inst = puzzleplan.load(HANOI)
    path = puzzleplan.write_trace(puzzleplan.solve(inst, planner="native-bfs", trace=True).trace, tmp_path / "t", inst)
    written = path.read_text().splitlines()
    page = (Path(__file__).resolve().parent.parent / "docs" / "traces.md").read_text().splitlines()
    shown = [line for line in page if line.startswith('{"') and "[...]" not in line]
    assert shown == [written[0], written[1], written[-1]]


HEURISTICS = [
    ("problems/bloxorz/switches.bloxorz", ("default", "seed")),
    ("problems/pacman/forks.lay", ("default", "farthest", "pairs", "tree")),
    ("problems/sokoban/corridor.xsb", ("default", "h0", "h1")),
    (TILES[1], ("default", "pdb", "pdb44")),
]
"""Every named heuristic of the puzzles that have more than one, on a small instance."""


@pytest.mark.parametrize(("path", "heuristic"), [(path, name) for path, names in HEURISTICS for name in names])
def test_a_star_with_every_named_heuristic_traces_consistently(path, heuristic):
    inst = puzzleplan.load(text=path, puzzle="tiles") if path in TILES else puzzleplan.load(path)
    report = puzzleplan.solve(inst, planner=f"native-astar:{heuristic}", trace=True)
    check_consistent(inst, report)
    trace = report.trace
    assert trace.heuristic == heuristic
    assert all(e.f == e.g + e.h and e.h >= 0 for e in trace.expansions)


@st.composite
def eight_puzzles(draw):
    """3x3 boards a random walk away from the goal with the blank last (the pattern databases serve them)."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    inst = puzzleplan.load(text="init:\n1 2 3\n4 5 6\n7 8 X\n", puzzle="tiles")
    state = random_state(inst.puzzle, inst.data, draw(st.integers(0, 10**6)), draw(st.integers(1, 40)))
    text = "".join(" ".join(str(t or "X") for t in state[row * 3 : row * 3 + 3]) + "\n" for row in range(3))
    assert inst.data.goal == goal
    return puzzleplan.load(text="init:\n" + text, puzzle="tiles")


@settings(max_examples=15, deadline=None, derandomize=True)
@given(eight_puzzles())
def test_traced_idastar_matches_the_untraced_search_on_random_boards(inst):
    report = puzzleplan.solve(inst, planner="native-idastar", trace=True)
    if not report.length:
        return
    plain = ida_star(inst.data, tiles_pdb.lookup(3, 3, inst.data.goal), Deadline(60))
    assert (report.expanded, report.moves) == (plain.expanded, plain.plan)
    check_consistent(inst, report)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 250), st.integers(1, 60), st.sampled_from(["native-bfs", "native-dfs", "native-astar"]))
def test_any_limit_keeps_the_first_expansions_then_a_sample_with_exact_counts(limit, every, planner):
    inst = puzzleplan.load("problems/hanoi/tower5.hanoi")
    full = puzzleplan.solve(inst, planner=planner, trace=True).trace
    trace = puzzleplan.solve(inst, planner=planner, trace=TraceOptions(limit=limit, sample_every=every)).trace
    assert [e.index for e in trace.expansions] == [e.index for e in full.expansions if _kept(trace, e.index)]
    assert len(trace.expansions) <= limit + max(0, full.expanded - limit) // every + 1
    assert trace.sampled == (full.expanded > limit)
    assert (trace.expanded, trace.generated, trace.duplicates, trace.path) == (
        full.expanded,
        full.generated,
        full.duplicates,
        full.path,
    )


@pytest.mark.parametrize("planner", ["native-bfs", "native-dfs", "native-astar"])
def test_a_search_that_runs_dry_is_traced_whole_with_no_path(planner, tmp_path):
    inst = puzzleplan.load("problems/sokoban/stuck-corridor.xsb")
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    trace = report.trace
    assert report.status.value == trace.status == "unsolvable" and trace.path == [] and trace.plan == []
    assert trace.expanded == report.expanded == len(trace.expansions) > 0
    assert trace.expansions[-1].frontier == 0
    assert puzzleplan.read_trace(puzzleplan.write_trace(trace, tmp_path / "t", inst), inst) == trace


def test_a_run_stopped_by_its_limit_keeps_the_trace_it_made():
    inst = puzzleplan.load("problems/sokoban/goal-room.xsb")
    report = puzzleplan.solve(inst, planner="native-bfs", trace=TraceOptions(limit=50), timeout=1)
    trace = report.trace
    assert report.status.value == trace.status == "timeout" and trace.path == []
    assert trace.expanded == report.expanded - 1 and trace.sampled and len(trace.expansions) > 50


@pytest.mark.parametrize("kind", ["bfs", "dfs", "astar", "idastar"])
def test_a_search_started_at_the_goal_traces_the_path_of_the_start_alone(kind):
    recorder = Recorder(TraceOptions())
    successors, goal, deadline = (lambda n: [(1, n + 1)]), (lambda n: n == 0), Deadline(60)
    runs = {
        "bfs": lambda: breadth_first(0, successors, goal, deadline, recorder),
        "dfs": lambda: depth_first(0, successors, goal, deadline, recorder),
        "astar": lambda: best_first(0, successors, goal, lambda n: 0, deadline, recorder=recorder),
        "idastar": lambda: Deepening(successors, goal, lambda n: 0, deadline, recorder).run(0),
    }
    result = runs[kind]()
    assert result.solved and result.plan == [] and recorder.trace.path == [0] and recorder.trace.path_moves == []
