"""Mini-SHRDLU (seed 000): numbered blocks on an n x n board and a goal formula. The goal formula (formula),
its grammar (goal_parser), its normal forms and contradictions (analysis), the heuristic (heuristic), the
.shrdlu format (board), PDDL (encoding), random instances (generator) and the puzzle (puzzle)."""

from puzzleplan.translator.shrdlu.analysis import dnf
from puzzleplan.translator.shrdlu.board import ShrdluInstance
from puzzleplan.translator.shrdlu.formula import (
    And,
    At,
    Columns,
    Formula,
    Not,
    Or,
    Rel,
    evaluate,
    format_goal,
    positions,
)
from puzzleplan.translator.shrdlu.generator import count_boards, random_board, random_goal
from puzzleplan.translator.shrdlu.puzzle import Move, Shrdlu

__all__ = [
    "And",
    "At",
    "Columns",
    "Formula",
    "Move",
    "Not",
    "Or",
    "Rel",
    "Shrdlu",
    "ShrdluInstance",
    "count_boards",
    "dnf",
    "evaluate",
    "format_goal",
    "positions",
    "random_board",
    "random_goal",
]
