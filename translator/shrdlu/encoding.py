"""The PDDL encoding: domains/shrdlu.pddl with its requirements narrowed to what the goal uses, and a
problem with cells cR-C, sentinel cells, blocks bN and the goal formula as written."""

from __future__ import annotations

import re
from collections.abc import Iterator

from puzzleplan.domains import domain_text
from puzzleplan.translator.grid import cell_name
from puzzleplan.translator.pddl.task import PddlTask, atom, problem_text
from puzzleplan.translator.shrdlu.board import ShrdluInstance
from puzzleplan.translator.shrdlu.formula import OFFSET, And, At, Columns, Formula, Not, Or, Rel, canonical


def encode_instance(instance: ShrdluInstance) -> PddlTask:
    """domains/shrdlu.pddl (requirements narrowed to what the goal uses) and a problem with cells
    cR-C (row 0 at the bottom), sentinels floorC/ceilingC, blocks bN and the goal as written."""
    n = instance.n
    cells = [(row, col) for row in range(n) for col in range(n)]
    init = _board_facts(instance.board, n, cells) + _geometry_facts(n, cells)
    objects = {
        "block": [block_name(b) for b in range(1, instance.k + 1)],
        "cell": [cell_name(c) for c in cells] + [_floor(c) for c in range(n)] + [_ceiling(c) for c in range(n)],
    }
    problem = problem_text(f"shrdlu-n{n}-k{instance.k}", "shrdlu", objects, init, goal_pddl(instance.goal, n))
    requirements = " ".join([":strips", ":typing"] + goal_requirements(instance.goal))
    domain = re.sub(r"\(:requirements[^)]*\)", f"(:requirements {requirements})", domain_text("shrdlu"), count=1)
    return PddlTask("shrdlu", domain, problem)


def _board_facts(board: Columns, n: int, cells: list[tuple[int, int]]) -> list[str]:
    """Where the blocks are, which cells are full and free, floors full and ceilings free."""
    facts = [
        atom("at", block_name(b), cell_name((row, col)))
        for col, stack in enumerate(board)
        for row, b in enumerate(stack)
    ]
    facts += [atom("free" if row >= len(board[col]) else "full", cell_name((row, col))) for row, col in cells]
    return facts + [atom("full", _floor(col)) for col in range(n)] + [atom("free", _ceiling(col)) for col in range(n)]


def _geometry_facts(n: int, cells: list[tuple[int, int]]) -> list[str]:
    """Which cell is under which (floor to ceiling in every column), and which cells are in other columns."""
    facts = []
    for col in range(n):
        column = [_floor(col)] + [cell_name((row, col)) for row in range(n)] + [_ceiling(col)]
        facts += [atom("under", low, high) for low, high in zip(column, column[1:])]
    return facts + [atom("apart", cell_name(p), cell_name(q)) for p in cells for q in cells if p[1] != q[1]]


def block_name(block: int) -> str:
    """PDDL name of a block: b3."""
    return f"b{block}"


def goal_pddl(formula: Formula, n: int) -> str:
    """The goal formula in PDDL, structure as written; a neighbourhood goal is the disjunction of the
    cell pairs where it holds."""
    if isinstance(formula, At):
        return atom("at", block_name(formula.block), cell_name((formula.row, formula.col)))
    if isinstance(formula, Rel):
        return _relation_pddl(formula, n)
    if isinstance(formula, Not):
        return f"(not {goal_pddl(formula.arg, n)})"
    word = "and" if isinstance(formula, And) else "or"
    return f"({word} " + " ".join(goal_pddl(arg, n) for arg in formula.args) + ")"


def _relation_pddl(formula: Rel, n: int) -> str:
    """A neighbourhood goal as the disjunction of the cell pairs of an n x n board where it holds."""
    kind, x, y = canonical(formula)
    d_row, d_col = OFFSET[kind]
    pairs = [
        ((row + d_row, col + d_col), (row, col))
        for row in range(n)
        for col in range(n)
        if 0 <= row + d_row < n and 0 <= col + d_col < n
    ]
    return (
        "(or "
        + " ".join(
            f"(and {atom('at', block_name(x), cell_name(p))} {atom('at', block_name(y), cell_name(q))})"
            for p, q in pairs
        )
        + ")"
    )


def goal_requirements(formula: Formula) -> list[str]:
    """The PDDL requirements the goal formula uses beyond STRIPS with typing."""
    flags = []
    if any(isinstance(node, Not) for node in _nodes(formula)):
        flags.append(":negative-preconditions")
    if any(_disjunctive(node) for node in _nodes(formula)):
        flags.append(":disjunctive-preconditions")
    return flags


def _disjunctive(node: Formula) -> bool:
    """Whether a goal node is a disjunction in PDDL: an `or`, a neighbourhood goal (an `or` of cell pairs) or
    a negated conjunction or disjunction."""
    return isinstance(node, (Or, Rel)) or (isinstance(node, Not) and isinstance(node.arg, (And, Or)))


def _nodes(formula: Formula) -> Iterator[Formula]:
    """Every node of a formula."""
    yield formula
    if isinstance(formula, Not):
        yield from _nodes(formula.arg)
    elif isinstance(formula, (And, Or)):
        for arg in formula.args:
            yield from _nodes(arg)


def _floor(col: int) -> str:
    """Sentinel cell under row 0 of a column: always full."""
    return f"floor{col}"


def _ceiling(col: int) -> str:
    """Sentinel cell over the top row of a column: always free."""
    return f"ceiling{col}"
