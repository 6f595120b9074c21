"""The meaning of statements: truth values, computed for many rows of a truth table at once.

A column is a Python int whose bit r is the value of a statement in row r of a truth table; `full` has
the bits of every row set. `and` of no statements is true, `or` and `xor` of none false, and `xor` is
true when exactly one of its statements is true.
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzleplan.logic.syntax import Expr, Symbol


def truth_column(expr: Expr, columns: Mapping[str, int], full: int) -> int:
    """The column of `expr`, given the column of each of its symbols."""
    if isinstance(expr, Symbol):
        return columns[expr.name]
    values = [truth_column(operand, columns, full) for operand in expr.operands]
    connective = expr.connective
    if connective == "not":
        return full ^ values[0]
    if connective == "and":
        result = full
        for value in values:
            result &= value
        return result
    if connective == "or":
        result = 0
        for value in values:
            result |= value
        return result
    if connective == "xor":
        return exactly_one(values)
    left, right = values
    if connective == "if":
        return (full ^ left) | right
    return full ^ (left ^ right)  # iff


def exactly_one(values: list[int]) -> int:
    """The rows in which exactly one of the columns `values` is true."""
    at_least_one = at_least_two = 0
    for value in values:
        at_least_two |= at_least_one & value
        at_least_one |= value
    return at_least_one & ~at_least_two
