"""Sokoban: XSB and integer formats, the simulator and LURD, both PDDL encodings, the push-level A*."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puzzleplan.api.pddl_check import pddl_legal_moves
from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Simulation, Status
from puzzleplan.planners.registry import get_planner
from puzzleplan.planners.sokoban_push import _FeatureCycle, push_astar
from puzzleplan.translator.grid import flood, step
from puzzleplan.translator.sokoban import analysis as sokoban_analysis
from puzzleplan.translator.sokoban.analysis import INFINITE, NAMES, analysis, goal_rooms, move_one_box
from puzzleplan.translator.sokoban.corrals import corral_pushes
from puzzleplan.translator.sokoban.level import pull_distances, push_distances, render_integers
from puzzleplan.translator.sokoban.puzzle import DIRECTION_OF, Sokoban, SokobanInstance, SokobanPushes, State

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "problems" / "sokoban"
SOKOBAN, PUSHES = Sokoban(), SokobanPushes()


def level(name: str) -> SokobanInstance:
    """A level from problems/sokoban."""
    path = LEVELS / name
    return SOKOBAN.parse(path.read_text(), str(path))


# -- random levels ---------------------------------------------------------------------------------------
@st.composite
def levels(draw, max_side: int = 5, max_boxes: int = 3) -> SokobanInstance:
    """A walled rectangle with random inner walls, a keeper, boxes and at least as many goals."""
    height, width = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    offset = draw(st.integers(0, 2))
    interior = [(r, c) for r in range(1, height + 1) for c in range(1 + offset, width + 1 + offset)]
    blocked = set(draw(st.lists(st.sampled_from(interior), max_size=len(interior) // 3)))
    floor = [cell for cell in interior if cell not in blocked]
    assume(floor)
    keeper = draw(st.sampled_from(floor))
    region = set(flood(keeper, lambda cell: cell in floor)) - {keeper}
    assume(region)
    region_list = sorted(region)
    boxes = draw(st.sets(st.sampled_from(region_list), min_size=1, max_size=min(max_boxes, len(region))))
    goals = draw(st.sets(st.sampled_from(sorted(region | {keeper})), min_size=len(boxes), max_size=len(boxes) + 1))
    walls = {(r, c) for r in range(height + 2) for c in range(offset, width + 2 + offset)} - set(floor)
    notation = draw(st.sampled_from(["xsb", "integers"]))
    return SokobanInstance(frozenset(walls), frozenset(goals), frozenset(boxes), keeper, notation)


def random_state(instance: SokobanInstance, seed: int, steps: int) -> State:
    """A state reached by a random walk of legal moves."""
    rng, state = random.Random(seed), SOKOBAN.initial(instance)
    for _ in range(steps):
        moves = SOKOBAN.moves(instance, state)
        if not moves:
            break
        state = SOKOBAN.apply(instance, state, rng.choice(moves))
    return state


@settings(max_examples=80, deadline=None)
@given(levels())
def test_parse_render_round_trip(instance):
    text = SOKOBAN.render(instance)
    again = SOKOBAN.parse(text)
    assert again == instance and again.notation == instance.notation
    assert SOKOBAN.render(again) == text


@settings(max_examples=40, deadline=None)
@given(levels(), st.integers(0, 999), st.integers(0, 12))
def test_pddl_and_simulator_agree_on_legal_moves(instance, seed, steps):
    state = random_state(instance, seed, steps)
    here = SOKOBAN.restart(instance, state)
    expected = [move for move, _ in SOKOBAN.successors(here, state)]  # pushes onto dead squares dropped
    assert sorted(pddl_legal_moves(SOKOBAN, here)) == sorted(expected)
    dropped = set(SOKOBAN.moves(here, state)) - set(expected)
    assert all(
        step(step(state.keeper, DIRECTION_OF[m.lower()]), DIRECTION_OF[m.lower()]) not in here.live for m in dropped
    )


def fewest_pushes(instance: SokobanInstance) -> int | None:
    """A reference: 0-1 breadth-first search over every legal move, walks free and pushes costing 1."""
    start = SOKOBAN.initial(instance)
    best, queue = {start: 0}, deque([(0, start)])
    while queue:
        cost, state = queue.popleft()
        if cost > best[state]:
            continue
        if SOKOBAN.is_goal(instance, state):
            return cost
        for move in SOKOBAN.moves(instance, state):
            child, child_cost = SOKOBAN.apply(instance, state, move), cost + move.isupper()
            if child_cost < best.get(child, child_cost + 1):
                best[child] = child_cost
                queue.append((child_cost, child)) if move.isupper() else queue.appendleft((child_cost, child))
    return None


@settings(max_examples=40, deadline=None)
@given(levels(max_side=4, max_boxes=2))
def test_push_search_is_optimal_and_bound_admissible(instance):
    """Push A* finds as few pushes as exhaustive search; the matching bound never exceeds them."""
    result = push_astar(SOKOBAN, instance, Limits(20))
    reference = fewest_pushes(instance)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] == reference
        assert analysis(instance).lower_bound(instance.boxes) <= reference
        assert SOKOBAN.heuristic(instance, SOKOBAN.initial(instance)) <= reference
        assert SOKOBAN.replay(instance, result.plan).valid


@settings(max_examples=40, deadline=None)
@given(levels(max_side=5, max_boxes=3))
def test_bidirectional_search_agrees_with_exhaustive_search(instance):
    """Bidirectional weighted search solves exactly the solvable levels, and its plans replay."""
    reference = fewest_pushes(instance)
    result = push_astar(SOKOBAN, instance, Limits(20), weight=5, bidirectional=True)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] >= reference
        assert SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.parametrize("cycle", [False, True])
@settings(max_examples=40, deadline=None)
@given(instance=levels(max_side=5, max_boxes=3))
def test_goal_macro_search_agrees_with_exhaustive_search(cycle, instance):
    """With goal macros (rooms from two goals up here, to meet them often), with and without feature
    cycling, the search still solves exactly the solvable levels, falling back on plain search when the
    macros lead nowhere, and its plans replay."""
    reference = fewest_pushes(instance)
    with patch.object(sokoban_analysis, "MIN_ROOM", 2):
        result = push_astar(SOKOBAN, instance, Limits(20), weight=5, bidirectional=True, macros=True, cycle=cycle)
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] >= reference and not result.optimal
        assert SOKOBAN.replay(instance, result.plan).valid


def test_goal_room_is_filled_deepest_first_by_macros():
    instance = level("goal-room.xsb")
    data = analysis(instance)
    [room] = goal_rooms(data, data.mask(instance.boxes))
    assert [data.cell(goal) for goal in room.order[:3]] == [(1, 1), (2, 1), (3, 1)]
    assert room.order[-1] in {data.index[(5, 2)], data.index[(4, 1)]}
    plain = push_astar(SOKOBAN, instance, Limits(20), weight=5, bidirectional=True)
    macro = push_astar(SOKOBAN, instance, Limits(20), weight=5, bidirectional=True, macros=True)
    assert macro.solved and SOKOBAN.replay(instance, macro.plan).valid
    assert macro.expanded < plain.expanded / 5  # 24 against 423 when written
    forward = push_astar(SOKOBAN, instance, Limits(20), macros=True)
    assert forward.solved and not forward.optimal  # 23 expansions against 43 for plain A*


def test_plain_search_goes_on_where_macros_run_dry():
    """The packing order fills the lower goal first, but the one box can only enter the upper one."""
    instance = SOKOBAN.parse("#####\n#+$ #\n#.  #\n#####\n")
    with patch.object(sokoban_analysis, "MIN_ROOM", 2):
        data = analysis(instance)
        [room] = goal_rooms(data, data.mask(instance.boxes))
        assert data.cell(room.order[0]) == (2, 1)
        result = push_astar(SOKOBAN, instance, Limits(20), macros=True)
    assert result.solved and result.optimal and result.figures["pushes"] == 1


def test_a_plan_found_with_macros_claims_no_optimality():
    instance = SOKOBAN.parse("#######\n#.#   #\n#.#$  #\n#.# $ #\n#.  $@#\n#..$  #\n#######\n")
    optimal = push_astar(SOKOBAN, instance, Limits(20))
    forward = push_astar(SOKOBAN, instance, Limits(20), macros=True)
    assert forward.solved and not forward.optimal and SOKOBAN.replay(instance, forward.plan).valid
    assert forward.figures["pushes"] > optimal.figures["pushes"] and optimal.optimal  # 21 against 14


def test_feature_cycle_takes_turns_between_groups():
    """Each turn takes the best entry of the next group that has one, in the order groups were first met."""
    queue = _FeatureCycle()
    for entry, group in [((3,), "a"), ((1,), "a"), ((9,), "b"), ((2,), "a"), ((5,), "c")]:
        queue.push(entry, group)
    assert [queue.pop() for _ in range(6)] == [(1,), (9,), (5,), (2,), (3,), None]


def test_move_one_box_finds_the_fewest_pushes_around_the_others():
    instance = level("goal-room.xsb")
    data = analysis(instance)
    boxes, keeper = data.mask(instance.boxes), data.index[instance.keeper]

    def one_box(start: tuple[int, int], goal: tuple[int, int]):
        box = data.index[start]
        return move_one_box(data, box, data.reach(keeper, boxes), boxes ^ (1 << box), 1 << data.index[goal])

    left = NAMES.index("left")
    assert one_box((4, 4), (4, 2)) == [(data.index[(4, 4)], left), (data.index[(4, 3)], left)]
    assert one_box((2, 3), (1, 1)) is None  # down column 3 it needs the keeper on (4, 4), a box


@settings(max_examples=25, deadline=None)
@given(levels(max_side=5, max_boxes=3))
def test_push_search_stays_optimal_on_larger_levels(instance):
    """With PI-corral pruning and frozen-box walls, A* still finds the fewest pushes (3 boxes, 5x5)."""
    reference = fewest_pushes(instance)
    result = push_astar(SOKOBAN, instance, Limits(20))
    assert result.solved == (reference is not None)
    if result.solved:
        assert result.figures["pushes"] == reference and result.optimal


def test_push_and_pull_distances_mirror_each_other():
    instance = level("two-rooms.xsb")
    cells = sorted(instance.inside)
    for source in cells[::3]:
        pushed = push_distances(instance.inside, [source])
        for target, pushes in pushed.items():
            assert pull_distances(instance.inside, [target])[source] == pushes


def test_pi_corral_restricts_pushes_to_its_barrier():
    """The keeper cannot reach the goal room behind the two boxes in column 3, which can only be pushed
    into it: those two pushes are all that must be tried, not the push of the box at the left."""
    walled = SOKOBAN.parse("#######\n#@ $ .#\n#$ $ .#\n#. ####\n####\n")
    data = analysis(walled)
    boxes = data.mask(walled.boxes)
    reach = data.reach(data.index[walled.keeper], boxes)
    every = data.pushes(reach, boxes)
    chosen = corral_pushes(data, reach, boxes, every)
    assert {(data.cell(box), NAMES[d]) for box, d, _ in every} == {
        ((1, 3), "right"),
        ((2, 3), "right"),
        ((2, 1), "down"),
    }
    assert {(data.cell(box), NAMES[d]) for box, d, _ in chosen} == {((1, 3), "right"), ((2, 3), "right")}
    opened = SOKOBAN.parse("#######\n#@ $ .#\n#$   .#\n#. ####\n####\n")  # the room is reachable
    data = analysis(opened)
    boxes = data.mask(opened.boxes)
    reach = data.reach(data.index[opened.keeper], boxes)
    assert corral_pushes(data, reach, boxes, data.pushes(reach, boxes)) == data.pushes(reach, boxes)


def test_frozen_block_on_goals_is_exactly_its_boxes():
    """A 2x2 block frozen on goals reaches some boxes twice; its mask is still exactly the four cells
    (summing the bits of a repeated box once turned a goal without a box into a wall)."""
    instance = SOKOBAN.parse("######\n#**  #\n#**  #\n# $. #\n#  @ #\n######\n")
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    block = data.mask([(1, 1), (1, 2), (2, 1), (2, 2)])
    assert data.frozen_with(data.index[(1, 1)], boxes) == data.mask([(1, 1)])  # a corner: frozen alone
    assert data.frozen_with(data.index[(2, 2)], boxes) == block  # reaches (1, 1) via (1, 2) and (2, 1)
    assert data.bound(boxes, block) == 1


def test_boxes_frozen_on_goals_become_walls():
    """Two boxes frozen on goals at the mouth of a one-wide goal corridor seal the goals behind them: the
    bound with them as walls is infinite, though the box below stands on a live square."""
    instance = SOKOBAN.parse("######\n#..**#\n###  #\n#  $ #\n# @  #\n######\n")
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    pair = data.mask([(1, 3), (1, 4)])
    assert data.frozen_with(data.index[(1, 3)], boxes) == pair
    assert data.bound(boxes) < INFINITE <= data.bound(boxes, pair)
    assert push_astar(SOKOBAN, instance, Limits(10)).status is Status.UNSOLVABLE


# -- the seed's next-states examples ---------------------------------------------------------------------
SEED_EXAMPLES = {
    "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 0 1) (1 0 3 0 1) (1 0 0 0 1) (1 1 1 1 1))": [
        "((1 1 1 1 1) (1 0 2 4 1) (1 0 3 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 0 1) (1 0 0 3 1) (1 0 0 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 0 1) (1 0 0 0 1) (1 0 3 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 0 1) (1 3 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
    ],
    "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 3 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))": [
        "((1 1 1 1 1) (1 0 0 6 1) (1 0 2 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 0 1) (1 0 0 3 1) (1 0 0 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 0 4 1) (1 2 3 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
    ],
    "((1 1 1 1 1) (1 0 0 6 1) (1 0 2 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))": [
        "((1 1 1 1 1) (1 0 0 4 1) (1 0 2 3 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 0 3 4 1) (1 0 2 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 1 1 1 1))",
    ],
    "((1 1 1 1 1) (1 4 2 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 0 5 3 1) (1 1 1 1 1))": [
        "((1 1 1 1 1) (1 4 2 0 1) (1 0 0 0 1) (1 0 0 3 1) (1 0 5 0 1) (1 1 1 1 1))",
        "((1 1 1 1 1) (1 4 2 0 1) (1 0 0 0 1) (1 0 0 0 1) (1 2 6 0 1) (1 1 1 1 1))",
    ],
}


def _squash(text: str) -> str:
    """An integer matrix on one line, for comparison with the seed's printout."""
    return " ".join(text.split())


@pytest.mark.parametrize("start", SEED_EXAMPLES)
def test_seed_next_states(start):
    instance = SOKOBAN.parse(start)
    start_state = SOKOBAN.initial(instance)
    children = [
        render_integers(instance, SOKOBAN.apply(instance, start_state, move))
        for move in SOKOBAN.moves(instance, start_state)
    ]
    assert sorted(map(_squash, children)) == sorted(SEED_EXAMPLES[start])


def test_seed_move_letters_and_goal():
    instance = SOKOBAN.parse(list(SEED_EXAMPLES)[0])
    assert SOKOBAN.moves(instance, SOKOBAN.initial(instance)) == ["U", "d", "l", "r"]
    assert not SOKOBAN.is_goal(instance, SOKOBAN.initial(instance))
    assert SOKOBAN.replay(instance, list("UluR")).valid


# -- formats -----------------------------------------------------------------------------------------------
def test_integer_forms_agree():
    plain = "1 1 1 1 1\n1 0 0 4 1\n1 0 2 0 1\n1 0 3 0 1\n1 0 0 0 1\n1 1 1 1 1\n"
    lisp = "(setq s1 '((1 1 1 1 1)\n (1 0 0 4 1) (1 0 2 0 1)\n (1 0 3 0 1) (1 0 0 0 1) (1 1 1 1 1)))\n"
    xsb = "#####\n#  .#\n# $ #\n# @ #\n#   #\n#####\n"
    assert SOKOBAN.parse(plain) == SOKOBAN.parse(lisp) == SOKOBAN.parse(xsb) == level("seed-s1.lsp")
    assert SOKOBAN.render(SOKOBAN.parse(plain)).startswith("((1 1 1 1 1)\n (1 0 0 4 1)")


BAD_LEVELS = [
    ("#####\n#.$ #\n#####\n", 1, None, "no keeper"),
    ("######\n#@$.@#\n######\n", 2, 5, "second keeper"),
    ("#####\n#@$$.#\n######\n", 1, None, "2 boxes but only 1 goal:"),
    ("#####\n#@ .#\n#####\n", 1, None, "no box"),
    ("#####\n#@$.\n#####\n", 2, 2, "not walled in"),
    ("#####\n#@$.#\n#####\n #$ #\n #..#\n ####\n", 4, 3, "box outside the walls"),
    ("#####\n#@$x#\n#####\n", 2, 4, "unknown character 'x'"),
    ("((1 1 1) (1 3 1) (1 7 1))", 1, 21, "square code 0-6"),
    ("((1 1 1 1) (1 3 2 4 1)", 1, 1, "never closed"),
    ("", None, None, "no level found"),
]


@pytest.mark.parametrize("text,line,column,expected", BAD_LEVELS)
def test_bad_levels_rejected_with_line_and_column(text, line, column, expected):
    with pytest.raises(InputError) as caught:
        SOKOBAN.parse(text, "bad.xsb")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert expected in str(caught.value) and str(caught.value).startswith("bad.xsb")


COLLECTION = """Some collection, made by someone
; first one
####
#@$.#
#####

; Second
#####
#.$@#
#####
Title: renamed
"""


def test_collection_levels_by_number_and_label():
    assert SOKOBAN.levels(COLLECTION, "c.txt") == ["first one", "Second"]
    assert SOKOBAN.parse_level(COLLECTION, "c.txt", "2") == SOKOBAN.parse_level(COLLECTION, "c.txt", "second")
    assert SOKOBAN.parse_level(COLLECTION, "c.txt", "first one").keeper == (1, 1)
    with pytest.raises(InputError, match="holds 2 levels"):
        SOKOBAN.parse(COLLECTION, "c.txt")
    with pytest.raises(InputError, match="no level '3'"):
        SOKOBAN.parse_level(COLLECTION, "c.txt", "3")
    assert SOKOBAN.levels("; a\n#####\n#@$.#\n#####\nTitle: b\n\n#####\n#@$.#\n#####\nTitle: c\n", "t") == ["a", "c"]


def test_microban_collection(shared_data):
    path = shared_data / "sokoban" / "microban.txt"
    text = path.read_text()
    labels = SOKOBAN.levels(text, str(path))
    assert len(labels) == 155 and labels[:43] == [str(n) for n in range(1, 44)]
    assert labels[43] == "44 'Duh!'" and labels[154] == "155 'The Dungeon'"
    assert SOKOBAN.parse_level(text, str(path), "duh!") == SOKOBAN.parse_level(text, str(path), "44")
    for label in labels:
        instance = SOKOBAN.parse_level(text, str(path), label)
        assert SOKOBAN.parse(SOKOBAN.render(instance)) == instance
        assert SOKOBAN.unsolvable_reason(instance) is None


def test_xsokoban_collection(shared_data):
    path = shared_data / "sokoban" / "xsokoban90.txt"
    text = path.read_text()
    assert SOKOBAN.levels(text, str(path)) == [str(n) for n in range(1, 91)]
    for label in map(str, range(1, 91)):
        instance = SOKOBAN.parse_level(text, str(path), label)
        assert SOKOBAN.parse(SOKOBAN.render(instance)) == instance
        assert SOKOBAN.unsolvable_reason(instance) is None


# -- LURD and replay -----------------------------------------------------------------------------------------
def test_lurd_string_parses_and_replay_says_where_it_fails():
    instance = level("seed-s1.lsp")
    assert SOKOBAN.parse_moves("Ul\nuR ; done\n") == ["U", "l", "u", "R"]
    with pytest.raises(InputError) as caught:
        SOKOBAN.parse_moves("Ulu\nRx", "sol.txt")
    assert (caught.value.line, caught.value.column) == (2, 2)
    replay = SOKOBAN.replay(instance, SOKOBAN.parse_moves("Ulu"))
    assert not replay.valid and replay.failed_at is None and "do not reach" in replay.reason
    replay = SOKOBAN.replay(instance, SOKOBAN.parse_moves("UluRr"))
    assert not replay.valid and replay.failed_at == 4 and "walks into the box" in replay.reason
    replay = SOKOBAN.replay(instance, list("uluR"))
    assert not replay.valid and replay.failed_at == 0 and "push with U" in replay.reason
    with pytest.raises(IllegalMove, match="no box"):
        SOKOBAN.apply(instance, SOKOBAN.initial(instance), "L")
    with pytest.raises(IllegalMove, match="wall"):
        SOKOBAN.apply(instance, State((1, 1), instance.boxes), "u")


# -- encodings, planners, decoding ------------------------------------------------------------------------
GOLDEN = sorted(path.name for path in LEVELS.iterdir() if path.suffix in (".xsb", ".lsp"))


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_problems(name):
    instance = level(name)
    stem = LEVELS / Path(name).stem
    assert SOKOBAN.encode(instance).problem == stem.with_suffix(".pddl").read_text()
    assert PUSHES.encode(instance).problem == Path(f"{stem}.pushes.pddl").read_text()


def test_static_facts_cover_only_the_walled_in_live_cells():
    instance = level("seed-p1.lsp")
    problem = SOKOBAN.encode(instance).problem
    assert "c0-0" not in problem and "c1-3 " in problem  # outside the walls / inside
    assert "(live c3-1)" not in problem and "(live c2-3)" in problem  # dead corner / live square


@pytest.mark.parametrize("planner", ["fd", "pyperplan", "fd-opt", "native-astar", "native-bfs"])
@pytest.mark.parametrize("name", ["seed-s1.lsp", "two-rooms.xsb", "extra-goal.xsb"])
def test_move_level_plans_decode_and_replay(planner, name):
    report = solve(SOKOBAN, level(name), name, planner, Limits(60))
    assert report.status is Status.SOLVED and report.valid, report.message


def test_optimal_move_counts_agree():
    instance = level("two-rooms.xsb")
    lengths = {
        name: solve(SOKOBAN, instance, "two-rooms", name, Limits(60)).length
        for name in ("fd-opt", "native-astar", "native-bfs")
    }
    assert len(set(lengths.values())) == 1, lengths


def _solve_pushes(planner_name: str, instance: SokobanInstance):
    """The push encoding solved by Fast Downward (which reads derived predicates natively)."""
    result = get_planner(planner_name).solve(PUSHES.encode(instance), Limits(60))
    assert result.status is Status.SOLVED, result.message
    moves = PUSHES.decode(instance, result.plan)
    assert PUSHES.replay(instance, moves).valid
    return result, moves


@pytest.mark.parametrize("name", ["seed-s1.lsp", "two-rooms.xsb", "extra-goal.xsb", "seed-p1.lsp"])
def test_push_level_fd_is_push_optimal_like_native(name):
    instance = level(name)
    result, moves = _solve_pushes("fd:astar(blind())", instance)
    native = push_astar(PUSHES, instance, Limits(30))
    assert len(result.plan) == sum(m.isupper() for m in moves) == native.figures["pushes"]
    assert SOKOBAN.replay(instance, native.plan).valid


def test_push_level_satisficing_fd():
    result, _ = _solve_pushes("fd", level("seed-p1.lsp"))
    assert result.plan and all(name == "push" for name, _ in result.plan)


def test_decode_rejects_foreign_actions():
    instance = level("seed-s1.lsp")
    with pytest.raises(InputError, match="unknown action"):
        SOKOBAN.decode(instance, [("jump", ("c3-2", "c2-2", "up"))])
    with pytest.raises(InputError, match="does not match"):
        SOKOBAN.decode(instance, [("move", ("c3-2", "c3-1", "left")), ("move", ("c3-1", "c3-2", "up"))])
    with pytest.raises(InputError, match="illegal"):
        SOKOBAN.decode(instance, [("move", ("c3-2", "c2-2", "up"))])


# -- deadlocks and unsolvable levels ----------------------------------------------------------------------
def test_unsolvable_levels_are_results():
    stuck = level("stuck-corridor.xsb")
    assert push_astar(SOKOBAN, stuck, Limits(10)).status is Status.UNSOLVABLE
    report = solve(SOKOBAN, SOKOBAN.parse("#####\n#@ $#\n#  .#\n#####\n"), "dead", "native-astar", Limits(5))
    assert report.status is Status.UNSOLVABLE and "dead square" in report.message


def test_freeze_deadlock():
    instance = SOKOBAN.parse("#######\n#     #\n# $$  #\n# $$ @#\n#.... #\n#######\n")
    data = analysis(instance)
    boxes = data.mask(instance.boxes)
    assert data.deadlocked(data.index[(2, 2)], boxes)  # a 2x2 block never moves again
    pair = data.mask([(2, 2), (2, 3)])
    assert not data.deadlocked(data.index[(2, 3)], pair)
    square = data.mask([(1, 2), (1, 3), (2, 2), (2, 3)])
    assert data.deadlocked(data.index[(1, 3)], square)  # against the top wall, side by side
    on_goals = SOKOBAN.parse("#####\n#@  #\n# * #\n# **#\n#####\n")
    goal_data = analysis(on_goals)
    frozen = goal_data.mask(on_goals.boxes)
    assert not goal_data.deadlocked(goal_data.index[(3, 3)], frozen)  # frozen, but all on goals


@pytest.mark.slow
def test_microban_first_levels_native(shared_data):
    path = shared_data / "sokoban" / "microban.txt"
    text = path.read_text()
    for label in map(str, range(1, 31)):
        instance = SOKOBAN.parse_level(text, str(path), label)
        result = push_astar(SOKOBAN, instance, Limits(60))
        assert result.solved and SOKOBAN.replay(instance, result.plan).valid, label


def test_bidirectional_search_meets_on_microban_93(shared_data):
    """Microban 93 (a crowded centre, goals around it): the forward and backward halves meet after a few
    thousand expansions, where forward weighted A* alone needs hundreds of thousands; the plan replays."""
    path = shared_data / "sokoban" / "microban.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), "93")
    result = push_astar(SOKOBAN, instance, Limits(60), weight=5, bidirectional=True)
    assert result.solved and not result.optimal and result.expanded < 50_000
    assert SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.slow
@pytest.mark.parametrize("label", ["93", "139", "144", "145", "146", "153"])
def test_microban_hardest_levels_bidirectional(shared_data, label):
    """The Microban levels forward push A* found hardest, and 153, which only feature cycling solves,
    solved by native-push:wastar,cycle and replayed."""
    path = shared_data / "sokoban" / "microban.txt"
    instance = SOKOBAN.parse_level(path.read_text(), str(path), label)
    result = get_planner("native-push:wastar,cycle").solve(Simulation(SOKOBAN, instance), Limits(60))
    assert result.solved and SOKOBAN.replay(instance, result.plan).valid


@pytest.mark.parametrize("name", ["corridor.xsb", "two-rooms.xsb", "seed-p1.lsp"])
def test_fd_opt_on_the_push_encoding_is_push_optimal(name):
    """fd-opt (LM-cut, no derived predicates) gets the push level as free walks and unit-cost pushes: its
    plans have as few pushes as native-push-astar's, and say that pushes are what is optimal."""
    instance = level(name)
    report = solve(PUSHES, instance, name, "fd-opt", Limits(60))
    native = solve(PUSHES, instance, name, "native-push-astar", Limits(60))
    assert report.status is Status.SOLVED and report.valid and report.optimal
    assert report.extra["optimal_measure"] == "pushes" == native.extra["optimal_measure"]
    assert report.extra["pushes"] == native.extra["pushes"]
    assert PUSHES.encode_for(instance, get_planner("fd-opt").fragment).name == "sokoban-push-costs"
    assert PUSHES.encode_for(instance, get_planner("fd").fragment).name == "sokoban-pushes"
