"""The Shrdlu puzzle: the rules (move the top block of one column onto another that is not full), the
puzzle hooks that tie the file format, goal analysis, heuristic, generator and PDDL encoding together, and
the move notation."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import partial
from typing import Any

from puzzleplan.common.errors import IllegalMove, InputError
from puzzleplan.translator.capabilities import Generating, Leveled, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import parse_cell_name
from puzzleplan.translator.notation import Notation, move_lines
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom
from puzzleplan.translator.puzzle import Option, Puzzle
from puzzleplan.translator.shrdlu.analysis import unsatisfiable_reason
from puzzleplan.translator.shrdlu.board import ShrdluInstance, board_rows, read_instance, render_instance
from puzzleplan.translator.shrdlu.encoding import encode_instance
from puzzleplan.translator.shrdlu.formula import Columns, evaluate, format_goal
from puzzleplan.translator.shrdlu.generator import random_board, random_goal
from puzzleplan.translator.shrdlu.heuristic import GoalAnalysis, analyse, estimate, locate
from puzzleplan.translator.text import printout_level, printout_levels

Move = tuple[int, int]
"""(source column, destination column), as the seed writes actions."""


class Shrdlu(Puzzle[ShrdluInstance, Columns, Move], Leveled, Notated, Searchable, Reported, Generating, Observed):
    """Mini-SHRDLU: move the top block of one column onto another column that is not full."""

    name = "shrdlu"
    suffixes = (".shrdlu",)

    def __init__(self) -> None:
        self._analyses: dict[int, tuple[ShrdluInstance, GoalAnalysis]] = {}

    # -- native format ---------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> ShrdluInstance:
        """Read a .shrdlu file: a `state:` matrix (top row first, 0 = empty) and a `goal:` formula."""
        return read_instance(text, source)

    def levels(self, text: str, source: str) -> list[str]:
        """The moves of a `successors` printout, each followed by the board it leads to; [""] for a file."""
        return [label for label, _ in printout_levels(text, _is_action)] or [""]

    def parse_level(self, text: str, source: str, level: str | None) -> ShrdluInstance:
        """A file, or the board after one move (by its `(2, 0)` or 1-based number) of a successors printout."""
        chosen = printout_level(text, _is_action, level, source)
        return super().parse_level(text, source, level) if chosen is None else read_instance(chosen, source)

    def render(self, instance: ShrdluInstance) -> str:
        """The .shrdlu text of an instance."""
        return render_instance(instance)

    generator_options = (
        Option("n", int, 3, "board size n x n", minimum=3, maximum=50),
        Option("k", int, None, "number of blocks, n to n*n - n (default n*n - n)", minimum=1, maximum=2_450),
        Option("goal-atoms", int, 3, "atoms in the goal", minimum=1, maximum=2_450),
        Option(
            "goal-form",
            str,
            "and",
            "and: a conjunction of (block,row,col) atoms; or; mixed",
            choices=("and", "or", "mixed"),
        ),
    )

    def generate(self, options: dict[str, Any], rng: random.Random) -> ShrdluInstance:
        """A uniformly random legal board and a random goal that some board satisfies."""
        n = options["n"]
        k = n * n - n if options["k"] is None else options["k"]
        if not n <= k <= n * n - n:
            raise InputError(f"generate shrdlu needs n <= --k <= n*n - n; got n = {n}, k = {k}", "command line")
        return ShrdluInstance(
            n, random_board(n, k, rng), random_goal(n, k, options["goal-atoms"], options["goal-form"], rng)
        )

    def restart(self, instance: ShrdluInstance, state: Columns) -> ShrdluInstance:
        """The instance with `state` as its initial board (for hints in the middle of a game)."""
        return ShrdluInstance(instance.n, state, instance.goal)

    # -- simulator -------------------------------------------------------------------------------
    def initial(self, instance: ShrdluInstance) -> Columns:
        """The initial board."""
        return instance.board

    def moves(self, instance: ShrdluInstance, state: Columns) -> list[Move]:
        """(source, destination) for every non-empty source and other, non-full destination."""
        n = instance.n
        return [
            (source, target)
            for source in range(n)
            if state[source]
            for target in range(n)
            if target != source and len(state[target]) < n
        ]

    def apply(self, instance: ShrdluInstance, state: Columns, move: Move) -> Columns:
        """Move the top block; IllegalMove names the reason (empty source, full destination, ...)."""
        source, target = move
        n = instance.n
        for col in move:
            if not (isinstance(col, int) and 0 <= col < n):
                raise IllegalMove(f"there is no column {col} (columns are 0..{n - 1})")
        if source == target:
            raise IllegalMove(f"source and destination are the same column ({source})")
        if not state[source]:
            raise IllegalMove(f"column {source} is empty: there is no block to move")
        if len(state[target]) >= n:
            raise IllegalMove(f"column {target} is full ({n} blocks)")
        return _moved(state, source, target)

    def successors(self, instance: ShrdluInstance, state: Columns) -> Iterator[tuple[Move, Columns]]:
        """(move, next board) pairs without re-checking legality."""
        for move in self.moves(instance, state):
            yield move, _moved(state, *move)

    def is_goal(self, instance: ShrdluInstance, state: Columns) -> bool:
        """True when the goal formula holds on the board."""
        return evaluate(instance.goal, locate(state, self._analysis(instance).blocks))

    def heuristic(self, instance: ShrdluInstance, state: Columns) -> int:
        """Admissible: blocks that must move (plus twice-movers and disjoint either-or pairs), best
        over the goal's alternatives; see term_estimate."""
        return estimate(self._analysis(instance), state)

    def _analysis(self, instance: ShrdluInstance) -> GoalAnalysis:
        """The goal analysis of an instance, computed once (found by identity: an lru_cache would hash the
        board and goal tree on every call, which slows native search measurably)."""
        entry = self._analyses.get(id(instance))
        if entry is None or entry[0] is not instance:
            if len(self._analyses) > 64:
                self._analyses.clear()
            entry = (instance, analyse(instance.goal, instance.n, instance.k))
            self._analyses[id(instance)] = entry
        return entry[1]

    def unsolvable_reason(self, instance: ShrdluInstance) -> str | None:
        """A contradiction in the goal found without search (any legal board is reachable), or None."""
        return unsatisfiable_reason(instance.goal, instance.n, instance.k)

    # -- PDDL ------------------------------------------------------------------------------------
    def encode(self, instance: ShrdluInstance) -> PddlTask:
        """domains/shrdlu.pddl (requirements narrowed to what the goal uses) and a problem with cells
        cR-C (row 0 at the bottom), sentinels floorC/ceilingC, blocks bN and the goal as written."""
        return encode_instance(instance)

    def decode(self, instance: ShrdluInstance, plan: list[GroundAction]) -> list[Move]:
        """(move bN FROM OVER TO BASE) -> (column of FROM, column of TO), checking bN is on top there."""
        state, moves = instance.board, []
        for name, args in plan:
            step = f"{atom(name, *args)}"
            move = _step_move(name, args, step)
            following = self.apply_step(instance, state, move, step)
            if state[move[0]][-1] != int(args[0][1:]):
                raise InputError(
                    f"plan step {step} moves {args[0]}, but the top of column {move[0]} is b{state[move[0]][-1]}"
                )
            state = following
            moves.append(move)
        return moves

    # -- notation --------------------------------------------------------------------------------
    def move_json(self, move: Move) -> list[int]:
        """[source, destination]."""
        return [move[0], move[1]]

    def format_move(self, move: Move) -> str:
        """(2, 0), as the seed writes actions."""
        return f"({move[0]}, {move[1]})"

    def parse_move(self, text: str) -> Move:
        """Read `(2, 0)`, `[2, 0]`, `2 0` or `2,0`."""
        match = re.fullmatch(r"\s*[(\[]?\s*([0-9]+)\s*[,\s]\s*([0-9]+)\s*[)\]]?\s*", text)
        if not match:
            raise ValueError("expected SOURCE DESTINATION columns, e.g. (2, 0) or 2 0")
        return int(match.group(1)), int(match.group(2))

    def notations(self) -> list[Notation]:
        """`(2, 0)` one a line; and `solve --format seed`'s printout, its boards (Figure 3's rows, their
        cells separated by tabs) left out: the replay draws the states."""
        own = move_lines("(SOURCE, DESTINATION) one a line", self.parse_move, self.format_move)
        return [own, Notation("the printout of solve --format seed", partial(_without_figures, own))]

    def describe_goal(self, instance: ShrdluInstance) -> str:
        """The goal formula as the file writes it ((block,row,col), row 0 at the bottom)."""
        return "a board where this holds ((block,row,col), row 0 at the bottom): " + format_goal(instance.goal)

    def show(self, instance: ShrdluInstance, state: Columns) -> str:
        """The seed's matrix: top row first, row indices on the left, column indices underneath."""
        n = instance.n
        width = max(len(str(instance.k)), len(str(n - 1)))
        label = len(str(n - 1))
        lines = [
            f"{row:>{label}}  " + " ".join(f"{cell:>{width}}" for cell in cells) for row, cells in board_rows(n, state)
        ]
        lines.append(" " * (label + 2) + " ".join(f"{col:>{width}}" for col in range(n)))
        return "\n".join(lines)

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: ShrdluInstance) -> tuple[str, ...]:
        """One action per ordered pair of columns: the top block of the first onto the second ("0->2")."""
        return tuple(f"{source}->{target}" for source, target in _column_pairs(instance.n))

    def action_of(self, instance: ShrdluInstance, move: Move) -> int:
        """The pair of columns the move goes between."""
        return _column_pairs(instance.n).index(move)

    def observation_shape(self, instance: ShrdluInstance) -> tuple[int, ...]:
        """The n x n board."""
        return instance.n, instance.n

    def observation_high(self, instance: ShrdluInstance) -> int:
        """Blocks are numbered 1 to k."""
        return instance.k

    def observe(self, instance: ShrdluInstance, state: Columns) -> tuple[int, ...]:
        """The board as show() prints it, top row first: block numbers, 0 for an empty cell."""
        return tuple(cell for _, cells in board_rows(instance.n, state) for cell in cells)


def _column_pairs(n: int) -> list[Move]:
    """Every ordered pair of two columns, by source then destination (the order moves() lists them in)."""
    return [(source, target) for source in range(n) for target in range(n) if source != target]


def _step_move(name: str, args: tuple[str, ...], step: str) -> Move:
    """The move (column of FROM, column of TO) of a plan step (move bN FROM OVER TO BASE); InputError
    for any other step."""
    try:
        if name != "move" or len(args) != 5 or not re.fullmatch(r"b[0-9]+", args[0]):
            raise ValueError("not a move")
        return (parse_cell_name(args[1])[1], parse_cell_name(args[3])[1])
    except ValueError:
        raise InputError(f"expected (move bN FROM OVER TO BASE), found {step}") from None


def _moved(state: Columns, source: int, target: int) -> Columns:
    """The board after moving the top of `source` onto `target` (no checks)."""
    columns = list(state)
    columns[target] = state[target] + (state[source][-1],)
    columns[source] = state[source][:-1]
    return tuple(columns)


_FIGURE_LINE = re.compile(r"^[0-9 ]*\t[0-9\t ]*$")
"""A line of a board as Figure 3 prints it: numbers separated by tabs."""


def _without_figures(own: Notation, text: str, source: str) -> list[Move]:
    """The moves of a text of moves and Figure 3 boards (their lines blanked, so errors keep their line)."""
    return own.read("\n".join("" if _FIGURE_LINE.match(line) else line for line in text.splitlines()), source)


def _is_action(line: str) -> bool:
    """True for a line that is one action as the printouts write it, `(2, 0)`."""
    return re.fullmatch(r"\(\s*[0-9]+\s*,\s*[0-9]+\s*\)", line) is not None
