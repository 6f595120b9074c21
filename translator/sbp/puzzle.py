"""The sliding-brick puzzle (CS510 assignment 1, seed 004): the rules on the matrix, and the puzzle hooks
that tie the format, normal form, heuristic and PDDL encoding together.

A move slides one brick one cell up, down, left or right onto free cells; only the master brick may enter
goal cells; the puzzle is solved when no goal cell is left uncovered.

A brick's number is its identity ("each piece has a unique integer identifier, we will represent moves as
a pair (piece, direction)"): the simulator keeps every number, so plans name bricks by the numbers of the
level file all through. Native search runs on normal forms (equal-shaped bricks are interchangeable
there, which keeps the state space small) and its plans are renamed brick by brick afterwards; the random
walk prints normal forms, as the seed does, and names bricks as the state printed before each move does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.translator.capabilities import Leveled, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import DIRECTIONS, piece_action, piece_actions
from puzzleplan.translator.notation import Notation
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom
from puzzleplan.translator.puzzle import Puzzle, Replay
from puzzleplan.translator.sbp.bricks import Move, board, normalize, slide
from puzzleplan.translator.sbp.encoding import domain_text, problem, step_move
from puzzleplan.translator.sbp.heuristic import heuristic, unsolvable_reason
from puzzleplan.translator.sbp.matrix import (
    FREE,
    GOAL,
    MASTER,
    WALL,
    Grid,
    SbpInstance,
    bricks,
    matrix_text,
    parse_matrix,
)
from puzzleplan.translator.sbp.notation import format_move, notations, parse_move
from puzzleplan.translator.text import printout_level, printout_levels

NORMAL_FORM_NUMBERING = "bricks numbered as in the normal form of the state before each move"


class SlidingBrick(Puzzle[SbpInstance, Grid, Move], Leveled, Notated, Searchable, Reported, Observed):
    """Sliding bricks: slide one brick one cell at a time until the master brick covers the goal cells."""

    name = "sbp"
    suffixes = (".sbp",)

    # -- native format ----------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> SbpInstance:
        """Read the `w,h,` CSV format; InputError names the line and column of a bad value."""
        return parse_matrix(text, source)

    def levels(self, text: str, source: str) -> list[str]:
        """The moves of a `successors` printout, each followed by the state it leads to; [""] for a file."""
        return [label for label, _ in printout_levels(text, _is_move_line)] or [""]

    def parse_level(self, text: str, source: str, level: str | None) -> SbpInstance:
        """A file, or the state after one move (by its `(2,left)` or 1-based number) of a successors printout."""
        chosen = printout_level(text, _is_move_line, level, source)
        return super().parse_level(text, source, level) if chosen is None else parse_matrix(chosen, source)

    def render(self, instance: SbpInstance) -> str:
        """The file as outputGameState prints it (the matrix as given, not normalized)."""
        return matrix_text(instance.width, instance.height, instance.grid)

    def show(self, instance: SbpInstance, state: Grid) -> str:
        """A state exactly as the seed's outputGameState prints it (without the final newline)."""
        return matrix_text(instance.width, instance.height, state).rstrip("\n")

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: SbpInstance) -> tuple[str, ...]:
        """One action per brick of the file and direction ("3 up"), by brick then up, down, left, right."""
        return piece_actions(_numbers(instance))

    def action_of(self, instance: SbpInstance, move: Move) -> int:
        """The brick's and direction's action (bricks keep their numbers as apply() moves them)."""
        return piece_action(_numbers(instance), *move)

    def observation_shape(self, instance: SbpInstance) -> tuple[int, ...]:
        """The matrix's rows and columns."""
        return instance.height, instance.width

    def observation_high(self, instance: SbpInstance) -> int:
        """The largest brick number, plus one."""
        return max(instance.grid) + 1

    def observe(self, instance: SbpInstance, state: Grid) -> tuple[int, ...]:
        """The matrix as outputGameState prints it, every value plus one (the goal's -1 becomes 0, a free
        cell 1, a wall 2, the master brick 3, brick n n + 1)."""
        return tuple(value + 1 for value in state)

    def restart(self, instance: SbpInstance, state: Grid) -> SbpInstance:
        """The instance with `state` as its starting matrix (the goal cells are kept)."""
        return SbpInstance(instance.width, instance.height, state, instance.goals)

    def normalize(self, instance: SbpInstance, state: Grid) -> Grid:
        """The seed's normalizeState: bricks renumbered 3, 4, ... by first cell in row-major order."""
        return normalize(state)

    # -- simulator --------------------------------------------------------------------------------
    def initial(self, instance: SbpInstance) -> Grid:
        """The file's matrix, with the file's brick numbers."""
        return instance.grid

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
        """(move, next state in normal form) for each legal move: what search expands."""
        background = board(instance).background
        for move, cells, targets in self._slides(instance, state):
            yield move, normalize(slide(state, move[0], cells, targets, background))

    def apply(self, instance: SbpInstance, state: Grid, move: Move) -> Grid:
        """Slide one brick one cell, every brick keeping its number; IllegalMove says what is in the way."""
        number, direction = move
        if direction not in DIRECTIONS:
            raise IllegalMove(f"unknown direction {direction!r}: expected up, down, left or right")
        cells = _brick(state, number)
        table = board(instance).neighbour[list(DIRECTIONS).index(direction)]
        targets = [table[cell] for cell in cells]
        if -1 in targets:
            raise IllegalMove(f"brick {number} cannot move {direction}: it is at the edge of the board")
        for cell in targets:
            if state[cell] != number:
                _check_entry(state[cell], number, direction)
        return slide(state, number, cells, targets, board(instance).background)

    def plan_from_search(self, instance: SbpInstance, moves: list[Move]) -> list[Move]:
        """A plan found on normal forms with each brick named by the number it has in the file."""
        return self._follow_normal_form(instance, moves)[0]

    def other_readings(self, instance: SbpInstance, moves: list[Move]) -> list[tuple[str, Replay]]:
        """The moves read with each brick numbered as in the normal form of the state before the move (as
        some published solvers and the random walk number them)."""
        return [(NORMAL_FORM_NUMBERING, self._follow_normal_form(instance, moves)[1])]

    def _follow_normal_form(self, instance: SbpInstance, moves: list[Move]) -> tuple[list[Move], Replay]:
        """Moves that name each brick by its number in the normal form of the state they are made in,
        named instead by the number the brick keeps from the file; and their replay in their own terms
        (normal-form states, reasons in their numbering)."""
        state, states = instance.grid, [normalize(instance.grid)]
        named: list[Move] = []
        for index, (number, direction) in enumerate(moves):
            normal = normalize(state)
            try:
                self.apply(instance, normal, (number, direction))
            except IllegalMove as error:
                reason = f"move {index + 1} {self.format_move((number, direction))}: {error}"
                return named, Replay(False, states, index, reason)
            named.append((state[bricks(normal)[number][0]], direction))
            state = self.apply(instance, state, named[-1])
            states.append(normalize(state))
        if not self.is_goal(instance, state):
            return named, Replay(False, states, None, "the moves are legal but do not reach the goal")
        return named, Replay(True, states, None, "")

    def is_goal(self, instance: SbpInstance, state: Grid) -> bool:
        """The seed's gameStateSolved: no goal cell (-1) is left uncovered."""
        return GOAL not in state

    def heuristic(self, instance: SbpInstance, state: Grid) -> int:
        """Relaxed master distance plus one per brick on a cell that the master must cover (admissible;
        see puzzleplan.translator.sbp.heuristic)."""
        return heuristic(instance, state)

    def unsolvable_reason(self, instance: SbpInstance) -> str | None:
        """The master brick cannot cover every goal cell, or cannot reach such a place even on an empty board."""
        return unsolvable_reason(instance)

    # -- PDDL -------------------------------------------------------------------------------------
    def encode(self, instance: SbpInstance) -> PddlTask:
        """A domain for this instance (one schema per brick shape and direction) and its problem."""
        return PddlTask("sbp", domain_text(instance), problem(instance))

    def decode(self, instance: SbpInstance, plan: list[GroundAction]) -> list[Move]:
        """(move-SHAPE-DIR from to ...) -> (number of the brick whose first cell is `from`, DIR): the
        brick that stands there, by the number it keeps from the file."""
        state = self.initial(instance)
        moves = []
        for index, (name, args) in enumerate(plan, start=1):
            try:
                move = step_move(instance, state, name, args)
                state = self.apply(instance, state, move)
            except (ValueError, IllegalMove) as error:
                raise InputError(f"plan step {index} {atom(name, *args)}: {error}") from None
            moves.append(move)
        return moves

    # -- notation ---------------------------------------------------------------------------------
    def move_json(self, move: Move) -> list:
        """[2, "left"]."""
        return [move[0], move[1]]

    def format_move(self, move: Move) -> str:
        """(2,left), as the seed prints moves."""
        return format_move(move)

    def parse_move(self, text: str) -> Move:
        """Read `(2,left)`, `[2, "left"]`, `2 left`, `[2,left]` or `['2', ['left']]`."""
        return parse_move(text)

    def notations(self) -> list[Notation]:
        """`(2,left)` one a line (the seed's), or `Move {direction: LEFT, piece: 2}` lines; either may end
        with the final state, as the seed's solution printout does."""
        return notations()


def _brick(state: Grid, number: int) -> list[int]:
    """The cells of brick `number` in `state`; IllegalMove when it has no such brick."""
    cells = bricks(state).get(number) if number >= MASTER else None
    if not cells:
        raise IllegalMove(f"there is no brick {number}")
    return cells


def _check_entry(value: int, number: int, direction: str) -> None:
    """Raise IllegalMove when brick `number` cannot enter a cell holding `value`."""
    if value == WALL:
        raise IllegalMove(f"brick {number} cannot move {direction}: a wall is in the way")
    if value == GOAL and number != MASTER:
        raise IllegalMove(f"brick {number} cannot move {direction}: only the master brick may enter goal cells")
    if value >= MASTER:
        raise IllegalMove(f"brick {number} cannot move {direction}: brick {value} is in the way")


def _numbers(instance: SbpInstance) -> list[int]:
    """The numbers of the file's bricks, the master brick's first."""
    return sorted(set(bricks(instance.grid)))


def _is_move_line(line: str) -> bool:
    """True for a line that is one move as the printouts write it, `(2,left)`."""
    return re.fullmatch(r"\(\s*[0-9]+\s*,\s*(?:up|down|left|right)\s*\)", line) is not None
