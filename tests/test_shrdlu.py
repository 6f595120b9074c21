"""Mini-SHRDLU: the seed's worked example, the file format and goal grammar, the simulator against the PDDL
encoding, unsolvable goals, the heuristic, random generation, and planners agreeing on optimal lengths."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import state_distances

from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.registry import get_puzzle
from puzzleplan.translator.shrdlu import (
    And,
    At,
    Not,
    Or,
    Rel,
    Shrdlu,
    ShrdluInstance,
    count_boards,
    dnf,
    evaluate,
    format_goal,
    positions,
    random_board,
    random_goal,
)
from puzzleplan.translator.shrdlu.formula import flatten

PUZZLE = Shrdlu()
ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "problems" / "shrdlu"
ROOMY = Limits(600)
"""A time limit no loaded machine reaches: the tests below check what a run ends in, not how fast it is."""
SEED_FILE = FOLDER / "seed.shrdlu"
FIGURE_3 = ((6, 4), (5,), (2, 1, 3))
FIGURE_4 = ((6, 4, 3), (5,), (2, 1))
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def board_text(board_rows: str, goal: str) -> str:
    """A .shrdlu file from its rows and goal."""
    return f"state:\n{board_rows}\ngoal: {goal}\n"


def instance(goal: str, rows: str = "0 0 3\n4 0 1\n6 5 2") -> ShrdluInstance:
    """An instance parsed from rows and a goal."""
    return PUZZLE.parse(board_text(rows, goal), "test.shrdlu")


def bfs_distances(inst: ShrdluInstance) -> dict:
    """Every board reachable from the initial one, with its distance."""
    return state_distances(PUZZLE, inst, [PUZZLE.initial(inst)])


# -- the seed's worked example ----------------------------------------------------------------------
def test_seed_example_legal_moves_and_next_state() -> None:
    """Figure 3: only (0,1), (1,0), (2,0), (2,1) are legal; (2,0) gives Figure 4."""
    inst = PUZZLE.parse(SEED_FILE.read_text(), str(SEED_FILE))
    assert inst.n == 3 and inst.k == 6 and inst.board == FIGURE_3
    assert PUZZLE.moves(inst, inst.board) == [(0, 1), (1, 0), (2, 0), (2, 1)]
    after = PUZZLE.apply(inst, inst.board, (2, 0))
    assert after == FIGURE_4
    assert PUZZLE.show(inst, after) == "2  3 0 0\n1  4 0 1\n0  6 5 2\n   0 1 2"
    assert (1, 0) not in PUZZLE.moves(inst, after) and (2, 0) not in PUZZLE.moves(inst, after)


@pytest.mark.parametrize(
    "move, reason",
    [((0, 2), "column 2 is full"), ((1, 2), "column 2 is full"), ((1, 1), "same column"), ((3, 0), "no column 3")],
)
def test_illegal_moves_say_why(move, reason) -> None:
    """The seed's illegal actions (0,2) and (1,2), and others, are refused with the reason."""
    inst = PUZZLE.parse(SEED_FILE.read_text())
    with pytest.raises(IllegalMove, match=reason):
        PUZZLE.apply(inst, inst.board, move)


def test_empty_source_is_refused() -> None:
    """Moving from an empty column names the column."""
    inst = instance("(1,0,0)", "0 0 0\n3 0 0\n1 2 0")
    with pytest.raises(IllegalMove, match="column 2 is empty"):
        PUZZLE.apply(inst, inst.board, (2, 0))


@pytest.mark.parametrize("text", ["(2, 0)", "2 0", "2,0", "[2, 0]", " ( 2 ,0 ) "])
def test_parse_move_notations(text: str) -> None:
    """Moves are read in the seed's notation and the usual variants; they print as the seed writes."""
    assert PUZZLE.parse_move(text) == (2, 0)
    assert PUZZLE.format_move((2, 0)) == "(2, 0)" and PUZZLE.move_json((2, 0)) == [2, 0]


@pytest.mark.parametrize("text", ["2", "a b", "(2, 0, 1)", "2 -1", ""])
def test_parse_move_rejects(text: str) -> None:
    """Malformed moves raise ValueError."""
    with pytest.raises(ValueError):
        PUZZLE.parse_move(text)


def test_restart_keeps_the_goal() -> None:
    """restart (used for hints in `play`) starts the same goal from another board."""
    inst = PUZZLE.parse(SEED_FILE.read_text())
    again = PUZZLE.restart(inst, FIGURE_4)
    assert again.board == FIGURE_4 and again.goal == inst.goal and again.n == 3


def test_registered() -> None:
    """The puzzle is in the registry."""
    assert isinstance(get_puzzle("shrdlu"), Shrdlu)


# -- file format ----------------------------------------------------------------------------------
@st.composite
def formulas(draw, n: int, k: int, depth: int = 3):
    """Goal formulas in normal form (nested And/Or merged), over blocks 1..k on an n x n board."""
    at = st.builds(At, st.integers(1, k), st.integers(0, n - 1), st.integers(0, n - 1))
    pairs = st.lists(st.integers(1, k), min_size=2, max_size=2, unique=True)
    rel = st.builds(lambda kind, pair: Rel(kind, *pair), st.sampled_from("ablr"), pairs)
    if depth == 0 or draw(st.booleans()):
        return draw(st.one_of(at, rel))
    kind = draw(st.sampled_from(["not", "and", "or"]))
    if kind == "not":
        return Not(draw(formulas(n, k, depth - 1)))
    children = draw(st.lists(formulas(n, k, depth - 1), min_size=2, max_size=3))
    return flatten(And if kind == "and" else Or, children)


@st.composite
def instances(draw, sizes=(3, 4, 5)):
    """Random legal boards (uniform) with random goal formulas."""
    n = draw(st.sampled_from(sizes))
    k = draw(st.integers(n, n * n - n))
    board = random_board(n, k, random.Random(draw(st.integers(0, 2**32))))
    return ShrdluInstance(n, board, draw(formulas(n, k)))


@FAST
@given(instances())
def test_render_parse_round_trip(inst: ShrdluInstance) -> None:
    """parse(render(x)) == x."""
    assert PUZZLE.parse(PUZZLE.render(inst)) == inst


VALID_GOALS = [
    ("(1,0,0)", At(1, 0, 0)),
    ("( 1 , 2 , 0 )", At(1, 2, 0)),
    ("6b2", Rel("b", 6, 2)),
    ("4L1", Rel("l", 4, 1)),
    ("{(1, 0, 0), (2, 0, 1), (3, 0, 2)}", And((At(1, 0, 0), At(2, 0, 1), At(3, 0, 2)))),
    ("[(1, 0, 0), (1, 1, 0), (1, 2, 0)]", Or((At(1, 0, 0), At(1, 1, 0), At(1, 2, 0)))),
    # the seed's own notation: braces hold a goal set, disjunctive when its atom goals exclude each other
    ("{(1,0,0),(1,1,0),(1,2,0)}", Or((At(1, 0, 0), At(1, 1, 0), At(1, 2, 0)))),
    ("{(1,0,0),(2,0,0)}", Or((At(1, 0, 0), At(2, 0, 0)))),
    ("{(1,0,0),(1,1,0),6b2}", Or((At(1, 0, 0), At(1, 1, 0), Rel("b", 6, 2)))),
    ("disjunctive {(1,0,0),(2,0,1)}", Or((At(1, 0, 0), At(2, 0, 1)))),
    ("conjunctive {(1,0,0),(1,1,0)}", And((At(1, 0, 0), At(1, 1, 0)))),
    ("{(1,0,0),(1,0,0)}", And((At(1, 0, 0), At(1, 0, 0)))),
    (
        "(1,0,0) & (2,0,1) | 6b2 & !(3,2,2)",
        Or((And((At(1, 0, 0), At(2, 0, 1))), And((Rel("b", 6, 2), Not(At(3, 2, 2)))))),
    ),
    ("(1,0,0) & ((2,0,1) | 6b2)", And((At(1, 0, 0), Or((At(2, 0, 1), Rel("b", 6, 2)))))),
    ("!!(6a5)", Not(Not(Rel("a", 6, 5)))),
    ("!{1r2, 3a4}", Not(And((Rel("r", 1, 2), Rel("a", 3, 4))))),
    ("{[(1,0,0), 1a2], 3l4}", And((Or((At(1, 0, 0), Rel("a", 1, 2))), Rel("l", 3, 4)))),
    ("((1,0,0))", At(1, 0, 0)),
    ("(1,0,0) & ((2,0,1) & 3a4)", And((At(1, 0, 0), At(2, 0, 1), Rel("a", 3, 4)))),
]


@pytest.mark.parametrize("text, expected", VALID_GOALS)
def test_goal_grammar_valid(text: str, expected) -> None:
    """Goals parse to the expected formula, and print back to text that parses the same."""
    goal = instance(text).goal
    assert goal == expected
    assert instance(format_goal(goal)).goal == goal


def test_goal_may_span_lines() -> None:
    """Lines after `goal:` continue the formula."""
    inst = PUZZLE.parse("state:\n0 0 3\n4 0 1\n6 5 2\ngoal:\n  (1,0,0) &\n  6b2\n")
    assert inst.goal == And((At(1, 0, 0), Rel("b", 6, 2)))


INVALID_GOALS = [  # goal text after "goal: " on line 5 (column 7 is the first character)
    ("(1,0,0) & ", 5, 17, "unexpected the end of the goal"),
    ("(1,0,0) && (2,0,1)", 5, 16, "unexpected '&'"),
    ("(7,0,0)", 5, 8, "there is no block 7"),
    ("(1,3,0)", 5, 10, "row 3 is outside the board"),
    ("(1,0,-1)", 5, 12, "unexpected character '-'"),
    ("1x2", 5, 7, "unexpected '1'"),
    ("2a2", 5, 7, "relates block 2 to itself"),
    ("(1,0)", 5, 11, "unexpected ')'; expected ','"),
    ("{(1,0,0), }", 5, 17, "unexpected '}'"),
    ("(1,0,0) | 9a1", 5, 17, "there is no block 9"),
]


@pytest.mark.parametrize("text, line, column, message", INVALID_GOALS)
def test_goal_grammar_invalid(text: str, line: int, column: int, message: str) -> None:
    """Bad goals are InputErrors that name the line and the column where they went wrong."""
    with pytest.raises(InputError) as caught:
        instance(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert message in caught.value.message


BAD_BOARDS = [
    ("state:\n0 0 3\n4 5 1\n6 0 2\ngoal: (1,0,0)\n", 3, "block 5 in column 1 floats"),
    ("state:\n0 0 3\n4 0 1\n6 5 2\ngoal: (1,0,0)\n", None, None),  # fine: control
    ("state:\n0 0 3\n4 0 1\n6 4 2\ngoal: (1,0,0)\n", 4, "block 4 appears twice"),
    ("state:\n0 0 3\n4 0 1\n6 5\ngoal: (1,0,0)\n", 4, "this row has 2 cells"),
    ("state:\n0 0 3\n4 0 1\n6 5 2\n7 8 9\ngoal: (1,0,0)\n", 5, "must be square"),
    ("state:\n0 0 3\n4 9 1\n6 5 2\ngoal: (1,0,0)\n", 3, "found block 9"),
    ("state:\n7 0 3\n4 5 1\n6 8 2\ngoal: (1,0,0)\n", 1, "between 3 and 6 blocks"),
    ("state:\n0 0 0\n0 0 0\n1 2 0\ngoal: (1,0,0)\n", 1, "between 3 and 6 blocks"),
    ("state:\n0 0\n1 2\ngoal: (1,0,0)\n", 1, "at least 3 x 3"),
    ("state:\n0 0 x\n4 0 1\n6 5 2\ngoal: (1,0,0)\n", 2, "expected whole numbers"),
    ("state:\n0 0 3\n4 0 1\n6 5 2\n", None, "missing section 'goal:'"),
    ("state:\n0 0 3\n4 0 1\n6 5 2\ngoal:\n", 5, "expected a goal formula"),
    ("board:\n0 0 3\n", 1, "expected a section header"),
]


@pytest.mark.parametrize("text, line, message", BAD_BOARDS)
def test_bad_boards(text: str, line: int | None, message: str | None) -> None:
    """Broken boards are InputErrors naming the line and the broken rule."""
    if message is None:
        PUZZLE.parse(text)
        return
    with pytest.raises(InputError) as caught:
        PUZZLE.parse(text, "bad.shrdlu")
    assert caught.value.line == line and message in caught.value.message
    assert str(caught.value).startswith("bad.shrdlu")


# -- PDDL ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.shrdlu")), ids=lambda p: p.stem)
def test_golden_problems(path: Path) -> None:
    """Each instance's PDDL problem is the committed golden file beside it."""
    task = PUZZLE.encode(PUZZLE.parse(path.read_text(), str(path)))
    assert task.problem == path.with_suffix(".pddl").read_text()


def test_requirements_follow_the_goal() -> None:
    """The domain declares only what the goal uses: STRIPS for atoms, negation and disjunction as used."""
    assert PUZZLE.encode(instance("{(1,0,0), (2,0,1)}")).requirements == {":strips", ":typing"}
    assert PUZZLE.encode(instance("!(1,0,0)")).requirements == {":strips", ":typing", ":negative-preconditions"}
    assert ":disjunctive-preconditions" in PUZZLE.encode(instance("6b2")).requirements
    seed = PUZZLE.encode(PUZZLE.parse(SEED_FILE.read_text()))
    assert "(or " in seed.problem and "(not (at b3 c2-2))" in seed.problem


def _ground(task, folder: Path):
    """pyperplan's own parser and grounder on the task (nothing pruned)."""
    from pyperplan.grounding import ground
    from pyperplan.pddl.parser import Parser

    domain, problem = folder / "domain.pddl", folder / "problem.pddl"
    domain.write_text(task.domain)
    problem.write_text(task.problem)
    parser = Parser(str(domain), str(problem))
    return ground(
        parser.parse_problem(parser.parse_domain()),
        remove_statics_from_initial_state=False,
        remove_irrelevant_operators=False,
    )


def _op_move(name: str) -> tuple[int, int]:
    """(move bN FROM OVER TO BASE) -> (column of FROM, column of TO)."""
    words = name.strip("()").split()
    return int(words[2].split("-")[1]), int(words[4].split("-")[1])


def _facts(board) -> frozenset[str]:
    """The (at ...) facts of a board."""
    return frozenset(f"(at b{b} c{row}-{col})" for b, (row, col) in positions(board).items())


@settings(max_examples=8, deadline=None)
@given(st.just(3), st.integers(0, 2**32), st.integers(0, 2**32))
def test_pddl_and_simulator_agree_on_legal_moves(n: int, board_seed: int, walk_seed: int) -> None:
    """On random boards and a random walk from them, the applicable ground operators are exactly the
    simulator's legal moves, and applying one gives the simulator's next board."""
    import tempfile

    rng = random.Random(board_seed)
    k = rng.randint(n, n * n - n)
    inst = ShrdluInstance(n, random_board(n, k, rng), At(1, 0, 0))
    with tempfile.TemporaryDirectory() as work:
        task = _ground(PUZZLE.encode(inst), Path(work))
    state, board, walk = task.initial_state, inst.board, random.Random(walk_seed)
    for _ in range(6):
        applicable = [op for op in task.operators if op.applicable(state)]
        assert sorted(_op_move(op.name) for op in applicable) == PUZZLE.moves(inst, board)
        operator = walk.choice(applicable)
        state, board = operator.apply(state), PUZZLE.apply(inst, board, _op_move(operator.name))
        assert {fact for fact in state if fact.startswith("(at ")} == _facts(board)


def test_decode_checks_the_block() -> None:
    """decode maps actions to (source, destination) and rejects steps the board does not allow."""
    inst = PUZZLE.parse(SEED_FILE.read_text())
    assert PUZZLE.decode(inst, [("move", ("b3", "c2-2", "ceiling2", "c2-0", "c1-0"))]) == [(2, 0)]
    with pytest.raises(InputError, match="top of column 2 is b3"):
        PUZZLE.decode(inst, [("move", ("b1", "c1-2", "c2-2", "c2-0", "c1-0"))])
    with pytest.raises(InputError, match="column 2 is full"):
        PUZZLE.decode(inst, [("move", ("b4", "c1-0", "c2-0", "c2-2", "c1-2"))])
    with pytest.raises(InputError, match="expected"):
        PUZZLE.decode(inst, [("stack", ("b1", "b2"))])


# -- unsolvable goals -----------------------------------------------------------------------------
CONTRADICTIONS = [
    ("(1,0,0) & (1,1,0)", "put block 1 in two places"),
    ("(1,0,0) & (2,0,0)", "cell (0,0) must hold both block 1 and block 2"),
    ("(1,0,0) & !(1,0,0)", "asks for both (1,0,0) and !(1,0,0)"),
    ("1a2 & 2a1", "in two places relative to block"),
    ("1a2 & 2a3 & 3a4", "need 4 rows"),
    ("1l2 & 2l3 & 3l4", "need 1 rows and 4 columns"),
    ("1a2 & 3a2", "put blocks 1 and 3 in the same cell"),
    ("(1,0,0) & (2,1,0) & !2a1", "force 2a1"),
    ("(1,2,0) & 1b2", "off the board"),
    ("(1,2,0) & (2,2,1) & (3,1,2)", "takes at least 8 blocks"),
    ("[(1,0,0) & (1,1,1), (2,0,0) & (3,0,0)]", "no alternative of the goal can hold"),
]


@pytest.mark.parametrize("goal, reason", CONTRADICTIONS)
def test_contradictory_goals_are_named(goal: str, reason: str) -> None:
    """Goals no board satisfies are found without search, naming the contradiction, and end
    `unsolvable` through the pipeline."""
    inst = instance(goal)
    assert reason in PUZZLE.unsolvable_reason(inst)
    report = solve(PUZZLE, inst, "contradiction", "native-bfs", ROOMY)
    assert report.status is Status.UNSOLVABLE and reason in report.message
    assert not any(evaluate(inst.goal, positions(board)) for board in bfs_distances(inst))


def test_too_few_blocks_for_a_row() -> None:
    """On a 4 x 4 board with 4 blocks, two blocks on row 3 need 8 blocks under and at them."""
    inst = instance("(1,3,0) & (2,3,1)", "0 0 0 0\n0 0 0 0\n0 0 0 0\n1 2 3 4")
    assert "takes at least 8 blocks" in PUZZLE.unsolvable_reason(inst)


@pytest.mark.parametrize("planner", ["native-bfs", "native-astar", "fd-opt"])
def test_unsatisfiable_goal_found_by_search_ends_unsolvable(planner: str) -> None:
    """A goal the analysis cannot see through (block 1 in no cell) still ends unsolvable, by search."""
    cells = " & ".join(f"!(1,{row},{col})" for row in range(3) for col in range(3))
    inst = instance(cells, "0 0 0\n0 0 0\n1 2 3")
    assert PUZZLE.unsolvable_reason(inst) is None
    assert solve(PUZZLE, inst, "nowhere", planner, ROOMY).status is Status.UNSOLVABLE


@settings(max_examples=30, deadline=None)
@given(instances(sizes=(3,)))
def test_contradictions_are_sound(inst: ShrdluInstance) -> None:
    """Whenever the analysis calls a goal contradictory, no reachable board satisfies it; every legal
    board is reachable, so otherwise the goal is solvable exactly when some board satisfies it."""
    reason = PUZZLE.unsolvable_reason(inst)
    satisfiable = any(evaluate(inst.goal, positions(board)) for board in bfs_distances(inst))
    assert not (reason and satisfiable), reason


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_every_legal_board_is_reachable(k: int) -> None:
    """The DP count of legal 3 x 3 boards equals the boards reachable from a random one: the board graph
    is connected, which unsolvable_reason relies on (satisfiable goal = solvable instance)."""
    inst = ShrdluInstance(3, random_board(3, k, random.Random(k)), At(1, 0, 0))
    assert len(bfs_distances(inst)) == count_boards(3, k)


# -- heuristic and optimal planners --------------------------------------------------------------
@st.composite
def generated(draw, n: int = 3):
    """Instances made by the generator: random boards and satisfiable goals of every form."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    form = draw(st.sampled_from(["and", "or", "mixed"]))
    k = draw(st.integers(n, n * n - n))
    return ShrdluInstance(n, random_board(n, k, rng), random_goal(n, k, draw(st.integers(1, 4)), form, rng))


@settings(max_examples=25, deadline=None)
@given(st.one_of(instances(sizes=(3,)), generated()))
def test_heuristic_is_admissible_and_astar_is_optimal(inst: ShrdluInstance) -> None:
    """h never exceeds the true distance to the goal (checked at every reachable board), and native A*
    finds plans as short as BFS."""
    distance = bfs_distances(inst)
    goals = [board for board in distance if evaluate(inst.goal, positions(board))]
    bfs = solve(PUZZLE, inst, "random", "native-bfs", ROOMY)
    astar = solve(PUZZLE, inst, "random", "native-astar", ROOMY)
    assert astar.status is bfs.status
    if bfs.status is Status.SOLVED:
        assert astar.length == bfs.length == min(distance[board] for board in goals)
        assert astar.valid and bfs.valid
        to_goal = _distances_to(inst, goals)
        assert all(PUZZLE.heuristic(inst, board) <= to_goal[board] for board in to_goal)
    else:
        assert not goals


def _distances_to(inst: ShrdluInstance, goals: list) -> dict:
    """Distance from every board to the nearest goal board (moves are reversible)."""
    return state_distances(PUZZLE, inst, goals)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32))
def test_heuristic_beats_counting_atoms(n: int, seed: int) -> None:
    """For conjunctions of (block,row,col) atoms h is at least the number of unsatisfied atoms."""
    rng = random.Random(seed)
    k = rng.randint(n, n * n - n)
    inst = ShrdluInstance(n, random_board(n, k, rng), random_goal(n, k, 3, "and", rng))
    where = positions(inst.board)
    unsatisfied = sum(1 for literal in dnf(inst.goal)[0] if not evaluate(literal[1], where))
    assert PUZZLE.heuristic(inst, inst.board) >= unsatisfied


def test_heuristic_counts_blocks_in_the_way() -> None:
    """Block 2 at (0,2) under blocks 1 and 3 must go to (1,2): one unsatisfied atom, but 3 and 1 must
    move away and 2 must leave column 2 and come back, so h = 4 (the optimum is 5: another block must
    also fill (0,2))."""
    inst = instance("(2,1,2)", "0 0 3\n0 0 1\n4 5 2")
    assert PUZZLE.heuristic(inst, inst.board) == 4
    assert solve(PUZZLE, inst, "blocked", "native-bfs", ROOMY).length == 5


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["and", "or", "mixed"]))
def test_fast_downward_agrees_with_bfs(seed: int, form: str) -> None:
    """Optimal Fast Downward plans are as long as BFS plans, for goals of every form, and replay."""
    rng = random.Random(seed)
    n = 3
    k = rng.randint(n, n * n - n)
    inst = ShrdluInstance(n, random_board(n, k, rng), random_goal(n, k, rng.randint(1, 3), form, rng))
    bfs = solve(PUZZLE, inst, "random", "native-bfs", ROOMY)
    fd = solve(PUZZLE, inst, "random", "fd-opt", ROOMY)
    assert bfs.status is Status.SOLVED and fd.status is Status.SOLVED, fd.message
    assert fd.valid and fd.length == bfs.length


def test_pyperplan_solves_disjunctive_negated_goal() -> None:
    """pyperplan (STRIPS only) gets the seed's goal (| and !) compiled away by unified-planning; its plan
    maps back, decodes and replays."""
    inst = PUZZLE.parse(SEED_FILE.read_text())
    satisficing = solve(PUZZLE, inst, "seed", "pyperplan", ROOMY)
    assert satisficing.status is Status.SOLVED and satisficing.valid, satisficing.message
    assert {"disjunctive_conditions_removing", "negative_conditions_removing"} <= set(satisficing.extra["compilations"])


def test_fd_opt_disjunctive_goal() -> None:
    """fd-opt on the seed's disjunctive goal: the pipeline compiles the goal away, since LM-cut refuses
    the axioms Fast Downward would make of it."""
    inst = PUZZLE.parse(SEED_FILE.read_text())
    report = solve(PUZZLE, inst, "seed", "fd-opt", ROOMY)
    assert report.status is Status.SOLVED and report.length == 6


@pytest.mark.parametrize("planner", ["native-bfs", "native-astar", "fd"])
def test_the_seeds_brace_sets_mean_what_the_seed_says(planner: str) -> None:
    """Seed 000's two goal sets as it writes them: {(1,0,0),(1,1,0),(1,2,0)} (disjunctive: block 1 anywhere in
    column 0, 2 moves from Figure 3) and {(1,0,0),(2,0,1),(3,0,2)} (conjunctive: blocks 1-3 on the bottom row)."""
    column0 = solve(PUZZLE, instance("{(1,0,0),(1,1,0),(1,2,0)}"), "column0", planner, ROOMY)
    assert column0.status is Status.SOLVED and column0.valid and column0.length == 2, column0.message
    bottom = solve(PUZZLE, instance("{(1,0,0),(2,0,1),(3,0,2)}"), "bottom", planner, ROOMY)
    assert bottom.status is Status.SOLVED and bottom.valid, bottom.message
    assert [positions(bottom.states[-1])[block] for block in (1, 2, 3)] == [(0, 0), (0, 1), (0, 2)]


# -- generation -----------------------------------------------------------------------------------
def test_random_boards_are_uniform() -> None:
    """All 60 boards of 3 blocks on a 3 x 3 board come up about equally often."""
    rng = random.Random(5)
    counts = Counter(random_board(3, 3, rng) for _ in range(12000))
    assert len(counts) == count_boards(3, 3) == 60
    assert max(counts.values()) < 270 and min(counts.values()) > 130  # expected 200 each


@pytest.mark.parametrize("form", ["and", "or", "mixed"])
def test_generate(form: str) -> None:
    """generate writes legal boards whose goal some board satisfies; the text round-trips."""
    for seed in range(5):
        inst = PUZZLE.random_instance({"n": "4", "k": "10", "goal-atoms": "3", "goal-form": form}, random.Random(seed))
        assert inst.n == 4 and inst.k == 10
        assert PUZZLE.parse(PUZZLE.render(inst)) == inst
        assert PUZZLE.unsolvable_reason(inst) is None
    same = [PUZZLE.random_instance({"n": "4", "k": "10", "goal-atoms": "3"}, random.Random(7)) for _ in range(2)]
    assert same[0] == same[1] and isinstance(same[0].goal, And) and len(same[0].goal.args) == 3


@pytest.mark.parametrize("options", [{"n": "2"}, {"n": "3", "k": "7"}, {"n": "x"}, {"goal-form": "xor"}])
def test_generate_rejects_bad_options(options: dict) -> None:
    """Impossible sizes and unknown forms are InputErrors."""
    with pytest.raises(InputError):
        PUZZLE.random_instance(options, random.Random(1))


# -- scale ----------------------------------------------------------------------------------------
@pytest.mark.slow
def test_scale() -> None:
    """Full boards (k = n*n - n) at n = 3..8, random 3-atom conjunctive goals, native-astar and fd-opt,
    60 s each; a planner stops at the first n where it solves none. Prints the table of the README."""
    rows, stopped = [], set()
    for n in range(3, 9):
        for seed in (1, 2, 3):
            inst = PUZZLE.random_instance({"n": str(n), "goal-atoms": "3"}, random.Random(seed))
            lengths = {}
            for planner in ("native-astar", "fd-opt"):
                if planner in stopped:
                    continue
                report = solve(PUZZLE, inst, f"n{n}-seed{seed}", planner, Limits(60))
                rows.append(
                    (
                        n,
                        seed,
                        planner,
                        report.status.value,
                        report.length,
                        report.expanded,
                        round(report.time["total"], 2),
                    )
                )
                if report.status is Status.SOLVED:
                    assert report.valid and report.optimal
                    lengths[planner] = report.length
            assert len(set(lengths.values())) <= 1
        for planner in ("native-astar", "fd-opt"):
            if not any(r[0] == n and r[2] == planner and r[3] == "solved" for r in rows):
                stopped.add(planner)
    print("\n| n | k | seed | planner | status | length | expanded | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for n, seed, planner, status, length, expanded, seconds in rows:
        print(f"| {n} | {n * n - n} | {seed} | {planner} | {status} | {length} | {expanded} | {seconds} |")
