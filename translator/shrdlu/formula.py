"""Goal formulas of Mini-SHRDLU: the tree (At, Rel, Not, And, Or), its canonical atoms, the file syntax,
and evaluating it on a board."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

Columns = tuple[tuple[int, ...], ...]
"""The state: one tuple per column, blocks bottom to top."""


@dataclass(frozen=True)
class At:
    """Atom goal (block, row, col): the block is at that cell."""

    block: int
    row: int
    col: int


@dataclass(frozen=True)
class Rel:
    """Neighbourhood goal XkY, k in a (directly above), b (directly below), l (left of), r (right of)."""

    kind: str
    first: int
    second: int


@dataclass(frozen=True)
class Not:
    """Negation."""

    arg: Formula


@dataclass(frozen=True)
class And:
    """Conjunction of two or more formulas."""

    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Or:
    """Disjunction of two or more formulas."""

    args: tuple[Formula, ...]


Formula = At | Rel | Not | And | Or
Atom = At | Rel
Literal = tuple[bool, Atom]
"""(positive, atom) in a formula's negation normal form."""


OFFSET = {"above": (1, 0), "left": (0, -1)}
"""pos(x) - pos(y) for the relation (kind, x, y)."""


def canonical(goal_atom: Atom) -> tuple:
    """("at", b, r, c), ("above", x, y) or ("left", x, y): b and r goals turned round into a and l."""
    if isinstance(goal_atom, At):
        return ("at", goal_atom.block, goal_atom.row, goal_atom.col)
    x, y = goal_atom.first, goal_atom.second
    return {"a": ("above", x, y), "b": ("above", y, x), "l": ("left", x, y), "r": ("left", y, x)}[goal_atom.kind]


def format_goal(formula: Formula) -> str:
    """The goal in the file syntax; & binds tighter than |, so only | inside & needs parentheses."""
    if isinstance(formula, At):
        return f"({formula.block},{formula.row},{formula.col})"
    if isinstance(formula, Rel):
        return f"{formula.first}{formula.kind}{formula.second}"
    if isinstance(formula, Not):
        inner = format_goal(formula.arg)
        return "!" + (f"({inner})" if isinstance(formula.arg, (And, Or)) else inner)
    if isinstance(formula, And):
        return " & ".join(f"({format_goal(a)})" if isinstance(a, Or) else format_goal(a) for a in formula.args)
    return " | ".join(format_goal(a) for a in formula.args)


def format_literal(literal: Literal) -> str:
    """A literal as the goal syntax writes it: (1,0,0) or !6b2."""
    positive, goal_atom = literal
    return ("" if positive else "!") + format_goal(goal_atom)


def holds(goal_atom: Atom, where: dict[int, tuple[int, int]]) -> bool:
    """Whether an atom holds when `where` maps each block to its (row, col)."""
    fact = canonical(goal_atom)
    if fact[0] == "at":
        return where[fact[1]] == (fact[2], fact[3])
    (row_x, col_x), (row_y, col_y) = where[fact[1]], where[fact[2]]
    if fact[0] == "above":
        return col_x == col_y and row_x == row_y + 1
    return row_x == row_y and col_x == col_y - 1


def evaluate(formula: Formula, where: dict[int, tuple[int, int]]) -> bool:
    """Whether the formula holds when `where` maps each block to its (row, col)."""
    if isinstance(formula, (At, Rel)):
        return holds(formula, where)
    if isinstance(formula, Not):
        return not evaluate(formula.arg, where)
    if isinstance(formula, And):
        return all(evaluate(arg, where) for arg in formula.args)
    return any(evaluate(arg, where) for arg in formula.args)


def positions(columns: Columns) -> dict[int, tuple[int, int]]:
    """Block -> (row, col) for a state."""
    return {block: (row, col) for col, stack in enumerate(columns) for row, block in enumerate(stack)}


def atoms_of(formula: Formula) -> Iterator[Atom]:
    """Every atom of a formula, left to right."""
    if isinstance(formula, (At, Rel)):
        yield formula
    elif isinstance(formula, Not):
        yield from atoms_of(formula.arg)
    else:
        for arg in formula.args:
            yield from atoms_of(arg)


def flatten(kind: type[And] | type[Or], children: list[Formula]) -> Formula:
    """And/Or of the children, merging nested ones of the same kind; a single child stands alone."""
    args: list[Formula] = []
    for child in children:
        args.extend(child.args if isinstance(child, kind) else (child,))
    return args[0] if len(args) == 1 else kind(tuple(args))
