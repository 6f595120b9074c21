"""The static checks of a PDDL domain and problem before any planner sees them: sections,
requirements, declared types, predicates, objects and arities, each refusal naming the file, line and column;
one file's expressions are read by a Checker (pddl_checker)."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzleplan.translator.pddl.checker import Checker, Typed, missing_parenthesis_hint, shown
from puzzleplan.translator.pddl.departures import depart, reading
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
    """What a domain declares: its name, types (each with its parents), constants (name -> type),
    predicates and functions (name -> number of arguments) and the predicates' argument types."""

    name: str
    types: set[str] = field(default_factory=lambda: {"object"})
    constants: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, int] = field(default_factory=dict)
    functions: dict[str, int] = field(default_factory=dict)
    parents: dict[str, set[str]] = field(default_factory=dict)
    signatures: dict[str, list[str]] = field(default_factory=dict)
    ill_typed: set[tuple[str, ...]] = field(default_factory=set)
    """The initial atoms of the problem checked against it whose arguments are not of the declared types."""

    def signatures_with_either(self) -> bool:
        """True when a predicate declares an argument of an `(either ...)` type."""
        return any(" " in kind for kinds in self.signatures.values() for kind in kinds)

    def is_a(self, type_name: str, wanted: str) -> bool:
        """True when `type_name` is `wanted` (one of the types of an `either` type), or below it."""
        seen, todo = {"object"}, [type_name]
        while todo:
            kind = todo.pop()
            if kind not in seen:
                seen.add(kind)
                todo.extend(self.parents.get(kind, ()))
        return any(part in seen for part in wanted.split())


KNOWN_REQUIREMENTS = frozenset(
    ":strips :typing :negation :negative-preconditions :disjunctive-preconditions :equality "
    ":existential-preconditions :universal-preconditions :quantified-preconditions :conditional-effects "
    ":fluents :numeric-fluents :object-fluents :adl :durative-actions :duration-inequalities "
    ":continuous-effects :derived-predicates :timed-initial-literals :preferences :constraints "
    ":action-costs :time".split()
)
"""The requirement flags of PDDL 3.1 (a planner may support only some: that is for it to say)."""
UNIQUE_SECTIONS = (":requirements", ":types", ":constants", ":predicates", ":functions")
"""The domain sections Fast Downward's translator refuses to see twice."""


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
    seen: set[str] = set()
    for section in sections:
        keyword = check.section(section, DOMAIN_SECTIONS)
        if keyword in seen and keyword in UNIQUE_SECTIONS:
            raise check.fail(
                f"section ({keyword} ...) appears twice: write it once (Fast Downward refuses it)", section
            )
        seen.add(keyword)
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
    """(:requirements :flag ...): flags of PDDL only."""
    for flag in body:
        if not isinstance(flag, Token) or not flag.text.startswith(":"):
            raise check.fail(f"expected requirement flags such as :strips, found {shown(flag)}", flag)
        if flag.text.lower() not in KNOWN_REQUIREMENTS:
            raise check.fail(
                f"unknown requirement {flag.text}: PDDL's flags are {', '.join(sorted(KNOWN_REQUIREMENTS))}", flag
            )


def _check_types(check: Checker, keyword: str, body: list, domain: Domain) -> None:
    """(:types ...): types above types that are declared, no type below itself; a type declared twice
    is a departure (one type below both parents, as Fast Downward reads it)."""
    declared = check.typed_list(body, "a type name", _AnyType())
    domain.types |= {item.name for item in declared}
    for item in declared:
        if item.type not in domain.types:
            raise check.fail(f"unknown type {item.type!r} above {item.name!r}: declare it in (:types ...)", item.token)
        if item.name in domain.parents:
            depart(
                f"type {item.name!r} is declared twice",
                f"one type {item.name!r} below {' and '.join(sorted(domain.parents[item.name] | {item.type}))}",
                check.source,
                item.token.line,
                item.token.column,
            )
        domain.parents.setdefault(item.name, set()).add(item.type)
    for item in declared:
        if item.name != "object" and domain.is_a(item.type, item.name):
            raise check.fail(f"type {item.name!r} is below itself: its types form a cycle", item.token)


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
        either = keyword == ":predicates"
        arguments = check.typed_list(item.items[1:], "a variable", domain.types, variables=True, either=either)
        table[predicate] = len(arguments)
        if either:
            domain.signatures[predicate] = [argument.type for argument in arguments]
            _repeated_variable(check, predicate, arguments)


def _repeated_variable(check: Checker, predicate: str, arguments: list[Typed]) -> None:
    """A departure for a predicate declaration that names a variable twice, such as (in ?obj ?obj)."""
    names = [argument.name for argument in arguments]
    for position, argument in enumerate(arguments):
        if argument.name in names[:position]:
            depart(
                f"predicate {predicate!r} names {argument.name} twice",
                f"{len(arguments)} arguments, the repeated one renamed",
                check.source,
                argument.token.line,
                argument.token.column,
            )
            return


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
    keys: set[str] = set()
    while position < len(parts):
        key = _action_key(check, parts, position, name)
        if key in keys:
            raise check.fail(f"{key} appears twice in action {name}: write it once", parts[position])
        keys.add(key)
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
    effects = [value for key, value in zip(parts[::2], parts[1::2]) if key.text.lower() == ":effect"]
    if not _changes(effects[0] if effects else None):
        depart(
            f"action {name} has no effect",
            "no such action: it changes nothing, and the planners drop it",
            check.source,
            section.start.line,
            section.start.column,
        )
    return name


def _changes(effect) -> bool:
    """True when an effect (None for none) holds an atom or a numeric change (not only `()` and `(and)`)."""
    if not isinstance(effect, Expr) or not effect.items:
        return False
    return effect.head() != "and" or any(_changes(part) for part in effect.items[1:])


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
        _refuse_negative(check, item)  # numeric expressions: syntax only
    elif head.startswith(":"):
        raise check.fail(f"unexpected ({head} ...) inside a condition{missing_parenthesis_hint(head)}", item)
    elif head == "=":
        _check_terms(check, item, item.items[1:], variables, objects)
    else:
        _check_atom(check, item, domain, variables, objects)


def _refuse_negative(check: Checker, item: Expr) -> None:
    """InputError for a negative number in a numeric expression (Fast Downward refuses them: a cost that
    decreases the total would make the cheapest plan ill-defined)."""
    for part in item.items[1:]:
        if isinstance(part, Expr):
            _refuse_negative(check, part)
        elif NUMBER.fullmatch(part.text) and part.text.startswith("-"):
            raise check.fail(f"negative number {part.text}: action costs and numeric values must be 0 or more", part)


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
            raise check.fail(f"expected an object or a variable, found the number {word}: numbers are no objects", term)
        elif check.name(term, "an object") not in objects:
            raise check.fail(f"unknown object {word!r}: declare it in (:objects ...) or (:constants ...)", term)


# -- problem ----------------------------------------------------------------------------------------------
def check_problem(text: str, source: str, domain: Domain) -> None:
    """Read and check a problem file against its domain (noting its ill-typed initial atoms there)."""
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
            _refuse_negative(check, fact)  # a numeric fluent's initial value
            continue
        if isinstance(fact, Expr) and fact.head() == "not":
            raise check.fail("the initial state lists true facts only: drop (not ...)", fact)
        _check_formula(check, fact, domain, {}, names)
        _check_typed_fact(check, fact, domain, objects)


def _check_typed_fact(check: Checker, fact: Expr, domain: Domain, objects: dict[str, str]) -> None:
    """A departure for an initial atom whose arguments are not of its predicate's types: no action can
    use it as the predicate's declaration says (Fast Downward keeps it; it is left out here)."""
    wanted = domain.signatures.get(fact.head(), [])
    for number, (term, kind) in enumerate(zip(fact.items[1:], wanted), start=1):
        own = objects[term.text.lower()]
        if not any(domain.is_a(part, kind) for part in own.split()):
            depart(
                f"initial atom {shown_atom(fact)}: argument {number} {term.text.lower()} is of type {own}, "
                f"not {kind} as predicate {fact.head()!r} declares",
                "the atom is false: it is left out",
                check.source,
                fact.start.line,
                fact.start.column,
            )
            domain.ill_typed.add((fact.head(), *(term.text.lower() for term in fact.items[1:])))
            return


def shown_atom(fact: Expr) -> str:
    """An atom of tokens as PDDL text."""
    return "(" + " ".join(item.text.lower() for item in fact.items if isinstance(item, Token)) + ")"


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


def check_task(domain_text: str, problem_text: str, domain_source: str, problem_source: str) -> Domain:
    """Check a domain and a problem written by a user; InputError naming the file, line and column. What
    the domain declares, with the problem's ill-typed initial atoms."""
    with reading():
        domain = check_domain(domain_text, domain_source)
        check_problem(problem_text, problem_source, domain)
    return domain
