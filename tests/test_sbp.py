"""The sliding-brick puzzle (issue 6, seed 004): format, normal form, rules, heuristic, PDDL, planners."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.api.pddl_check import ground
from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.planners.native import search
from puzzleplan.planners.search import Deadline
from puzzleplan.translator.grid import DIRECTIONS
from puzzleplan.translator.registry import get_puzzle
from puzzleplan.translator.sbp import SbpInstance, SlidingBrick, normalize, state_facts

SBP = SlidingBrick()
ROOT = Path(__file__).resolve().parent.parent
AUTHORED = ROOT / "problems" / "sbp"
SHARED = ROOT.parent / "shared" / "data" / "sbp"
OPTIMAL = {
    "SBP-level0": 5,
    "SBP-level1": 16,
    "SBP-level2": 33,
    "SBP-level3": 50,
    "SBP-bricks-level1": 28,
    "SBP-bricks-level2": 47,
    "SBP-bricks-level3": 46,
    "SBP-bricks-level4": 57,
    "SBP-bricks-level5": 47,
    "SBP-bricks-level6": 65,
    "SBP-bricks-level7": 117,
}
"""Published optimal solution lengths (shared/data/SOURCES.md)."""
BEST_PUBLISHED_A_STAR = {
    "SBP-bricks-level1": 2137,
    "SBP-bricks-level2": 29756,
    "SBP-bricks-level3": 45387,
    "SBP-bricks-level4": 89343,
    "SBP-bricks-level5": 38131,
    "SBP-bricks-level6": 86629,
    "SBP-bricks-level7": 38567,
}
"""Fewest states explored by the published student A* runs (shared/data/sbp/published_outputs)."""

LEVEL0_WALK = """5,4,
1,-1,-1,1,1,
1,0,3,4,1,
1,0,2,2,1,
1,1,1,1,1,
(2,left)
5,4,
1,-1,-1,1,1,
1,0,3,4,1,
1,2,2,0,1,
1,1,1,1,1,
(2,right)
5,4,
1,-1,-1,1,1,
1,0,3,4,1,
1,0,2,2,1,
1,1,1,1,1,
(3,left)
5,4,
1,-1,-1,1,1,
1,3,0,4,1,
1,0,2,2,1,
1,1,1,1,1,
"""
"""The seed's random-walk example on SBP-level0 (its "(3, left)" is printed "(3,left)" like the others)."""

NORMALIZED = """6,8,
1,1,1,1,1,1,
1,3,2,2,4,1,
1,5,2,2,6,1,
1,7,7,8,8,1,
1,9,9,10,10,1,
1,0,0,0,0,1,
1,0,0,0,0,1,
1,1,-1,-1,1,1,
"""
"""SBP-test-not-normalized.txt in normal form (the seed's figure)."""


def load(path: Path) -> SbpInstance:
    """Parse a level file."""
    return SBP.parse(path.read_text(), str(path))


def _initial(instance: SbpInstance) -> tuple[SbpInstance, tuple[int, ...]]:
    """An instance and its initial state."""
    return instance, SBP.initial(instance)


def shared_levels(shared_data: Path) -> list[Path]:
    """Every level file shipped in shared/data/sbp."""
    files = sorted((shared_data / "sbp").glob("*.txt"))
    assert len(files) == 13
    return files


def seed_normalize(grid: tuple[int, ...], width: int, height: int) -> tuple[int, ...]:
    """The seed's normalizeState, transcribed literally (nextIdx and swapIdx)."""
    matrix = [list(grid[row * width : (row + 1) * width]) for row in range(height)]

    def swap(first: int, second: int) -> None:
        for row in matrix:
            for col, value in enumerate(row):
                row[col] = second if value == first else first if value == second else value

    next_index = 3
    for row in range(height):
        for col in range(width):
            if matrix[row][col] == next_index:
                next_index += 1
            elif matrix[row][col] > next_index:
                swap(next_index, matrix[row][col])
                next_index += 1
    return tuple(value for row in matrix for value in row)


def random_state(instance: SbpInstance, seed: int, steps: int) -> tuple[int, ...]:
    """A state reached by a random walk of legal moves."""
    rng, state = random.Random(seed), SBP.initial(instance)
    for _ in range(steps):
        moves = SBP.moves(instance, state)
        if not moves or SBP.is_goal(instance, state):
            break
        state = SBP.apply(instance, state, rng.choice(moves))
    return state


# -- format ----------------------------------------------------------------------------------------------
def test_every_shared_level_loads_and_prints_back_byte_for_byte(shared_data):
    for path in shared_levels(shared_data):
        text = path.read_text()
        instance = load(path)
        assert SBP.render(instance) == (text if text.endswith("\n") else text + "\n"), path.name
        assert SBP.parse(SBP.render(instance)) == instance


def test_registered_and_authored_levels_round_trip():
    assert isinstance(get_puzzle("sbp"), SlidingBrick)
    for path in sorted(AUTHORED.glob("*.sbp")):
        assert SBP.render(load(path)) == path.read_text()


def test_crlf_missing_trailing_commas_and_spaces_are_tolerated():
    text = "5,4\r\n1, -1,-1,1,1\r\n1,0,3,4,1,\r\n1,0,2,2,1\r\n1,1,1,1,1\r\n\r\n"
    assert SBP.render(SBP.parse(text)) == LEVEL0_WALK.split("(2,left)")[0]


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("", None, None, "empty file"),
        ("5;4\n", 1, None, "board size"),
        ("0,4,\n", 1, None, "board size"),
        ("3,2,\n1,2,1,\n", 2, None, "expected 2 rows"),
        ("3,1,\n1,2,1,\n1,1,1,\n", 3, None, "only 1 rows"),
        ("3,2,\n1,2,1,\n1,1,\n", 3, None, "expected 3 values in row 2"),
        ("3,2,\n1,2,1,\n1,x,1,\n", 3, 3, "found 'x'"),
        ("3,2,\n1,2,1,\n1,-2,1,\n", 3, 3, "found '-2'"),
        ("3,2,\n1,0,1,\n1,3,-1,\n", 2, None, "no master brick"),
        ("4,3,\n1,2,0,1,\n1,0,3,1,\n1,3,-1,1,\n", 3, None, "brick 3 is not in one piece"),
    ],
)
def test_bad_input_names_the_line(text, line, column, message):
    with pytest.raises(InputError, match=message) as caught:
        SBP.parse(text, "bad.txt")
    assert (caught.value.source, caught.value.line, caught.value.column) == ("bad.txt", line, column)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_parse_render_round_trip_of_random_states(data):
    path = data.draw(st.sampled_from(sorted(AUTHORED.glob("*.sbp"))))
    instance = load(path)
    state = random_state(instance, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 30)))
    again = SBP.parse(SBP.show(instance, state))
    assert again.grid == state and SBP.initial(again) == state


def test_moves_print_and_read_as_the_seed_writes_them():
    assert SBP.format_move((2, "left")) == "(2,left)"
    assert SBP.move_json((2, "left")) == [2, "left"]
    for text in ("(2,left)", "(3, left)", '[2, "left"]', "2 LEFT"):
        assert SBP.parse_move(text) in {(2, "left"), (3, "left")}
    with pytest.raises(ValueError):
        SBP.parse_move("(2,north)")


# -- rules -----------------------------------------------------------------------------------------------
def test_solved_check(shared_data):
    assert SBP.is_goal(*_initial(load(shared_data / "sbp" / "SBP-level0-solved.txt")))
    assert not SBP.is_goal(*_initial(load(shared_data / "sbp" / "SBP-level0.txt")))


def test_seed_walk_example_on_level0(shared_data):
    instance = load(shared_data / "sbp" / "SBP-level0.txt")
    state = SBP.initial(instance)
    out = [SBP.show(instance, state)]
    for text in ("(2,left)", "(2,right)", "(3,left)"):
        move = SBP.parse_move(text)
        assert move in SBP.moves(instance, state)
        state = SBP.normalize(instance, SBP.apply(instance, state, move))
        out += [SBP.format_move(move), SBP.show(instance, state)]
    assert "\n".join(out) + "\n" == LEVEL0_WALK


def test_moves_are_ordered_by_brick_then_up_down_left_right(shared_data):
    level0 = load(shared_data / "sbp" / "SBP-level0.txt")
    assert SBP.moves(level0, SBP.initial(level0)) == [(2, "left"), (3, "left")]
    bricks1 = load(shared_data / "sbp" / "SBP-bricks-level1.txt")
    assert SBP.moves(bricks1, SBP.initial(bricks1)) == [(12, "down"), (13, "down"), (15, "right"), (16, "left")]
    order = list(DIRECTIONS)
    for path in shared_levels(shared_data):
        instance = load(path)
        state = random_state(instance, 7, 20)
        moves = SBP.moves(instance, state)
        assert moves == sorted(moves, key=lambda move: (move[0], order.index(move[1])))


def test_illegal_moves_say_why(shared_data):
    instance, state = _initial(load(shared_data / "sbp" / "SBP-level0.txt"))
    for move, reason in [
        ((3, "up"), "only the master brick may enter goal cells"),
        ((2, "down"), "a wall"),
        ((2, "up"), "brick 3 is in the way"),
        ((9, "up"), "there is no brick 9"),
        ((1, "up"), "there is no brick 1"),
        ((2, "north"), "unknown direction"),
    ]:
        with pytest.raises(IllegalMove, match=reason):
            SBP.apply(instance, state, move)
    edge = SBP.parse("2,1,\n2,-1,\n")
    with pytest.raises(IllegalMove, match="edge of the board"):
        SBP.apply(edge, SBP.initial(edge), (2, "left"))
    assert SBP.is_goal(edge, SBP.apply(edge, SBP.initial(edge), (2, "right")))


def test_master_leaving_a_goal_cell_uncovers_it():
    instance = SBP.parse("4,1,\n-1,2,0,-1,\n")
    state = SBP.apply(instance, SBP.initial(instance), (2, "left"))
    assert state == (2, 0, 0, -1)
    assert SBP.apply(instance, state, (2, "right")) == (-1, 2, 0, -1)


# -- normal form and state identity ------------------------------------------------------------------------
def test_normalization_of_the_seed_example(shared_data):
    instance = load(shared_data / "sbp" / "SBP-test-not-normalized.txt")
    assert SBP.show(instance, SBP.normalize(instance, instance.grid)) + "\n" == NORMALIZED
    assert SBP.initial(instance) == instance.grid  # the simulator keeps the file's numbers
    assert SBP.normalize(instance, SBP.initial(instance)) == SBP.parse(NORMALIZED).grid


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_normal_form_is_the_seeds_and_ignores_numbering(data):
    path = data.draw(st.sampled_from(sorted(SHARED.glob("*.txt")) + sorted(AUTHORED.glob("*.sbp"))))
    instance = load(path)
    state = normalize(random_state(instance, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 25))))
    numbers = sorted({value for value in state if value >= 3})
    relabel = dict(zip(numbers, data.draw(st.permutations([n + 10 for n in numbers]))))
    renumbered = tuple(relabel.get(value, value) for value in state)
    assert normalize(renumbered) == state == seed_normalize(renumbered, instance.width, instance.height)
    children = {child for _, child in SBP.successors(instance, renumbered)}
    assert children == {child for _, child in SBP.successors(instance, state)}


def test_swapping_equal_shaped_bricks_gives_the_same_state():
    instance = SBP.parse("5,3,\n1,2,0,0,1,\n1,3,0,4,1,\n1,1,-1,1,1,\n")
    start = SBP.initial(instance)
    state = start
    for (row, col), direction in [
        ((1, 1), "right"),
        ((1, 3), "up"),
        ((1, 2), "right"),
        ((0, 3), "left"),
        ((0, 2), "down"),
        ((1, 2), "left"),
    ]:
        state = SBP.apply(instance, state, (state[row * 5 + col], direction))
    # the brick that started at (1,1) is now at (1,3) and the other way round: each keeps its number ...
    assert state != start and (state[6], state[8]) == (4, 3)
    # ... and the two states are one state in normal form, which is what search expands
    assert normalize(state) == normalize(start)
    children = {child for _, child in SBP.successors(instance, start)}
    assert children == {child for _, child in SBP.successors(instance, state)}


# -- heuristic -------------------------------------------------------------------------------------------
@cache
def _distance(instance: SbpInstance) -> int | None:
    """Optimal solution length by breadth-first search."""
    result = search(SBP, instance, "bfs", Deadline(60))
    return len(result.plan) if result.status is Status.SOLVED else None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_heuristic_is_admissible_on_random_states(data):
    names = ["SBP-level0.txt", "SBP-level1.txt", "SBP-level2.txt"]
    paths = [SHARED / name for name in names if (SHARED / name).exists()] + sorted(AUTHORED.glob("*.sbp"))
    instance = load(data.draw(st.sampled_from(paths)))
    state = random_state(instance, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 40)))
    here = SBP.restart(instance, state)
    distance = _distance(here)
    if distance is not None:
        assert 0 <= SBP.heuristic(here, state) <= distance
        assert SBP.heuristic(here, state) >= _manhattan(here, state)


def _manhattan(instance: SbpInstance, state: tuple[int, ...]) -> int:
    """Manhattan distance of the master's first cell to the nearest first cell that covers every goal."""
    master = [divmod(i, instance.width) for i, value in enumerate(instance.grid) if value == 2]
    goals = [divmod(i, instance.width) for i in instance.goals]
    row, col = divmod(state.index(2), instance.width)
    best = None
    for g_row in range(-instance.height, 2 * instance.height):
        for g_col in range(-instance.width, 2 * instance.width):
            cells = {(g_row + r - master[0][0], g_col + c - master[0][1]) for r, c in master}
            if set(goals) <= cells:
                distance = abs(g_row - row) + abs(g_col - col)
                best = distance if best is None else min(best, distance)
    return best or 0


def test_heuristic_beats_manhattan_on_the_published_levels(shared_data):
    for path in shared_levels(shared_data):
        instance, state = _initial(load(path))
        if path.stem in OPTIMAL:
            assert _manhattan(instance, state) < SBP.heuristic(instance, state) <= OPTIMAL[path.stem]


def test_unsolvable_reasons():
    too_wide = SBP.parse("4,3,\n1,2,2,1,\n1,0,0,1,\n1,-1,1,1,\n")
    assert "covers every goal cell" in SBP.unsolvable_reason(too_wide)  # a 1x2 master, a 1-cell pit
    too_many = SBP.parse("5,2,\n1,2,0,0,1,\n-1,0,0,-1,1,\n")
    assert "covers every goal cell" in SBP.unsolvable_reason(too_many)
    walled = SBP.parse("5,3,\n1,2,1,0,1,\n1,1,1,-1,1,\n1,1,1,1,1,\n")
    assert "even with every other brick removed" in SBP.unsolvable_reason(walled)
    report = solve(SBP, walled, "walled", "native-bfs", Limits(timeout=10))
    assert report.status is Status.UNSOLVABLE
    stuck = SBP.parse("4,3,\n1,2,3,1,\n1,3,3,1,\n1,-1,1,1,\n")
    assert SBP.unsolvable_reason(stuck) is None
    assert solve(SBP, stuck, "stuck", "native-bfs", Limits(timeout=10)).status is Status.UNSOLVABLE


# -- PDDL ------------------------------------------------------------------------------------------------
def test_golden_pddl_files():
    for path in sorted(AUTHORED.glob("*.sbp")):
        task = SBP.encode(load(path))
        assert task.domain == path.with_suffix(".domain.pddl").read_text(), path.name
        assert task.problem == path.with_suffix(".pddl").read_text(), path.name
        assert task.requirements == {":strips", ":typing"}


@cache
def _grounded(path: Path):
    """The instance and its PDDL task grounded by pyperplan (every operator kept)."""
    instance = load(path)
    return instance, ground(SBP.encode(instance))


def _pddl_moves(path: Path, state: tuple[int, ...]) -> list:
    """Native moves of the grounded operators applicable in `state`, named relative to `state`.

    pyperplan leaves static preconditions out of grounded operators, so an operator is applicable when its
    preconditions are among the state's fluent facts."""
    instance, grounded = _grounded(path)
    facts = set(state_facts(instance, state))
    moves = []
    for operator in grounded.operators:
        if operator.preconditions <= facts:
            name, start, *_ = operator.name.strip("()").split()
            row, col = map(int, start[1:].split("-"))
            moves.append((state[row * instance.width + col], name.rsplit("-", 1)[1]))
    return moves


AGREEMENT_LEVELS = ["SBP-level0.txt", "SBP-level1.txt", "SBP-level2.txt"]
SLOW_AGREEMENT_LEVELS = ["SBP-level3.txt", "SBP-bricks-level7.txt"]


def _agreement(paths: list[Path], data) -> None:
    path = data.draw(st.sampled_from(paths))
    instance = load(path)
    state = random_state(instance, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 40)))
    assert sorted(_pddl_moves(path, state)) == sorted(SBP.moves(instance, state))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pddl_and_simulator_agree_on_legal_moves_in_random_states(data):
    paths = [SHARED / name for name in AGREEMENT_LEVELS if (SHARED / name).exists()]
    _agreement(paths + [AUTHORED / "tiny.sbp", AUTHORED / "hooks.sbp"], data)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pddl_and_simulator_agree_on_larger_levels(data):
    _agreement([SHARED / name for name in SLOW_AGREEMENT_LEVELS] + [AUTHORED / "lshape.sbp"], data)


def test_decode_rejects_foreign_and_illegal_actions(shared_data):
    instance = load(shared_data / "sbp" / "SBP-level0.txt")
    with pytest.raises(InputError, match="step 1"):
        SBP.decode(instance, [("move-shape1-up", ("c1-2", "c0-2"))])  # a brick onto a goal cell
    with pytest.raises(InputError, match="step 2.*no shape1 brick"):
        SBP.decode(instance, [("move-master-left", ("c2-2", "c2-1", "c2-3")), ("move-shape1-left", ("c2-2", "c2-1"))])
    with pytest.raises(InputError, match="step 1"):
        SBP.decode(instance, [("jump", ("c2-2",))])
    assert SBP.decode(
        instance, [("move-master-left", ("c2-2", "c2-1", "c2-3")), ("move-shape1-down", ("c1-3", "c2-3"))]
    ) == [(2, "left"), (4, "down")]


# -- planners --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "planner", ["native-bfs", "native-dfs", "native-astar", "fd-opt", "fd", "pyperplan", "pyperplan-opt", "graphplan"]
)
def test_level0_end_to_end(shared_data, planner):
    instance = load(shared_data / "sbp" / "SBP-level0.txt")
    report = solve(SBP, instance, "SBP-level0", planner, Limits(timeout=120))
    assert report.status is Status.SOLVED and report.valid, report.message
    if planner in ("native-bfs", "native-astar", "fd-opt", "pyperplan-opt", "graphplan"):
        assert report.length == 5
    assert SBP.is_goal(instance, report.states[-1])


@pytest.mark.parametrize("name", ["tiny", "hooks", "lshape"])
def test_authored_levels_solved_by_fd_and_astar_with_equal_lengths(name):
    instance = load(AUTHORED / f"{name}.sbp")
    lengths = set()
    for planner in ("native-astar", "fd-opt"):
        report = solve(SBP, instance, name, planner, Limits(timeout=120))
        assert report.status is Status.SOLVED and report.valid, report.message
        lengths.add(report.length)
    assert lengths == {_distance(instance)}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(OPTIMAL))
@pytest.mark.parametrize("planner", ["native-astar", "fd-opt"])
def test_every_published_level_solved_optimally(shared_data, name, planner):
    instance = load(shared_data / "sbp" / f"{name}.txt")
    report = solve(SBP, instance, name, planner, Limits(timeout=600))
    assert report.status is Status.SOLVED and report.valid and report.optimal, report.message
    assert report.length == OPTIMAL[name]
    if planner == "native-astar" and name in BEST_PUBLISHED_A_STAR:
        assert report.expanded < BEST_PUBLISHED_A_STAR[name]
