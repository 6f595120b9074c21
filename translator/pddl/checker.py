"""The checker of one PDDL file's expressions (pddl_checks runs it over a domain and a problem): names,
the (define (KIND NAME) ...) header, sections, typed lists and their types, each refusal an InputError at the
token or list it is about."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.pddl.syntax import (
    DOMAIN_SECTIONS,
    NAME,
    PROBLEM_SECTIONS,
    VARIABLE,
    Expr,
    Token,
    first_token,
)


class Typed(NamedTuple):
    """One item of a typed list: its name (lower case), its type and the token that names it."""

    name: str
    type: str
    token: Token


class Checker:
    """Checks one file's expressions; `fail` raises an InputError located at a token or a list."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: str, where) -> InputError:
        """An InputError at a token or at the opening parenthesis of a list."""
        token = first_token(where)
        return InputError(message, self.source, token.line, token.column)

    def name(self, item, what: str) -> str:
        """A name (letters, digits, '-', '_', starting with a letter), in lower case."""
        if not isinstance(item, Token) or not NAME.fullmatch(item.text):
            found = "a list" if isinstance(item, Expr) else quote(item.text)
            raise self.fail(
                f"expected {what} (letters, digits, '-' or '_', starting with a letter), found {found}", item
            )
        return item.text.lower()

    def header(self, define: Expr, kind: str) -> tuple[str, list]:
        """`(define (KIND NAME) ...)`: the name and the sections after it."""
        items = define.items[1:]
        if not items or not isinstance(items[0], Expr) or items[0].head() != kind:
            raise self._not_a(kind, items[0] if items else define)
        head = items[0]
        if len(head.items) != 2:
            raise self.fail(f"expected ({kind} NAME)", head)
        return self.name(head.items[1], f"a {kind} name"), items[1:]

    def _not_a(self, kind: str, found) -> InputError:
        """The error of a (define ...) that does not start with (KIND NAME); `found` is what it starts with."""
        other = "problem" if kind == "domain" else "domain"
        hint = ""
        if isinstance(found, Expr) and found.head() == other:
            hint = f": this is a {other} file (the domain comes first, then the problem)"
        return self.fail(f"expected (define ({kind} NAME) ...){hint}", found)

    def section(self, item, allowed: tuple[str, ...]) -> str:
        """The keyword of a section such as (:predicates ...), which must be one of `allowed`."""
        if not isinstance(item, Expr) or not item.head().startswith(":"):
            raise self.fail(f"expected a section such as ({allowed[0]} ...), found {shown(item)}", item)
        if item.head() not in allowed:
            raise self.fail(
                f"unexpected section ({item.head()} ...) here: expected one of {', '.join(allowed)}"
                + missing_parenthesis_hint(item.head()),
                item,
            )
        return item.head()

    def typed_list(
        self, items: list, what: str, types: set[str], variables: bool = False, either: bool = False
    ) -> list[Typed]:
        """`a b - t c - u d` as Typed (a, t), (b, t), (c, u), (d, object), checking names and types;
        `(either t u)` only where `either` (a predicate's arguments: Fast Downward reads it nowhere else)."""
        pending: list[Token] = []
        result: list[Typed] = []
        position = 0
        items = _split_glued_types(items)
        while position < len(items):
            item = items[position]
            if isinstance(item, Token) and item.text == "-":
                if not pending or position + 1 >= len(items):
                    raise self.fail(f"expected {what} before '-' and a type after it", item)
                result += _typed(pending, self.type_of(items[position + 1], types, either))
                pending, position = [], position + 2
                continue
            pending.append(self.variable(item) if variables else self.named(item, what))
            position += 1
        return result + _typed(pending, "object")

    def variable(self, item) -> Token:
        """A variable such as ?x."""
        if not isinstance(item, Token) or not VARIABLE.fullmatch(item.text):
            raise self.fail(f"expected a variable such as ?x, found {shown(item)}", item)
        return item

    def named(self, item, what: str) -> Token:
        """A token that is a name (see `name`)."""
        self.name(item, what)
        return item

    def type_of(self, item, types: set[str], either: bool = False) -> str:
        """A declared type, or (either t u ...) of declared types where `either` is allowed."""
        if isinstance(item, Expr) and item.head() == "either":
            if not either:
                raise self.fail(
                    "(either ...) is read only in a predicate's declaration (Fast Downward refuses it in "
                    "parameters, objects, constants and types): declare a type above both and use it here",
                    item,
                )
            return " ".join(self.type_of(part, types) for part in item.items[1:])
        type_name = self.name(item, "a type")
        if type_name not in types:
            raise self.fail(f"unknown type {type_name!r}: declare it in (:types ...)", item)
        return type_name

    def unique(self, declared: list[Typed], what: str, known: Iterable[str] = ()) -> None:
        """Raise for a name declared twice (or already in `known`)."""
        seen: set[str] = set(known)
        for item in declared:
            if item.name in seen:
                raise self.fail(f"{what} {item.name!r} is declared twice", item.token)
            seen.add(item.name)


def _typed(tokens: list[Token], type_name: str) -> list[Typed]:
    """The tokens' names (lower case), each of the type."""
    return [Typed(token.text.lower(), type_name, token) for token in tokens]


def _split_glued_types(items: list) -> list:
    """`a -t` read as `a - t` (some files glue the dash to the type)."""
    split = []
    for item in items:
        if isinstance(item, Token) and len(item.text) > 1 and item.text.startswith("-"):
            split += [Token("-", item.line, item.column), Token(item.text[1:], item.line, item.column + 1)]
        else:
            split.append(item)
    return split


def shown(item) -> str:
    """A token or list as an error message shows it."""
    if isinstance(item, Expr):
        return f"({item.head()} ...)" if item.head() else "a list"
    return quote(item.text)


def missing_parenthesis_hint(keyword: str) -> str:
    """A hint when a top-level section turns up nested: the ')' before it is probably missing."""
    keywords = set(DOMAIN_SECTIONS) | set(PROBLEM_SECTIONS) | {":parameters", ":precondition", ":effect"}
    return " (a ')' is probably missing before it)" if keyword in keywords else ""
