"""The domain and problem texts the planners get when the reading assumed something (pddl_departures):
spelled again from the expressions as read (a '?' glued to a word split off, comments gone), with what
was assumed written out, so that every planner reads the same task as the checks and the replay:
requirement flags used but not declared added, each type declared once below its parents, actions with no
effect left out, ill-typed initial atoms left out, and `(either ...)` in predicate declarations read as
`object` (the argument types of a predicate restrict nothing a planner grounds; unified-planning's reader
has no `either`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzleplan.translator.pddl.syntax import Expr, Token, spelled

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.checks import Domain


def planner_texts(
    domain: Expr, problem: Expr, checked: Domain, flags: set[str], no_effect: set[str]
) -> tuple[str, str]:
    """(domain, problem) as PDDL text for the planners: with the requirement `flags`, without the actions
    named in `no_effect`."""
    start = domain.items[2].start if len(domain.items) > 2 else domain.start
    sections = [_requirements(start, flags), _types(start, checked)]
    for item in domain.items[2:]:
        head = item.head() if isinstance(item, Expr) else ""
        if head in (":requirements", ":types") or (head == ":action" and _name(item) in no_effect):
            continue
        sections.append(_without_either(item) if head == ":predicates" else item)
    kept = [item for item in sections if item is not None]
    return _file(domain, kept), _file(problem, [_initial(item, checked) for item in problem.items[2:]])


def _file(tree: Expr, sections: list) -> str:
    """(define (KIND NAME) SECTION...) one section a line."""
    lines = [f"(define {spelled(tree.items[1])}", *("  " + spelled(item) for item in sections)]
    return "\n".join(lines) + ")\n"


def _requirements(start: Token, flags: set[str]) -> Expr:
    """(:requirements FLAG...) of the flags declared and assumed."""
    words = [":requirements", *sorted(flags or {":strips"})]
    return Expr(start, [Token(flag, start.line, start.column) for flag in words])


def _types(start: Token, checked: Domain) -> Expr | None:
    """(:types NAME - PARENT ...) with each type once, below its first parent other than object."""
    if not checked.parents:
        return None
    words = [":types"]
    for name, parents in checked.parents.items():
        words += [name, "-", min(parents - {"object"} or {"object"})]
    return Expr(start, [Token(word, start.line, start.column) for word in words])


def _name(action: Expr) -> str:
    """An action's name in lower case."""
    return action.items[1].text.lower() if len(action.items) > 1 and isinstance(action.items[1], Token) else ""


def _without_either(item: Expr) -> Expr:
    """The (:predicates ...) section with every (either ...) type read as object."""
    return Expr(item.start, [_object_for_either(part) for part in item.items])


def _object_for_either(item):
    """`object` for an (either ...) list, a declaration with its either types replaced, a token itself."""
    if not isinstance(item, Expr):
        return item
    if item.head() == "either":
        return Token("object", item.start.line, item.start.column)
    return Expr(item.start, [_object_for_either(part) for part in item.items])


def _initial(item, checked: Domain):
    """The (:init ...) section without its ill-typed atoms; any other section itself."""
    if not isinstance(item, Expr) or item.head() != ":init" or not checked.ill_typed:
        return item
    return Expr(item.start, [fact for fact in item.items if not _ill_typed(fact, checked)])


def _ill_typed(fact, checked: Domain) -> bool:
    """True for an initial atom the checks found ill-typed."""
    if not isinstance(fact, Expr) or not all(isinstance(part, Token) for part in fact.items):
        return False
    return tuple(part.text.lower() for part in fact.items) in checked.ill_typed
