"""The Python API: docs/api.md's examples run as written, and the API's functions agree with each other."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from puzzleplan.translator.registry import get_puzzle
from strategies import hanoi_instances

import puzzleplan
from puzzleplan.api.states import show_steps, successors

ROOT = Path(__file__).resolve().parent.parent


def test_the_api_page_runs(monkeypatch):
    """Every example of docs/api.md gives the output the page shows."""
    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, tried = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=flags)
    assert tried > 20 and failed == 0


def test_the_public_names_are_exported():
    """__all__ names what the package offers, and each name is there."""
    assert {"load", "translate", "solve", "validate", "replay", "compare", "draw", "animate"} <= set(puzzleplan.__all__)
    assert all(hasattr(puzzleplan, name) for name in puzzleplan.__all__)
    assert puzzleplan.__version__


@pytest.mark.parametrize(
    "path",
    [
        "problems/hanoi/seed2.hanoi",
        "problems/tiles/seven1.tiles",
        "problems/sbp/tiny.sbp",
        "problems/sokoban/corridor.xsb",
    ],
)
def test_solve_validate_replay_agree(path):
    """A solved plan validates in every form the API takes it: native moves, JSON moves, its notation
    text, and the replay ends in a goal state."""
    inst = puzzleplan.load(ROOT / path)
    result = puzzleplan.solve(inst, timeout=60)
    assert result.status is puzzleplan.Status.SOLVED and result.valid
    assert puzzleplan.validate(inst, result.moves).valid
    assert puzzleplan.validate(inst, [inst.puzzle.move_json(move) for move in result.moves]).valid
    assert puzzleplan.validate(inst, "".join(inst.format_move(move) + "\n" for move in result.moves)).valid
    states = puzzleplan.replay(inst, result.moves)
    assert len(states) == result.length + 1 and inst.is_goal(states[-1])
    assert states == result.states


def test_a_shortened_plan_is_invalid_with_a_reason():
    """Leaving out the last move leaves the goal unmet; validate says so, replay does not mind."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed2.hanoi")
    moves = puzzleplan.solve(inst).moves[:-1]
    check = puzzleplan.validate(inst, moves)
    assert not check.valid and "goal" in check.reason
    assert not inst.is_goal(puzzleplan.replay(inst, moves)[-1])


def test_a_plan_file_path_is_read(tmp_path):
    """A str naming an existing file, and a Path, are plan files."""
    inst = puzzleplan.load(ROOT / "problems/hanoi/seed1.hanoi")
    plan = tmp_path / "plan.txt"
    plan.write_text("1 A B\n2 A C\n")
    assert puzzleplan.validate(inst, plan).valid
    assert puzzleplan.validate(inst, os.fspath(plan)).valid


def test_load_needs_something_to_read():
    """No path and no text, or text without a puzzle name, is an InputError, not a crash."""
    with pytest.raises(puzzleplan.InputError, match="path"):
        puzzleplan.load()
    with pytest.raises(puzzleplan.InputError, match="puzzle"):
        puzzleplan.load(text="init:\n")


def test_render_reads_back():
    """load(text=inst.render()) is the same instance."""
    inst = puzzleplan.load(ROOT / "problems/tiles/seven1.tiles")
    assert puzzleplan.load(puzzle="tiles", text=inst.render()).data == inst.data


@settings(max_examples=30, deadline=None)
@given(hanoi_instances())
def test_successors_are_the_legal_moves_applied(data):
    """api.states.successors: one pair per legal move, its state the move replayed; pruning keeps a subset;
    show_steps shows every step of a path through them."""
    inst = puzzleplan.Instance(get_puzzle("hanoi"), data, "<drawn>")
    pairs = successors(inst)
    assert [move for move, _ in pairs] == inst.moves()
    assert all(puzzleplan.replay(inst, [move])[-1] == child for move, child in pairs)
    assert set(successors(inst, prune=True)) <= set(pairs)
    if pairs:
        move, child = pairs[0]
        assert inst.format_move(move) in show_steps(inst, [move], [inst.initial, child])
