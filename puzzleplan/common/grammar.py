"""The project's lark grammars: loading them from package data, and turning lark's syntax errors into
plain words (what was found, what was expected, where) for InputError messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from puzzleplan.common.errors import quote


@cache
def parser(package: str, filename: str, start: str = "start", **options: Any):
    """The LALR parser of a grammar file shipped in `package` (built once per start symbol)."""
    from lark import Lark

    grammar = files(package).joinpath(filename).read_text(encoding="utf-8")
    return Lark(grammar, start=start, parser="lalr", **options)


@dataclass(frozen=True)
class SyntaxProblem:
    """A syntax error in words: what was found, what would have been accepted, and where (1-based)."""

    found: str
    expected: str
    line: int | None
    column: int | None
    at_end: bool


def syntax_problem(error: Exception, parser: Any, text: str, names: Mapping[str, str]) -> SyntaxProblem | None:
    """The SyntaxProblem of a lark error (None when it is not a syntax error); `names` gives readable
    names of terminals (e.g. {"INT": "a number", "$END": "the end of the goal"}); other terminals are
    shown by their literal pattern."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(error, UnexpectedToken):
        return _unexpected_token(error, parser, names)
    if isinstance(error, UnexpectedCharacters):
        found = f"character {text[error.pos_in_stream or 0]!r}"  # always set for characters
        allowed = expected_terminals(parser, error.allowed, names) if error.allowed else "something else"
        return SyntaxProblem(found, allowed, error.line, error.column, False)
    if isinstance(error, UnexpectedEOF):
        return SyntaxProblem(names.get("$END", "the end of the text"), "more", None, None, True)
    return None


def _unexpected_token(error: Any, parser: Any, names: Mapping[str, str]) -> SyntaxProblem:
    """The SyntaxProblem of a lark UnexpectedToken: the token, or the end of the text, where it was found."""
    at_end = error.token.type == "$END"
    found = names.get("$END", "the end of the text") if at_end else quote(str(error.token))
    line, column = (None, None) if at_end else (error.line, error.column)
    return SyntaxProblem(found, expected_terminals(parser, error.expected, names), line, column, at_end)


def expected_terminals(parser: Any, terminals: Any, names: Mapping[str, str]) -> str:
    """Readable names of the terminals lark expected: 'X' or 'one of X, Y, Z'."""
    shown = set()
    for name in terminals:
        if name in names:
            shown.add(names[name])
            continue
        try:
            shown.add(repr(parser.get_terminal(name).pattern.value))
        except KeyError:
            shown.add(name.lower())
    ordered = sorted(shown)
    return ordered[0] if len(ordered) == 1 else "one of " + ", ".join(ordered)


MAX_NESTING = 100
"""The deepest nesting a formula may have: its reading and everything after it (the lark tree's
transformation, evaluation, encoding) recurse, and a formula 100,000 deep would exhaust the stack."""


def too_deep(text: str, openers: str, closers: str, prefixes: str = "") -> tuple[int, int] | None:
    """The 1-based (line, column) where `text` nests deeper than MAX_NESTING, or None: every opener is a
    level until its closer, and so is each of a run of prefix operators (`!!!g`)."""
    depth = run = 0
    line, column = 1, 0
    for char in text:
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        if char in openers:
            depth += 1
        elif char in closers:
            depth -= 1
        if char in prefixes:
            run += 1
        elif not char.isspace():
            run = 0
        if depth + run > MAX_NESTING:
            return line, column
    return None
