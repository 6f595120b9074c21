"""Tower of Hanoi and sliding tiles: formats, simulators, heuristics, encodings (the foundation issue)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import HANOI, TILES, hanoi_instances, random_state, state_distances, tiles_instances

from puzzleplan.api.pddl_check import pddl_legal_moves
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.planners.native import search
from puzzleplan.planners.search import Deadline
from puzzleplan.translator.tiles.puzzle import TilesInstance

PUZZLES = {"hanoi": (HANOI, hanoi_instances()), "tiles": (TILES, tiles_instances())}


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_parse_render_round_trip(name, data):
    puzzle, strategy = PUZZLES[name]
    instance = data.draw(strategy)
    assert puzzle.parse(puzzle.render(instance)) == instance


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_pddl_and_simulator_agree_on_legal_moves(name, data):
    puzzle, strategy = PUZZLES[name]
    instance = data.draw(strategy)
    state = random_state(puzzle, instance, data.draw(st.integers(0, 999)), data.draw(st.integers(0, 8)))
    here = puzzle.restart(instance, state)
    assert sorted(pddl_legal_moves(puzzle, here)) == sorted(puzzle.moves(here, state))


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_heuristic_is_admissible(name, data):
    puzzle, strategy = PUZZLES[name]
    instance = data.draw(strategy)
    result = search(puzzle, instance, "bfs", Deadline(30))
    if result.status is Status.SOLVED:  # every state of an optimal plan is that far from the goal
        states = puzzle.replay(instance, result.plan).states
        for done, state in enumerate(states):
            assert puzzle.heuristic(instance, state) <= len(result.plan) - done
        assert puzzle.heuristic(instance, states[-1]) == 0


def test_hanoi_heuristic_beats_misplaced_count():
    instance = HANOI.parse("init:\nA: 5 4 3 2 1\ngoal:\nC: 5 4 3 2 1\n")
    assert HANOI.heuristic(instance, instance.init) == 9  # 4 discs twice + disc 5 once; 5 misplaced


@functools.cache
def _solvable_boards(height: int, width: int) -> frozenset:
    """Every board from which the ordered goal can be reached (moves are reversible: those reachable from it)."""
    goal = tuple(range(1, height * width)) + (0,)
    instance = TilesInstance(height, width, goal, goal)
    return frozenset(state_distances(TILES, instance, [goal]))


@settings(max_examples=80, deadline=None)
@given(height=st.integers(2, 3), width=st.integers(2, 3), seed=st.integers(0, 10**6))
def test_tiles_parity_matches_search(height, width, seed):
    """The parity test says unsolvable exactly when no sequence of moves reaches the goal."""
    cells = list(range(height * width))
    random.Random(seed).shuffle(cells)
    goal = tuple(range(1, height * width)) + (0,)
    instance = TilesInstance(height, width, tuple(cells), goal)
    assert (TILES.unsolvable_reason(instance) is None) == (instance.init in _solvable_boards(height, width))


def test_seed_worked_moves():
    instance = TILES.parse((ROOT / "problems/tiles/seven1.tiles").read_text())
    assert sorted(TILES.moves(instance, instance.init)) == [
        (2, "right"),
        (4, "right"),
        (5, "down"),
        (6, "up"),
        (7, "left"),
    ]
    assert TILES.apply(instance, instance.init, (7, "left"))[7:9] == (7, 0)
    with pytest.raises(IllegalMove, match="in the way"):
        TILES.apply(instance, instance.init, (1, "right"))
    hanoi = HANOI.parse((ROOT / "problems/hanoi/seed1.hanoi").read_text())
    with pytest.raises(IllegalMove, match="not on top"):
        HANOI.apply(hanoi, hanoi.init, (2, "A", "B"))


from conftest import ROOT  # noqa: E402

BAD_INPUTS = [
    ("hanoi", "init:\nA: 1 2\ngoal:\nC: 2 1\n", 2, "smaller than the one below"),
    ("hanoi", "init:\nA: 2 1\nQ: 3\ngoal:\nC: 2 1\n", 3, "PEG one of A B C"),
    ("hanoi", "init:\nA: 2 1\ngoal:\nC: 3\n", 4, "does not place"),
    ("hanoi", "init:\nA: 2 x\ngoal:\nC: 2\n", 2, "disc numbers"),
    ("hanoi", "init:\nA: 2 1\nB: 1\ngoal:\nC: 2\n", 3, "appears twice"),
    ("hanoi", "init:\nA: 2 1\n", None, "missing section 'goal:'"),
    ("hanoi", "A: 2 1\n", 1, "section header"),
    ("tiles", "init:\n1 2\n3\n", 3, "expected 2 cells"),
    ("tiles", "init:\n1 2\n3 q\n", 3, "tile number or a blank"),
    ("tiles", "init:\n1 1\n3 X\n", 2, "appears twice"),
    ("tiles", "init:\n1 2\n3 X\ngoal:\n1 2\n4 X\n", 4, "same tiles"),
    ("tiles", "init:\n1 2 X\ngoal:\n1 2 X\n", 1, "at least 2 rows"),
]


@pytest.mark.parametrize("name,text,line,expected", BAD_INPUTS)
def test_bad_input_names_line_and_expectation(name, text, line, expected):
    puzzle = PUZZLES[name][0]
    with pytest.raises(InputError) as caught:
        puzzle.parse(text, "bad.txt")
    assert caught.value.line == line
    assert expected in str(caught.value)
    assert str(caught.value).startswith("bad.txt")


def test_unsolvable_by_parity_is_a_result_not_a_search():
    from puzzleplan.api.pipeline import solve

    instance = TILES.parse("init:\n2 1 3\n4 5 6\n7 8 X\n")
    report = solve(TILES, instance, "swapped", "native-bfs", Limits(5))
    assert report.status is Status.UNSOLVABLE and "parity" in report.message
    assert report.expanded is None
