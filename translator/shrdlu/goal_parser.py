"""Reading goal text (translator/shrdlu/goal.lark) into a Formula, with errors that name the line and
column; lark is imported only when a goal is parsed."""

from __future__ import annotations

import re

from puzzleplan.common import grammar
from puzzleplan.common.errors import InputError
from puzzleplan.translator.shrdlu.formula import And, At, Formula, Not, Or, Rel, flatten


def _goal_parser():
    """The LALR parser of goal.lark (built once)."""
    return grammar.parser("puzzleplan.translator.shrdlu", "goal.lark")


class _GoalError(Exception):
    """A semantic error in the goal, with the lark token where it happened."""

    def __init__(self, message: str, token) -> None:
        super().__init__(message)
        self.message, self.token = message, token


def excludes(goals: list[Formula]) -> bool:
    """True when two atom goals of a set cannot hold together: one block in two cells or two blocks in one
    cell (the assignment's `{(1,0,0),(1,1,0),(1,2,0)}`, which it calls disjunctive)."""
    atoms = [goal for goal in goals if isinstance(goal, At)]
    return any(
        (a.block == b.block) != ((a.row, a.col) == (b.row, b.col)) for i, a in enumerate(atoms) for b in atoms[i + 1 :]
    )


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
            first, kind, second = re.fullmatch(r"([0-9]+)([a-zA-Z])([0-9]+)", str(token)).groups()
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
            """g & h, conjunctive {g, h}."""
            return flatten(And, children)

        def goal_set(self, children):
            """{g, h}: a disjunction when two atom goals exclude each other, else a conjunction."""
            return flatten(Or if excludes(children) else And, children)

        def any_of(self, children):
            """g | h, [g, h], disjunctive {g, h}."""
            return flatten(Or, children)

    return Builder()


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

    deep = grammar.too_deep(text, "([{", ")]}", "!")
    if deep:
        raise InputError(f"bad goal: nested more than {grammar.MAX_NESTING} deep", source, *locate(*deep))
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
