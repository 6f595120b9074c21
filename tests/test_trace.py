"""Search traces: solve(..., trace=...) records what the search did, consistent with its result."""

from __future__ import annotations

import pytest

import puzzleplan
from puzzleplan import TraceOptions

ROOT = "problems/hanoi/seed1.hanoi"


@pytest.mark.parametrize("planner", ["native-bfs", "native-dfs", "native-astar"])
def test_a_traced_search_counts_what_its_result_says_and_its_path_is_the_plan(planner):
    inst = puzzleplan.load(ROOT)
    report = puzzleplan.solve(inst, planner=planner, trace=True)
    trace = report.trace
    assert report.valid and trace.status == "solved"
    assert trace.expanded == report.expanded == len(trace.expansions)
    assert [expansion.index for expansion in trace.expansions] == list(range(trace.expanded))
    assert trace.path[0] == 0 and trace.path_moves == report.moves == trace.plan


def test_an_untraced_run_has_no_trace():
    assert puzzleplan.solve(puzzleplan.load(ROOT), planner="native-bfs").trace is None


def test_a_planner_that_cannot_trace_is_refused_naming_those_that_can():
    with pytest.raises(puzzleplan.InputError, match="native-bfs, native-dfs, native-astar"):
        puzzleplan.solve(puzzleplan.load(ROOT), planner="fd", trace=TraceOptions(limit=5))
