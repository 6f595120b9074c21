"""puzzleplan.api.sbp_text: the sliding-brick functions under the names seed 004 gives them, one test per
function with the text's own examples (SBP-level0.txt and its solved and not-normalized twins, from
../shared/data/sbp; the tests skip when it is absent)."""

from __future__ import annotations

import pytest
from conftest import ROOT

from puzzleplan.api import sbp_text as sbp
from puzzleplan.common.errors import IllegalMove, InputError

DATA = ROOT.parent / "shared" / "data" / "sbp"

LEVEL0 = "5,4,\n1,-1,-1,1,1,\n1,0,3,4,1,\n1,0,2,2,1,\n1,1,1,1,1,\n"
"""outputGameState of SBP-level0.txt, as the text prints it."""


@pytest.fixture
def level0():
    """The game state of SBP-level0.txt."""
    if not (DATA / "SBP-level0.txt").exists():
        pytest.skip("../shared/data/sbp is absent")
    return sbp.loadGameState(DATA / "SBP-level0.txt")


def test_loadGameState(level0):
    assert (level0.width, level0.height) == (5, 4)
    assert level0.rows() == [[1, -1, -1, 1, 1], [1, 0, 3, 4, 1], [1, 0, 2, 2, 1], [1, 1, 1, 1, 1]]
    with pytest.raises(InputError):
        sbp.loadGameState(ROOT / "problems/hanoi/seed1.hanoi")


def test_outputGameState(level0, capsys):
    sbp.outputGameState(level0)
    assert capsys.readouterr().out == LEVEL0


def test_cloneGameState(level0):
    clone = sbp.cloneGameState(level0)
    assert clone is not level0 and sbp.stateEqual(clone, level0)
    sbp.applyMove(clone, (2, "left"))
    assert not sbp.stateEqual(clone, level0)


def test_gameStateSolved(level0):
    assert not sbp.gameStateSolved(level0)
    assert sbp.gameStateSolved(sbp.loadGameState(DATA / "SBP-level0-solved.txt"))


def test_allMovesHelp(level0):
    """The moves of one piece, up, down, left, right; none for a piece that cannot move."""
    assert sbp.allMovesHelp(level0, 2) == [(2, "left")]
    assert sbp.allMovesHelp(level0, 3) == [(3, "left")]
    assert sbp.allMovesHelp(level0, 4) == []


def test_allMoves(level0):
    """By piece number, then up, down, left, right."""
    assert sbp.allMoves(level0) == [(2, "left"), (3, "left")]


def test_applyMove(level0):
    """In place: the text's random walk's first move, (2,left)."""
    sbp.applyMove(level0, (2, "left"))
    assert level0.rows()[2] == [1, 2, 2, 0, 1]
    with pytest.raises(IllegalMove):
        sbp.applyMove(level0, (4, "up"))


def test_applyMoveCloning(level0):
    after = sbp.applyMoveCloning(level0, (3, "left"))
    assert after.rows()[1] == [1, 3, 0, 4, 1] and level0.rows()[1] == [1, 0, 3, 4, 1]


def test_stateEqual(level0):
    """Cell by cell: two equivalent states numbered differently are not equal (2.D's problem)."""
    other = sbp.cloneGameState(level0)
    sbp.swapIdx(other, 3, 4)
    assert not sbp.stateEqual(level0, other)
    sbp.normalizeState(other)
    assert sbp.stateEqual(level0, other)


def test_normalizeState():
    """SBP-test-not-normalized.txt, renumbered 3, 4, ... in the order of each brick's first cell."""
    if not (DATA / "SBP-test-not-normalized.txt").exists():
        pytest.skip("../shared/data/sbp is absent")
    state = sbp.loadGameState(DATA / "SBP-test-not-normalized.txt")
    sbp.normalizeState(state)
    assert state.rows()[1:5] == [
        [1, 3, 2, 2, 4, 1],
        [1, 5, 2, 2, 6, 1],
        [1, 7, 7, 8, 8, 1],
        [1, 9, 9, 10, 10, 1],
    ]


def test_swapIdx(level0):
    sbp.swapIdx(level0, 3, 4)
    assert level0.rows()[1] == [1, 0, 4, 3, 1]


def test_randomWalk(level0, capsys):
    """2.F's example: with seed 18, (2,left), (2,right), (3,left), each with the state after it."""
    last = sbp.randomWalk(level0, 3, seed=18)
    out = capsys.readouterr().out
    assert out.startswith(LEVEL0) and out.count("(") == 3
    assert [line for line in out.splitlines() if line.startswith("(")] == ["(2,left)", "(2,right)", "(3,left)"]
    assert last.rows()[1] == [1, 3, 0, 4, 1]


@pytest.mark.parametrize("search", [sbp.breadthFirstSearch, sbp.depthFirstSearch])
def test_searches(level0, search, capsys):
    """2.G: the moves one a line, then the final state; BFS finds the 5 moves of the text's example."""
    report = search(level0)
    lines = capsys.readouterr().out.splitlines()
    assert report.valid and lines[len(report.moves)] == "5,4,"
    if search is sbp.breadthFirstSearch:
        assert lines[:5] == ["(2,left)", "(4,down)", "(3,right)", "(2,up)", "(2,up)"]
