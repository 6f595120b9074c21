"""The static checks of a PDDL domain and problem before any planner sees them: sections,
requirements, declared types, predicates, objects and arities, each refusal naming the file, line and column."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from puzzleplan.translator.pddl.syntax import (
    DOMAIN_SECTIONS,
    NAME,
    NUMBER,
    NUMERIC,
    PROBLEM_SECTIONS,
    VARIABLE,
    Expr,
    Token,
    _checked,
    _start,
)

from puzzleplan.common.errors import InputError, quote


class Typed(NamedTuple):
    """One item of a typed list: its name (lower case), its type and the token that names it."""

    name: str
    type: str
    token: Token


@dataclass
class Domain:
    """What a domain declares: its name, types, constants (name -> type), predicates and functions
    (name -> number of arguments)."""

    name: str
    types: set[str] = field(default_factory=lambda: {"object"})
    constants: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, int] = field(default_factory=dict)
    functions: dict[str, int] = field(default_factory=dict)


class _Checker:
    """Checks one file's expressions; `fail` raises an InputError located at a token or a list."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: str, where) -> InputError:
        """An InputError at a token or at the opening parenthesis of a list."""
        token = _start(where)
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
            raise self.fail(f"expected a section such as ({allowed[0]} ...), found {_shown(item)}", item)
        if item.head() not in allowed:
            raise self.fail(
                f"unexpected section ({item.head()} ...) here: expected one of {', '.join(allowed)}"
                + _missing_parenthesis_hint(item.head()),
                item,
            )
        return item.head()

    def typed_list(self, items: list, what: str, types: set[str], variables: bool = False) -> list[Typed]:
        """`a b - t c - u d` as Typed (a, t), (b, t), (c, u), (d, object), checking names and types."""
        pending: list[Token] = []
        result: list[Typed] = []
        position = 0
        items = _split_glued_types(items)
        while position < len(items):
            item = items[position]
            if isinstance(item, Token) and item.text == "-":
                if not pending or position + 1 >= len(items):
                    raise self.fail(f"expected {what} before '-' and a type after it", item)
                result += _typed(pending, self.type_of(items[position + 1], types))
                pending, position = [], position + 2
                continue
            pending.append(self.variable(item) if variables else self.named(item, what))
            position += 1
        return result + _typed(pending, "object")

    def variable(self, item) -> Token:
        """A variable such as ?x."""
        if not isinstance(item, Token) or not VARIABLE.fullmatch(item.text):
            raise self.fail(f"expected a variable such as ?x, found {_shown(item)}", item)
        return item

    def named(self, item, what: str) -> Token:
        """A token that is a name (see `name`)."""
        self.name(item, what)
        return item

    def type_of(self, item, types: set[str]) -> str:
        """A declared type, or (either t u ...) of declared types."""
        if isinstance(item, Expr) and item.head() == "either":
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


def _count(number: int, noun: str) -> str:
    """`1 argument`, `2 arguments`."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _shown(item) -> str:
    """A token or list as an error message shows it."""
    if isinstance(item, Expr):
        return f"({item.head()} ...)" if item.head() else "a list"
    return quote(item.text)


def _missing_parenthesis_hint(keyword: str) -> str:
    """A hint when a top-level section turns up nested: the ')' before it is probably missing."""
    keywords = set(DOMAIN_SECTIONS) | set(PROBLEM_SECTIONS) | {":parameters", ":precondition", ":effect"}
    return " (a ')' is probably missing before it)" if keyword in keywords else ""


# -- domain -----------------------------------------------------------------------------------------------
def check_domain(text: str, source: str) -> Domain:
    """Read and check a domain file; what it declares, for checking problems against it."""
    return _checked(text, source, lambda tree: _domain(_Checker(source), tree))


def _domain(check: _Checker, tree: Expr) -> Domain:
    """The checks of a domain file's expressions."""
    name, sections = check.header(tree, "domain")
    domain = Domain(name)
    actions: set[str] = set()
    for section in sections:
        keyword = check.section(section, DOMAIN_SECTIONS)
        body = section.items[1:]
        if keyword == ":action":
            action = _check_action(check, section, domain)
            if action in actions:
                raise check.fail(f"action {action!r} is defined twice", section)
            actions.add(action)
        elif keyword in _DOMAIN_CHECKS:
            _DOMAIN_CHECKS[keyword](check, keyword, body, domain)
    return domain


def _check_requirements(check: _Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:requirements :flag ...): flags only."""
    for flag in body:
        if not isinstance(flag, Token) or not flag.text.startswith(":"):
            raise check.fail(f"expected requirement flags such as :strips, found {_shown(flag)}", flag)


def _check_types(check: _Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:types ...): each type declared once, above types that are declared."""
    declared = check.typed_list(body, "a type name", _AnyType())
    check.unique(declared, "type")
    domain.types |= {item.name for item in declared}
    for item in declared:
        for part in item.type.split():
            if part not in domain.types:
                raise check.fail(f"unknown type {part!r} above {item.name!r}: declare it in (:types ...)", item.token)


def _check_constants(check: _Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:constants ...): typed, each declared once."""
    declared = check.typed_list(body, "a constant", domain.types)
    check.unique(declared, "constant", domain.constants)
    domain.constants.update((item.name, item.type) for item in declared)


def _check_declarations(check: _Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:predicates ...) or (:functions ...): each (name ?x - type ...) declared once."""
    table = domain.predicates if keyword == ":predicates" else domain.functions
    for item in body:
        if isinstance(item, Token) and keyword == ":functions":
            continue  # `- number` after a function
        if not isinstance(item, Expr) or not item.items:
            raise check.fail(f"expected a declaration such as (on ?x ?y) in {keyword}, found {_shown(item)}", item)
        predicate = check.name(item.items[0], "a predicate name")
        if predicate in table:
            raise check.fail(f"{keyword[1:-1]} {predicate!r} is declared twice", item)
        table[predicate] = len(check.typed_list(item.items[1:], "a variable", domain.types, variables=True))


def _check_derived(check: _Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:derived (name ?x ...) formula): the formula over the declared variables."""
    if len(body) == 2 and isinstance(body[0], Expr):
        variables = _variables(check.typed_list(body[0].items[1:], "a variable", domain.types, variables=True))
        _check_formula(check, body[1], domain, variables, set(domain.constants))


_DOMAIN_CHECKS = {
    ":requirements": _check_requirements,
    ":types": _check_types,
    ":constants": _check_constants,
    ":predicates": _check_declarations,
    ":functions": _check_declarations,
    ":derived": _check_derived,
}
"""The check of each domain section but :action, by keyword."""


def _variables(declared: list[Typed]) -> dict[str, str]:
    """Variable name -> type."""
    return {item.name: item.type for item in declared}


class _AnyType(set):
    """The types allowed as parents while (:types ...) itself is read (checked after the list)."""

    def __contains__(self, item) -> bool:
        return True


def _check_action(check: _Checker, section: Expr, domain: Domain) -> str:
    """An (:action NAME :parameters (...) :precondition GD :effect EFFECT); its name."""
    if len(section.items) < 2:
        raise check.fail("expected (:action NAME :parameters (...) ...)", section)
    name = check.name(section.items[1], "an action name")
    parts = section.items[2:]
    variables: dict[str, str] = {}
    position = 0
    while position < len(parts):
        key = _action_key(check, parts, position, name)
        value = parts[position + 1]
        if key == ":parameters":
            if not isinstance(value, Expr):
                raise check.fail(f"expected a list of parameters such as (?x - block) in action {name}", value)
            declared = check.typed_list(value.items, "a variable", domain.types, variables=True)
            check.unique(declared, "parameter")
            variables = _variables(declared)
        else:
            _check_formula(check, value, domain, variables, set(domain.constants))
        position += 2
    return name


def _action_key(check: _Checker, parts: list, position: int, name: str) -> str:
    """The keyword at `position` of action `name` (:parameters, :precondition or :effect), which a value follows."""
    key = parts[position]
    if not isinstance(key, Token) or key.text.lower() not in (":parameters", ":precondition", ":effect"):
        raise check.fail(
            f"expected :parameters, :precondition or :effect in action {name}, found {_shown(key)}"
            + (_missing_parenthesis_hint(key.head()) if isinstance(key, Expr) else ""),
            key,
        )
    if position + 1 >= len(parts):
        raise check.fail(f"expected a value after {key.text} in action {name}", key)
    return key.text.lower()


def _check_formula(check: _Checker, item, domain: Domain, variables: dict[str, str], objects: set[str]) -> None:
    """A goal description or an effect: connectives, quantifiers and atoms of declared predicates whose
    arguments are declared variables or objects."""
    if not isinstance(item, Expr):
        hint = _missing_parenthesis_hint(item.text.lower())
        raise check.fail(f"expected a condition in parentheses such as (on ?x ?y), found {_shown(item)}{hint}", item)
    if not item.items:
        return  # () is the empty condition
    head = item.head()
    if head in ("forall", "exists"):
        _check_quantified(check, item, domain, variables, objects)
    elif head in ("and", "or", "not", "imply", "when"):
        for part in item.items[1:]:
            _check_formula(check, part, domain, variables, objects)
    elif head in NUMERIC or head in domain.functions:
        return  # numeric expressions: syntax only
    elif head.startswith(":"):
        raise check.fail(f"unexpected ({head} ...) inside a condition{_missing_parenthesis_hint(head)}", item)
    elif head == "=":
        _check_terms(check, item, item.items[1:], variables, objects)
    else:
        _check_atom(check, item, domain, variables, objects)


def _check_quantified(
    check: _Checker, item: Expr, domain: Domain, variables: dict[str, str], objects: set[str]
) -> None:
    """(forall (?x - type) CONDITION) or (exists ...): the condition with the bound variables added."""
    if len(item.items) != 3 or not isinstance(item.items[1], Expr):
        raise check.fail(f"expected ({item.head()} (?x - type) CONDITION)", item)
    bound = _variables(check.typed_list(item.items[1].items, "a variable", domain.types, variables=True))
    _check_formula(check, item.items[2], domain, {**variables, **bound}, objects)


def _check_atom(check: _Checker, item: Expr, domain: Domain, variables: dict[str, str], objects: set[str]) -> None:
    """An atom: a declared predicate with as many arguments as declared, each a variable or an object."""
    if isinstance(item.items[0], Expr):
        raise check.fail(f"expected a predicate name, found {_shown(item.items[0])}", item.items[0])
    predicate = check.name(item.items[0], "a predicate name")
    if predicate not in domain.predicates:
        known = ", ".join(sorted(domain.predicates)) or "none"
        raise check.fail(
            f"unknown predicate {predicate!r}: the domain declares {known}" + _missing_parenthesis_hint(predicate),
            item.items[0],
        )
    arguments = item.items[1:]
    wanted = domain.predicates[predicate]
    if len(arguments) != wanted:
        raise check.fail(f"predicate {predicate!r} takes {_count(wanted, 'argument')}, found {len(arguments)}", item)
    _check_terms(check, item, arguments, variables, objects)


def _check_terms(check: _Checker, item: Expr, terms: list, variables: dict[str, str], objects: set[str]) -> None:
    """Every term is a declared variable or object."""
    for term in terms:
        if isinstance(term, Expr):
            continue  # a function term (numeric PDDL)
        word = term.text.lower()
        if word.startswith("?"):
            if word not in variables:
                raise check.fail(f"unknown variable {term.text}: it is not a parameter here", term)
        elif NUMBER.fullmatch(word):
            continue
        elif check.name(term, "an object") not in objects:
            raise check.fail(f"unknown object {word!r}: declare it in (:objects ...) or (:constants ...)", term)


# -- problem ----------------------------------------------------------------------------------------------
def check_problem(text: str, source: str, domain: Domain) -> None:
    """Read and check a problem file against its domain."""
    _checked(text, source, lambda tree: _problem(_Checker(source), tree, domain))


def _problem(check: _Checker, tree: Expr, domain: Domain) -> None:
    """The checks of a problem file's expressions."""
    _, sections = check.header(tree, "problem")
    objects: dict[str, str] = dict(domain.constants)
    seen: set[str] = set()
    for section in sections:
        keyword = check.section(section, PROBLEM_SECTIONS)
        if keyword in seen:
            raise check.fail(f"section ({keyword} ...) appears twice", section)
        seen.add(keyword)
        if keyword in _PROBLEM_CHECKS:
            _PROBLEM_CHECKS[keyword](check, section, domain, objects)
    for required in (":domain", ":init", ":goal"):
        if required not in seen:
            raise check.fail(f"the problem has no ({required} ...) section", tree)


def _check_domain_name(check: _Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:domain NAME) names the domain file's domain."""
    body = section.items[1:]
    named = check.name(body[0], "the domain's name") if len(body) == 1 else None
    if named is None:
        raise check.fail("expected (:domain NAME)", section)
    if named != domain.name:
        raise check.fail(f"the problem is for domain {named!r} but the domain file defines {domain.name!r}", body[0])


def _check_objects(check: _Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:objects ...): typed, each declared once (constants included), added to `objects`."""
    declared = check.typed_list(section.items[1:], "an object", domain.types)
    check.unique(declared, "object", objects)
    objects.update((item.name, item.type) for item in declared)


def _check_init(check: _Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:init ...): true facts (and numeric fluents' values) over declared objects."""
    names = set(objects)
    for fact in section.items[1:]:
        if isinstance(fact, Expr) and fact.head() == "=":
            continue  # a numeric fluent's initial value
        if isinstance(fact, Expr) and fact.head() == "not":
            raise check.fail("the initial state lists true facts only: drop (not ...)", fact)
        _check_formula(check, fact, domain, {}, names)


def _check_goal(check: _Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:goal CONDITION): one condition over declared objects."""
    if len(section.items) != 2:
        raise check.fail("expected one goal condition, such as (:goal (and (on a b) (on b c)))", section)
    _check_formula(check, section.items[1], domain, {}, set(objects))


_PROBLEM_CHECKS = {
    ":domain": _check_domain_name,
    ":objects": _check_objects,
    ":init": _check_init,
    ":goal": _check_goal,
}
"""The check of each problem section that is checked, by keyword; each may add to the objects."""


def check_task(domain_text: str, problem_text: str, domain_source: str, problem_source: str) -> None:
    """Check a domain and a problem written by a user; InputError naming the file, line and column."""
    check_problem(problem_text, problem_source, check_domain(domain_text, domain_source))
