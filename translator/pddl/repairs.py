"""The domain and problem texts the planners get when the reading assumed something (pddl_departures):
spelled again from the expressions as read, every token on its own line (a '?' glued to a word split off,
comments gone), with what was assumed written out, so that every planner reads the same task as the checks
and the replay: requirement flags used but not declared added, each type declared once below its parents,
a predicate's repeated variable renamed, actions with no effect left out, ill-typed initial atoms left out,
and `(either ...)` in predicate declarations read as `object` (the argument types of a predicate restrict
nothing a planner grounds; unified-planning's reader has no `either`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzleplan.translator.pddl.syntax import Expr, Token, spelled_in_place

if TYPE_CHECKING:
    from puzzleplan.translator.pddl.checks import Domain


def planner_texts(
    domain: Expr, problem: Expr, checked: Domain, flags: set[str], no_effect: set[str]
) -> tuple[str, str]:
    """(domain, problem) as PDDL text for the planners: with the requirement `flags`, without the actions
    named in `no_effect`."""
    sections = domain.items[2:]
    heads = [item.head() if isinstance(item, Expr) else "" for item in sections]
    anchor = sections[0] if sections else domain
    kept: list = [] if ":requirements" in heads else [_requirements(anchor, checked, flags)]
    for item, head in zip(sections, heads):
        if head == ":action" and _name(item) in no_effect:
            continue
        kept.append(_REPAIRS[head](item, checked, flags) if head in _REPAIRS else item)
    problem_sections = [_initial(item, checked) for item in problem.items[2:]]
    return spelled_in_place(_with(domain, kept)), spelled_in_place(_with(problem, problem_sections))


def _with(tree: Expr, sections: list) -> Expr:
    """(define (KIND NAME) SECTION...) of the sections."""
    return Expr(tree.start, [*tree.items[:2], *sections])


def _words(start: Token | Expr, words: list[str]) -> Expr:
    """A list of words, all on the line where `start` is."""
    token = start.start if isinstance(start, Expr) else start
    return Expr(token, [Token(word, token.line, token.column) for word in words])


def _requirements(section: Expr, checked: Domain, flags: set[str]) -> Expr:
    """(:requirements FLAG...) of the flags declared and assumed, where `section` is."""
    return _words(section, [":requirements", *sorted(flags or {":strips"})])


def _types(section: Expr, checked: Domain, flags: set[str]) -> Expr:
    """(:types NAME - PARENT ...) with each type once, below its first parent other than object."""
    words = [":types"]
    for name, parents in checked.parents.items():
        words += [name, "-", min(parents - {"object"} or {"object"})]
    return _words(section, words)


def _predicates(section: Expr, checked: Domain, flags: set[str]) -> Expr:
    """The (:predicates ...) section with every (either ...) type read as object and a variable that a
    declaration repeats renamed."""
    return Expr(section.start, [section.items[0], *(_declaration(item) for item in section.items[1:])])


def _declaration(item):
    """A predicate's declaration with either types read as object and repeated variables renamed."""
    if not isinstance(item, Expr):
        return item
    seen: set[str] = set()
    parts = []
    for part in item.items:
        if isinstance(part, Expr) and part.head() == "either":
            part = Token("object", part.start.line, part.start.column)
        elif part.text.startswith("?") and part.text.lower() in seen:
            part = Token(f"{part.text}-{len(seen) + 1}", part.line, part.column)
        seen.add(part.text.lower())
        parts.append(part)
    return Expr(item.start, parts)


_REPAIRS = {":requirements": _requirements, ":types": _types, ":predicates": _predicates}
"""The domain sections spelled anew, by keyword: (section, what the checks found, requirement flags)."""


def _name(action: Expr) -> str:
    """An action's name in lower case."""
    return action.items[1].text.lower() if len(action.items) > 1 and isinstance(action.items[1], Token) else ""


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
