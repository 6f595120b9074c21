"""What a goal means without a board: its negation and disjunctive normal forms, and the contradictions
that make an alternative (or the whole goal) impossible on any legal board."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from puzzleplan.translator.shrdlu.formula import (
    OFFSET,
    And,
    At,
    Formula,
    Literal,
    Not,
    Rel,
    canonical,
    format_goal,
    format_literal,
)

DNF_LIMIT = 256
"""Goals whose disjunctive normal form has more terms than this are analysed alternative by alternative."""


@dataclass(frozen=True)
class Lit:
    """A literal of the negation normal form."""

    literal: Literal


@dataclass(frozen=True)
class NnfAnd:
    """Conjunction in negation normal form."""

    args: tuple


@dataclass(frozen=True)
class NnfOr:
    """Disjunction in negation normal form."""

    args: tuple


def nnf(formula: Formula, positive: bool = True):
    """Negation normal form: negations pushed down to the atoms (De Morgan)."""
    if isinstance(formula, (At, Rel)):
        return Lit((positive, formula))
    if isinstance(formula, Not):
        return nnf(formula.arg, not positive)
    parts = tuple(nnf(arg, positive) for arg in formula.args)
    return NnfAnd(parts) if isinstance(formula, And) == positive else NnfOr(parts)


class _TooLarge(Exception):
    """The disjunctive normal form would exceed DNF_LIMIT terms."""


def dnf(formula: Formula, limit: int = DNF_LIMIT) -> list[tuple[Literal, ...]] | None:
    """The goal's alternatives: each a conjunction of literals; None when there would be over `limit`."""
    try:
        return _dnf(nnf(formula), limit)
    except _TooLarge:
        return None


def _dnf(node, limit: int) -> list[tuple[Literal, ...]]:
    """Terms of an NNF node, each with its literals in order, duplicates dropped."""
    if isinstance(node, Lit):
        return [(node.literal,)]
    if isinstance(node, NnfOr):
        terms = _within([term for arg in node.args for term in _dnf(arg, limit)], limit)
    else:
        terms = [()]
        for arg in node.args:
            terms = _within([left + right for left, right in product(terms, _dnf(arg, limit))], limit)
    return [tuple(dict.fromkeys(term)) for term in terms]


def _within(terms: list, limit: int) -> list:
    """The terms; _TooLarge when there are more than `limit`."""
    if len(terms) > limit:
        raise _TooLarge
    return terms


class _Shape:
    """Blocks tied together by positive neighbourhood goals, with offsets, and absolute cells from atoms."""

    def __init__(self) -> None:
        self.parent: dict[int, int] = {}
        self.offset: dict[int, tuple[int, int]] = {}
        self.goals: dict[int, list[str]] = {}
        self.anchor: dict[int, tuple[int, int]] = {}

    def find(self, block: int) -> tuple[int, tuple[int, int]]:
        """The block's root and its offset from the root."""
        self.parent.setdefault(block, block)
        self.offset.setdefault(block, (0, 0))
        self.goals.setdefault(block, [])
        row, col = 0, 0
        while self.parent[block] != block:
            d_row, d_col = self.offset[block]
            row, col, block = row + d_row, col + d_col, self.parent[block]
        return block, (row, col)

    def relate(self, x: int, y: int, delta: tuple[int, int], text: str) -> str | None:
        """Require pos(x) - pos(y) == delta; a contradiction message, or None."""
        (root_x, off_x), (root_y, off_y) = self.find(x), self.find(y)
        if root_x == root_y:
            self.goals[root_x].append(text)
            if (off_x[0] - off_y[0], off_x[1] - off_y[1]) != delta:
                return f"the goals {_listing(self.goals[root_x])} put block {x} in two places relative to block {y}"
            return None
        self.parent[root_x] = root_y
        self.offset[root_x] = (delta[0] - off_x[0] + off_y[0], delta[1] - off_x[1] + off_y[1])
        self.goals[root_y] += self.goals.pop(root_x) + [text]
        if root_x in self.anchor:
            return self.fix(root_x, self.anchor.pop(root_x), None)
        return None

    def fix(self, block: int, cell: tuple[int, int], text: str | None) -> str | None:
        """Require pos(block) == cell; a contradiction message, or None."""
        root, (d_row, d_col) = self.find(block)
        if text:
            self.goals[root].append(text)
        base = (cell[0] - d_row, cell[1] - d_col)
        if root in self.anchor and self.anchor[root] != base:
            old = (self.anchor[root][0] + d_row, self.anchor[root][1] + d_col)
            return (
                f"the goals {_listing(self.goals[root])} put block {block} in two places, "
                f"({old[0]},{old[1]}) and ({cell[0]},{cell[1]})"
            )
        self.anchor[root] = base
        return None

    def require(self, goal_atom: At | Rel) -> str | None:
        """Require a positive goal atom (a cell, or a position relative to another block); a contradiction
        message, or None."""
        fact, text = canonical(goal_atom), format_goal(goal_atom)
        if fact[0] == "at":
            return self.fix(fact[1], (fact[2], fact[3]), text)
        return self.relate(fact[1], fact[2], OFFSET[fact[0]], text)

    def cell(self, block: int) -> tuple[int, int] | None:
        """The block's cell when the goals fix it, else None."""
        root, (d_row, d_col) = self.find(block)
        base = self.anchor.get(root)
        return None if base is None else (base[0] + d_row, base[1] + d_col)

    def members(self) -> dict[int, list[tuple[int, tuple[int, int]]]]:
        """Root -> [(block, offset from the root)]."""
        groups: dict[int, list] = {}
        for block in list(self.parent):
            root, offset = self.find(block)
            groups.setdefault(root, []).append((block, offset))
        return groups


def _listing(goals: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    goals = list(dict.fromkeys(goals))
    return goals[0] if len(goals) == 1 else ", ".join(goals[:-1]) + " and " + goals[-1]


def contradiction(term: tuple[Literal, ...], n: int, k: int) -> str | None:
    """Why no legal board satisfies this conjunction of literals, or None (sound, not complete)."""
    shape = _Shape()
    reason = _both_ways(term) or next(filter(None, (shape.require(a) for positive, a in term if positive)), None)
    return reason or _placement_reason(shape, n, k) or _negation_reason(shape, term)


def _both_ways(term: tuple[Literal, ...]) -> str | None:
    """Why a term asks for an atom and its negation, or None."""
    positives = {canonical(a): a for positive, a in reversed(term) if positive}  # the first of equal atoms
    for positive, goal_atom in term:
        twin = positives.get(canonical(goal_atom))
        if not positive and twin is not None:
            return f"the goal asks for both {format_goal(twin)} and !{format_goal(goal_atom)}"
    return None


def _placement_reason(shape: _Shape, n: int, k: int) -> str | None:
    """Shapes that do not fit the board, cells wanted by two blocks, columns needing too many blocks."""
    owner: dict[tuple[int, int], int] = {}
    heights = [0] * n
    for root, blocks in sorted(shape.members().items()):
        reason = _group_reason(shape, root, blocks, n, k, owner, heights)
        if reason:
            return reason
    if sum(heights) > k:
        tops = ", ".join(f"row {h - 1} of column {c}" for c, h in enumerate(heights) if h)
        return (
            f"reaching {tops} takes at least {sum(heights)} blocks (every cell below a block is "
            f"full), but there are only {k}"
        )
    return None


def _group_reason(
    shape: _Shape,
    root: int,
    blocks: list[tuple[int, tuple[int, int]]],
    n: int,
    k: int,
    owner: dict[tuple[int, int], int],
    heights: list[int],
) -> str | None:
    """Why one group of blocks tied by goals cannot be placed (two in a cell, too wide, too high to float,
    off the board or on another's cell), or None; an anchored group's cells and heights are recorded."""
    goals = _listing(shape.goals[root]) if shape.goals[root] else ""
    seen, reason = _offsets(blocks, goals)
    reason = reason or _extent_reason(seen, goals, n)
    if reason or root not in shape.anchor:
        return reason or _stack_reason(seen, goals, k)
    return _anchored_reason(shape.anchor[root], blocks, goals, n, owner, heights)


Offsets = dict[tuple[int, int], int]
"""(row, column) offset within a shape -> the block there."""


def _offsets(blocks: list[tuple[int, tuple[int, int]]], goals: str) -> tuple[Offsets, str | None]:
    """The shape's blocks by offset, or why two of them share a cell."""
    seen: Offsets = {}
    for block, offset in blocks:
        if offset in seen:
            return seen, f"the goals {goals} put blocks {seen[offset]} and {block} in the same cell"
        seen[offset] = block
    return seen, None


def _extent_reason(seen: Offsets, goals: str, n: int) -> str | None:
    """Why a shape does not fit an n x n board, or None."""
    rows = [offset[0] for offset in seen]
    cols = [offset[1] for offset in seen]
    if max(rows) - min(rows) < n and max(cols) - min(cols) < n:
        return None
    return (
        f"the goals {goals} need {max(rows) - min(rows) + 1} rows and "
        f"{max(cols) - min(cols) + 1} columns; the board is {n} x {n}"
    )


def _stack_reason(seen: Offsets, goals: str, k: int) -> str | None:
    """Why a floating shape needs more blocks stacked under it than there are, or None."""
    bottom = min(row for row, _ in seen)
    need = sum(max(r for r, c in seen if c == col) - bottom + 1 for col in {col for _, col in seen})
    return f"the goals {goals} need at least {need} blocks stacked under them; there are {k}" if need > k else None


def _anchored_reason(
    anchor: tuple[int, int],
    blocks: list[tuple[int, tuple[int, int]]],
    goals: str,
    n: int,
    owner: dict[tuple[int, int], int],
    heights: list[int],
) -> str | None:
    """Why a shape anchored at a cell puts a block off the board or in another's cell, or None; records the
    cells it takes in `owner` and the column heights it needs in `heights`."""
    for block, (d_row, d_col) in blocks:
        row, col = anchor[0] + d_row, anchor[1] + d_col
        if not (0 <= row < n and 0 <= col < n):
            return f"the goals {goals} put block {block} off the board, at row {row}, column {col}"
        if (row, col) in owner:
            return f"cell ({row},{col}) must hold both block {owner[(row, col)]} and block {block}"
        owner[(row, col)] = block
        heights[col] = max(heights[col], row + 1)
    return None


def _negation_reason(shape: _Shape, term: tuple[Literal, ...]) -> str | None:
    """A negated atom that the positive goals force."""
    for positive, goal_atom in term:
        fact = canonical(goal_atom)
        if not positive and _forced(shape, fact):
            goals = shape.goals[shape.find(fact[1])[0]] + shape.goals[shape.find(fact[-1])[0]]
            return (
                f"the goals {_listing(goals)} force {format_goal(goal_atom)}, "
                f"but the goal also asks for !{format_goal(goal_atom)}"
            )
    return None


def _forced(shape: _Shape, fact: tuple) -> bool:
    """Whether the positive goals put into `shape` force a canonical fact."""
    if fact[0] == "at":
        return shape.cell(fact[1]) == (fact[2], fact[3])
    (root_x, off_x), (root_y, off_y) = shape.find(fact[1]), shape.find(fact[2])
    if root_x != root_y:
        cell_x, cell_y = shape.cell(fact[1]), shape.cell(fact[2])
        if cell_x is None or cell_y is None:
            return False
        off_x, off_y = cell_x, cell_y
    return (off_x[0] - off_y[0], off_x[1] - off_y[1]) == OFFSET[fact[0]]


def unsatisfiable_reason(formula: Formula, n: int, k: int) -> str | None:
    """Why no legal board satisfies the goal (every alternative contradicts itself), or None."""
    terms = dnf(formula)
    if not terms:
        return None
    reasons = [contradiction(term, n, k) for term in terms]
    if any(reason is None for reason in reasons):
        return None
    if len(reasons) == 1:
        return f"the goal cannot hold: {reasons[0]}"
    return f"no alternative of the goal can hold: {_listed(terms, reasons)}"


def _listed(terms: list[tuple[Literal, ...]], reasons: list) -> str:
    """The first four alternatives with why each cannot hold, and how many more there are."""
    listed = "; ".join(
        f"alternative {i} ({' & '.join(map(format_literal, term))}): {reason}"
        for i, (term, reason) in enumerate(zip(terms[:4], reasons[:4]), start=1)
    )
    return listed + (f"; and {len(terms) - 4} more alternatives" if len(terms) > 4 else "")
