"""Sliding tiles: any rectangle of at least 2x2, any number of blanks, `.tiles` files, PDDL, decoding."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Any

from puzzleplan.common.errors import IllegalMove, InputError, quote
from puzzleplan.common.files import count_number, whole_number
from puzzleplan.domains import domain_text
from puzzleplan.translator.capabilities import Generating, Leveled, Notated, Observed, Reported, Searchable
from puzzleplan.translator.grid import (
    DIRECTIONS,
    adjacency_facts,
    cell_name,
    direction_between,
    parse_cell_name,
    piece_action,
    piece_actions,
    step,
)
from puzzleplan.translator.pddl.task import GroundAction, PddlTask, atom, problem_text
from puzzleplan.translator.puzzle import Heuristic, Option, Puzzle
from puzzleplan.translator.text import Line, content_lines, header_value, sections, without_titles
from puzzleplan.translator.tiles import boards as tiles_boards
from puzzleplan.translator.tiles import pdb as tiles_pdb

BLANK = 0
MAX_CELLS = 400
"""The most cells a generated board may have (20x20): larger boards are bad input before any work."""
_BLANK_TOKENS = {"X", "x", "0", "_"}

Board = tuple[int, ...]
"""Row-major cells, 0 for a blank."""
Move = tuple[int, str]
"""(tile, direction the tile moves)."""


@dataclass(frozen=True)
class TilesInstance:
    """Board size, initial board and goal board."""

    height: int
    width: int
    init: Board
    goal: Board


class Tiles(Puzzle[TilesInstance, Board, Move], Leveled, Notated, Searchable, Reported, Generating, Observed):
    """Sliding tiles: a tile moves into an adjacent blank."""

    name = "tiles"
    suffixes = (".tiles", ".boards")
    native_planners = ("native-idastar",)
    planner_aliases = {"native-astar": "native-idastar:cached"}
    """native-astar: IDA* with the pattern databases when they are cached, else A* (it never builds them)."""
    default_planner = "native-idastar:auto"
    """On a 4x4 board with one blank whose goal has the blank in a corner, IDA* with the pattern databases
    (built in seconds on first use, then cached); elsewhere A* with Manhattan distance and linear conflicts
    (`native-astar:default`)."""

    # -- native format ------------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> TilesInstance:
        """Read a .tiles file: an `init:` grid and an optional `goal:` grid (default: tiles in order)."""
        found = sections(without_titles(content_lines(text), source), ("init", "initial state", "goal"), source)
        if "initial state" in found:
            found.setdefault("init", found.pop("initial state"))
        if "init" not in found:
            raise InputError("missing section 'init:'", source)
        header, rows = found["init"]
        height, width, init = _grid(rows, header, source)
        goal = _goal_grid(found["goal"], height, width, init, source) if "goal" in found else default_goal(init)
        return TilesInstance(height, width, init, goal)

    def levels(self, text: str, source: str) -> list[str]:
        """The labels of a `.boards` collection's boards; [""] for a `.tiles` file."""
        if not tiles_boards.is_collection(text):
            return [""]
        return [label for _, label in tiles_boards.read_collection(text, source)[3]]

    def parse_level(self, text: str, source: str, level: str | None) -> TilesInstance:
        """A `.tiles` file, or one board of a `.boards` collection by label or 1-based number."""
        if not tiles_boards.is_collection(text):
            return super().parse_level(text, source, level)
        return TilesInstance(*tiles_boards.board(text, source, level))

    def render(self, instance: TilesInstance) -> str:
        """The .tiles text, blanks written X."""
        return "init:\n" + self.show(instance, instance.init) + "\ngoal:\n" + self.show(instance, instance.goal) + "\n"

    generator_options = (
        Option("size", str, "3x3", f"board size HxW, at most {MAX_CELLS} cells"),
        Option("blanks", int, 1, "number of blanks", minimum=1, maximum=MAX_CELLS - 1),
        Option(
            "moves",
            int,
            None,
            "a random walk of this many moves from the goal (default: a uniformly random solvable board)",
            minimum=0,
            maximum=50_000,
        ),
    )

    def generate(self, options: dict[str, Any], rng: random.Random) -> TilesInstance:
        """A board of --size with --blanks blanks: a random walk of --moves moves from the goal, or without
        --moves a uniformly random solvable board."""
        height, width = _board_size(options["size"], options["blanks"])
        blanks = options["blanks"]
        goal = default_goal(tuple(range(1, height * width - blanks + 1)) + (BLANK,) * blanks)
        instance = TilesInstance(height, width, goal, goal)
        if options["moves"] is not None:
            return self._random_walk(instance, options["moves"], rng)
        while True:
            board = tuple(rng.sample(goal, len(goal)))
            candidate = TilesInstance(height, width, board, goal)
            if self.unsolvable_reason(candidate) is None:
                return candidate

    def _random_walk(self, solved: TilesInstance, moves: int, rng: random.Random) -> TilesInstance:
        """The instance whose board is `moves` random moves away from the goal of `solved`."""
        board = solved.goal
        for _ in range(moves):
            board = rng.choice([child for _, child in self.successors(solved, board)])
        return TilesInstance(solved.height, solved.width, board, solved.goal)

    # -- simulator ----------------------------------------------------------------------------------
    def initial(self, instance: TilesInstance) -> Board:
        """The initial board."""
        return instance.init

    def successors(self, instance: TilesInstance, board: Board):
        """(move, board) for each tile next to a blank, by blank cell then direction."""
        for blank, tile_cells in _slides(instance.height, instance.width):
            if board[blank] != BLANK:
                continue
            for cell, direction in tile_cells:
                tile = board[cell]
                if tile != BLANK:
                    cells = list(board)
                    cells[blank], cells[cell] = tile, BLANK
                    yield (tile, direction), tuple(cells)

    def moves(self, instance: TilesInstance, board: Board) -> list[Move]:
        """Legal moves, in the order of successors()."""
        return [move for move, _ in self.successors(instance, board)]

    def apply(self, instance: TilesInstance, board: Board, move: Move) -> Board:
        """Slide the tile; IllegalMove says why when it is not there or the target is not blank."""
        tile, direction = move
        if tile == BLANK or tile not in board:
            raise IllegalMove(f"there is no tile {tile}")
        if direction not in DIRECTIONS:
            raise IllegalMove(f"unknown direction {direction!r}: expected up, down, left or right")
        cell = board.index(tile)
        target = _slide_target(instance, board, cell, direction)
        cells = list(board)
        cells[target], cells[cell] = tile, BLANK
        return tuple(cells)

    def is_goal(self, instance: TilesInstance, board: Board) -> bool:
        """The board equals the goal board."""
        return board == instance.goal

    def heuristic(self, instance: TilesInstance, board: Board) -> int:
        """Manhattan distance plus linear conflicts (admissible for any number of blanks)."""
        return _manhattan(instance, board) + 2 * _linear_conflicts(instance, board)

    def heuristics(self) -> dict[str, Heuristic]:
        """Manhattan distance plus linear conflicts (default), and additive pattern databases with their
        reflection for one blank on the 3x3 and 4x4 boards (`pdb`: 4-4 and 6-6-3; built on first use)."""
        named = super().heuristics()
        named["default"] = Heuristic(self.heuristic, True, "Manhattan distance plus linear conflicts")
        for name in ("pdb", *tiles_pdb.PARTITION_NAMES):
            named[name] = Heuristic(partial(_pattern_databases, name), True, f"pattern databases {name}")
        return named

    def unsolvable_reason(self, instance: TilesInstance) -> str | None:
        """Parity for one blank: the permutation's parity must equal the blank's Manhattan distance's."""
        blanks = instance.init.count(BLANK)
        if blanks == 0 and instance.init != instance.goal:
            return "the board has no blank, so no tile can move"
        if blanks != 1:
            return None
        return _parity_reason(instance)

    # -- PDDL ---------------------------------------------------------------------------------------
    def encode(self, instance: TilesInstance) -> PddlTask:
        """domains/tiles.pddl and a problem with tiles t1.. and cells cROW-COL."""
        cells = [divmod(index, instance.width) for index in range(len(instance.init))]
        init = adjacency_facts(cells) + [_cell_fact(cell, tile) for cell, tile in zip(cells, instance.init)]
        goal = [atom("at", f"t{tile}", cell_name(cell)) for cell, tile in zip(cells, instance.goal) if tile != BLANK]
        tiles = [f"t{tile}" for tile in instance.init if tile != BLANK]
        problem = problem_text(
            f"tiles-{instance.height}x{instance.width}",
            "tiles",
            {"tile": tiles, "cell": map(cell_name, cells)},
            init,
            goal,
        )
        return PddlTask("tiles", domain_text("tiles"), problem)

    def decode(self, instance: TilesInstance, plan: list[GroundAction]) -> list[Move]:
        """(slide tN FROM TO) -> [N, direction from FROM to TO]."""
        return [_plan_move(name, args) for name, args in plan]

    # -- notation -----------------------------------------------------------------------------------
    def format_move(self, move: Move) -> str:
        """`7 left`: tile 7 moves left."""
        return f"{move[0]} {move[1]}"

    def parse_move(self, text: str) -> Move:
        """Read `7 left`, `[7, "left"]` or `7,left`."""
        words = re.sub(r"[\[\]\(\),'\"]", " ", text).split()
        if len(words) != 2 or count_number(words[0]) is None or words[1].lower() not in DIRECTIONS:
            raise ValueError("expected TILE DIRECTION, e.g. 7 left")
        return int(words[0]), words[1].lower()

    def describe_goal(self, instance: TilesInstance) -> str:
        """The goal board."""
        return "this board (X = blank):\n" + self.show(instance, instance.goal)

    def show(self, instance: TilesInstance, board: Board) -> str:
        """The grid, blanks as X, columns aligned."""
        width = max(len(str(tile)) for tile in board)
        rows = [board[r * instance.width : (r + 1) * instance.width] for r in range(instance.height)]
        return "\n".join(" ".join(("X" if t == BLANK else str(t)).rjust(width) for t in row).rstrip() for row in rows)

    # -- actions and observations ----------------------------------------------------------------------
    def action_names(self, instance: TilesInstance) -> tuple[str, ...]:
        """One action per tile and direction it slides ("3 up"), by tile then up, down, left, right."""
        return piece_actions(_tiles(instance))

    def action_of(self, instance: TilesInstance, move: Move) -> int:
        """The tile's and direction's action."""
        return piece_action(_tiles(instance), *move)

    def observation_shape(self, instance: TilesInstance) -> tuple[int, ...]:
        """The board's rows and columns."""
        return instance.height, instance.width

    def observation_high(self, instance: TilesInstance) -> int:
        """The largest tile number."""
        return max(instance.init)

    def observe(self, instance: TilesInstance, board: Board) -> tuple[int, ...]:
        """The tile numbers row by row, 0 for a blank."""
        return board


def _tiles(instance: TilesInstance) -> list[int]:
    """The instance's tile numbers, smallest first."""
    return sorted(tile for tile in instance.init if tile != BLANK)


def _slide_target(instance: TilesInstance, board: Board, cell: int, direction: str) -> int:
    """The blank cell the tile on `cell` slides into, going `direction`; IllegalMove at the edge or when
    another tile is in the way."""
    tile = board[cell]
    row, col = step(divmod(cell, instance.width), direction)
    if not (0 <= row < instance.height and 0 <= col < instance.width):
        raise IllegalMove(f"tile {tile} cannot move {direction}: it is at the edge")
    target = row * instance.width + col
    if board[target] != BLANK:
        raise IllegalMove(f"tile {tile} cannot move {direction}: tile {board[target]} is in the way")
    return target


def _plan_move(name: str, args: tuple[str, ...]) -> Move:
    """The move of a plan step (slide tN FROM TO): tile N, the direction from FROM to TO."""
    try:
        if name != "slide" or len(args) != 3 or not re.fullmatch(r"t[0-9]+", args[0]):
            raise ValueError("not a slide action")
        return int(args[0][1:]), direction_between(parse_cell_name(args[1]), parse_cell_name(args[2]))
    except ValueError as error:
        raise InputError(f"expected (slide tN FROM TO), found {atom(name, *args)}: {error}") from None


def _cell_fact(cell: tuple[int, int], tile: int) -> str:
    """What is on a cell at the start: (blank CELL) or (at tN CELL)."""
    return atom("blank", cell_name(cell)) if tile == BLANK else atom("at", f"t{tile}", cell_name(cell))


def _pattern_databases(name: str, instance: TilesInstance, board: Board) -> int:
    """The pattern databases' estimate (the larger of the board's and its reflection's sums)."""
    return tiles_pdb.cached_lookup(instance.height, instance.width, instance.goal, name).value(board)


def default_goal(board: Board) -> Board:
    """Tiles in increasing order row by row, blanks last."""
    tiles = sorted(tile for tile in board if tile != BLANK)
    return tuple(tiles) + (BLANK,) * (len(board) - len(tiles))


def _grid(rows: list[Line], header: Line, source: str) -> tuple[int, int, Board]:
    """Read a grid of tile numbers and blanks; rows must have equal length; tiles distinct."""
    if header_value(header):
        raise InputError("expected the grid on the lines after the header", source, header.number)
    if len(rows) < 2:
        raise InputError("expected a grid of at least 2 rows", source, header.number)
    rows = _spaced(rows)
    width = len(rows[0].text.split())
    cells: list[int] = []
    seen: dict[int, int] = {}
    for line in rows:
        cells += _row_cells(line, width, seen, source)
    if width < 2:
        raise InputError("expected at least 2 columns", source, rows[0].number)
    if BLANK not in cells:
        raise InputError("the grid has no blank (X, 0 or _): no tile could ever move", source, header.number)
    return len(rows), width, tuple(cells)


def _spaced(rows: list[Line]) -> list[Line]:
    """The rows with a space between cells: a grid whose every row is one word of single-character cells,
    `12X` as seed 003 writes its 7-puzzle boards, is read a character a cell."""
    if all(len(line.text.split()) == 1 and len(line.text) > 1 for line in rows):
        return [Line(line.number, " ".join(line.text)) for line in rows]
    return rows


def _row_cells(line: Line, width: int, seen: dict[int, int], source: str) -> list[int]:
    """The cells of one grid row of `width` cells; `seen` gives the line of each tile read so far (a tile
    appears once) and gets this row's tiles."""
    tokens = line.text.split()
    if len(tokens) != width:
        raise InputError(
            f"expected {width} cells in this row (like the first row), found {len(tokens)}", source, line.number
        )
    return [BLANK if token in _BLANK_TOKENS else _tile(token, seen, source, line.number) for token in tokens]


def _tile(token: str, seen: dict[int, int], source: str, line: int) -> int:
    """The tile number a token of a grid row writes, not seen before (it is entered into `seen`)."""
    tile = whole_number(token)
    if tile is None or tile < 0:
        raise InputError(f"expected a tile number or a blank (X, 0, _), found {quote(token)}", source, line)
    if tile in seen:
        raise InputError(f"tile {tile} appears twice (first on line {seen[tile]})", source, line)
    seen[tile] = line
    return tile


def _goal_grid(section: tuple[Line, list[Line]], height: int, width: int, init: Board, source: str) -> Board:
    """The `goal:` grid, of the init grid's size and with its tiles and blanks."""
    header, rows = section
    goal_height, goal_width, goal = _grid(rows, header, source)
    if (goal_height, goal_width) != (height, width):
        raise InputError(
            f"the goal grid is {goal_height}x{goal_width} but the init grid is {height}x{width}", source, header.number
        )
    if sorted(goal) != sorted(init):
        raise InputError(
            "the goal grid must hold the same tiles and number of blanks as the init grid", source, header.number
        )
    return goal


def _board_size(size: str, blanks: int) -> tuple[int, int]:
    """The height and width of `--size HxW`, checked with the number of blanks."""
    match = re.fullmatch(r"([0-9]+)x([0-9]+)", size)
    if not match:
        raise InputError(f"expected --size HxW such as 3x3, found {quote(size)}", "command line")
    height, width = int(match.group(1)), int(match.group(2))
    if height < 2 or width < 2 or height * width > MAX_CELLS or not 1 <= blanks < height * width:
        raise InputError(
            f"generate tiles needs a size of at least 2x2 and at most {MAX_CELLS:,} cells, "
            f"and 1 <= blanks < cells; found --size {quote(size)} --blanks {blanks}",
            "command line",
        )
    return height, width


def _parity_reason(instance: TilesInstance) -> str | None:
    """For one blank: why the board is unsolvable by parity (the permutation's parity must equal that of
    the blank's Manhattan distance), or None."""
    where = {tile: index for index, tile in enumerate(instance.goal)}
    permutation = [where[tile] for tile in instance.init]
    width = instance.width
    blank_from, blank_to = instance.init.index(BLANK), instance.goal.index(BLANK)
    distance = abs(blank_from // width - blank_to // width) + abs(blank_from % width - blank_to % width)
    if _parity(permutation) == distance % 2:
        return None
    return (
        "unsolvable by parity: the tile permutation is "
        + ("odd", "even")[_parity(permutation) == 0]
        + " but the blank moves an "
        + ("even", "odd")[distance % 2]
        + " distance"
    )


@cache
def _slides(height: int, width: int) -> tuple[tuple, ...]:
    """For each cell: the neighbouring cells and the direction a tile there moves to enter this cell."""
    table = []
    for blank in range(height * width):
        cell = divmod(blank, width)
        sources = []
        for direction in DIRECTIONS:
            row, col = step(cell, direction)
            if 0 <= row < height and 0 <= col < width:
                sources.append((row * width + col, direction_between((row, col), cell)))
        table.append((blank, tuple(sources)))
    return tuple(table)


@lru_cache(maxsize=64)
def _goal_positions(goal: Board, width: int) -> dict[int, tuple[int, int]]:
    """Goal (row, col) of each tile."""
    return {tile: divmod(index, width) for index, tile in enumerate(goal) if tile != BLANK}


def _manhattan(instance: TilesInstance, board: Board) -> int:
    """Sum of the tiles' grid distances to their goal cells."""
    goal, width = _goal_positions(instance.goal, instance.width), instance.width
    total = 0
    for index, tile in enumerate(board):
        if tile != BLANK:
            row, col = goal[tile]
            total += abs(index // width - row) + abs(index % width - col)
    return total


def _linear_conflicts(instance: TilesInstance, board: Board) -> int:
    """Tiles to take out of a line: in each row (column), tiles whose goal is in that row (column) but
    in reversed order conflict; the minimum removals to leave no conflict (longest increasing subsequence)."""
    goal, width, height = _goal_positions(instance.goal, instance.width), instance.width, instance.height
    removals = 0
    for row in range(height):
        line = [goal[t][1] for t in board[row * width : (row + 1) * width] if t != BLANK and goal[t][0] == row]
        removals += len(line) - _longest_increasing(line)
    for col in range(width):
        line = [goal[t][0] for t in board[col::width] if t != BLANK and goal[t][1] == col]
        removals += len(line) - _longest_increasing(line)
    return removals


def _longest_increasing(values: list[int]) -> int:
    """Length of the longest strictly increasing subsequence (short lists: quadratic is fine)."""
    best: list[int] = []
    for i, value in enumerate(values):
        best.append(1 + max((best[j] for j in range(i) if values[j] < value), default=0))
    return max(best, default=0)


def _parity(permutation: list[int]) -> int:
    """0 for an even permutation, 1 for an odd one (by cycle decomposition)."""
    seen, parity = [False] * len(permutation), 0
    for start in range(len(permutation)):
        length = 0
        while not seen[start]:
            seen[start] = True
            start = permutation[start]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity
