"""Pattern databases and IDA* for the sliding-tile puzzle: tiny 3x3 tables built in a fresh cache, checked
against breadth-first distances; the `.boards` collection format; refusals, time and memory limits; and,
with --slow, Korf's 100 15-puzzle instances solved optimally."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import pytest
from conftest import USER_CACHE
from hypothesis import given, settings
from hypothesis import strategies as st
from test_limits import cli

from puzzleplan.api.pipeline import solve
from puzzleplan.common.errors import InputError
from puzzleplan.common.limits import Limits, TimeLimitExceeded
from puzzleplan.experiments.compare import file_entries
from puzzleplan.planners.base import Status
from puzzleplan.planners.native import search
from puzzleplan.planners.search import Deadline
from puzzleplan.planners.tiles_idastar import auto_partition, ida_star
from puzzleplan.translator.tiles import boards as tiles_boards
from puzzleplan.translator.tiles import pdb as tiles_pdb
from puzzleplan.translator.tiles.puzzle import Tiles, TilesInstance

ROOT = Path(__file__).resolve().parent.parent
KORF = ROOT / "problems/tiles/korf100.boards"
TILES = Tiles()
GOALS = {"blank first": (0, 1, 2, 3, 4, 5, 6, 7, 8), "blank last": (1, 2, 3, 4, 5, 6, 7, 8, 0)}


@cache
def distances(goal: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Breadth-first distance to `goal` of every 3x3 board that reaches it (moves are reversible)."""
    instance = TilesInstance(3, 3, goal, goal)
    found, frontier = {goal: 0}, [goal]
    while frontier:
        following = []
        for board in frontier:
            for _, child in TILES.successors(instance, board):
                if child not in found:
                    found[child] = found[board] + 1
                    following.append(child)
        frontier = following
    return found


@cache
def solvable(goal: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The 181,440 boards that reach `goal`, sorted."""
    return sorted(distances(goal))


def boards(goal_name: str):
    """A strategy: a solvable 3x3 board for the named goal."""
    return st.integers(0, 181439).map(lambda index: solvable(GOALS[goal_name])[index])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(GOALS)), st.data())
def test_pattern_databases_and_their_reflection_are_admissible(goal_name, data):
    goal = GOALS[goal_name]
    board = data.draw(boards(goal_name))
    lookup = tiles_pdb.lookup(3, 3, goal)
    direct, reflected = lookup.sums(*lookup.indices(board))
    assert max(direct, reflected) == lookup.value(board) <= distances(goal)[board]
    assert (lookup.value(board) == 0) == (board == goal)
    assert direct >= manhattan(board, goal)


def manhattan(board: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """Sum of the tiles' grid distances to their goal cells on the 3x3 board."""
    where = {tile: divmod(cell, 3) for cell, tile in enumerate(goal)}
    return sum(abs(c // 3 - where[t][0]) + abs(c % 3 - where[t][1]) for c, t in enumerate(board) if t)


def test_the_minimum_over_the_blank_cells_is_not_consistent():
    """Why IDA* and A* must not assume consistency: a blank trapped in a corner counts for one board and
    not for its neighbour (both estimates stay admissible: 10 <= 18 and 15 <= 17)."""
    lookup = tiles_pdb.lookup(3, 3, GOALS["blank first"])
    board, child = (0, 1, 2, 4, 3, 5, 6, 8, 7), (4, 1, 2, 0, 3, 5, 6, 8, 7)
    assert (lookup.value(board), lookup.value(child)) == (10, 15)
    assert (distances(GOALS["blank first"])[board], distances(GOALS["blank first"])[child]) == (18, 17)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(GOALS)), st.data())
def test_idastar_and_astar_with_the_databases_find_the_optimal_length_and_replay(goal_name, data):
    goal = GOALS[goal_name]
    board = data.draw(boards(goal_name))
    instance = TilesInstance(3, 3, board, goal)
    result = ida_star(instance, tiles_pdb.lookup(3, 3, goal), Deadline(60))
    astar = search(TILES, instance, "astar", Deadline(60))
    astar_pdb = search(TILES, instance, "astar", Deadline(60), "pdb")
    assert result.status is Status.SOLVED and result.optimal
    assert len(result.plan) == len(astar.plan) == len(astar_pdb.plan) == distances(goal)[board]
    assert TILES.replay(instance, result.plan).valid


def test_tables_are_cached_under_a_version_key(table_cache, monkeypatch):
    patterns = tiles_pdb.partition(3, 3, "pdb")
    tiles_pdb.tables(patterns)
    for pattern in patterns:
        assert (table_cache / "tiles-pdb" / pattern.key).is_file()
        assert pattern.key.startswith(f"v{tiles_pdb.VERSION}-3x3-")

    def no_build(*args, **kwargs):
        raise AssertionError("a cached table was built again")

    monkeypatch.setattr(tiles_pdb, "build", no_build)
    tiles_pdb._read.cache_clear()
    assert tiles_pdb.lookup(3, 3, GOALS["blank first"]).value(GOALS["blank first"]) == 0


def test_a_build_reports_progress_and_stops_at_the_deadline_leaving_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))
    pattern = tiles_pdb.partition(3, 3, "pdb")[0]
    seen = []
    tiles_pdb.table(pattern, lambda done, total: seen.append((done, total)))
    assert seen and all(done <= total == pattern.states for done, total in seen) and seen[-1][0] == pattern.states
    with pytest.raises(TimeLimitExceeded):
        tiles_pdb.table(tiles_pdb.partition(3, 3, "pdb")[1], stop=lambda: True)
    assert sorted(path.name for path in (tmp_path / "tiles-pdb").iterdir()) == [pattern.key]


@pytest.mark.parametrize(
    ("text", "planner", "words"),
    [
        ("init:\n1 2 3\n4 X X\ngoal:\n1 2 3\n4 X X\n", "native-idastar", "one blank"),
        ("init:\n1 2\n3 X\n", "native-idastar", "3x3, 4x4"),
        (
            "init:\n" + "\n".join(" ".join(map(str, range(r * 5 + 1, r * 5 + 6))) for r in range(5)) + "\n",
            "native-idastar",
            "6-6-6-6",
        ),
        ("init:\n1 2 3\n4 X 5\n6 7 8\ngoal:\n1 2 3\n4 X 5\n6 7 8\n", "native-idastar:pdb", "corner"),
        ("init:\n1 2 3\n4 5 6\n7 X 8\n", "native-idastar:pdb99", "no partition"),
    ],
)
def test_boards_the_databases_are_not_made_for_are_refused(text, planner, words):
    instance = TILES.parse(text.replace("25", "X"))
    if instance.init == instance.goal:
        instance = TilesInstance(instance.height, instance.width, _one_move(instance), instance.goal)
    report = solve(TILES, instance, "x", planner, Limits(10))
    assert report.status is Status.UNSUPPORTED and words in report.message


def _one_move(instance: TilesInstance) -> tuple[int, ...]:
    """The board one move from the goal."""
    return next(child for _, child in TILES.successors(instance, instance.goal))


def test_the_default_planner_uses_astar_where_no_databases_are_cached():
    instance = TILES.parse("init:\n8 7 6\n5 4 3\n2 1 X\n")
    report = solve(TILES, instance, "x", "native-astar", Limits(60))
    assert report.valid and report.optimal and report.extra["heuristic"] == "manhattan+linear-conflicts"


def test_a_collection_is_read_board_by_board():
    text = KORF.read_text()
    assert TILES.levels(text, str(KORF)) == [str(number) for number in range(1, 101)]
    first = TILES.parse_level(text, str(KORF), "1")
    assert first.init[:4] == (14, 13, 15, 7) and first.goal == tuple(range(16))
    assert tiles_boards.optima(text, str(KORF))["88"] == 65 and len(tiles_boards.optima(text, str(KORF))) == 100
    assert TILES.unsolvable_reason(first) is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("size: 3x3\n1: 1 2 3\n", "goal:"),
        ("size: 3\ngoal: 0 1 2 3\n", "size: HxW"),
        ("size: 2x2\ngoal: 0 1 2 3\n1: 0 1 2\n", "expected 4 cells"),
        ("size: 2x2\ngoal: 0 1 2 3\n1: 0 1 1 3\n", "appears twice"),
        ("size: 2x2\ngoal: 0 1 2 3\n1: 0 1 2 4\n", "same tiles"),
        ("size: 2x2\ngoal: 0 1 2 3\n1 0 1 2 3\n", "LABEL: CELLS"),
        ("size: 2x2\ngoal: 0 1 2 3\n1: 0 1 2 q\n", "tile number"),
    ],
)
def test_a_bad_collection_names_the_line(text, words):
    with pytest.raises(InputError, match=words):
        TILES.parse_level(text, "bad.boards", "1")


def test_too_little_memory_for_a_build_is_a_memout_and_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))
    words = ["solve", "tiles", str(KORF), "--level", "12", "--planner", "native-idastar", "--memory", "250"]
    code, data = cli(*words)
    assert (code, data["status"]) == (5, "memout")
    assert not list(tmp_path.rglob("*.npy"))


def test_a_timeout_while_building_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))
    instance = TILES.parse_level(KORF.read_text(), str(KORF), "12")
    report = solve(TILES, instance, "12", "native-idastar:pdb555", Limits(0.5))
    assert report.status is Status.TIMEOUT and "building the pattern databases" in report.message


@pytest.mark.slow
def test_korf_100_are_solved_optimally(monkeypatch):
    """All of Korf's 100 with the 6-6-3 databases (built into the user's cache once): each plan has the
    published optimal length and replays. The limit is 300 s a board so that a loaded machine does not
    fail it; the slowest search time is printed (-s) and the 60 s figures are in docs/benchmarks.md."""
    if USER_CACHE:
        monkeypatch.setenv("PUZZLEPLAN_CACHE", USER_CACHE)
    else:
        monkeypatch.delenv("PUZZLEPLAN_CACHE")
    text = KORF.read_text()
    tiles_pdb.tables(tiles_pdb.partition(4, 4, "pdb"))
    slowest = (0.0, "")
    for label, length in tiles_boards.optima(text, str(KORF)).items():
        instance = TILES.parse_level(text, str(KORF), label)
        report = solve(TILES, instance, label, "native-idastar", Limits(300))
        assert (report.status, report.length, report.valid, report.optimal) == (Status.SOLVED, length, True, True)
        slowest = max(slowest, (report.time["search"], label))
    print(f"\nKorf's 100: all optimal; slowest search {slowest[0]:.1f} s (#{slowest[1]})")


@pytest.mark.parametrize(
    ("text", "cached", "expected"),
    [
        ("init:\n" + "\n".join(" ".join(map(str, range(r * 4 + 1, r * 4 + 5))) for r in range(4)), "all", "pdb663"),
        ("init:\n" + "\n".join(" ".join(map(str, range(r * 4 + 1, r * 4 + 5))) for r in range(4)), "5", "pdb555"),
        ("init:\n" + "\n".join(" ".join(map(str, range(r * 4 + 1, r * 4 + 5))) for r in range(4)), "", None),
        ("init:\n1 2 3\n4 5 6\n7 8 X\n", "all", None),
    ],
)
def test_the_default_planner_takes_the_best_cached_partition_of_a_4x4_board(text, cached, expected, monkeypatch):
    instance = TILES.parse(text.replace("16", "X"))
    monkeypatch.setattr(tiles_pdb, "cached", lambda pattern: cached == "all" or cached == str(len(pattern.cells)))
    assert auto_partition(instance) == expected


def test_compare_takes_one_level_of_a_collection():
    (entry,) = file_entries("tiles", f"{KORF}#12")
    assert (entry.level, entry.label) == ("12", f"{KORF}#12")
    with pytest.raises(InputError, match="no level"):
        file_entries("tiles", f"{KORF}#101")


def test_native_astar_on_a_4x4_board_never_builds_and_says_how_to():
    instance = TILES.parse("init:\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 X 14 15\n")
    report = solve(TILES, instance, "x", "native-astar", Limits(60))
    assert report.length == 2 and report.optimal and "the default planner (no --planner) builds" in report.message


@pytest.mark.slow
def test_the_default_planner_builds_the_databases_and_solves_korf_1_from_an_empty_cache(tmp_path, monkeypatch):
    """`puzzleplan solve tiles` with no planner on Korf's first board, nothing cached: the 6-6-3 tables are
    built (compiled search) within the default 60 s limit and the plan is optimal (57 moves)."""
    monkeypatch.setenv("PUZZLEPLAN_CACHE", str(tmp_path))
    code, data = cli("solve", "tiles", str(KORF), "--level", "1")
    assert (code, data["planner"], data["default_planner"], data["length"]) == (0, "native-idastar:auto", True, 57)
    assert data["optimal"] and data["valid"] and data["heuristic"] == "pdb663+reflection"


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.sampled_from([(3, 3), (4, 4)]), st.data())
def test_the_compiled_search_builds_the_tables_the_vectorized_one_builds(board, data):
    """Both builders label every placement of a pattern with the same distance (the compiled one labels a
    region of free cells by its lowest cell; the minimum over the blank's cells is the same)."""
    height, width = board
    size = data.draw(st.integers(1, 4 if board == (3, 3) else 3))
    cells = data.draw(st.lists(st.integers(1, height * width - 1), min_size=size, max_size=size, unique=True))
    pattern = tiles_pdb.Pattern(height, width, tuple(cells))
    assert tiles_pdb.compiled_search() is not None, "the compiled search was not built at install"
    assert (tiles_pdb.build(pattern) == tiles_pdb.build_vectorized(pattern)).all()


@cache
def private_lookup_555() -> tiles_pdb.Lookup:
    """The 5-5-5 tables for Korf's goal, built in a folder of their own and removed: cached in the tests'
    cache, they would let native-astar solve the 4x4 boards that other tests need unsolved in time."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLEPLAN_CACHE", folder)
        return tiles_pdb.lookup(4, 4, tuple(range(16)), "pdb555")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(("up", "down", "left", "right")), max_size=80))
def test_the_4x4_databases_are_lower_bounds_on_random_walks(walk):
    """A random walk from the goal: the 5-5-5 estimate never exceeds the moves walked (admissible; it is
    not consistent, see test_the_minimum_over_the_blank_cells_is_not_consistent)."""
    lookup = private_lookup_555()
    instance = TilesInstance(4, 4, tuple(range(16)), tuple(range(16)))
    board, estimates = tuple(range(16)), [0]
    for direction in walk:
        moves = [child for move, child in TILES.successors(instance, board) if move[1] == direction]
        board = moves[0] if moves else board
        estimates.append(lookup.value(board))
    assert all(value <= step for step, value in enumerate(estimates)) and estimates[0] == 0
