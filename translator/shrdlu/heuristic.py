"""The admissible heuristic: a lower bound on the moves to make the goal true, from the goal's analysis
(GoalAnalysis: its satisfiable alternatives, or its NNF tree, and the blocks it names)."""

from __future__ import annotations

from dataclasses import dataclass

from puzzleplan.translator.shrdlu.analysis import Lit, NnfAnd, contradiction, dnf, nnf
from puzzleplan.translator.shrdlu.formula import Columns, Formula, atoms_of, canonical


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
            twice += _at_demands(positive, fact, columns, where, must, sources)
        elif fact[0] == "above":
            _above_demands(positive, fact, columns, where, must, sources)
        elif positive != _left_of(where[fact[1]], where[fact[2]]):
            pairs.append((fact[1], fact[2]))
    for row, col in sources:
        must.update(columns[col][row + 1 :])
    movers = len(must) + _disjoint_pairs(pairs, must)
    arrivals = sum(
        1
        for row, col in (needed_cells(term) if needed is None else needed)
        if row >= len(columns[col]) or columns[col][row] in must
    )
    return max(movers, arrivals) + twice


Cells = list[tuple[int, int]]


def _moves_off(block: int, here: tuple[int, int], must: set[int], sources: Cells) -> None:
    """Record that `block` must leave `here` (and so must every block above it)."""
    must.add(block)
    sources.append(here)


def _cleared(columns: Columns, row: int, col: int, must: set[int], sources: Cells) -> None:
    """Record that the block in (row, col), if there is one, must leave it."""
    if row < len(columns[col]):
        _moves_off(columns[col][row], (row, col), must, sources)


def _at_demands(
    positive: bool, fact: tuple, columns: Columns, where: dict[int, tuple[int, int]], must: set[int], sources: Cells
) -> int:
    """The moves an (at block row col) literal forces; 1 when the block must move twice (its goal is in
    its own column), else 0."""
    _, block, row, col = fact
    here = where[block]
    if positive == (here == (row, col)):
        return 0
    _moves_off(block, here, must, sources)
    if not positive:
        return 0
    _cleared(columns, row, col, must, sources)
    return int(here[1] == col)


def _above_demands(
    positive: bool, fact: tuple, columns: Columns, where: dict[int, tuple[int, int]], must: set[int], sources: Cells
) -> None:
    """The moves an (above x y) literal forces: x leaves, and the block now on y makes room."""
    (row_x, col_x), (row_y, col_y) = where[fact[1]], where[fact[2]]
    if positive == (col_x == col_y and row_x == row_y + 1):
        return
    _moves_off(fact[1], (row_x, col_x), must, sources)
    if positive:
        _cleared(columns, row_y + 1, col_y, must, sources)


def _left_of(x: tuple[int, int], y: tuple[int, int]) -> bool:
    """True when the block at `x` is just left of the block at `y`."""
    return x[0] == y[0] and x[1] == y[1] - 1


def _disjoint_pairs(pairs: list[tuple[int, int]], must: set[int]) -> int:
    """How many of the pairs (one of whose blocks must move) are disjoint from each other and from `must`."""
    used, count = set(must), 0
    for x, y in pairs:
        if x not in used and y not in used:
            used.update((x, y))
            count += 1
    return count


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
    return GoalAnalysis(_feasible_terms(terms, n, k), None, blocks)


def _feasible_terms(terms: list, n: int, k: int) -> tuple[tuple[tuple[tuple, ...], tuple[tuple[int, int], ...]], ...]:
    """The alternatives that do not contradict themselves (all of them if every one does), with canonical
    literals and their needed cells."""
    feasible = [term for term in terms if contradiction(term, n, k) is None] or terms
    canonical_terms = [tuple((p, canonical(a)) for p, a in term) for term in feasible]
    return tuple((term, needed_cells(term)) for term in canonical_terms)


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
