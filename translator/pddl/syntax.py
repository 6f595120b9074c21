"""Reading and checking PDDL written by users (`puzzleplan plan DOMAIN PROBLEM`) before any planner runs.

The text is read as s-expressions with the line and column of every token, then checked against what
the domain declares: names (ASCII letters, digits, `-` and `_`, starting with a letter), duplicate
declarations, known types, predicates used with their declared number of arguments, objects and
variables that exist. Every error is an InputError naming the file, the line, the column and what was
expected. Parts a planner may accept beyond STRIPS and ADL (numeric fluents, durative actions) are read
for their syntax only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.pddl.departures import GLUED, depart, glued_comment

T = TypeVar("T")

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
VARIABLE = re.compile(r"\?[A-Za-z][A-Za-z0-9_-]*")
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
NUMERIC = {"increase", "decrease", "assign", "scale-up", "scale-down", "<", ">", "<=", ">=", "+", "-", "*", "/"}
DOMAIN_SECTIONS = (
    ":requirements",
    ":types",
    ":constants",
    ":predicates",
    ":functions",
    ":action",
    ":derived",
    ":durative-action",
    ":process",
    ":event",
)
MAX_DEPTH = 100
"""The deepest nesting of lists a PDDL file may have (real domains stay under 20): Fast Downward's translator
fails at 500 with a long traceback, and the checks here recurse too."""
PROBLEM_SECTIONS = (":domain", ":requirements", ":objects", ":init", ":goal", ":metric", ":constraints")


@dataclass(frozen=True)
class Token:
    """A word of PDDL text with its 1-based line and column."""

    text: str
    line: int
    column: int


@dataclass
class Expr:
    """A parenthesized list: its opening parenthesis and its items (tokens and lists)."""

    start: Token
    items: list = field(default_factory=list)

    def head(self) -> str:
        """The first word in lower case ('' for an empty list or one that starts with a list)."""
        return self.items[0].text.lower() if self.items and isinstance(self.items[0], Token) else ""


def _tokens(text: str, source: str) -> list[Token]:
    """The tokens of PDDL text: parentheses and words; `;` comments dropped; non-ASCII refused."""
    tokens: list[Token] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for match in re.finditer(r"[()]|;.*|[^\s();]+", raw):
            word = match.group()
            if word.startswith(";"):
                _glued_comment(raw, match.start(), tokens, source, number)
                break
            _refuse_non_ascii(word, source, number, match.start() + 1)
            tokens += _split_variables(Token(word, number, match.start() + 1), source)
    return tokens


def _glued_comment(raw: str, start: int, tokens: list[Token], source: str, number: int) -> None:
    """A departure: a `;` glued to the name before it (the rest of the line is a comment, as planners read it)."""
    if start and not raw[start - 1].isspace() and raw[start - 1] not in "()":
        depart(
            f"';' right after the name {quote(tokens[-1].text)} {GLUED}",
            "a comment from the ';' on",
            source,
            number,
            start + 1,
        )


def _split_variables(token: Token, source: str) -> list[Token]:
    """The token, or its parts when a '?' is glued to the word before it: `aircraft?a` is read as
    `aircraft ?a` (a departure: Fast Downward's tokenizer puts a space before every '?')."""
    starts = [index for index, char in enumerate(token.text) if char == "?" and index > 0]
    if not starts:
        return [token]
    depart(
        f"no space before the variable in {quote(token.text)}",
        f"{quote(token.text[: starts[0]])} and {quote(token.text[starts[0] :])} are two words",
        source,
        token.line,
        token.column,
    )
    bounds = [0, *starts, len(token.text)]
    return [Token(token.text[begin:end], token.line, token.column + begin) for begin, end in zip(bounds, bounds[1:])]


def _refuse_non_ascii(word: str, source: str, number: int, column: int) -> None:
    """InputError for a word holding a character that is not printable ASCII."""
    odd = next((char for char in word if not char.isascii() or not char.isprintable()), None)
    if odd is not None:
        raise InputError(
            f"expected ASCII names (letters, digits, '-', '_'), found {odd!r} in {quote(word)}",
            source,
            number,
            column + word.index(odd),
        )


def _nest(tokens: list[Token], source: str, top: list) -> list[Expr]:
    """Read the tokens into lists, appending the top-level ones to `top`; the lists left open, outermost
    first. InputError for a ')' that closes nothing."""
    stack: list[Expr] = []
    for token in tokens:
        if token.text == "(":
            if len(stack) == MAX_DEPTH:
                raise InputError(
                    f"lists nested more than {MAX_DEPTH} deep: no planner reads such PDDL (they read it recursively)",
                    source,
                    token.line,
                    token.column,
                )
            stack.append(Expr(token))
        elif token.text != ")":
            (stack[-1].items if stack else top).append(token)
        elif stack:
            _close(stack, top)
        else:
            raise InputError("unbalanced parentheses: this ')' closes nothing", source, token.line, token.column)
    return stack


def _close(stack: list[Expr], top: list) -> None:
    """Close the innermost open list: it becomes an item of the list around it (or of `top`)."""
    done = stack.pop()
    (stack[-1].items if stack else top).append(done)


def read_expressions(text: str, source: str) -> tuple[Expr, InputError | None]:
    """The single top-level list of a PDDL file, and the error of its unbalanced parentheses if they do
    not balance (lists left open are closed at the end, so that the checks after can say where a ')'
    went missing); InputError for a ')' that closes nothing or text after the top-level list."""
    top: list = []
    stack = _nest(_tokens(text, source), source, top)
    unbalanced = _never_closed(stack[-1].start, source) if stack else None
    while stack:
        _close(stack, top)
    return _the_define(top, source), unbalanced


def _never_closed(opened: Token, source: str) -> InputError:
    """The error of a '(' that is never closed."""
    return InputError(
        f"unbalanced parentheses: the '(' on line {opened.line} is never closed (a ')' is missing)",
        source,
        opened.line,
        opened.column,
    )


def _the_define(top: list, source: str) -> Expr:
    """The file's one top-level list, which must be (define ...)."""
    if not top:
        raise InputError("the file holds no PDDL: expected (define ...)", source, 1)
    first = top[0]
    if len(top) > 1:
        where = first_token(top[1])
        raise InputError(
            "unexpected text after the closing ')' of (define ...): is a '(' missing, or a ')' too many before?",
            source,
            where.line,
            where.column,
        )
    if not isinstance(first, Expr) or first.head() != "define":
        raise InputError(
            "expected (define (domain NAME) ...) or (define (problem NAME) ...)", source, first_token(first).line
        )
    return first


def first_token(item: Token | Expr) -> Token:
    """The token where an item starts: itself, or a list's opening parenthesis."""
    return item.start if isinstance(item, Expr) else item


def checked(text: str, source: str, check: Callable[[Expr], T]) -> T:
    """`check(tree)` on the file's expressions; when the parentheses do not balance, an error the check
    finds says so (it is where the missing ')' shows), and without one the unbalance is the error."""
    tree, unbalanced = read_expressions(text, source)
    glued = glued_comment(source) if unbalanced is not None else None
    if glued is not None:
        raise InputError(f"{glued.message}, and the parentheses then do not balance", source, glued.line, glued.column)
    try:
        result = check(tree)
    except InputError as error:
        if unbalanced is not None and "missing" not in error.message:
            error.message += "; the parentheses of the file do not balance: a ')' is probably missing before this"
        raise
    if unbalanced is not None:
        raise unbalanced
    return result


def flat_conjunctions(text: str, source: str = "<input>") -> str:
    """The PDDL text with every `(and ...)` directly inside another `and` spliced into it (pyperplan reads
    `(and (and (p)) (q))` as a predicate named `and`); the text itself, untouched, when none is nested."""
    try:
        tree, unbalanced = read_expressions(text, source)
    except InputError:
        return text  # the reader that gets it says what is wrong
    if unbalanced is not None:
        return text
    spliced = _spliced(tree)
    return text if spliced == tree else spelled(spliced) + "\n"


def _spliced(item: Token | Expr) -> Token | Expr:
    """A copy of `item` with each `and` list's `and` items replaced by their own items, all the way down."""
    if isinstance(item, Token):
        return item
    items = [_spliced(sub) for sub in item.items]
    if item.head() == "and":
        items = [items[0], *(part for sub in items[1:] for part in _conjuncts(sub))]
    return Expr(item.start, items)


def _conjuncts(item: Token | Expr) -> list:
    """The items of an (already spliced) `and` list without its head; `[item]` for anything else."""
    return item.items[1:] if isinstance(item, Expr) and item.head() == "and" else [item]


def spelled_in_place(tree: Expr) -> str:
    """PDDL text of a file's list with every token on the line it came from (a message about line N of
    the text is about line N of the file read)."""
    parts: list[str] = []
    _place(tree, parts, [1])
    return "".join(parts) + "\n"


def _place(item: Token | Expr, parts: list[str], line: list[int]) -> None:
    """Append the item's text to `parts`, starting a new line when it comes from a later one (`line` holds
    the line reached)."""
    token = first_token(item)
    if token.line > line[0]:
        parts.append("\n" * (token.line - line[0]))
        line[0] = token.line
    elif parts and not parts[-1].endswith(("(", "\n")):
        parts.append(" ")
    if isinstance(item, Token):
        parts.append(item.text)
        return
    parts.append("(")
    for sub in item.items:
        _place(sub, parts, line)
    parts.append(")")


def spelled(item: Token | Expr) -> str:
    """PDDL text of a token or list, on one line."""
    if isinstance(item, Token):
        return item.text
    return "(" + " ".join(spelled(sub) for sub in item.items) + ")"
