"""Derived predicates of a task (pddl_model) computed in a state: the rules in strata (a rule after those
whose predicates it negates), each stratum to a fixpoint, a rule's bindings found by joining its positive
atoms with the state's; the literals are tested by the evaluator (pddl_semantics) that asks for them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from puzzleplan.translator.pddl.formulas import ground_atom
from puzzleplan.translator.pddl.model import Atom, Rule, Task

Holds = Callable[[tuple, dict[str, str]], bool]
"""Whether a literal holds under a binding, in the state one round of derivation reads."""

Index = dict[str, list[Atom]]
"""A state's atoms by predicate."""


class Derivation:
    """The derived predicates' atoms of one task: its rules in strata, their bodies unfolded for joining."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self._strata = _strata(task)
        self._bodies = {rule: _alternatives(rule.parameters, rule.body) for rule in task.rules}

    def closure(self, atoms: frozenset[Atom], holds_in: Callable[[frozenset[Atom]], Holds]) -> frozenset[Atom]:
        """The atoms with the derived predicates' atoms computed (stratum by stratum, to a fixpoint);
        `holds_in(atoms)` tests literals in the state with those atoms."""
        if not self.task.rules:
            return atoms
        current = {fact for fact in atoms if fact[0] not in self.task.derived}
        for stratum in self._strata:
            changed = True
            while changed:
                before = len(current)
                snapshot = frozenset(current)
                current |= self._consequences(stratum, snapshot, holds_in(snapshot))
                changed = len(current) > before
        return frozenset(current)

    def _consequences(self, stratum: list[Rule], atoms: frozenset[Atom], holds: Holds) -> set[Atom]:
        """The atoms the stratum's rules derive from the atoms in one round."""
        index: Index = {}
        for fact in atoms:
            index.setdefault(fact[0], []).append(fact)
        derived: set[Atom] = set()
        for rule in stratum:
            head = tuple(name for name, _ in rule.parameters)
            for parameters, literals in self._bodies[rule]:
                join = _Join(self.task, dict(parameters), literals, holds, index)
                derived |= {ground_atom(rule.name, head, inner) for inner in join.bindings({})}
        return derived


class _Join:
    """The bindings of a rule body's typed variables under which all of its literals hold."""

    def __init__(self, task: Task, types: dict[str, str], literals: tuple, holds: Holds, index: Index) -> None:
        self.task = task
        self.types = types
        self.literals = literals
        self.holds = holds
        self.index = index

    def bindings(self, binding: dict[str, str]) -> Iterator[dict[str, str]]:
        """The bindings extending `binding` under which every literal holds: a positive atom with an unbound
        variable binds it from the state's atoms of its predicate; the rest by type."""
        unbound = [name for name in self.types if name not in binding]
        if not unbound:
            if all(self.holds(literal, binding) for literal in self.literals):
                yield binding
            return
        for inner in self._extensions(binding, unbound):
            yield from self.bindings(inner)

    def _extensions(self, binding: dict[str, str], unbound: list[str]) -> Iterable[dict[str, str]]:
        """The binding with one more variable bound: by an equality (= ?x c), else from the state's atoms of a
        positive literal with an unbound variable, else to each object of the first unbound variable's type."""
        equal = self._by_equality(binding)
        if equal is not None:
            return equal
        by_atom = self._by_atom(binding, unbound)
        if by_atom is not None:
            return by_atom
        return ({**binding, unbound[0]: obj} for obj in self.task.of_type(self.types[unbound[0]]))

    def _by_equality(self, binding: dict[str, str]) -> list[dict[str, str]] | None:
        """The binding extended by the first (= ?x c) with one side unbound (none when c is not of ?x's
        type), or None when no equality binds a variable."""
        for literal in (literal for literal in self.literals if literal[0] == "="):
            bound = _one_side_unbound(literal, binding)
            if bound is not None:
                name, value = bound
                return [{**binding, name: value}] if self.task.is_a(value, self.types[name]) else []
        return None

    def _by_atom(self, binding: dict[str, str], unbound: list[str]) -> Iterator[dict[str, str]] | None:
        """The binding extended by each of the state's atoms that the first positive literal with an unbound
        variable matches, or None when no such literal binds a variable."""
        for literal in self.literals:
            if literal[0] == "atom" and any(term in unbound for term in literal[2]):
                return self._matches(literal, binding)
        return None

    def _matches(self, literal: tuple, binding: dict[str, str]) -> Iterator[dict[str, str]]:
        """The binding extended by each of the state's atoms of the literal's predicate that the literal names."""
        for fact in self.index.get(literal[1], ()):
            inner = self._unify(literal[2], fact[1:], binding)
            if inner is not None:
                yield inner

    def _unify(self, terms: tuple[str, ...], args: tuple[str, ...], binding: dict[str, str]) -> dict[str, str] | None:
        """The binding extended so that the terms name the arguments (objects of the variables' types), or None."""
        inner = dict(binding)
        for term, arg in zip(terms, args):
            value = inner.get(term, term if not term.startswith("?") else None)
            if value is None:
                if term in self.types and not self.task.is_a(arg, self.types[term]):
                    return None
                inner[term] = arg
            elif value != arg:
                return None
        return inner


def _one_side_unbound(literal: tuple, binding: dict[str, str]) -> tuple[str, str] | None:
    """(the unbound variable, the other side's object) of an (= a b) with exactly one side unbound, else None."""
    left, right = (binding.get(term, None if term.startswith("?") else term) for term in literal[1:])
    if left is None and right is not None:
        return literal[1], right
    if right is None and left is not None:
        return literal[2], left
    return None


def _alternatives(parameters: tuple, body: tuple, limit: int = 64) -> list[tuple[tuple, tuple]]:
    """A rule's body as alternatives to join one by one: (variables, literals), with conjunctions flattened,
    `exists` turned into more variables and each `or` split into its alternatives (up to `limit` of them):
    (and A (or B (exists (?z) C))) over ?x is A and B over ?x, and A and C over ?x and ?z."""
    todo: list[tuple[tuple, list, list]] = [(tuple(parameters), [body], [])]
    done: list[tuple[tuple, tuple]] = []
    while todo:
        variables, parts, literals = todo.pop(0)
        if parts:
            todo[:0] = _unfolded(variables, parts, literals, limit - len(todo) - len(done))
        else:
            done.append((variables, tuple(literals)))
    return done


def _unfolded(variables: tuple, parts: list, literals: list, room: int) -> list[tuple[tuple, list, list]]:
    """The (variables, parts left, literals) that unfolding the first part gives: a conjunction's parts, an
    `exists`'s variables and body, an `or`'s alternatives (when `room` allows that many), else a literal."""
    part, rest = parts[0], parts[1:]
    if part[0] == "and":
        return [(variables, [*part[1], *rest], literals)]
    if part[0] == "exists" and not _names(part[1]) & _names(variables):
        return [(variables + tuple(part[1]), [part[2], *rest], literals)]
    if part[0] == "or" and len(part[1]) <= room:
        return [(variables, [alternative, *rest], literals) for alternative in part[1]]
    return [(variables, rest, [*literals, part])]


def _names(parameters: tuple) -> set[str]:
    """The names of typed parameters."""
    return {name for name, _ in parameters}


def _strata(task: Task) -> list[list[Rule]]:
    """The derived predicates' rules in strata: a rule comes after those whose predicates it negates."""
    level = _levels(task.rules)
    count = max(level.values(), default=-1) + 1
    return [[rule for rule in task.rules if level[rule.name] == number] for number in range(count)]


def _levels(rules: tuple[Rule, ...]) -> dict[str, int]:
    """The stratum of each derived predicate: one above every predicate its rules negate, the same as those
    they read plainly (to a fixpoint, in at most one round per rule)."""
    level = {rule.name: 0 for rule in rules}
    for _ in range(len(level) + 1):
        for rule in rules:
            for name, negated in _uses(rule.body, False):
                if name in level:
                    level[rule.name] = max(level[rule.name], level[name] + negated)
    return level


def _uses(formula: tuple | None, negated: bool) -> Iterator[tuple[str, bool]]:
    """The predicates a formula reads, each with whether it is read under negation (or a forall)."""
    if formula is None:
        return
    kind = formula[0]
    if kind == "atom":
        yield formula[1], negated
    elif kind in ("and", "or"):
        for part in formula[1]:
            yield from _uses(part, negated)
    elif kind in ("not", "imply", "exists", "forall"):
        yield from _uses_inside(formula, negated)


def _uses_inside(formula: tuple, negated: bool) -> Iterator[tuple[str, bool]]:
    """The predicates a (not f), (imply a b) or quantified formula reads: under `not` and an implication's
    premise negation flips; a forall's body counts as negated."""
    kind = formula[0]
    if kind == "not":
        yield from _uses(formula[1], not negated)
    elif kind == "imply":
        yield from _uses(formula[1], not negated)
        yield from _uses(formula[2], negated)
    else:
        yield from _uses(formula[2], negated or kind == "forall")
