"""Statements in the assignment's prefix notation: the syntax tree, reading (lark grammar, errors with file,
line and column) and writing.

A file holds one statement per line; empty lines and lines starting with `#` are skipped. Connectives
are read case-insensitively (`AND` is `and`) and written in lower case; symbols keep their case.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from puzzleplan.common import grammar
from puzzleplan.common.errors import InputError, quote
from puzzleplan.common.files import read_file

ARITY = {"and": None, "or": None, "xor": None, "not": 1, "if": 2, "iff": 2}
"""The six connectives and how many statements each takes (None: any number, none included)."""
CONNECTIVE_LIST = "and, or, xor, not, if, iff"
WUMPUS_SYMBOL = re.compile(r"[MSPB]_[1-4]_[1-4]")
"""The only symbols the assignment allows: M_i_j, S_i_j, P_i_j, B_i_j for i, j in 1..4."""
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Symbol:
    """A propositional symbol such as M_1_1."""

    name: str


@dataclass(frozen=True)
class Compound:
    """A connective (lower case) applied to statements."""

    connective: str
    operands: tuple[Expr, ...]


Expr = Symbol | Compound
"""A statement."""


def symbols(expr: Expr) -> set[str]:
    """The names of the symbols in a statement."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        item = stack.pop()
        if isinstance(item, Symbol):
            found.add(item.name)
        else:
            stack.extend(item.operands)
    return found


def format_statement(expr: Expr) -> str:
    """The statement in prefix notation, connectives in lower case: (if M_1_1 (and S_1_2 S_2_1))."""
    if isinstance(expr, Symbol):
        return expr.name
    return "(" + " ".join([expr.connective, *(format_statement(operand) for operand in expr.operands)]) + ")"


# ---------------------------------------------------------------------------------------------- reading


def _parser():
    """The LALR parser of statement.lark (built once)."""
    return grammar.parser(
        "puzzleplan.logic", "statement.lark", "statement", lexer="contextual", propagate_positions=True
    )


def parse_statement(line: str, source: str = "<statement>", number: int = 1) -> Expr:
    """The one statement on `line` (line `number` of `source`); InputError names the line and column."""
    deep = grammar.too_deep(line, "(", ")")
    if deep:
        raise InputError(f"the statement is nested more than {grammar.MAX_NESTING} deep", source, number, deep[1])
    try:
        tree = _parser().parse(line)
    except UnexpectedInput as error:
        raise _syntax_error(error, line, source, number) from None
    return _expr(tree.children[0], source, number)


def parse_statements(
    text: str, source: str = "<statements>", strict: bool = False, allowed: re.Pattern | None = None
) -> list[Expr]:
    """The statements of a file, one per line (empty lines and `#` comment lines skipped); `strict`: a blank
    line must be empty (check_line); `allowed`: the pattern every symbol must match."""
    statements = []
    for number, line in enumerate(text.splitlines(), start=1):
        if strict:
            check_line(line, source, number)
        if _holds_statement(line):
            statements.append(_checked(parse_statement(line, source, number), line, source, number, allowed))
    return statements


def _holds_statement(line: str) -> bool:
    """A line that is neither empty (white space only) nor a `#` comment."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


SPACING = (
    (re.compile(r"(?<=\S)\("), "an open parenthesis that does not start the line must follow white space"),
    (re.compile(r"\(\s"), "an open parenthesis must be followed at once by a connective, without white space"),
    (re.compile(r"\)(?=[^\s)])"), "a close parenthesis that does not end the line must be followed by white space"),
)
"""The assignment's spacing rules (pattern matching a break of the rule at its parenthesis, the rule); a
close parenthesis may be followed by another, as the assignment's own examples write `)))`."""


def check_line(line: str, source: str, number: int) -> None:
    """The assignment's rules for a line: a blank line is totally empty (a line holding a space is an
    error), and the parentheses are spaced as SPACING says; comment lines are free."""
    if line and not line.strip():
        raise InputError(
            "a blank line must be totally empty; this one holds only white space (the assignment: a line with a "
            "single space on it is an error)",
            source,
            number,
            1,
        )
    if line.lstrip().startswith("#"):
        return
    for pattern, rule in SPACING:
        found = pattern.search(line)
        if found:
            raise InputError(f"{rule} (the assignment's syntax)", source, number, found.start() + 1)


def _checked(expr: Expr, line: str, source: str, number: int, allowed: re.Pattern | None) -> Expr:
    """The statement, after checking that its symbols match `allowed` (the wumpus world's 64), if given."""
    if allowed is None:
        return expr
    for name in sorted(symbols(expr)):
        if not allowed.fullmatch(name):
            found = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", line)
            raise InputError(
                f"unknown symbol {name!r}: the only symbols allowed are M_i_j, S_i_j, P_i_j and B_i_j with i and j "
                "from 1 to 4 (check_true_false --any-symbols reads other names)",
                source,
                number,
                found.start() + 1 if found else None,
            )
    return expr


def parse_single(
    text: str, source: str = "<statement>", strict: bool = False, allowed: re.Pattern | None = None
) -> Expr:
    """The statement of a statement file: its first one; as the assignment says, the lines after it are
    not read (a warning names the first of them). `strict` and `allowed` as for parse_statements."""
    numbered = list(enumerate(text.splitlines(), start=1))
    for number, line in numbered if strict else ():
        check_line(line, source, number)
    lines = [(n, line) for n, line in numbered if _holds_statement(line)]
    if not lines:
        raise InputError("the statement file holds no statement", source, 1)
    if len(lines) > 1:
        number, line = lines[1]
        log.warning(
            "%s:%d: only the first statement of a statement file is read; ignored from here: %s",
            source,
            number,
            quote(line.strip()),
        )
    number, line = lines[0]
    return _checked(parse_statement(line, source, number), line, source, number, allowed)


def load_statements(path: str | Path, strict: bool = False, allowed: re.Pattern | None = None) -> list[Expr]:
    """The statements of a knowledge-base file (`strict` and `allowed` as for parse_statements)."""
    return parse_statements(read_file(path), str(path), strict, allowed)


def load_single(path: str | Path, strict: bool = False, allowed: re.Pattern | None = None) -> Expr:
    """The statement of a statement file (`strict` and `allowed` as for parse_statements)."""
    return parse_single(read_file(path), str(path), strict, allowed)


def _expr(node: Tree | Token, source: str, number: int) -> Expr:
    """The syntax tree of a parsed node, checking symbols and the number of statements per connective."""
    if isinstance(node, Token):
        return _symbol(node, source, number)
    connective, *operands = node.children
    name = str(connective).lower()
    arity = ARITY[name]
    if arity is not None and len(operands) != arity:
        wanted = "one statement" if arity == 1 else "two statements"
        raise InputError(
            f"'{name}' takes exactly {wanted}, this one has {len(operands)}", source, number, node.meta.column
        )
    return Compound(name, tuple(_expr(operand, source, number) for operand in operands))


def _symbol(token: Token, source: str, number: int) -> Symbol:
    """The symbol of a token; a connective's name outside '(' is an error."""
    if token.lower() in ARITY:
        raise InputError(
            f"{str(token)!r} is a connective, so it must follow '(' as in ({token.lower()} A B)",
            source,
            number,
            token.column,
        )
    return Symbol(str(token))


def _syntax_error(error: UnexpectedInput, line: str, source: str, number: int) -> InputError:
    """A one-paragraph InputError for lark's error on `line`."""
    column = getattr(error, "column", None)
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        return InputError(
            "this '(' is never closed (a statement is written on one line)", source, number, _unclosed(line)
        )
    if isinstance(error, UnexpectedToken):
        return InputError(_token_message(error), source, number, column)
    if isinstance(error, UnexpectedCharacters):
        return InputError(_character_message(error, line), source, number, column)
    return InputError(f"cannot read the statement: {error}", source, number, column)  # pragma: no cover


def _token_message(error: UnexpectedToken) -> str:
    """What is wrong where lark met an unexpected token (not the end of the line)."""
    found = str(error.token)
    if "CONNECTIVE" in error.expected:
        return f"expected a connective ({CONNECTIVE_LIST}) right after '(', found {quote(found)}"
    if found == ")":
        return "')' closes nothing: no '(' is open here"
    if error.expected <= {"$END"}:
        return f"one statement per line: {quote(found)} follows a complete statement"
    return f"unexpected {quote(found)}"  # pragma: no cover - the grammar leaves no other case


def _character_message(error: UnexpectedCharacters, line: str) -> str:
    """What is wrong where lark met a character no token starts with: a word after '(' that is no
    connective, or a character that has no place in a statement."""
    position = error.pos_in_stream or 0  # always set for characters
    char = line[position]
    if line[:position].rstrip().endswith("("):
        word = line[position:].split(None, 1)[0].split(")")[0] or char
        return f"expected a connective ({CONNECTIVE_LIST}) right after '(', found {quote(word)}"
    return f"unexpected character {char!r}: statements are symbols (letters, digits, '_') and (connective ...)"


def _unclosed(line: str) -> int:
    """The column of the first '(' on `line` that no ')' closes."""
    open_columns: list[int] = []
    for column, char in enumerate(line, start=1):
        if char == "(":
            open_columns.append(column)
        elif char == ")" and open_columns:
            open_columns.pop()
    return open_columns[0] if open_columns else len(line)
