"""The sliding-brick puzzle (seed 004): the `w,h,` format (matrix), bricks, shapes and the normal form
(bricks), the heuristic (heuristic), the PDDL encoding (encoding), how moves are written (notation) and
the puzzle (puzzle)."""

from puzzleplan.translator.sbp.bricks import Move, normalize, shape
from puzzleplan.translator.sbp.encoding import state_facts
from puzzleplan.translator.sbp.matrix import SbpInstance, bricks, matrix_text, parse_matrix
from puzzleplan.translator.sbp.puzzle import SlidingBrick

__all__ = [
    "Move",
    "SbpInstance",
    "SlidingBrick",
    "bricks",
    "matrix_text",
    "normalize",
    "parse_matrix",
    "shape",
    "state_facts",
]
