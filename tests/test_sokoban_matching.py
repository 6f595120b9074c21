"""The matching lower bound's assignment solver (translator/sokoban/analysis.matching and its compiled
kernel _bounds.c): the least total of giving each box its own goal, checked against every assignment,
and the same with and without the kernel."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.translator.sokoban import analysis as sokoban_analysis
from puzzleplan.translator.sokoban.analysis import INFINITE, compiled_bounds, matching


@st.composite
def tables(draw, max_rows: int = 5) -> list[list[int]]:
    """Cost rows (boxes) over at least as many columns (goals), some costs INFINITE (goal out of reach)."""
    rows = draw(st.integers(0, max_rows))
    columns = draw(st.integers(max(rows, 1), max_rows + 1))
    cost = st.one_of(st.integers(0, 60), st.just(INFINITE))
    return [draw(st.lists(cost, min_size=columns, max_size=columns)) for _ in range(rows)]


def every_assignment(rows: list[list[int]]) -> int:
    """The least total over all assignments of the rows to distinct columns."""
    if not rows:
        return 0
    return min(sum(row[j] for row, j in zip(rows, chosen)) for chosen in permutations(range(len(rows[0])), len(rows)))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(tables())
def test_the_matching_is_the_least_total_of_all_assignments(rows):
    assert matching(rows) == every_assignment(rows)


@pytest.mark.skipif(compiled_bounds() is None, reason="the compiled matching was not built at install")
@settings(max_examples=60, deadline=None, derandomize=True)
@given(tables(max_rows=8))
def test_the_compiled_matching_agrees_with_scipy(rows):
    """The kernel and the Python path (scipy for more than a handful of rows) give the same totals."""
    compiled = matching(rows)
    sokoban_analysis.compiled_bounds.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sokoban_analysis, "compiled_bounds", lambda: None)
            assert matching(rows) == compiled
    finally:
        sokoban_analysis.compiled_bounds.cache_clear()


@pytest.mark.skipif(compiled_bounds() is None, reason="the compiled matching was not built at install")
def test_the_compiled_matching_refuses_more_rows_than_columns():
    with pytest.raises(ValueError, match="at least as many columns"):
        compiled_bounds().assign([[1], [2]])
