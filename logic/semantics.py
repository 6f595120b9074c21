"""The meaning of statements: truth values, computed for many rows of a truth table at once.

A column is a Python int whose bit r is the value of a statement in row r of a truth table; `full` has
the bits of every row set. `and` of no statements is true, `or` and `xor` of none false, and `xor` is
true when exactly one of its statements is true.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from functools import reduce

from puzzleplan.logic.syntax import Expr, Symbol


def truth_column(expr: Expr, columns: Mapping[str, int], full: int) -> int:
    """The column of `expr`, given the column of each of its symbols."""
    if isinstance(expr, Symbol):
        return columns[expr.name]
    values = [truth_column(operand, columns, full) for operand in expr.operands]
    return CONNECTIVES[expr.connective](values, full)


def exactly_one(values: list[int]) -> int:
    """The rows in which exactly one of the columns `values` is true."""
    at_least_one = at_least_two = 0
    for value in values:
        at_least_two |= at_least_one & value
        at_least_one |= value
    return at_least_one & ~at_least_two


CONNECTIVES: dict[str, Callable[[list[int], int], int]] = {
    "not": lambda values, full: full ^ values[0],
    "and": lambda values, full: reduce(operator.and_, values, full),
    "or": lambda values, full: reduce(operator.or_, values, 0),
    "xor": lambda values, full: exactly_one(values),
    "if": lambda values, full: (full ^ values[0]) | values[1],
    "iff": lambda values, full: full ^ (values[0] ^ values[1]),
}
"""Each connective's column from its statements' columns and `full`."""
