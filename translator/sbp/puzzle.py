"""The sliding-brick puzzle (CS510 assignment 1, seed 004): the rules on the matrix, and the puzzle hooks
that tie the format, normal form, heuristic and PDDL encoding together.

A move slides one brick one cell up, down, left or right onto free cells; only the master brick may enter
goal cells; the puzzle is solved when no goal cell is left uncovered.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.errors import IllegalMove, InputError
from translator.grid import DIRECTIONS
from translator.pddl import GroundAction, PddlTask
from translator.puzzle import Puzzle
from translator.sbp.bricks import Move, board, normalize, slide
from translator.sbp.encoding import domain_text, problem, step_move
from translator.sbp.heuristic import heuristic, unsolvable_reason
from translator.sbp.matrix import FREE, GOAL, MASTER, WALL, Grid, SbpInstance, bricks, matrix_text, parse_matrix


class SlidingBrick(Puzzle[SbpInstance, Grid, Move]):
    """The sliding-brick puzzle of CS510 assignment 1 (seed 004)."""

    name = "sbp"
    suffixes = (".sbp",)

    # -- native format ----------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> SbpInstance:
        """Read the `w,h,` CSV format; InputError names the line and column of a bad value."""
        return parse_matrix(text, source)

    def render(self, instance: SbpInstance) -> str:
        """The file as outputGameState prints it (the matrix as given, not normalized)."""
        return matrix_text(instance.width, instance.height, instance.grid)

    def show(self, instance: SbpInstance, state: Grid) -> str:
        """A state exactly as the seed's outputGameState prints it (without the final newline)."""
        return matrix_text(instance.width, instance.height, state).rstrip("\n")

    def restart(self, instance: SbpInstance, state: Grid) -> SbpInstance:
        """The instance with `state` as its starting matrix (the goal cells are kept)."""
        return SbpInstance(instance.width, instance.height, state, instance.goals)

    def normalize(self, instance: SbpInstance, state: Grid) -> Grid:
        """The seed's normalizeState: bricks renumbered 3, 4, ... by first cell in row-major order."""
        return normalize(state)

    # -- simulator --------------------------------------------------------------------------------
    def initial(self, instance: SbpInstance) -> Grid:
        """The file's matrix in normal form."""
        return normalize(instance.grid)

    def _slides(self, instance: SbpInstance, state: Grid) -> Iterator[tuple[Move, list[int], list[int]]]:
        """(move, brick cells, cells after the move) of each legal move, by brick number then direction."""
        neighbour = board(instance).neighbour
        pieces = bricks(state)
        for number in sorted(pieces):
            cells = pieces[number]
            for table, direction in zip(neighbour, DIRECTIONS):
                targets = [table[cell] for cell in cells]
                if -1 in targets:
                    continue
                if all(state[cell] in (FREE, number) or (state[cell] == GOAL and number == MASTER) for cell in targets):
                    yield (number, direction), cells, targets

    def moves(self, instance: SbpInstance, state: Grid) -> list[Move]:
        """Legal moves, by brick number then up, down, left, right."""
        return [move for move, _, _ in self._slides(instance, state)]

    def successors(self, instance: SbpInstance, state: Grid) -> Iterator[tuple[Move, Grid]]:
        """(move, normalized next state) for each legal move."""
        background = board(instance).background
        for move, cells, targets in self._slides(instance, state):
            yield move, normalize(slide(state, move[0], cells, targets, background))

    def apply(self, instance: SbpInstance, state: Grid, move: Move) -> Grid:
        """Slide one brick one cell; IllegalMove says what is in the way. The result is normalized."""
        number, direction = move
        if direction not in DIRECTIONS:
            raise IllegalMove(f"unknown direction {direction!r}: expected up, down, left or right")
        cells = bricks(state).get(number) if number >= MASTER else None
        if not cells:
            raise IllegalMove(f"there is no brick {number}")
        table = board(instance).neighbour[list(DIRECTIONS).index(direction)]
        targets = [table[cell] for cell in cells]
        if -1 in targets:
            raise IllegalMove(f"brick {number} cannot move {direction}: it is at the edge of the board")
        for cell in targets:
            if state[cell] != number:
                _check_entry(state[cell], number, direction)
        return normalize(slide(state, number, cells, targets, board(instance).background))

    def is_goal(self, instance: SbpInstance, state: Grid) -> bool:
        """The seed's gameStateSolved: no goal cell (-1) is left uncovered."""
        return GOAL not in state

    def heuristic(self, instance: SbpInstance, state: Grid) -> int:
        """Relaxed master distance plus one per brick on a cell that the master must cover (admissible;
        see translator.sbp.heuristic)."""
        return heuristic(instance, state)

    def unsolvable_reason(self, instance: SbpInstance) -> str | None:
        """The master brick cannot cover every goal cell, or cannot reach such a place even on an empty board."""
        return unsolvable_reason(instance)

    # -- PDDL -------------------------------------------------------------------------------------
    def encode(self, instance: SbpInstance) -> PddlTask:
        """A domain for this instance (one schema per brick shape and direction) and its problem."""
        return PddlTask("sbp", domain_text(instance), problem(instance))

    def decode(self, instance: SbpInstance, plan: list[GroundAction]) -> list[Move]:
        """(move-SHAPE-DIR from to ...) -> (number of the brick whose first cell is `from`, DIR),
        numbered in the state the move is made in (so the plan is followed on the simulator)."""
        state = self.initial(instance)
        moves = []
        for index, (name, args) in enumerate(plan, start=1):
            try:
                move = step_move(instance, state, name, args)
                state = self.apply(instance, state, move)
            except (ValueError, IllegalMove) as error:
                raise InputError(f"plan step {index} ({name} {' '.join(args)}): {error}") from None
            moves.append(move)
        return moves

    # -- notation ---------------------------------------------------------------------------------
    def move_json(self, move: Move) -> list:
        """[2, "left"]."""
        return [move[0], move[1]]

    def format_move(self, move: Move) -> str:
        """(2,left), as the seed prints moves."""
        return f"({move[0]},{move[1]})"

    def parse_move(self, text: str) -> Move:
        """Read `(2,left)`, `[2, "left"]` or `2 left`."""
        words = re.sub(r"[\[\]\(\),'\"]", " ", text).split()
        if len(words) != 2 or not words[0].isdigit() or words[1].lower() not in DIRECTIONS:
            raise ValueError("expected (BRICK,DIRECTION), e.g. (2,left)")
        return int(words[0]), words[1].lower()


def _check_entry(value: int, number: int, direction: str) -> None:
    """Raise IllegalMove when brick `number` cannot enter a cell holding `value`."""
    if value == WALL:
        raise IllegalMove(f"brick {number} cannot move {direction}: a wall is in the way")
    if value == GOAL and number != MASTER:
        raise IllegalMove(f"brick {number} cannot move {direction}: only the master brick may enter goal cells")
    if value >= MASTER:
        raise IllegalMove(f"brick {number} cannot move {direction}: brick {value} is in the way")
