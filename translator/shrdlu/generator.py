"""Random instances: legal boards drawn uniformly (counted by a dynamic programme over column heights) and
random goals that some legal board satisfies."""

from __future__ import annotations

import math
import random

from puzzleplan.translator.shrdlu.formula import (
    And,
    At,
    Atom,
    Columns,
    Formula,
    Not,
    Or,
    Rel,
    evaluate,
    flatten,
    positions,
)


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
    heights = _random_heights(n, k, rng)
    blocks = list(range(1, k + 1))
    rng.shuffle(blocks)
    columns, start = [], 0
    for h in heights:
        columns.append(tuple(blocks[start : start + h]))
        start += h
    return tuple(columns)


def _random_heights(n: int, k: int, rng: random.Random) -> list[int]:
    """Column heights (each 0..n, k in all) drawn uniformly, column by column by the DP counts."""
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
    return heights


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
        return flatten(And, [true_atoms(target, block)[0] for block in blocks])
    if form == "or":
        return flatten(Or, [rng.choice(true_atoms(target, block)) for block in blocks])
    return _mixed_goal(n, k, atoms, target, rng)


def _mixed_goal(n: int, k: int, atoms: int, target: Columns, rng: random.Random) -> Formula:
    """A random & | ! formula over `atoms` atoms (half of them true on `target`), negated as a whole when
    `target` falsifies it."""
    parts: list[Formula] = [
        rng.choice(true_atoms(target, rng.randint(1, k))) if rng.random() < 0.5 else random_atom(n, k, rng)
        for _ in range(atoms)
    ]
    while len(parts) > 1:
        left, right = parts.pop(rng.randrange(len(parts))), parts.pop(rng.randrange(len(parts)))
        node = flatten(rng.choice((And, Or)), [left, right])
        parts.append(Not(node) if rng.random() < 0.25 else node)
    goal = parts[0]
    if evaluate(goal, positions(target)):
        return goal
    return goal.arg if isinstance(goal, Not) else Not(goal)
