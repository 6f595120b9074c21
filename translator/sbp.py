"""The sliding-brick puzzle (CS510 `w,h,` CSV format): rules, normal form, heuristic, per-instance PDDL.

The matrix holds -1 for goal cells, 0 for free cells, 1 for walls, 2 for the master brick and 3, 4, ...
for the other bricks. A move slides one brick one cell up, down, left or right onto free cells; only the
master brick may enter goal cells; the puzzle is solved when no goal cell is left uncovered.

States are the matrix in the seed's normal form (bricks other than the master renumbered 3, 4, ... by
their first cell in row-major order), so two states that differ only in how equal-shaped bricks are
numbered are the same state. A move names its brick by its number in the state it is applied to.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from translator.errors import IllegalMove, InputError
from translator.grid import DIRECTIONS, cell_name, parse_cell_name, step
from translator.pddl import GroundAction, PddlTask, atom, problem_text
from translator.puzzle import Puzzle
from translator.text import Line, content_lines

GOAL, FREE, WALL, MASTER = -1, 0, 1, 2
FIRST_BRICK = 3
DEAD_END = 10**6
"""The heuristic of a state from which the master brick cannot reach the goal even on an empty board."""

Grid = tuple[int, ...]
"""The matrix, row-major."""
Move = tuple[int, str]
"""(brick number in the state the move applies to, direction)."""
Offsets = tuple[tuple[int, int], ...]
"""A brick's shape: its cells relative to its first cell in row-major order, sorted."""


@dataclass(frozen=True)
class SbpInstance:
    """The board size, the matrix as the file gives it, and the goal cells (its -1 cells)."""

    width: int
    height: int
    grid: Grid
    goals: tuple[int, ...]
    """Row-major indices of the goal cells; kept apart so that a state whose master covers some of them
    can be an instance's starting matrix (restart) without losing them."""


# -- the native format ---------------------------------------------------------------------------------
def _fields(raw: str) -> list[tuple[int, str]]:
    """The comma-separated fields of a line with their 1-based columns; one trailing empty field dropped."""
    fields, column = [], 1
    for text in raw.split(","):
        fields.append((column + len(text) - len(text.lstrip()), text.strip()))
        column += len(text) + 1
    if fields and fields[-1][1] == "":
        fields.pop()
    return fields


def _raw(raw_lines: list[str], line: Line) -> str:
    """The original text of a content line, comment removed, so that columns are exact."""
    return raw_lines[line.number - 1].split("#", 1)[0]


def _size(raw_lines: list[str], line: Line, source: str) -> tuple[int, int]:
    """Read the `w,h,` line."""
    fields = _fields(_raw(raw_lines, line))
    if len(fields) != 2 or not all(re.fullmatch(r"\d+", value) and int(value) > 0 for _, value in fields):
        raise InputError(
            f"expected the board size 'w,h,' (two positive integers), found {line.text!r}", source, line.number
        )
    return int(fields[0][1]), int(fields[1][1])


def _row(raw_lines: list[str], line: Line, width: int, row: int, source: str) -> list[int]:
    """Read one row of the matrix: `width` integers >= -1."""
    fields = _fields(_raw(raw_lines, line))
    if len(fields) != width:
        raise InputError(
            f"expected {width} values in row {row + 1} of the matrix (the width on line 1), found {len(fields)}",
            source,
            line.number,
        )
    values = []
    for column, value in fields:
        if not re.fullmatch(r"-?\d+", value) or int(value) < GOAL:
            raise InputError(
                f"expected -1 (goal), 0 (free), 1 (wall), 2 (master brick) or a brick number >= 3, found {value!r}",
                source,
                line.number,
                column,
            )
        values.append(int(value))
    return values


def parse_matrix(text: str, source: str = "<input>") -> SbpInstance:
    """Read the `w,h,` CSV format (trailing commas optional, CRLF and `#` comments tolerated)."""
    lines, raw_lines = content_lines(text), text.splitlines()
    if not lines:
        raise InputError("expected the board size 'w,h,' on the first line, found an empty file", source)
    width, height = _size(raw_lines, lines[0], source)
    rows = lines[1:]
    if len(rows) < height:
        raise InputError(
            f"expected {height} rows of the matrix after the size line, found {len(rows)}", source, lines[-1].number
        )
    if len(rows) > height:
        raise InputError(
            f"expected only {height} rows of the matrix (the height on line 1), found more", source, rows[height].number
        )
    grid = tuple(value for index, line in enumerate(rows) for value in _row(raw_lines, line, width, index, source))
    instance = SbpInstance(width, height, grid, tuple(i for i, value in enumerate(grid) if value == GOAL))
    _check_bricks(instance, [line.number for line in rows], source)
    return instance


def _check_bricks(instance: SbpInstance, row_lines: list[int], source: str) -> None:
    """A master brick must exist and every brick must be in one piece (cells joined edge to edge)."""
    if MASTER not in instance.grid:
        raise InputError("the matrix has no master brick (2)", source, row_lines[0])
    for number, cells in bricks(instance.grid).items():
        if not _connected(cells, instance.width):
            row = cells[0] // instance.width
            raise InputError(
                f"brick {number} is not in one piece: its cells must be joined edge to edge", source, row_lines[row]
            )


def _connected(cells: list[int], width: int) -> bool:
    """True when the cells (row-major indices) form one edge-connected piece."""
    remaining = {divmod(cell, width) for cell in cells}
    stack = [remaining.pop()]
    while stack:
        row, col = stack.pop()
        for d_row, d_col in DIRECTIONS.values():
            neighbour = (row + d_row, col + d_col)
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def matrix_text(width: int, height: int, grid: Grid) -> str:
    """The matrix exactly as the seed's outputGameState prints it: `w,h,` then rows, each value then `,`."""
    rows = [f"{width},{height},"]
    rows += ["".join(f"{value}," for value in grid[row * width : (row + 1) * width]) for row in range(height)]
    return "\n".join(rows) + "\n"


# -- bricks, shapes and the normal form ------------------------------------------------------------------
def bricks(grid: Grid) -> dict[int, list[int]]:
    """Cells (row-major indices, increasing) of every brick, master included, by brick number."""
    found: dict[int, list[int]] = {}
    for index, value in enumerate(grid):
        if value >= MASTER:
            found.setdefault(value, []).append(index)
    return found


def normalize(grid: Grid) -> Grid:
    """The seed's normal form: bricks other than the master renumbered 3, 4, ... by first cell."""
    numbers: dict[int, int] = {}
    out = []
    for value in grid:
        if value >= FIRST_BRICK:
            value = numbers.setdefault(value, FIRST_BRICK + len(numbers))
        out.append(value)
    return tuple(out)


def shape(cells: list[int], width: int) -> Offsets:
    """A brick's cells relative to its first cell."""
    row0, col0 = divmod(cells[0], width)
    return tuple(sorted((row - row0, col - col0) for row, col in (divmod(cell, width) for cell in cells)))


@dataclass(frozen=True, eq=False)
class _Board:
    """What never changes in an instance: backgrounds, neighbour table, the master's relaxed bounds."""

    background: Grid
    """-1 for goal cells, 1 for walls, 0 for every other cell (bricks stand on free cells)."""
    neighbour: tuple[tuple[int, ...], ...]
    """neighbour[d][cell]: the cell one step in direction d (DIRECTIONS order), or -1 off the board."""
    goals: tuple[int, ...]
    placements: dict[int, tuple[int, ...]]
    """Master's first cell -> its cells, for every position of the master brick on the empty board."""
    bounds: dict[int, tuple[tuple[int, frozenset[int]], ...]]
    """Master's first cell -> (relaxed distance, cells every relaxed path covers), one per goal position
    it can reach on the empty board."""


@lru_cache(maxsize=64)
def board(instance: SbpInstance) -> _Board:
    """The static analysis of an instance (cached)."""
    width, height, grid = instance.width, instance.height, instance.grid
    background = tuple(
        GOAL if index in instance.goals else WALL if value == WALL else FREE for index, value in enumerate(grid)
    )
    neighbour = tuple(
        tuple(_step(cell, direction, width, height) for cell in range(width * height)) for direction in DIRECTIONS
    )
    placements = _placements(shape(bricks(grid)[MASTER], width), background, width, height)
    bounds: dict[int, list[tuple[int, frozenset[int]]]] = {anchor: [] for anchor in placements}
    for target, cells in placements.items():
        if set(instance.goals) <= set(cells):
            for anchor, bound in _relaxed_bounds(target, placements, neighbour, width * height).items():
                bounds[anchor].append(bound)
    return _Board(
        background, neighbour, instance.goals, placements, {anchor: tuple(found) for anchor, found in bounds.items()}
    )


def _step(cell: int, direction: str, width: int, height: int) -> int:
    """The index one step from `cell` in `direction`, or -1 off the board."""
    row, col = step(divmod(cell, width), direction)
    return row * width + col if 0 <= row < height and 0 <= col < width else -1


def _placements(offsets: Offsets, background: Grid, width: int, height: int) -> dict[int, tuple[int, ...]]:
    """Every anchor where a brick of this shape fits on the empty board (walls only), with its cells."""
    found = {}
    for row in range(height):
        for col in range(width):
            cells = [(row + d_row, col + d_col) for d_row, d_col in offsets]
            if all(0 <= r < height and 0 <= c < width and background[r * width + c] != WALL for r, c in cells):
                found[row * width + col] = tuple(r * width + c for r, c in cells)
    return found


def _relaxed_bounds(
    target: int, placements: dict[int, tuple[int, ...]], neighbour, cells: int
) -> dict[int, tuple[int, frozenset[int]]]:
    """For every anchor that reaches `target` on the empty board: the distance, and the cells that every
    relaxed path from it to `target` covers (a cell is mandatory if banning the placements covering it
    cuts the anchor off from the target)."""
    distance = _distances(target, placements, neighbour, banned=-1)
    mandatory: dict[int, set[int]] = {anchor: set() for anchor in distance}
    for cell in range(cells):
        reached = _distances(target, placements, neighbour, banned=cell)
        for anchor in distance:
            if anchor not in reached:
                mandatory[anchor].add(cell)
    return {anchor: (distance[anchor], frozenset(mandatory[anchor])) for anchor in distance}


def _distances(target: int, placements: dict[int, tuple[int, ...]], neighbour, banned: int) -> dict[int, int]:
    """Breadth-first distances of the master's anchors to `target`, avoiding placements covering `banned`."""
    if banned in placements[target]:
        return {}
    distance = {target: 0}
    queue = deque([target])
    while queue:
        anchor = queue.popleft()
        for table in neighbour:
            other = table[anchor]
            if other in placements and other not in distance and banned not in placements[other]:
                distance[other] = distance[anchor] + 1
                queue.append(other)
    return distance


# -- the puzzle ----------------------------------------------------------------------------------------
class SlidingBrick(Puzzle[SbpInstance, Grid, Move]):
    """The sliding-brick puzzle of CS510 assignment 1 (seed 004)."""

    name = "sbp"
    suffixes = (".sbp",)
    drawing = "translator.drawings.sbp:SbpDrawing"

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
            yield move, _slide(state, move[0], cells, targets, background)

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
        return _slide(state, number, cells, targets, board(instance).background)

    def is_goal(self, instance: SbpInstance, state: Grid) -> bool:
        """The seed's gameStateSolved: no goal cell (-1) is left uncovered."""
        return GOAL not in state

    def heuristic(self, instance: SbpInstance, state: Grid) -> int:
        """Relaxed master distance plus one per brick on a cell that the master must cover.

        Admissible: take any solution and the goal placement P it ends in. (1) Every master move is a
        move of the master on the board without the other bricks, so the master makes at least d(P)
        moves, its breadth-first distance to P on the empty board. (2) Every path of the master on the
        empty board to P covers each cell of M(P) (computed by banning the placements that cover the
        cell and checking that P becomes unreachable); the real path is such a path, so a brick standing
        on a cell of M(P) now must leave it before the master gets there: at least one move of that
        brick, and these moves are not master moves and belong to distinct bricks. So the solution has
        at least d(P) + |bricks on M(P)| moves >= the minimum of that over P, which is what we return.
        """
        info = board(instance)
        if not info.goals or GOAL not in state:
            return 0
        best = DEAD_END
        for distance, mandatory in info.bounds.get(state.index(MASTER), ()):
            blockers = {state[cell] for cell in mandatory if state[cell] >= FIRST_BRICK}
            best = min(best, distance + len(blockers))
        return best

    def unsolvable_reason(self, instance: SbpInstance) -> str | None:
        """The master brick cannot cover every goal cell, or cannot reach such a place even on an empty board."""
        info = board(instance)
        if not info.goals:
            return None
        if not any(bounds for bounds in info.bounds.values()):
            return "no position of the master brick covers every goal cell"
        if not info.bounds.get(instance.grid.index(MASTER)):
            return "the master brick cannot reach the goal cells even with every other brick removed"
        return None

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
            match = re.fullmatch(r"move-(master|shape\d+)-(up|down|left|right)", name)
            try:
                if not match or len(args) < 2:
                    raise ValueError("not a move-SHAPE-DIRECTION action of this encoding")
                start = _index(instance, args[0])
                if (match.group(1), start) not in placed(instance, state):
                    raise ValueError(f"no {match.group(1)} brick has its first cell at {args[0]}")
                move = (state[start], match.group(2))
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


def _slide(state: Grid, number: int, cells: list[int], targets: list[int], background: Grid) -> Grid:
    """The normalized state after brick `number` leaves `cells` and covers `targets`."""
    grid = list(state)
    for cell in cells:
        grid[cell] = background[cell]
    for cell in targets:
        grid[cell] = number
    return normalize(tuple(grid))


# -- PDDL -----------------------------------------------------------------------------------------------
def _index(instance: SbpInstance, name: str) -> int:
    """Row-major index of a cell object name; ValueError if it is not a cell of the board."""
    row, col = parse_cell_name(name)
    if not (0 <= row < instance.height and 0 <= col < instance.width):
        raise ValueError(f"{name} is not a cell of the board")
    return row * instance.width + col


@lru_cache(maxsize=64)
def brick_types(instance: SbpInstance) -> tuple[tuple[str, Offsets], ...]:
    """(PDDL shape name, shape): `master` first, then shape1, shape2, ... in the order of their first
    brick in row-major order. Equal-shaped bricks share a name and are not told apart in PDDL."""
    pieces = bricks(instance.grid)
    shapes = [shape(pieces[MASTER], instance.width)]
    others = sorted((cells for number, cells in pieces.items() if number != MASTER), key=lambda cells: cells[0])
    for cells in others:
        if shape(cells, instance.width) not in shapes[1:]:
            shapes.append(shape(cells, instance.width))
    return (("master", shapes[0]),) + tuple(
        (f"shape{index}", offsets) for index, offsets in enumerate(shapes[1:], start=1)
    )


def placed(instance: SbpInstance, state: Grid) -> list[tuple[str, int]]:
    """(PDDL shape type, first cell) of every brick of `state`; ValueError for a shape the instance lacks."""
    types = {offsets: type_name for type_name, offsets in brick_types(instance)[1:]}
    found = []
    for number, cells in sorted(bricks(state).items()):
        type_name = "master" if number == MASTER else types.get(shape(cells, instance.width))
        if type_name is None:
            raise ValueError(f"brick {number} has a shape that no brick of the instance has")
        found.append((type_name, cells[0]))
    return found


def _cells(instance: SbpInstance) -> list[int]:
    """The cells that are not walls: the PDDL cell objects."""
    return [index for index, value in enumerate(board(instance).background) if value != WALL]


def _cell(instance: SbpInstance, index: int) -> str:
    """The PDDL object of a cell: c{row}-{column}."""
    return cell_name(divmod(index, instance.width))


def state_facts(instance: SbpInstance, state: Grid) -> list[str]:
    """The fluent facts of a state: (at-SHAPE FIRST-CELL) per brick, (free CELL), (covered CELL) under the
    master."""
    facts = [atom(f"at-{type_name}", _cell(instance, anchor)) for type_name, anchor in placed(instance, state)]
    for index in _cells(instance):
        if state[index] in (FREE, GOAL):
            facts.append(atom("free", _cell(instance, index)))
        elif state[index] == MASTER:
            facts.append(atom("covered", _cell(instance, index)))
    return facts


def static_facts(instance: SbpInstance) -> list[str]:
    """(floor CELL) for cells other bricks may enter; (right A B), (below A B) for adjacent cells."""
    info, cells = board(instance), set(_cells(instance))
    facts = [atom("floor", _cell(instance, index)) for index in cells if info.background[index] == FREE]
    for predicate, table in (("right", info.neighbour[3]), ("below", info.neighbour[1])):
        facts += [
            atom(predicate, _cell(instance, index), _cell(instance, table[index]))
            for index in cells
            if table[index] in cells
        ]
    return facts


def problem(instance: SbpInstance) -> str:
    """The PDDL problem: the cells, the initial state, every goal cell covered."""
    objects = {"cell": [_cell(instance, index) for index in _cells(instance)]}
    init = static_facts(instance) + state_facts(instance, normalize(instance.grid))
    goal = [atom("covered", _cell(instance, index)) for index in board(instance).goals]
    return problem_text("sbp", "sbp", objects, init, goal)


def domain_text(instance: SbpInstance) -> str:
    """The domain of an instance: one action schema per brick shape (the master has its own) and direction.

    A brick is the fact (at-SHAPE c) on its first cell, with no brick object, so that equal-shaped bricks
    are interchangeable, as in the seed's normal form: the planners see the same state space as the
    native search instead of one copy per numbering of equal bricks."""
    types = brick_types(instance)
    at = " ".join(f"(at-{type_name} ?c - cell)" for type_name, _ in types)
    lines = [
        "(define (domain sbp)",
        "  (:requirements :strips :typing)",
        "  (:types cell)",
        f"  (:predicates {at}",
        "               (free ?c - cell) (floor ?c - cell) (covered ?c - cell)",
        "               (right ?c ?d - cell) (below ?c ?d - cell))",
    ]
    for type_name, offsets in types:
        lines.append(
            f"  ; {type_name}: cells {' '.join(f'{r},{c}' for r, c in offsets)} (row,column from the first cell)"
        )
        for direction in DIRECTIONS:
            lines.append(_schema(type_name, offsets, direction))
    return "\n".join(lines) + "\n)\n"


def _schema(type_name: str, offsets: Offsets, direction: str) -> str:
    """One action: a brick of this shape slides one cell in `direction` (the master may enter goal cells)."""
    d_row, d_col = DIRECTIONS[direction]
    old = set(offsets)
    new = {(row + d_row, col + d_col) for row, col in offsets}
    entered, vacated = sorted(new - old), sorted(old - new)
    names = {(0, 0): "?from", (d_row, d_col): "?to"}
    for prefix, group in (("new", entered), ("old", vacated)):
        for cell in group:
            names.setdefault(cell, f"?{prefix}{sum(name.startswith('?' + prefix) for name in names.values()) + 1}")
    edges = _tree(old | new, set(names))
    for _, child in edges:
        names.setdefault(child, f"?via{sum(name.startswith('?via') for name in names.values()) + 1}")
    master = type_name == "master"
    pre = [atom(f"at-{type_name}", "?from")] + [
        _geometry(names[parent], names[child], parent, child) for parent, child in edges
    ]
    pre += [atom("free", names[cell]) for cell in entered]
    pre += [] if master else [atom("floor", names[cell]) for cell in entered]
    effect = [f"(not {atom(f'at-{type_name}', '?from')})", atom(f"at-{type_name}", "?to")]
    effect += [f"(not {atom('free', names[cell])})" for cell in entered] + [
        atom("free", names[cell]) for cell in vacated
    ]
    if master:
        effect += [atom("covered", names[cell]) for cell in entered]
        effect += [f"(not {atom('covered', names[cell])})" for cell in vacated]
    cells = " ".join(names.values())
    return (
        f"  (:action move-{type_name}-{direction}\n    :parameters ({cells} - cell)\n"
        f"    :precondition (and {' '.join(pre)})\n    :effect (and {' '.join(effect)}))"
    )


def _tree(region: set[tuple[int, int]], needed: set[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Edges (parent, child) of a shortest-path tree over `region` from (0, 0) reaching every needed
    cell, preferring parents that are already in the tree (fewer parameters)."""
    distance = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        row, col = queue.popleft()
        for d_row, d_col in DIRECTIONS.values():
            cell = (row + d_row, col + d_col)
            if cell in region and cell not in distance:
                distance[cell] = distance[(row, col)] + 1
                queue.append(cell)
    tree, edges = {(0, 0)}, []
    for cell in sorted(needed, key=lambda c: (distance[c], c)):
        while cell not in tree:
            parents = sorted((cell[0] - d_row, cell[1] - d_col) for d_row, d_col in DIRECTIONS.values())
            parents = [p for p in parents if distance.get(p) == distance[cell] - 1]
            parent = next((p for p in parents if p in tree), parents[0])
            edges.append((parent, cell))
            tree.add(cell)
            cell = parent
    return edges


def _geometry(parent_name: str, child_name: str, parent: tuple[int, int], child: tuple[int, int]) -> str:
    """The static fact placing `child` next to `parent`: (right A B) or (below A B)."""
    delta = (child[0] - parent[0], child[1] - parent[1])
    return {
        (0, 1): atom("right", parent_name, child_name),
        (0, -1): atom("right", child_name, parent_name),
        (1, 0): atom("below", parent_name, child_name),
        (-1, 0): atom("below", child_name, parent_name),
    }[delta]
