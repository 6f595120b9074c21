"""Mini-SHRDLU (seed 000): numbered blocks on an n x n board, a goal formula, `.shrdlu` files, PDDL."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from domains import domain_text
from translator import grammar
from translator.errors import IllegalMove, InputError
from translator.grid import cell_name, parse_cell_name
from translator.pddl import GroundAction, PddlTask, atom, problem_text
from translator.puzzle import Option, Puzzle
from translator.text import Line, content_lines, sections

DNF_LIMIT = 256
"""Goals whose disjunctive normal form has more terms than this are analysed alternative by alternative."""

Columns = tuple[tuple[int, ...], ...]
"""The state: one tuple per column, blocks bottom to top."""
Move = tuple[int, int]
"""(source column, destination column), as the seed writes actions."""


# -- goal formulas --------------------------------------------------------------------------------
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


# -- goal parsing ---------------------------------------------------------------------------------
def _goal_parser():
    """The LALR parser of shrdlu_goal.lark (built once)."""
    return grammar.parser("translator", "shrdlu_goal.lark")


class _GoalError(Exception):
    """A semantic error in the goal, with the lark token where it happened."""

    def __init__(self, message: str, token) -> None:
        super().__init__(message)
        self.message, self.token = message, token


def _goal_builder(n: int, k: int):
    """A lark Transformer turning the parse tree into a Formula, checking blocks and cells exist."""
    from lark import Transformer

    def check_block(token) -> int:
        """The block a token names; it must exist."""
        block = int(token)
        if not 1 <= block <= k:
            raise _GoalError(f"there is no block {block} (blocks are 1..{k})", token)
        return block

    class Builder(Transformer):
        """One method per grammar rule or alias."""

        def position(self, children):
            """(block,row,col)."""
            block_token, row_token, col_token = children
            for token, what in ((row_token, "row"), (col_token, "column")):
                if not 0 <= int(token) < n:
                    raise _GoalError(f"{what} {int(token)} is outside the board ({what}s are 0..{n - 1})", token)
            return At(check_block(block_token), int(row_token), int(col_token))

        def relation(self, children):
            """XaY, XbY, XlY, XrY."""
            token = children[0]
            first, kind, second = re.fullmatch(r"(\d+)([a-zA-Z])(\d+)", str(token)).groups()
            for text in (first, second):
                if not 1 <= int(text) <= k:
                    raise _GoalError(f"there is no block {int(text)} (blocks are 1..{k})", token)
            if first == second or int(first) == int(second):
                raise _GoalError(f"{token} relates block {int(first)} to itself", token)
            return Rel(kind.lower(), int(first), int(second))

        def negated(self, children):
            """!g."""
            return Not(children[0])

        def all_of(self, children):
            """g & h, {g, h}."""
            return _flatten(And, children)

        def any_of(self, children):
            """g | h, [g, h]."""
            return _flatten(Or, children)

    return Builder()


def _flatten(kind: type, children: list[Formula]) -> Formula:
    """And/Or of the children, merging nested ones of the same kind; a single child stands alone."""
    args: list[Formula] = []
    for child in children:
        args.extend(child.args if isinstance(child, kind) else (child,))
    return args[0] if len(args) == 1 else kind(tuple(args))


_TOKEN_NAMES = {"INT": "a number", "RELATION": "a neighbourhood goal such as 6b2", "$END": "the end of the goal"}


def parse_goal(pieces: list[tuple[int, int, str]], n: int, k: int, source: str) -> Formula:
    """Parse goal text given as (line number, column offset, text) pieces; errors name line and column."""
    from lark.exceptions import LarkError, VisitError

    text = "\n".join(piece for _, _, piece in pieces)

    def locate(line: int | None, column: int | None) -> tuple[int | None, int | None]:
        if line is None or not pieces:
            return (pieces[-1][0] if pieces else None), None
        number, offset, _ = pieces[min(line, len(pieces)) - 1]
        return number, (offset + column if column is not None else None)

    parser = _goal_parser()
    try:
        tree = parser.parse(text)
    except LarkError as error:
        problem = grammar.syntax_problem(error, parser, text, _TOKEN_NAMES)
        if problem is None:
            raise
        where = (len(pieces), len(pieces[-1][2]) + 1) if problem.at_end else (problem.line, problem.column)
        message = f"bad goal: unexpected {problem.found}; expected {problem.expected}"
        raise InputError(message, source, *locate(*where)) from None
    try:
        return _goal_builder(n, k).transform(tree)
    except VisitError as error:
        cause = error.orig_exc
        if isinstance(cause, _GoalError):
            raise InputError(
                f"bad goal: {cause.message}", source, *locate(cause.token.line, cause.token.column)
            ) from None
        raise


# -- normal forms and analysis ---------------------------------------------------------------------
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
        terms = [term for arg in node.args for term in _dnf(arg, limit)]
    else:
        terms = [()]
        for arg in node.args:
            terms = [left + right for left, right in product(terms, _dnf(arg, limit))]
            if len(terms) > limit:
                raise _TooLarge
    if len(terms) > limit:
        raise _TooLarge
    return [tuple(dict.fromkeys(term)) for term in terms]


_OFFSET = {"above": (1, 0), "left": (0, -1)}
"""pos(x) - pos(y) for the relation (kind, x, y)."""


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
    positives = {canonical(a) for positive, a in term if positive}
    for positive, goal_atom in term:
        if not positive and canonical(goal_atom) in positives:
            twin = next(format_goal(a) for p, a in term if p and canonical(a) == canonical(goal_atom))
            return f"the goal asks for both {twin} and !{format_goal(goal_atom)}"
    shape = _Shape()
    for positive, goal_atom in term:
        if not positive:
            continue
        fact, text = canonical(goal_atom), format_goal(goal_atom)
        reason = (
            shape.fix(fact[1], (fact[2], fact[3]), text)
            if fact[0] == "at"
            else shape.relate(fact[1], fact[2], _OFFSET[fact[0]], text)
        )
        if reason:
            return reason
    return _placement_reason(shape, n, k) or _negation_reason(shape, term)


def _placement_reason(shape: _Shape, n: int, k: int) -> str | None:
    """Shapes that do not fit the board, cells wanted by two blocks, columns needing too many blocks."""
    owner: dict[tuple[int, int], int] = {}
    heights = [0] * n
    for root, blocks in sorted(shape.members().items()):
        goals = _listing(shape.goals[root]) if shape.goals[root] else ""
        seen: dict[tuple[int, int], int] = {}
        for block, offset in blocks:
            if offset in seen:
                return f"the goals {goals} put blocks {seen[offset]} and {block} in the same cell"
            seen[offset] = block
        rows = [offset[0] for offset in seen]
        cols = [offset[1] for offset in seen]
        if max(rows) - min(rows) >= n or max(cols) - min(cols) >= n:
            return (
                f"the goals {goals} need {max(rows) - min(rows) + 1} rows and "
                f"{max(cols) - min(cols) + 1} columns; the board is {n} x {n}"
            )
        if root not in shape.anchor:
            need = sum(max(r for r, c in seen if c == col) - min(rows) + 1 for col in set(cols))
            if need > k:
                return f"the goals {goals} need at least {need} blocks stacked under them; there are {k}"
            continue
        for block, (d_row, d_col) in blocks:
            row, col = shape.anchor[root][0] + d_row, shape.anchor[root][1] + d_col
            if not (0 <= row < n and 0 <= col < n):
                return f"the goals {goals} put block {block} off the board, at row {row}, column {col}"
            if (row, col) in owner:
                return f"cell ({row},{col}) must hold both block {owner[(row, col)]} and block {block}"
            owner[(row, col)] = block
            heights[col] = max(heights[col], row + 1)
    if sum(heights) > k:
        tops = ", ".join(f"row {h - 1} of column {c}" for c, h in enumerate(heights) if h)
        return (
            f"reaching {tops} takes at least {sum(heights)} blocks (every cell below a block is "
            f"full), but there are only {k}"
        )
    return None


def _negation_reason(shape: _Shape, term: tuple[Literal, ...]) -> str | None:
    """A negated atom that the positive goals force."""
    for positive, goal_atom in term:
        if positive:
            continue
        fact = canonical(goal_atom)
        if fact[0] == "at":
            forced = shape.cell(fact[1]) == (fact[2], fact[3])
        else:
            (root_x, off_x), (root_y, off_y) = shape.find(fact[1]), shape.find(fact[2])
            cell_x, cell_y = shape.cell(fact[1]), shape.cell(fact[2])
            if root_x != root_y and cell_x is not None and cell_y is not None:
                off_x, off_y = cell_x, cell_y
            forced = (root_x == root_y or cell_x is not None and cell_y is not None) and (
                off_x[0] - off_y[0],
                off_x[1] - off_y[1],
            ) == _OFFSET[fact[0]]
        if forced:
            goals = shape.goals[shape.find(fact[1])[0]] + shape.goals[shape.find(fact[-1])[0]]
            return (
                f"the goals {_listing(goals)} force {format_goal(goal_atom)}, "
                f"but the goal also asks for !{format_goal(goal_atom)}"
            )
    return None


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
    listed = "; ".join(
        f"alternative {i} ({' & '.join(map(format_literal, term))}): {reason}"
        for i, (term, reason) in enumerate(zip(terms[:4], reasons[:4]), start=1)
    )
    more = f"; and {len(terms) - 4} more alternatives" if len(terms) > 4 else ""
    return f"no alternative of the goal can hold: {listed}{more}"


# -- heuristic ------------------------------------------------------------------------------------
def locate(columns: Columns, blocks: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """(row, col) of just the given blocks (cheaper than positions() when the goal names few blocks)."""
    where = {}
    for block in blocks:
        for col, stack in enumerate(columns):
            if block in stack:
                where[block] = (stack.index(block), col)
                break
    return where


def needed_cells(term: tuple[tuple, ...]) -> tuple[tuple[int, int], ...]:
    """Cells that the positive (block,row,col) literals of a term fill, with every cell under them."""
    return tuple(
        sorted(
            {
                (below, fact[3])
                for positive, fact in term
                if positive and fact[0] == "at"
                for below in range(fact[2] + 1)
            }
        )
    )


def term_estimate(
    term: tuple[tuple, ...],
    columns: Columns,
    where: dict[int, tuple[int, int]],
    needed: tuple[tuple[int, int], ...] | None = None,
) -> int:
    """A lower bound on the moves to make a conjunction of canonical literals true.

    A block must move if an atom (b,r,c) asks for it elsewhere, if it sits in a cell another block
    must take, if it must rest on a block it is not on now (a block that never moves keeps the block
    under it), or if a negated atom holds now; every block above a block that must move must move too.
    A left/right goal that fails (or negated, holds) needs one of its two blocks to move: pairwise
    disjoint such pairs that no forced block touches add one moving block each. Every moving block
    makes a last move, so the moves are at least the moving blocks, and at least the cells that must be
    full at the end (an atom's cell and those under it) but are empty now or lose their block, since
    each of those needs a last arrival. A block whose goal cell is in its own column moves twice.
    `needed` is needed_cells(term), passed in when precomputed.
    """
    must: set[int] = set()
    sources: list[tuple[int, int]] = []
    twice = 0
    pairs = []
    for positive, fact in term:
        if fact[0] == "at":
            _, block, row, col = fact
            here = where[block]
            satisfied = here == (row, col)
            if positive and not satisfied:
                must.add(block)
                sources.append(here)
                twice += here[1] == col
                if row < len(columns[col]):
                    must.add(columns[col][row])
                    sources.append((row, col))
            elif not positive and satisfied:
                must.add(block)
                sources.append(here)
            continue
        (row_x, col_x), (row_y, col_y) = where[fact[1]], where[fact[2]]
        if fact[0] == "above":
            satisfied = col_x == col_y and row_x == row_y + 1
            if positive and not satisfied:
                must.add(fact[1])
                sources.append((row_x, col_x))
                if row_y + 1 < len(columns[col_y]):
                    must.add(columns[col_y][row_y + 1])
                    sources.append((row_y + 1, col_y))
            elif not positive and satisfied:
                must.add(fact[1])
                sources.append((row_x, col_x))
        elif positive != (row_x == row_y and col_x == col_y - 1):
            pairs.append((fact[1], fact[2]))
    for row, col in sources:
        must.update(columns[col][row + 1 :])
    used = set(must)
    movers = len(must)
    for x, y in pairs:
        if x not in used and y not in used:
            used.update((x, y))
            movers += 1
    arrivals = sum(
        1
        for row, col in (needed_cells(term) if needed is None else needed)
        if row >= len(columns[col]) or columns[col][row] in must
    )
    return max(movers, arrivals) + twice


@dataclass(frozen=True)
class GoalAnalysis:
    """What the heuristic needs about a goal: its satisfiable alternatives (or its NNF when there are
    too many) and the blocks it names."""

    terms: tuple[tuple[tuple[tuple, ...], tuple[tuple[int, int], ...]], ...] | None
    tree: object
    blocks: tuple[int, ...]


def analyse(formula: Formula, n: int, k: int) -> GoalAnalysis:
    """Alternatives (canonical literals) that are not self-contradictory, or the NNF tree."""
    blocks = tuple(sorted({b for a in atoms_of(formula) for b in canonical(a)[1:3]}))
    terms = dnf(formula)
    if terms is None:
        return GoalAnalysis(None, nnf(formula), blocks)
    feasible = [term for term in terms if contradiction(term, n, k) is None] or terms
    canonical_terms = [tuple((p, canonical(a)) for p, a in term) for term in feasible]
    return GoalAnalysis(tuple((term, needed_cells(term)) for term in canonical_terms), None, blocks)


def estimate(analysis: GoalAnalysis, columns: Columns) -> int:
    """The heuristic value: the best alternative's lower bound (max/min over the NNF tree if too large)."""
    where = locate(columns, analysis.blocks)
    if analysis.terms is not None:
        return min(term_estimate(term, columns, where, needed) for term, needed in analysis.terms)
    return _tree_estimate(analysis.tree, columns, where)


def _tree_estimate(node, columns: Columns, where: dict[int, tuple[int, int]]) -> int:
    """Max over conjuncts, min over disjuncts, term_estimate at the literals."""
    if isinstance(node, Lit):
        positive, goal_atom = node.literal
        return term_estimate(((positive, canonical(goal_atom)),), columns, where)
    values = [_tree_estimate(arg, columns, where) for arg in node.args]
    return max(values) if isinstance(node, NnfAnd) else min(values)


# -- PDDL -----------------------------------------------------------------------------------------
def block_name(block: int) -> str:
    """PDDL name of a block: b3."""
    return f"b{block}"


def goal_pddl(formula: Formula, n: int) -> str:
    """The goal formula in PDDL, structure as written; a neighbourhood goal is the disjunction of the
    cell pairs where it holds."""
    if isinstance(formula, At):
        return atom("at", block_name(formula.block), cell_name((formula.row, formula.col)))
    if isinstance(formula, Rel):
        kind, x, y = canonical(formula)
        d_row, d_col = _OFFSET[kind]
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
    if isinstance(formula, Not):
        return f"(not {goal_pddl(formula.arg, n)})"
    word = "and" if isinstance(formula, And) else "or"
    return f"({word} " + " ".join(goal_pddl(arg, n) for arg in formula.args) + ")"


def goal_requirements(formula: Formula) -> list[str]:
    """The PDDL requirements the goal formula uses beyond STRIPS with typing."""
    flags = []
    if any(isinstance(node, Not) for node in _nodes(formula)):
        flags.append(":negative-preconditions")
    if any(
        isinstance(node, (Or, Rel)) or (isinstance(node, Not) and isinstance(node.arg, (And, Or)))
        for node in _nodes(formula)
    ):
        flags.append(":disjunctive-preconditions")
    return flags


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


# -- random boards and goals ----------------------------------------------------------------------
def height_counts(n: int, k: int) -> list[list[int]]:
    """ways[i][s]: height vectors for columns i..n-1 (each 0..n) that hold s blocks in all."""
    ways = [[0] * (k + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for i in range(n - 1, -1, -1):
        for total in range(k + 1):
            ways[i][total] = sum(ways[i + 1][total - h] for h in range(min(n, total) + 1))
    return ways


def count_boards(n: int, k: int) -> int:
    """Legal boards with blocks 1..k: height vectors times k! orders (every vector has k! fillings)."""
    return height_counts(n, k)[0][k] * math.factorial(k)


def random_board(n: int, k: int, rng: random.Random) -> Columns:
    """A board drawn uniformly from all legal boards: heights by the DP counts, then a random order."""
    ways = height_counts(n, k)
    heights, left = [], k
    for i in range(n):
        pick = rng.randrange(ways[i][left])
        for h in range(min(n, left) + 1):
            pick -= ways[i + 1][left - h]
            if pick < 0:
                heights.append(h)
                left -= h
                break
    blocks = list(range(1, k + 1))
    rng.shuffle(blocks)
    columns, start = [], 0
    for h in heights:
        columns.append(tuple(blocks[start : start + h]))
        start += h
    return tuple(columns)


def true_atoms(board: Columns, block: int) -> list[Atom]:
    """The atoms about `block` that hold on `board`: its cell and its neighbours."""
    where = positions(board)
    row, col = where[block]
    found: list[Atom] = [At(block, row, col)]
    by_cell = {cell: b for b, cell in where.items()}
    for kind, cell in (("a", (row - 1, col)), ("b", (row + 1, col)), ("l", (row, col + 1)), ("r", (row, col - 1))):
        if cell in by_cell:
            found.append(Rel(kind, block, by_cell[cell]))
    return found


def random_atom(n: int, k: int, rng: random.Random) -> Atom:
    """Any atom over the board: a cell atom or a neighbourhood goal between two blocks."""
    if rng.random() < 0.5:
        return At(rng.randint(1, k), rng.randrange(n), rng.randrange(n))
    first, second = rng.sample(range(1, k + 1), 2)
    return Rel(rng.choice("ablr"), first, second)


def random_goal(n: int, k: int, atoms: int, form: str, rng: random.Random) -> Formula:
    """A goal that a random legal board satisfies: `and` of cell atoms, `or` of atoms of every kind, or
    a `mixed` formula with & | ! (negated as a whole when the board falsifies it)."""
    target = random_board(n, k, rng)
    blocks = rng.sample(range(1, k + 1), min(atoms, k))
    if form == "and":
        return _flatten(And, [true_atoms(target, block)[0] for block in blocks])
    if form == "or":
        return _flatten(Or, [rng.choice(true_atoms(target, block)) for block in blocks])
    parts: list[Formula] = [
        rng.choice(true_atoms(target, rng.randint(1, k))) if rng.random() < 0.5 else random_atom(n, k, rng)
        for _ in range(atoms)
    ]
    while len(parts) > 1:
        left, right = parts.pop(rng.randrange(len(parts))), parts.pop(rng.randrange(len(parts)))
        node = _flatten(rng.choice((And, Or)), [left, right])
        parts.append(Not(node) if rng.random() < 0.25 else node)
    goal = parts[0]
    if evaluate(goal, positions(target)):
        return goal
    return goal.arg if isinstance(goal, Not) else Not(goal)


# -- the puzzle -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShrdluInstance:
    """An n x n board (columns bottom to top) and a goal formula."""

    n: int
    board: Columns
    goal: Formula

    @property
    def k(self) -> int:
        """Number of blocks."""
        return sum(len(column) for column in self.board)


class Shrdlu(Puzzle[ShrdluInstance, Columns, Move]):
    """Mini-SHRDLU: move the top block of one column onto another column that is not full."""

    name = "shrdlu"
    suffixes = (".shrdlu",)

    def __init__(self) -> None:
        self._analyses: dict[int, tuple[ShrdluInstance, GoalAnalysis]] = {}

    # -- native format ---------------------------------------------------------------------------
    def parse(self, text: str, source: str = "<input>") -> ShrdluInstance:
        """Read a .shrdlu file: a `state:` matrix (top row first, 0 = empty) and a `goal:` formula."""
        found = sections(content_lines(text), ("state", "goal"), source)
        for required in ("state", "goal"):
            if required not in found:
                raise InputError(f"missing section '{required}:'", source)
        header, rows = found["state"]
        if header.text.partition(":")[2].strip():
            raise InputError("write the board on the lines after 'state:'", source, header.number)
        n, board = _read_board(header, rows, source)
        k = sum(len(column) for column in board)
        pieces = _goal_pieces(text, *found["goal"])
        if not any(piece.strip() for _, _, piece in pieces):
            raise InputError(
                "expected a goal formula after 'goal:', e.g. (1,0,0) & 6b2", source, found["goal"][0].number
            )
        return ShrdluInstance(n, board, parse_goal(pieces, n, k, source))

    def render(self, instance: ShrdluInstance) -> str:
        """The .shrdlu text of an instance."""
        return "state:\n" + _matrix(instance.n, instance.board) + "\ngoal: " + format_goal(instance.goal) + "\n"

    generator_options = (
        Option("n", int, 3, "board size n x n", minimum=3),
        Option("k", int, None, "number of blocks, n to n*n - n (default n*n - n)", minimum=1),
        Option("goal-atoms", int, 3, "atoms in the goal", minimum=1),
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
        """The goal analysis of an instance, computed once."""
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
        n, board = instance.n, instance.board
        cells = [(row, col) for row in range(n) for col in range(n)]
        init = [
            atom("at", block_name(b), cell_name((row, col)))
            for col, stack in enumerate(board)
            for row, b in enumerate(stack)
        ]
        init += [atom("free" if row >= len(board[col]) else "full", cell_name((row, col))) for row, col in cells]
        init += [atom("full", _floor(col)) for col in range(n)] + [atom("free", _ceiling(col)) for col in range(n)]
        for col in range(n):
            column = [_floor(col)] + [cell_name((row, col)) for row in range(n)] + [_ceiling(col)]
            init += [atom("under", low, high) for low, high in zip(column, column[1:])]
        init += [atom("apart", cell_name(p), cell_name(q)) for p in cells for q in cells if p[1] != q[1]]
        objects = {
            "block": [block_name(b) for b in range(1, instance.k + 1)],
            "cell": [cell_name(c) for c in cells] + [_floor(c) for c in range(n)] + [_ceiling(c) for c in range(n)],
        }
        problem = problem_text(f"shrdlu-n{n}-k{instance.k}", "shrdlu", objects, init, goal_pddl(instance.goal, n))
        requirements = " ".join([":strips", ":typing"] + goal_requirements(instance.goal))
        domain = re.sub(r"\(:requirements[^)]*\)", f"(:requirements {requirements})", domain_text("shrdlu"), count=1)
        return PddlTask("shrdlu", domain, problem)

    def decode(self, instance: ShrdluInstance, plan: list[GroundAction]) -> list[Move]:
        """(move bN FROM OVER TO BASE) -> (column of FROM, column of TO), checking bN is on top there."""
        state, moves = instance.board, []
        for name, args in plan:
            step = f"({name} {' '.join(args)})"
            try:
                if name != "move" or len(args) != 5 or not re.fullmatch(r"b\d+", args[0]):
                    raise ValueError("not a move")
                move = (parse_cell_name(args[1])[1], parse_cell_name(args[3])[1])
            except ValueError:
                raise InputError(f"expected (move bN FROM OVER TO BASE), found {step}") from None
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
        match = re.fullmatch(r"\s*[(\[]?\s*(\d+)\s*[,\s]\s*(\d+)\s*[)\]]?\s*", text)
        if not match:
            raise ValueError("expected SOURCE DESTINATION columns, e.g. (2, 0) or 2 0")
        return int(match.group(1)), int(match.group(2))

    def show(self, instance: ShrdluInstance, state: Columns) -> str:
        """The seed's matrix: top row first, row indices on the left, column indices underneath."""
        n = instance.n
        width = max(len(str(instance.k)), len(str(n - 1)))
        label = len(str(n - 1))
        lines = [f"{row:>{label}}  " + " ".join(f"{cell:>{width}}" for cell in cells) for row, cells in _rows(n, state)]
        lines.append(" " * (label + 2) + " ".join(f"{col:>{width}}" for col in range(n)))
        return "\n".join(lines)


def _moved(state: Columns, source: int, target: int) -> Columns:
    """The board after moving the top of `source` onto `target` (no checks)."""
    columns = list(state)
    columns[target] = state[target] + (state[source][-1],)
    columns[source] = state[source][:-1]
    return tuple(columns)


def _rows(n: int, board: Columns) -> list[tuple[int, list[int]]]:
    """(row index, cells) from the top row down, 0 for an empty cell."""
    return [(row, [column[row] if row < len(column) else 0 for column in board]) for row in range(n - 1, -1, -1)]


def _matrix(n: int, board: Columns) -> str:
    """The state section: rows top to bottom, numbers right-aligned."""
    width = len(str(sum(len(column) for column in board)))
    return "\n".join(" ".join(f"{cell:>{width}}" for cell in cells) for _, cells in _rows(n, board))


def _read_board(header: Line, rows: list[Line], source: str) -> tuple[int, Columns]:
    """Rows top to bottom -> (n, columns bottom to top), checking shape, gravity and numbering."""
    if not rows:
        raise InputError("expected the board rows after 'state:'", source, header.number)
    matrix = []
    for line in rows:
        try:
            matrix.append([int(word) for word in line.text.split()])
        except ValueError:
            raise InputError(
                f"expected whole numbers (0 = empty cell), found {line.text!r}", source, line.number
            ) from None
        if any(value < 0 for value in matrix[-1]):
            raise InputError("block numbers are positive (0 = empty cell)", source, line.number)
        if len(matrix[-1]) != len(matrix[0]):
            raise InputError(
                f"this row has {len(matrix[-1])} cells, the first row has {len(matrix[0])}", source, line.number
            )
    n = len(matrix[0])
    if len(matrix) != n:
        raise InputError(f"the board must be square: {n} columns but {len(matrix)} rows", source, rows[-1].number)
    if n < 3:
        raise InputError(f"the board must be at least 3 x 3 (n > 2), found {n} x {n}", source, header.number)
    _check_blocks(matrix, rows, source)
    k = sum(1 for values in matrix for value in values if value)
    if not n <= k <= n * n - n:
        raise InputError(
            f"a {n} x {n} board holds between {n} and {n * n - n} blocks (n <= k <= n*n - n), found {k}",
            source,
            header.number,
        )
    bottom_up = list(reversed(matrix))
    return n, tuple(tuple(values[col] for values in bottom_up if values[col]) for col in range(n))


def _check_blocks(matrix: list[list[int]], rows: list[Line], source: str) -> None:
    """No duplicates, no floating blocks, blocks numbered 1..k."""
    first_seen: dict[int, int] = {}
    for values, line in zip(matrix, rows):
        for value in values:
            if value and value in first_seen:
                raise InputError(f"block {value} appears twice (also on line {first_seen[value]})", source, line.number)
            first_seen.setdefault(value, line.number)
    for index in range(len(matrix) - 1):
        for col, (value, below) in enumerate(zip(matrix[index], matrix[index + 1])):
            if value and not below:
                raise InputError(
                    f"block {value} in column {col} floats: the cell under it is empty", source, rows[index].number
                )
    k = len(first_seen) - (0 in first_seen)
    for value, number in first_seen.items():
        if value > k:
            raise InputError(f"blocks are numbered 1 to {k} (there are {k}), found block {value}", source, number)


def _goal_pieces(text: str, header: Line, body: list[Line]) -> list[tuple[int, int, str]]:
    """The goal text as (line number, 0-based column offset, text) for the header rest and body lines."""
    raw_lines = text.splitlines()
    raw = raw_lines[header.number - 1].split("#", 1)[0]
    start = raw.index(":") + 1
    pieces = [(header.number, start, raw[start:])]
    for line in body:
        raw = raw_lines[line.number - 1].split("#", 1)[0]
        pieces.append((line.number, raw.index(line.text), line.text))
    return pieces
