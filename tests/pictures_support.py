"""What the picture tests share: a small instance of each puzzle with a drawing, solved once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from puzzleplan.api.pipeline import solve
from puzzleplan.common.limits import Limits
from puzzleplan.planners.base import Status
from puzzleplan.translator.registry import load

ROOT = Path(__file__).resolve().parent.parent
PLANS = {
    "bloxorz": "problems/bloxorz/switches.bloxorz",
    "hanoi": "problems/hanoi/tower5.hanoi",
    "tiles": "problems/tiles/seven2.tiles",
    "shrdlu": "problems/shrdlu/n5-mixed.shrdlu",
    "sbp": "problems/sbp/hooks.sbp",
    "sokoban": "problems/sokoban/two-rooms.xsb",
    "pacman": "problems/pacman/forks.lay",
}
"""A small instance of each puzzle, solved by native-astar for the plan tests."""


@cache
def solved(name: str):
    """(puzzle, instance, moves, states) of the small instance of a puzzle, solved and replayed."""
    puzzle, instance = load(name, str(ROOT / PLANS[name]))
    report = solve(puzzle, instance, PLANS[name], "native-astar", Limits(60))
    assert report.status is Status.SOLVED and report.valid
    return puzzle, instance, report.moves, report.states
