"""Benchmarks of the foundation issue (run with --slow -s): they print the README's figures and check
optimality, never wall-clock times."""

from __future__ import annotations

import time

import pytest
from conftest import ROOT
from strategies import HANOI, TILES, state_distances

from puzzleplan.api.pipeline import solve
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.planners.native import search
from puzzleplan.planners.search import Deadline
from puzzleplan.translator.tiles.puzzle import TilesInstance

pytestmark = pytest.mark.slow


def eight_puzzle_depths() -> dict[tuple[int, ...], int]:
    """Optimal distance of every one of the 181,440 solvable 8-puzzle boards, by BFS from the goal."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    return state_distances(TILES, TilesInstance(3, 3, goal, goal), [goal])


def test_every_hard_eight_puzzle_optimally():
    """native-astar on every 8-puzzle board at 28+ moves (the slowest ones): optimal every time."""
    depths = eight_puzzle_depths()
    assert len(depths) == 181440 and max(depths.values()) == 31
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    worst = (0.0, 0, 0)
    hard = [board for board, depth in depths.items() if depth >= 28]
    for board in hard:
        started = time.perf_counter()
        result = search(TILES, TilesInstance(3, 3, board, goal), "astar", Deadline(60))
        worst = max(worst, (time.perf_counter() - started, depths[board], result.expanded))
        assert len(result.plan) == depths[board]
    print(
        f"\n8-puzzle: {len(hard)} boards at 28-31 moves; slowest {worst[0]:.3f} s "
        f"({worst[1]} moves, {worst[2]} expanded)"
    )


@pytest.mark.parametrize(
    "path,planner",
    [
        ("problems/hanoi/seed2.hanoi", "fd"),
        ("problems/hanoi/seed2.hanoi", "native-astar"),
        ("problems/tiles/eight-hardest.tiles", "native-astar"),
        ("problems/tiles/fifteen-48.tiles", "native-astar"),
        ("problems/tiles/fifteen-48.tiles", "fd"),
    ],
)
def test_figures(path, planner):
    puzzle = HANOI if path.endswith(".hanoi") else TILES
    instance = puzzle.parse((ROOT / path).read_text(), path)
    report = solve(puzzle, instance, path, planner, Limits(120))
    assert report.status is Status.SOLVED and report.valid
    print(
        f"\n{path} {planner}: {report.length} moves, expanded {report.expanded}, "
        f"search {report.time['search']:.3f} s, total {report.time['total']:.3f} s"
    )
