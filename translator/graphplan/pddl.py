"""Graphplan operators/facts files to and from a STRIPS PddlTask, and a puzzle's Graphplan files with a
common part.

Graphplan semantics kept in the conversion to PDDL: an object may carry several types (fixit's
`the-hub` is a Hub and an Object), which become a PDDL type hierarchy; objects named inside operators
(`Table`, `wrench`) are the domain's constants; and two parameters with different names must bind
different objects, which becomes a static `(different ?x ?y)` precondition, only between parameters
whose types share an object, with only the pairs of objects such parameters can take in the initial
state.

Names: Graphplan is case-sensitive and takes any characters in a name; PDDL wants a letter, then
letters, digits, `-` and `_`, ignores case, reserves words such as `object` and `number`, and (for
unified-planning) one namespace for objects, predicates, types and actions. Every Graphplan name gets
its own PDDL name (PddlNames): lower case, `.` back to `_` (the original reads `_` as `.`), any other
character outside the PDDL alphabet as `-`, a letter in front of a leading digit (`1` -> `n1`), and a
suffix naming its kind when the word is reserved or already taken (`Object` -> `object-type`, the
action `open` beside the predicate `open` -> `open-action`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations, product
from pathlib import Path
from typing import Any

from puzzleplan.common.errors import InputError
from puzzleplan.common.files import natural_key
from puzzleplan.translator.graphplan.format import (
    Atom,
    Facts,
    Operator,
    Ops,
    load_facts,
    load_ops,
    write_facts,
    write_ops,
)
from puzzleplan.translator.pddl.pyperplan import pyperplan_parse
from puzzleplan.translator.pddl.task import STRIPS, PddlTask, atom, problem_text

DIFFERENT = "different"
"""The static predicate that carries Graphplan's distinct-parameters rule into PDDL."""
RESERVED = frozenset(
    {"object", "number", "either", "and", "or", "not", "imply", "exists", "forall", "when", "define", "domain"}
    | {"problem", DIFFERENT}
)
"""Words that no Graphplan name may become in PDDL (`different` is the conversion's own predicate)."""


@dataclass
class PddlNames:
    """The PDDL name of every Graphplan name, by kind (object, predicate, type, action), each unique
    across all kinds; `graphplan` maps a PDDL object or action name back."""

    pddl: dict[tuple[str, str], str] = field(default_factory=dict)
    graphplan: dict[str, str] = field(default_factory=dict)

    def add(self, kind: str, names) -> None:
        """Name every Graphplan name of a kind (in sorted order, so that the names are the same on every
        run)."""
        for name in sorted(set(names)):
            if (kind, name) not in self.pddl:
                candidate = self._fresh(pddl_word(name), kind)
                self.pddl[(kind, name)] = candidate
                self.graphplan[candidate] = name

    def _fresh(self, base: str, kind: str) -> str:
        """`base`, or `base-KIND` when `base` is reserved or taken, or `base-KINDn` for the first n from 2
        that is free."""
        candidate, number = base if base not in RESERVED else f"{base}-{kind}", 2
        if candidate in self.graphplan:
            candidate = f"{base}-{kind}"
        while candidate in self.graphplan:
            candidate, number = f"{base}-{kind}{number}", number + 1
        return candidate

    def __call__(self, kind: str, name: str) -> str:
        """The PDDL name of a Graphplan name of a kind."""
        return self.pddl[(kind, name)]


def pddl_word(name: str) -> str:
    """A Graphplan name spelled in the PDDL alphabet (before reserved words and clashes are settled)."""
    word = re.sub(r"[^a-z0-9_-]+", "-", name.lower().replace(".", "_")).strip("-")
    if not word:
        return "x"
    return word if word[0].isalpha() else ("n" if word[0].isdigit() else "x") + word


@dataclass
class Conversion:
    """A Graphplan pair as PDDL, with the names used there."""

    task: PddlTask
    names: PddlNames


def graphplan_to_pddl(
    ops_text: str, facts_text: str, ops_source: str = "<ops>", facts_source: str = "<facts>", name: str | None = None
) -> PddlTask:
    """Load an operators file and a facts file and write them as a STRIPS PDDL domain and problem."""
    ops = load_ops(ops_text, ops_source)
    facts = load_facts(facts_text, facts_source)
    domain_name = _stem(ops_source, "graphplan-domain")
    return convert(ops, facts, facts_source, domain_name, name or _stem(facts_source, "graphplan-problem")).task


def _stem(source: str, default: str) -> str:
    """A PDDL-safe lower-case name from a file name."""
    stem = Path(source).stem if not source.startswith("<") else default
    word = re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-")
    return word if word[:1].isalpha() else default


def constants(ops: Ops) -> set[str]:
    """The objects that operators name (arguments that are not <variables>)."""
    return _named_objects(ops.atoms())


def _named_objects(atoms: tuple[Atom, ...]) -> set[str]:
    """The arguments of `atoms` that are objects (not <variables>)."""
    return {arg for a in atoms for arg in a.args if arg[0] != "<"}


def convert(ops: Ops, facts: Facts, facts_source: str, domain_name: str, name: str) -> Conversion:
    """The PDDL task of loaded ops and facts and the names it uses."""
    extent = _extents(facts)
    parents, object_type = _type_hierarchy(facts, extent, facts_source)
    _add_empty_types(parents, ops)
    names = _names(ops, facts, parents, object_type)
    shared = {op.name: _overlapping_pairs(op, extent) for op in ops.operators}
    fixed = constants(ops)
    domain = _domain_text(ops, domain_name, parents, object_type, fixed, names, shared)
    objects = _objects_by_type(names, object_type, {n for kind, n in names.pddl if kind == "object"} - fixed)
    init = [_fact(a, names) for a in facts.init] + _different_facts(ops, extent, shared, names)
    goal = [_fact(a, names) for a in facts.goal or ()]
    return Conversion(PddlTask(name, domain, problem_text(name, domain_name, objects, init, goal)), names)


def _add_empty_types(parents: dict[str, str | None], ops: Ops) -> None:
    """Put the types that parameters use but no object has at the top (their operators never apply)."""
    used_types = {type_name for op in ops.operators for _, type_name in op.params}
    parents.update(dict.fromkeys(sorted(used_types - set(parents), key=str.lower)))


def _names(ops: Ops, facts: Facts, parents: dict[str, str | None], object_type: dict[str, str]) -> PddlNames:
    """The PDDL names of the objects, predicates, types and actions of the ops and facts."""
    atoms = facts.init + (facts.goal or ()) + ops.atoms()
    names = PddlNames()
    names.add("object", _named_objects(atoms) | set(object_type))
    names.add("predicate", {a.predicate for a in atoms})
    names.add("type", parents)
    names.add("action", {op.name for op in ops.operators})
    return names


def _objects_by_type(names: PddlNames, object_type: dict[str, str], objects: set[str]) -> dict[str, list[str]]:
    """The PDDL names of Graphplan objects (in sorted order) by PDDL type name."""
    by_type: dict[str, list[str]] = {}
    for obj in sorted(objects):
        declared = object_type.get(obj)
        by_type.setdefault(names("type", declared) if declared else "object", []).append(names("object", obj))
    return by_type


def _fact(item: Atom, names: PddlNames) -> str:
    """A ground Graphplan atom in PDDL."""
    return atom(names("predicate", item.predicate), *(names("object", arg) for arg in item.args))


def _type_hierarchy(
    facts: Facts, extent: dict[str, set[str]], source: str
) -> tuple[dict[str, str | None], dict[str, str]]:
    """Graphplan types as a PDDL hierarchy: parent of each type, and each object's most specific type.

    A type is below another when its objects are a subset of the other's; the types of one object
    must nest, or PDDL (one type per object) cannot express them.
    """
    order = {t: (len(extent[t]), t) for t in extent}  # smaller extents are more specific
    parents = {t: _parent(t, extent, order) for t in extent}
    object_type = {}
    for name, types in facts.types_of().items():
        chain = sorted(types, key=order.__getitem__)
        _check_nesting(name, chain, extent, source, facts.lines.get(name))
        object_type[name] = chain[0]
    return parents, object_type


def _parent(t: str, extent: dict[str, set[str]], order: dict[str, tuple[int, str]]) -> str | None:
    """The most specific type above `t` (whose objects include t's and that comes later in `order`), or None."""
    above = [u for u in extent if u != t and extent[t] <= extent[u] and order[u] > order[t]]
    return min(above, key=order.__getitem__) if above else None


def _check_nesting(name: str, chain: list[str], extent: dict[str, set[str]], source: str, line: int | None) -> None:
    """InputError unless each of an object's types (most specific first) has its objects in the next's."""
    for lower, upper in zip(chain, chain[1:]):
        if not extent[lower] <= extent[upper]:
            raise InputError(
                f"object {name!r} has types {lower} and {upper}, which do not nest "
                "(neither's objects include the other's); PDDL cannot express that",
                source,
                line,
            )


def _extents(facts: Facts) -> dict[str, set[str]]:
    """The objects of each type."""
    extent: dict[str, set[str]] = {}
    for name, type_name in facts.objects:
        extent.setdefault(type_name, set()).add(name)
    return extent


def _overlapping_pairs(op: Operator, extent: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The pairs of `op`'s parameters whose types share an object (`extent`: the objects of each type):
    Graphplan's rule that they bind different objects needs a (different ?x ?y) precondition only for these."""
    return [
        (v1, v2) for (v1, t1), (v2, t2) in combinations(op.params, 2) if extent.get(t1, set()) & extent.get(t2, set())
    ]


def _different_facts(
    ops: Ops, extent: dict[str, set[str]], shared: dict[str, list[tuple[str, str]]], names: PddlNames
) -> list[str]:
    """(different x y) for the pairs of distinct objects that some overlapping parameter pair can take."""
    found = set()
    for op in ops.operators:
        types = dict(op.params)
        for v1, v2 in shared[op.name]:
            pairs = {(x, y) for x, y in product(extent[types[v1]], extent[types[v2]]) if x != y}
            found |= pairs | {(y, x) for x, y in pairs}
    return [atom(DIFFERENT, names("object", x), names("object", y)) for x, y in sorted(found)]


def _domain_text(
    ops: Ops,
    name: str,
    parents: dict[str, str | None],
    object_type: dict[str, str],
    fixed: set[str],
    names: PddlNames,
    shared: dict[str, list[tuple[str, str]]],
) -> str:
    """The PDDL domain: types, constants, predicates with argument counts, one action per operator."""
    lines = [f"(define (domain {name})", "  (:requirements :strips :typing)", *_types_section(parents, names)]
    if fixed:
        lines += _constants_section(_objects_by_type(names, object_type, fixed))
    lines.append(_predicates_section(ops, names, any(shared.values())))
    for op in ops.operators:
        lines.extend(_action_text(op, names, shared[op.name]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def _types_section(parents: dict[str, str | None], names: PddlNames) -> list[str]:
    """The lines of (:types ...): each type above its parent (or `object`)."""
    lines = ["  (:types"]
    for t in sorted(parents, key=lambda t: names("type", t)):
        parent = parents[t]
        lines.append(f"    {names('type', t)} - {names('type', parent) if parent else 'object'}")
    return [*lines, "  )"]


def _constants_section(by_type: dict[str, list[str]]) -> list[str]:
    """The lines of (:constants ...), given the constants' PDDL names by PDDL type."""
    lines = [f"    {' '.join(sorted(objs, key=natural_key))} - {t}" for t, objs in sorted(by_type.items())]
    return ["  (:constants", *lines, "  )"]


def _predicates_section(ops: Ops, names: PddlNames, different: bool) -> str:
    """(:predicates ...) with the operators' predicates, and (different ?a1 ?a2) if `different`."""
    arity = {names("predicate", item.predicate): len(item.args) for item in ops.atoms()}
    if different:
        arity[DIFFERENT] = 2
    predicates = [atom(p, *(f"?a{i}" for i in range(1, n + 1))) for p, n in sorted(arity.items())]
    return "  (:predicates " + "\n               ".join(predicates) + ")"


def _action_text(op: Operator, names: PddlNames, different: list[tuple[str, str]]) -> list[str]:
    """One PDDL action for a Graphplan operator."""
    variables = _variable_names(op)

    def term(arg: str) -> str:
        """A PDDL term: ?x for <x>, the object's PDDL name otherwise."""
        return "?" + variables[arg[1:-1]] if arg.startswith("<") else names("object", arg)

    def text(item: Atom) -> str:
        """A PDDL atom for a Graphplan pattern."""
        return atom(names("predicate", item.predicate), *(term(arg) for arg in item.args))

    params = " ".join(f"?{variables[v]} - {names('type', t)}" for v, t in op.params)
    pre = [text(a) for a in op.preconds]
    pre += [atom(DIFFERENT, f"?{variables[v1]}", f"?{variables[v2]}") for v1, v2 in different]
    effects = [text(a) for a in op.adds] + [f"(not {text(a)})" for a in op.deletes]
    return [
        f"  (:action {names('action', op.name)}",
        f"    :parameters ({params})",
        f"    :precondition (and {' '.join(pre)})",
        f"    :effect (and {' '.join(effects)}))",
    ]


def _variable_names(op: Operator) -> dict[str, str]:
    """The PDDL name (without `?`) of each parameter of an operator: its word, numbered from 2 on a clash."""
    variables: dict[str, str] = {}
    for variable, _ in op.params:
        word, number = pddl_word(variable), 2
        candidate = word
        while candidate in variables.values():
            candidate, number = f"{word}{number}", number + 1
        variables[variable] = candidate
    return variables


# ----------------------------------------------------------------------------------- PDDL -> Graphplan


def pddl_to_graphplan(task: PddlTask) -> tuple[str, str]:
    """The operators and facts files for a STRIPS task (types become declarations per object).

    Graphplan binds different parameters to different objects; a PDDL action that needs two
    parameters bound to the same object has no Graphplan counterpart.
    """
    ops, facts = pddl_to_model(task)
    return write_ops(ops), write_facts(facts)


def pddl_to_model(task: PddlTask) -> tuple[Ops, Facts]:
    """The Graphplan Ops and Facts for a STRIPS task, parsed with pyperplan's PDDL parser.

    pyperplan lower-cases names; they get back the spelling of their first use in the task's text.
    """
    extra = task.requirements - STRIPS
    if extra:
        raise InputError(f"Graphplan takes STRIPS only; the domain also requires {' '.join(sorted(extra))}", task.name)
    domain, problem = pyperplan_parse(task)
    spell = _Speller.of(task)
    operators = [_operator_of(action, spell) for action in sorted(domain.actions.values(), key=lambda a: a.name)]
    used = {type_name for operator in operators for _, type_name in operator.params}
    objects = _declarations(domain, problem, spell, used)
    init = tuple(sorted((spell.atom(a) for a in problem.initial_state), key=Atom.text))
    goal = tuple(sorted((spell.atom(a) for a in problem.goal), key=Atom.text))
    return Ops(tuple(operators)), Facts(tuple(objects), init, goal)


def _declarations(domain: Any, problem: Any, spell: _Speller, used: set[str]) -> list[tuple[str, str]]:
    """(object, type) for every object of a pyperplan task: its own type, and the types above it that
    operators' parameters use."""
    ancestors = _ancestors(domain.types)
    objects = []
    for obj, obj_type in sorted({**domain.constants, **problem.objects}.items()):
        chain = [spell(t) for t in ancestors[obj_type.name]]
        objects += [(spell(obj), t) for t in chain if t == chain[0] or t in used]
    return objects


def _operator_of(action: Any, spell: _Speller) -> Operator:
    """The Graphplan operator of a pyperplan action, in the task's spelling."""
    params = tuple((variable.lstrip("?"), spell(types[0].name)) for variable, types in action.signature)
    return Operator(
        spell(action.name),
        params,
        tuple(spell.atom(a) for a in action.precondition),
        tuple(spell.atom(a) for a in sorted(action.effect.addlist, key=str)),
        tuple(spell.atom(a) for a in sorted(action.effect.dellist, key=str)),
    )


class _Speller:
    """Names back in the spelling of the PDDL text; variables ?x become <x>."""

    def __init__(self, spelling: dict[str, str]) -> None:
        self.spelling = spelling

    @classmethod
    def of(cls, task: PddlTask) -> _Speller:
        """The speller of a task: each name spelt as its first use in the problem, then the domain."""
        spelling: dict[str, str] = {}
        text = re.sub(r";[^\n]*", "", task.problem + "\n" + task.domain)
        for token in re.findall(r"[^\s()]+", text):
            spelling.setdefault(token.lower(), token)
        return cls(spelling)

    def __call__(self, name: str) -> str:
        return self.spelling.get(name, name)

    def atom(self, predicate) -> Atom:
        """A Graphplan Atom for a pyperplan predicate."""
        args = tuple(f"<{name[1:]}>" if name.startswith("?") else self(name) for name, _ in predicate.signature)
        return Atom(self(predicate.name), args)


def _ancestors(types: dict) -> dict[str, list[str]]:
    """For each pyperplan type name, itself and its ancestors, most specific first."""
    chains = {}
    for name, pddl_type in types.items():
        chain = []
        while pddl_type is not None:
            chain.append(pddl_type.name)
            pddl_type = pddl_type.parent
        chains[name] = chain
    return chains


# ------------------------------------------------------------------------- files with a common part


def static_predicates(ops: Ops) -> set[str]:
    """Predicates that no operator adds or deletes."""
    changed = {a.predicate for op in ops.operators for a in op.adds + op.deletes}
    used = {a.predicate for op in ops.operators for a in op.preconds}
    return used - changed


def with_common_part(ops: Ops, instances: dict[str, Facts]) -> tuple[Facts, dict[str, Facts]]:
    """The common part of a domain's facts files and every instance's complete facts file.

    The common part is the union of the instances' declarations and static facts (Hanoi's five discs,
    three pegs and `smaller`; a board's cells and adjacency); each instance's facts file is the common
    part followed by its own initial facts and its goal, as seed 003 asks.
    """
    static = static_predicates(ops)
    common = _common_part(instances.values(), static)
    complete = {
        name: Facts(common.objects, common.init + tuple(a for a in facts.init if a.predicate not in static), facts.goal)
        for name, facts in instances.items()
    }
    return common, complete


def _common_part(instances: Iterable[Facts], static: set[str]) -> Facts:
    """The union of the instances' declarations and facts of `static` predicates, sorted, with no goal."""
    objects: list[tuple[str, str]] = []
    init: list[Atom] = []
    for facts in instances:
        objects += [item for item in facts.objects if item not in objects]
        init += [item for item in facts.init if item.predicate in static and item not in init]
    return Facts(
        tuple(sorted(objects, key=lambda item: natural_key(item[0]))),
        tuple(sorted(init, key=lambda item: natural_key(item.text()))),
        None,
    )


def puzzle_files(puzzle_name: str, instance_paths: list[Path]) -> dict[str, str]:
    """The ops file, common.facts and a facts file per instance of a registered puzzle (name -> text)."""
    from puzzleplan.translator.registry import load

    first_ops, ops_text, instances = None, "", {}
    for path in instance_paths:
        puzzle, instance = load(puzzle_name, str(path))
        ops, facts = pddl_to_model(puzzle.encode(instance))
        if first_ops is None:
            first_ops, ops_text = ops, write_ops(ops)
        elif write_ops(ops) != ops_text:
            raise InputError("the instances do not share one domain", str(path))
        instances[Path(path).stem] = facts
    if first_ops is None:
        raise InputError("expected at least one instance file", "command line")
    common, complete = with_common_part(first_ops, instances)
    files = {f"{puzzle_name}.ops": ops_text, "common.facts": _commented(common, puzzle_name)}
    files.update({f"{name}.facts": write_facts(facts) for name, facts in complete.items()})
    return files


def _commented(common: Facts, puzzle_name: str) -> str:
    """The common part with a first line saying what it is."""
    return f"The statements every {puzzle_name} facts file contains: objects and static facts.\n\n" + write_facts(
        common
    )
