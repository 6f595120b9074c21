"""The static checks of a PDDL domain and problem before any planner sees them: sections,
requirements, declared types, predicates, objects and arities, each refusal naming the file, line and column;
one file's expressions are read by a Checker (pddl_checker)."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzleplan.translator.pddl.checker import Checker, Typed, missing_parenthesis_hint, shown
from puzzleplan.translator.pddl.syntax import (
    DOMAIN_SECTIONS,
    NUMBER,
    NUMERIC,
    PROBLEM_SECTIONS,
    Expr,
    Token,
    checked,
)


@dataclass
class Domain:
    """What a domain declares: its name, types, constants (name -> type), predicates and functions
    (name -> number of arguments)."""

    name: str
    types: set[str] = field(default_factory=lambda: {"object"})
    constants: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, int] = field(default_factory=dict)
    functions: dict[str, int] = field(default_factory=dict)


def _count(number: int, noun: str) -> str:
    """`1 argument`, `2 arguments`."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


# -- domain -----------------------------------------------------------------------------------------------
def check_domain(text: str, source: str) -> Domain:
    """Read and check a domain file; what it declares, for checking problems against it."""
    return checked(text, source, lambda tree: _domain(Checker(source), tree))


def _domain(check: Checker, tree: Expr) -> Domain:
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


def _check_requirements(check: Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:requirements :flag ...): flags only."""
    for flag in body:
        if not isinstance(flag, Token) or not flag.text.startswith(":"):
            raise check.fail(f"expected requirement flags such as :strips, found {shown(flag)}", flag)


def _check_types(check: Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:types ...): each type declared once, above types that are declared."""
    declared = check.typed_list(body, "a type name", _AnyType())
    check.unique(declared, "type")
    domain.types |= {item.name for item in declared}
    for item in declared:
        for part in item.type.split():
            if part not in domain.types:
                raise check.fail(f"unknown type {part!r} above {item.name!r}: declare it in (:types ...)", item.token)


def _check_constants(check: Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:constants ...): typed, each declared once."""
    declared = check.typed_list(body, "a constant", domain.types)
    check.unique(declared, "constant", domain.constants)
    domain.constants.update((item.name, item.type) for item in declared)


def _check_declarations(check: Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:predicates ...) or (:functions ...): each (name ?x - type ...) declared once."""
    table = domain.predicates if keyword == ":predicates" else domain.functions
    for item in body:
        if isinstance(item, Token) and keyword == ":functions":
            continue  # `- number` after a function
        if not isinstance(item, Expr) or not item.items:
            raise check.fail(f"expected a declaration such as (on ?x ?y) in {keyword}, found {shown(item)}", item)
        predicate = check.name(item.items[0], "a predicate name")
        if predicate in table:
            raise check.fail(f"{keyword[1:-1]} {predicate!r} is declared twice", item)
        table[predicate] = len(check.typed_list(item.items[1:], "a variable", domain.types, variables=True))


def _check_derived(check: Checker, keyword: str, body: list, domain: Domain) -> None:
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


def _check_action(check: Checker, section: Expr, domain: Domain) -> str:
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


def _action_key(check: Checker, parts: list, position: int, name: str) -> str:
    """The keyword at `position` of action `name` (:parameters, :precondition or :effect), which a value follows."""
    key = parts[position]
    if not isinstance(key, Token) or key.text.lower() not in (":parameters", ":precondition", ":effect"):
        raise check.fail(
            f"expected :parameters, :precondition or :effect in action {name}, found {shown(key)}"
            + (missing_parenthesis_hint(key.head()) if isinstance(key, Expr) else ""),
            key,
        )
    if position + 1 >= len(parts):
        raise check.fail(f"expected a value after {key.text} in action {name}", key)
    return key.text.lower()


def _check_formula(check: Checker, item, domain: Domain, variables: dict[str, str], objects: set[str]) -> None:
    """A goal description or an effect: connectives, quantifiers and atoms of declared predicates whose
    arguments are declared variables or objects."""
    if not isinstance(item, Expr):
        hint = missing_parenthesis_hint(item.text.lower())
        raise check.fail(f"expected a condition in parentheses such as (on ?x ?y), found {shown(item)}{hint}", item)
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
        raise check.fail(f"unexpected ({head} ...) inside a condition{missing_parenthesis_hint(head)}", item)
    elif head == "=":
        _check_terms(check, item, item.items[1:], variables, objects)
    else:
        _check_atom(check, item, domain, variables, objects)


def _check_quantified(check: Checker, item: Expr, domain: Domain, variables: dict[str, str], objects: set[str]) -> None:
    """(forall (?x - type) CONDITION) or (exists ...): the condition with the bound variables added."""
    if len(item.items) != 3 or not isinstance(item.items[1], Expr):
        raise check.fail(f"expected ({item.head()} (?x - type) CONDITION)", item)
    bound = _variables(check.typed_list(item.items[1].items, "a variable", domain.types, variables=True))
    _check_formula(check, item.items[2], domain, {**variables, **bound}, objects)


def _check_atom(check: Checker, item: Expr, domain: Domain, variables: dict[str, str], objects: set[str]) -> None:
    """An atom: a declared predicate with as many arguments as declared, each a variable or an object."""
    if isinstance(item.items[0], Expr):
        raise check.fail(f"expected a predicate name, found {shown(item.items[0])}", item.items[0])
    predicate = check.name(item.items[0], "a predicate name")
    if predicate not in domain.predicates:
        known = ", ".join(sorted(domain.predicates)) or "none"
        raise check.fail(
            f"unknown predicate {predicate!r}: the domain declares {known}" + missing_parenthesis_hint(predicate),
            item.items[0],
        )
    arguments = item.items[1:]
    wanted = domain.predicates[predicate]
    if len(arguments) != wanted:
        raise check.fail(f"predicate {predicate!r} takes {_count(wanted, 'argument')}, found {len(arguments)}", item)
    _check_terms(check, item, arguments, variables, objects)


def _check_terms(check: Checker, item: Expr, terms: list, variables: dict[str, str], objects: set[str]) -> None:
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
    checked(text, source, lambda tree: _problem(Checker(source), tree, domain))


def _problem(check: Checker, tree: Expr, domain: Domain) -> None:
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


def _check_domain_name(check: Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:domain NAME) names the domain file's domain."""
    body = section.items[1:]
    named = check.name(body[0], "the domain's name") if len(body) == 1 else None
    if named is None:
        raise check.fail("expected (:domain NAME)", section)
    if named != domain.name:
        raise check.fail(f"the problem is for domain {named!r} but the domain file defines {domain.name!r}", body[0])


def _check_objects(check: Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:objects ...): typed, each declared once (constants included), added to `objects`."""
    declared = check.typed_list(section.items[1:], "an object", domain.types)
    check.unique(declared, "object", objects)
    objects.update((item.name, item.type) for item in declared)


def _check_init(check: Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """(:init ...): true facts (and numeric fluents' values) over declared objects."""
    names = set(objects)
    for fact in section.items[1:]:
        if isinstance(fact, Expr) and fact.head() == "=":
            continue  # a numeric fluent's initial value
        if isinstance(fact, Expr) and fact.head() == "not":
            raise check.fail("the initial state lists true facts only: drop (not ...)", fact)
        _check_formula(check, fact, domain, {}, names)


def _check_goal(check: Checker, section: Expr, domain: Domain, objects: dict[str, str]) -> None:
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
