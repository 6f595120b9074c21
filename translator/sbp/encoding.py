"""The sliding-brick puzzle in PDDL: one action schema per brick shape and direction for each instance,
the problem, and the reading of a plan's step back to a native move."""

from __future__ import annotations

import re
from functools import lru_cache

from puzzleplan.translator.grid import DIRECTIONS, cell_name, grid_distances, parse_cell_name
from puzzleplan.translator.pddl.task import atom, problem_text
from puzzleplan.translator.sbp.bricks import Move, Offsets, board, normalize, shape
from puzzleplan.translator.sbp.matrix import FREE, GOAL, MASTER, WALL, Grid, SbpInstance, bricks

_ACTION = re.compile(r"move-(master|shape[0-9]+)-(up|down|left|right)")


def _index(instance: SbpInstance, name: str) -> int:
    """Row-major index of a cell object name; ValueError if it is not a cell of the board."""
    row, col = parse_cell_name(name)
    if not (0 <= row < instance.height and 0 <= col < instance.width):
        raise ValueError(f"{name} is not a cell of the board")
    return row * instance.width + col


def step_move(instance: SbpInstance, state: Grid, name: str, args: tuple[str, ...]) -> Move:
    """The native move of the plan step (move-SHAPE-DIR from to ...) made in `state`: the number that
    the brick whose first cell is `from` has in `state`, and the direction; ValueError when the step is
    not an action of the encoding or no brick of that shape starts at `from`."""
    match = _ACTION.fullmatch(name)
    if not match or len(args) < 2:
        raise ValueError("not a move-SHAPE-DIRECTION action of this encoding")
    start = _index(instance, args[0])
    if (match.group(1), start) not in placed(instance, state):
        raise ValueError(f"no {match.group(1)} brick has its first cell at {args[0]}")
    return state[start], match.group(2)


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
    goal = [atom("covered", _cell(instance, index)) for index in instance.goals]
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
    _name_cells(names, entered, "new")
    _name_cells(names, vacated, "old")
    edges = _tree(old | new, set(names))
    _name_cells(names, [child for _, child in edges], "via")
    pre = _preconditions(type_name, names, edges, entered)
    effect = _effects(type_name, names, entered, vacated)
    cells = " ".join(names.values())
    return (
        f"  (:action move-{type_name}-{direction}\n    :parameters ({cells} - cell)\n"
        f"    :precondition (and {' '.join(pre)})\n    :effect (and {' '.join(effect)}))"
    )


Names = dict[tuple[int, int], str]
"""The parameter name of each cell (offset from the first cell) an action reads."""


def _preconditions(type_name: str, names: Names, edges: list, entered: list[tuple[int, int]]) -> list[str]:
    """The brick on ?from, the geometry tying the named cells, the entered cells free (and floor, for
    bricks other than the master)."""
    pre = [atom(f"at-{type_name}", "?from")]
    pre += [_geometry(names[parent], names[child], parent, child) for parent, child in edges]
    pre += [atom("free", names[cell]) for cell in entered]
    return pre + ([] if type_name == "master" else [atom("floor", names[cell]) for cell in entered])


def _effects(type_name: str, names: Names, entered: list[tuple[int, int]], vacated: list[tuple[int, int]]) -> list[str]:
    """The brick moves from ?from to ?to, the entered cells stop being free and the vacated ones become free
    (the master also covers and uncovers them)."""
    effect = [f"(not {atom(f'at-{type_name}', '?from')})", atom(f"at-{type_name}", "?to")]
    effect += [f"(not {atom('free', names[cell])})" for cell in entered]
    effect += [atom("free", names[cell]) for cell in vacated]
    if type_name == "master":
        effect += [atom("covered", names[cell]) for cell in entered]
        effect += [f"(not {atom('covered', names[cell])})" for cell in vacated]
    return effect


def _name_cells(names: Names, cells: list[tuple[int, int]], prefix: str) -> None:
    """Give each cell not yet named the next parameter name ?PREFIX1, ?PREFIX2, ..."""
    for cell in cells:
        names.setdefault(cell, f"?{prefix}{sum(name.startswith('?' + prefix) for name in names.values()) + 1}")


def _tree(region: set[tuple[int, int]], needed: set[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Edges (parent, child) of a shortest-path tree over `region` from (0, 0) reaching every needed
    cell, preferring parents that are already in the tree (fewer parameters)."""
    distance = grid_distances([(0, 0)], region.__contains__)
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
