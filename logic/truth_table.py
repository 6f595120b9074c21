"""Entailment by truth tables: the textbook's TT-Entails, with the assignment's shortcut.

KB |= S when S is true in every row of the truth table where KB is true. The symbols whose value the
knowledge base states by itself (a statement that is a bare symbol, `(not S)`, or an `and` of such
statements) are assigned first, in the initial model, and not enumerated: only the rows over the
other symbols of KB and S are checked, 2**n rows for n such symbols.

The rows are checked all at once rather than one by one: each symbol's column of truth values over
the 2**n rows is one Python int (bit r = its value in row r), so the knowledge base and the statement
are evaluated for every row with a few integer operations per connective (puzzleplan.logic.semantics). The
answer is the one TT-Check-All gives, row for row. Beyond MAX_SYMBOLS symbols to enumerate
(2**24 rows, 2 MiB a column) the engine refuses: TooManySymbols says to use the SAT engine.
"""

from __future__ import annotations

import logging

from puzzleplan.logic.semantics import truth_column
from puzzleplan.logic.syntax import Compound, Expr, Symbol, symbols

log = logging.getLogger(__name__)

MAX_SYMBOLS = 24
"""The most symbols the truth-table engine enumerates (2**24 rows)."""


class TooManySymbols(Exception):
    """The truth table would have too many rows to check."""


def stated_literals(kb: list[Expr]) -> tuple[dict[str, bool], bool]:
    """The values the KB gives symbols by itself, and False when it gives one symbol both values.

    A statement that is a symbol makes it true, `(not S)` false; the operands of an `and` statement
    count as statements.
    """
    values: dict[str, bool] = {}
    consistent = True
    pending = list(kb)
    while pending:
        statement = pending.pop()
        literal = _literal(statement)
        if literal is not None:
            name, value = literal
            consistent &= values.setdefault(name, value) == value
        elif isinstance(statement, Compound) and statement.connective == "and":
            pending.extend(statement.operands)
    return values, consistent


def _literal(statement: Expr) -> tuple[str, bool] | None:
    """(name, True) for a symbol, (name, False) for (not symbol), None for anything else."""
    if isinstance(statement, Symbol):
        return statement.name, True
    if statement.connective == "not" and isinstance(statement.operands[0], Symbol):
        return statement.operands[0].name, False
    return None


def symbol_column(index: int, count: int) -> int:
    """The column of the `index`-th of `count` enumerated symbols: its bit r is bit `index` of r."""
    if count <= 3:
        return sum(1 << row for row in range(1 << count) if row >> index & 1)
    if index < 3:
        pattern = (0xAA, 0xCC, 0xF0)[index]
        return int.from_bytes(bytes([pattern]) * (1 << (count - 3)), "little")
    half = 1 << (index - 3)
    block = b"\x00" * half + b"\xff" * half
    return int.from_bytes(block * (1 << (count - index - 1)), "little")


def _free_symbols(kb: list[Expr], statement: Expr, model: dict[str, bool]) -> list[str]:
    """The symbols of KB and statement that the model leaves free, sorted; TooManySymbols beyond MAX_SYMBOLS."""
    free = sorted(set().union(*(symbols(s) for s in kb), symbols(statement)) - set(model))
    if len(free) > MAX_SYMBOLS:
        raise TooManySymbols(
            f"the truth-table engine would check 2**{len(free)} rows: {len(free)} symbols are not fixed by a "
            f"statement of their own (it enumerates at most {MAX_SYMBOLS}); use --engine sat"
        )
    return free


def tt_entailments(kb: list[Expr], statement: Expr) -> tuple[bool, bool]:
    """(KB |= statement, KB |= (not statement)) by checking every row; TooManySymbols beyond MAX_SYMBOLS."""
    model, consistent = stated_literals(kb)
    if not consistent:
        log.info("tt: the knowledge base states a symbol and its negation: it is false in every row")
        return True, True
    free = _free_symbols(kb, statement, model)
    log.info(
        "tt: %d symbols fixed by the knowledge base, %d enumerated (%d rows)", len(model), len(free), 1 << len(free)
    )
    full = (1 << (1 << len(free))) - 1
    columns = {name: (full if value else 0) for name, value in model.items()}
    columns.update({name: symbol_column(index, len(free)) for index, name in enumerate(free)})
    kb_rows = full
    for item in kb:
        kb_rows &= truth_column(item, columns, full)
        if not kb_rows:
            break
    true_rows = truth_column(statement, columns, full)
    return not kb_rows & ~true_rows, not kb_rows & true_rows
