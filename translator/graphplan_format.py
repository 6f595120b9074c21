"""The original Graphplan operators/facts format: loading (lark grammar, errors with file and line),
writing, and conversion to and from a STRIPS PddlTask.

Graphplan semantics kept in the conversion to PDDL: an object may carry several types (fixit's
`the-hub` is a Hub and an Object), which become a PDDL type hierarchy; and two parameters with
different names must bind different objects, which becomes a static `(different ?x ?y)` precondition
with the pairs of distinct objects in the initial state. Names keep their case in the Graphplan model;
PDDL is case-insensitive, so they are lower-cased there and must not clash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import LarkError

from translator import grammar
from translator.errors import InputError
from translator.pddl import STRIPS, PddlTask, atom, problem_text, pyperplan_parse
from translator.text import natural_key

DIFFERENT = "different"
"""The static predicate that carries Graphplan's distinct-parameters rule into PDDL."""


@dataclass(frozen=True)
class Atom:
    """A fact or a precondition/effect pattern: predicate and arguments (`<x>` for variables)."""

    predicate: str
    args: tuple[str, ...]
    line: int | None = field(default=None, compare=False, hash=False)

    def text(self) -> str:
        """The atom as written in Graphplan files: (on <b> Table)."""
        return "(" + " ".join((self.predicate,) + self.args) + ")"


@dataclass(frozen=True)
class Operator:
    """An operator: typed parameters (variable without brackets, type), preconditions, adds, deletes."""

    name: str
    params: tuple[tuple[str, str], ...]
    preconds: tuple[Atom, ...]
    adds: tuple[Atom, ...]
    deletes: tuple[Atom, ...]
    line: int | None = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Ops:
    """An operators file."""

    operators: tuple[Operator, ...]


@dataclass(frozen=True)
class Facts:
    """A facts file: (object, type) declarations, initial facts, goal facts (None when absent).

    `lines` maps each object to the line of its first declaration (for error messages).
    """

    objects: tuple[tuple[str, str], ...]
    init: tuple[Atom, ...]
    goal: tuple[Atom, ...] | None
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def types_of(self) -> dict[str, list[str]]:
        """Each object's types, in declaration order."""
        types: dict[str, list[str]] = {}
        for name, type_name in self.objects:
            types.setdefault(name, []).append(type_name)
        return types


# ---------------------------------------------------------------------------------------------- parsing


def _parser(start: str):
    """The lark LALR parser for one start symbol of graphplan.lark."""
    return grammar.parser("translator", "graphplan.lark", start, lexer="contextual", propagate_positions=True)


def _parse(text: str, start: str, source: str, what: str) -> Tree:
    """Parse `text` from `start`, turning lark's errors into InputError with the line."""
    parser = _parser(start)
    try:
        return parser.parse(text)
    except LarkError as error:
        problem = grammar.syntax_problem(error, parser, text, _TERMINALS)
        if problem is None:
            raise InputError(f"cannot read the {what} file: {error}", source) from None
    if problem.at_end:
        raise _unbalanced(text, source) from None
    if problem.found == "')'":
        message = "unbalanced parentheses: ')' closes nothing it may close here"
    else:
        message = f"unexpected {problem.found} in the {what} file"
    message += f"; expected {problem.expected}"
    if _unclosed(text) and not problem.found.startswith("character"):
        raise _unbalanced(text, source, f" (reading stopped at line {problem.line}: {message})") from None
    raise InputError(message, source, problem.line, problem.column) from None


_TERMINALS = {
    "LPAR": "'('",
    "RPAR": "')'",
    "NAME": "a name",
    "VAR": "a variable such as <x>",
    "PROSE": "text",
    "OPERATOR": "'operator'",
    "PARAMS": "'(params'",
    "PRECONDS": "'(preconds'",
    "EFFECTS": "'(effects'",
    "DEL": "'del'",
    "$END": "the end of the file",
}


def _unclosed(text: str) -> list[int]:
    """The lines of the '(' that no ')' closes (comments skipped)."""
    open_lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for char in raw.split(";", 1)[0]:
            if char == "(":
                open_lines.append(number)
            elif char == ")" and open_lines:
                open_lines.pop()
    return open_lines


def _unbalanced(text: str, source: str, detail: str = "") -> InputError:
    """An error naming the line of the first '(' that is never closed."""
    open_lines = _unclosed(text)
    line = open_lines[0] if open_lines else len(text.splitlines())
    return InputError(f"unbalanced parentheses: this '(' is never closed{detail}", source, line)


def _atom(tree: Tree) -> Atom:
    """An Atom from an `atom` or `delete` tree."""
    tokens = [str(token) for token in tree.children]
    return Atom(tokens[0], tuple(tokens[1:]), tree.meta.line)


def _check_name(token: Token, source: str) -> None:
    """Graphplan names may not contain '_' (it joins the names in printed actions)."""
    if "_" in token:
        raise InputError(
            f"'_' is not allowed in Graphplan names ({token!r}); write '-' instead", source, token.line, token.column
        )


def load_ops(text: str, source: str = "<ops>") -> Ops:
    """Load an operators file; errors name the file and line."""
    tree = _parse(text, "ops_file", source, "operators")
    operators = []
    seen: dict[str, int] = {}
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        operator = _operator(node, source)
        if operator.name in seen:
            raise InputError(
                f"operator {operator.name!r} is defined twice (first on line {seen[operator.name]})",
                source,
                operator.line,
            )
        seen[operator.name] = operator.line or 0
        operators.append(operator)
    if not operators:
        raise InputError("no (operator ...) found in the operators file", source, 1)
    ops = Ops(tuple(operators))
    _check_arities([a for op in operators for a in op.preconds + op.adds + op.deletes], source)
    return ops


def _operator(node: Tree, source: str) -> Operator:
    """An Operator from its tree, checking that every variable is a parameter."""
    name_token, params_tree, preconds_tree, effects_tree = node.children
    for token in node.scan_values(lambda value: isinstance(value, Token)):
        _check_name(token, source)
    params = []
    for param in params_tree.children:
        variable, type_name = param.children
        if any(variable[1:-1] == known for known, _ in params):
            raise InputError(
                f"parameter {variable} appears twice in operator {name_token}", source, variable.line, variable.column
            )
        params.append((str(variable)[1:-1], str(type_name)))
    declared = {f"<{name}>" for name, _ in params}
    for token in preconds_tree.scan_values(lambda v: isinstance(v, Token) and v.type == "VAR"):
        _undeclared(token, declared, str(name_token), source)
    for token in effects_tree.scan_values(lambda v: isinstance(v, Token) and v.type == "VAR"):
        _undeclared(token, declared, str(name_token), source)
    preconds = tuple(_atom(tree) for tree in preconds_tree.children)
    adds = tuple(_atom(tree) for tree in effects_tree.children if tree.data == "atom")
    deletes = tuple(_atom(tree) for tree in effects_tree.children if tree.data == "delete")
    return Operator(str(name_token), tuple(params), preconds, adds, deletes, node.meta.line)


def _undeclared(token: Token, declared: set[str], operator: str, source: str) -> None:
    """Raise when the variable `token` is not among the operator's parameters."""
    if token not in declared:
        raise InputError(
            f"variable {token} is used in operator {operator} but not declared in its (params ...)",
            source,
            token.line,
            token.column,
        )


def _check_arities(atoms: list[Atom], source: str) -> None:
    """Every predicate must be used with one number of arguments."""
    arity: dict[str, tuple[int, int | None]] = {}
    for item in atoms:
        known = arity.setdefault(item.predicate, (len(item.args), item.line))
        if known[0] != len(item.args):
            raise InputError(
                f"predicate {item.predicate!r} has {len(item.args)} arguments here but {known[0]} on line {known[1]}",
                source,
                item.line,
            )


def load_facts(text: str, source: str = "<facts>", need_goal: bool = True) -> Facts:
    """Load a facts file (declarations, preconds = initial state, effects = goal)."""
    tree = _parse(text, "facts_file", source, "facts")
    for token in tree.scan_values(lambda value: isinstance(value, Token) and value.type == "NAME"):
        _check_name(token, source)
    objects: list[tuple[str, str]] = []
    lines: dict[str, int] = {}
    init: tuple[Atom, ...] = ()
    goal: tuple[Atom, ...] | None = None
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        if node.data == "declaration":
            name, type_name = (str(token) for token in node.children)
            if (name, type_name) not in objects:
                objects.append((name, type_name))
            lines.setdefault(name, node.meta.line)
        elif node.data == "preconds":
            init = tuple(_atom(child) for child in node.children)
        else:
            goal = tuple(_atom(child) for child in node.children)
    if goal is None and need_goal:
        raise InputError(
            "the facts file has no (effects ...) list: the goal is missing", source, len(text.splitlines())
        )
    facts = Facts(tuple(objects), init, goal, lines)
    for item in init + (goal or ()):
        for arg in item.args:
            if arg not in lines:
                raise InputError(
                    f"object {arg!r} in {item.text()} is not declared; add a line such as ({arg} Object)",
                    source,
                    item.line,
                )
    _check_arities(list(init + (goal or ())), source)
    return facts


# ---------------------------------------------------------------------------------------------- writing


def write_ops(ops: Ops) -> str:
    """An operators file in the layout of the original's examples."""
    blocks = []
    for op in ops.operators:
        params = " ".join(f"(<{name}> {type_name})" for name, type_name in op.params)
        effects = [a.text() for a in op.adds] + ["(del " + a.text()[1:] for a in op.deletes]
        blocks.append(
            "(operator\n"
            f" {op.name}\n"
            f" (params{' ' + params if params else ''})\n"
            f" (preconds{_list(a.text() for a in op.preconds)})\n"
            f" (effects{_list(effects)}))\n"
        )
    return "\n".join(blocks)


def write_facts(facts: Facts) -> str:
    """A facts file: declarations, (preconds ...) and (effects ...)."""
    lines = [f"({name} {type_name})" for name, type_name in facts.objects]
    lines += ["", "(preconds" + _list(a.text() for a in facts.init) + ")"]
    if facts.goal is not None:
        lines += ["", "(effects" + _list(a.text() for a in facts.goal) + ")"]
    return "\n".join(lines) + "\n"


def _list(items) -> str:
    """Items one per line, indented, after a keyword."""
    items = list(items)
    return "".join("\n  " + item for item in items)


def graphplan_to_pddl(
    ops_text: str, facts_text: str, ops_source: str = "<ops>", facts_source: str = "<facts>", name: str | None = None
) -> PddlTask:
    """Load an operators file and a facts file and write them as a STRIPS PDDL domain and problem."""
    ops = load_ops(ops_text, ops_source)
    facts = load_facts(facts_text, facts_source)
    return to_pddl(
        ops,
        facts,
        ops_source,
        facts_source,
        _stem(ops_source, "graphplan-domain"),
        name or _stem(facts_source, "graphplan-problem"),
    )


def _stem(source: str, default: str) -> str:
    """A PDDL-safe lower-case name from a file name."""
    stem = Path(source).stem if not source.startswith("<") else default
    return re.sub(r"[^a-z0-9-]+", "-", stem.lower()).strip("-") or default


def to_pddl(ops: Ops, facts: Facts, ops_source: str, facts_source: str, domain_name: str, name: str) -> PddlTask:
    """The PddlTask for loaded ops and facts (see the module docstring for the semantics kept)."""
    _check_case(ops, facts, facts_source)
    declared = facts.types_of()
    for op in ops.operators:
        for item in op.preconds + op.adds + op.deletes:
            for arg in item.args:
                if not arg.startswith("<") and arg not in declared:
                    raise InputError(
                        f"constant {arg!r} in operator {op.name} is not declared in the facts file {facts_source}",
                        ops_source,
                        item.line,
                    )
    parents, object_type = _type_hierarchy(facts, facts_source)
    used_types = {type_name for op in ops.operators for _, type_name in op.params}
    for type_name in sorted(used_types - set(parents), key=str.lower):
        parents[type_name] = None  # a type with no objects: its operators never apply
    pddl_type = {t: _type_name(t) for t in parents}
    different = any(_needs_different(op, facts) for op in ops.operators)
    domain = _domain_text(ops, domain_name, parents, pddl_type, different)
    objects: dict[str, list[str]] = {}
    for obj, type_name in object_type.items():
        objects.setdefault(pddl_type[type_name], []).append(obj.lower())
    init = [atom(a.predicate.lower(), *(x.lower() for x in a.args)) for a in facts.init]
    if different:
        names = sorted(name.lower() for name in declared)
        init += [atom(DIFFERENT, x, y) for x in names for y in names if x != y]
    goal = [atom(a.predicate.lower(), *(x.lower() for x in a.args)) for a in facts.goal or ()]
    problem = problem_text(name, domain_name, objects, init, goal)
    return PddlTask(name, domain, problem)


def _check_case(ops: Ops, facts: Facts, source: str) -> None:
    """Names that differ only in case would merge in PDDL."""
    names = {name for name, _ in facts.objects} | {t for _, t in facts.objects}
    names |= {a.predicate for a in facts.init + (facts.goal or ())}
    names |= {op.name for op in ops.operators}
    names |= {a.predicate for op in ops.operators for a in op.preconds + op.adds + op.deletes}
    by_lower: dict[str, str] = {}
    for item in sorted(names):
        other = by_lower.setdefault(item.lower(), item)
        if other != item:
            raise InputError(f"{other!r} and {item!r} differ only in case, which PDDL ignores", source)
    if DIFFERENT in {n.lower() for n in names}:
        raise InputError(f"the name {DIFFERENT!r} is reserved for the conversion to PDDL", source)


def _type_hierarchy(facts: Facts, source: str) -> tuple[dict[str, str | None], dict[str, str]]:
    """Graphplan types as a PDDL hierarchy: parent of each type, and each object's most specific type.

    A type is below another when its objects are a subset of the other's; the types of one object
    must nest, or PDDL (one type per object) cannot express them.
    """
    extent: dict[str, set[str]] = {}
    for name, type_name in facts.objects:
        extent.setdefault(type_name, set()).add(name)
    order = {t: (len(extent[t]), t) for t in extent}  # smaller extents are more specific
    parents: dict[str, str | None] = {}
    for t in extent:
        above = [u for u in extent if u != t and extent[t] <= extent[u] and order[u] > order[t]]
        parents[t] = min(above, key=order.__getitem__) if above else None
    object_type = {}
    for name, types in facts.types_of().items():
        chain = sorted(types, key=order.__getitem__)
        for lower, upper in zip(chain, chain[1:]):
            if not extent[lower] <= extent[upper]:
                raise InputError(
                    f"object {name!r} has types {lower} and {upper}, which do not nest "
                    "(neither's objects include the other's); PDDL cannot express that",
                    source,
                    facts.lines.get(name),
                )
        object_type[name] = chain[0]
    return parents, object_type


def _type_name(type_name: str) -> str:
    """The PDDL type for a Graphplan type (`object` is PDDL's root type, so Object gets a suffix)."""
    lower = type_name.lower()
    return "object-type" if lower == "object" else lower


def _needs_different(op: Operator, facts: Facts) -> bool:
    """True when two parameters of `op` have types that share an object."""
    extent: dict[str, set[str]] = {}
    for name, type_name in facts.objects:
        extent.setdefault(type_name, set()).add(name)
    return any(extent.get(t1, set()) & extent.get(t2, set()) for (_, t1), (_, t2) in combinations(op.params, 2))


def _domain_text(
    ops: Ops, name: str, parents: dict[str, str | None], pddl_type: dict[str, str], different: bool
) -> str:
    """The PDDL domain: types, predicates with argument counts, one action per operator."""
    lines = [f"(define (domain {name})", "  (:requirements :strips :typing)", "  (:types"]
    for t in sorted(parents, key=lambda t: pddl_type[t]):
        parent = parents[t]
        lines.append(f"    {pddl_type[t]} - {pddl_type[parent] if parent else 'object'}")
    lines.append("  )")
    arity = {}
    for op in ops.operators:
        for item in op.preconds + op.adds + op.deletes:
            arity[item.predicate.lower()] = len(item.args)
    if different:
        arity[DIFFERENT] = 2
    predicates = [atom(p, *(f"?a{i}" for i in range(1, n + 1))) for p, n in sorted(arity.items())]
    lines.append("  (:predicates " + "\n               ".join(predicates) + ")")
    for op in ops.operators:
        lines.extend(_action_text(op, pddl_type, different))
    lines.append(")")
    return "\n".join(lines) + "\n"


def _action_text(op: Operator, pddl_type: dict[str, str], different: bool) -> list[str]:
    """One PDDL action for a Graphplan operator."""

    def term(arg: str) -> str:
        """A PDDL term: ?x for <x>, the lower-case name otherwise."""
        return "?" + arg[1:-1].lower() if arg.startswith("<") else arg.lower()

    def text(item: Atom) -> str:
        """A PDDL atom for a Graphplan pattern."""
        return atom(item.predicate.lower(), *(term(arg) for arg in item.args))

    params = " ".join(f"?{v.lower()} - {pddl_type[t]}" for v, t in op.params)
    pre = [text(a) for a in op.preconds]
    if different:
        pre += [atom(DIFFERENT, f"?{v1.lower()}", f"?{v2.lower()}") for (v1, _), (v2, _) in combinations(op.params, 2)]
    effects = [text(a) for a in op.adds] + [f"(not {text(a)})" for a in op.deletes]
    return [
        f"  (:action {op.name.lower()}",
        f"    :parameters ({params})",
        f"    :precondition (and {' '.join(pre)})",
        f"    :effect (and {' '.join(effects)}))",
    ]


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
    spelling: dict[str, str] = {}
    text = re.sub(r";[^\n]*", "", task.problem + "\n" + task.domain)
    for token in re.findall(r"[^\s()]+", text):
        spelling.setdefault(token.lower(), token)
    spell = _Speller(spelling)
    ancestors = _ancestors(domain.types)
    used = set()
    operators = []
    for action in sorted(domain.actions.values(), key=lambda a: a.name):
        params = tuple((variable.lstrip("?"), spell(types[0].name)) for variable, types in action.signature)
        used |= {t for _, t in params}
        operators.append(
            Operator(
                spell(action.name),
                params,
                tuple(spell.atom(a) for a in action.precondition),
                tuple(spell.atom(a) for a in sorted(action.effect.addlist, key=str)),
                tuple(spell.atom(a) for a in sorted(action.effect.dellist, key=str)),
            )
        )
    objects = []
    for obj, obj_type in sorted({**domain.constants, **problem.objects}.items()):
        chain = [spell(t) for t in ancestors[obj_type.name]]
        objects += [(spell(obj), t) for t in chain if t == chain[0] or t in used]
    init = tuple(sorted((spell.atom(a) for a in problem.initial_state), key=Atom.text))
    goal = tuple(sorted((spell.atom(a) for a in problem.goal), key=Atom.text))
    for name in [o for o, _ in objects] + [op.name for op in operators]:
        if "_" in name:
            raise InputError(f"'_' is not allowed in Graphplan names ({name!r})", task.name)
    return Ops(tuple(operators)), Facts(tuple(objects), init, goal)


class _Speller:
    """Names back in the spelling of the PDDL text; variables ?x become <x>."""

    def __init__(self, spelling: dict[str, str]) -> None:
        self.spelling = spelling

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
    objects: list[tuple[str, str]] = []
    init: list[Atom] = []
    for facts in instances.values():
        objects += [item for item in facts.objects if item not in objects]
        init += [item for item in facts.init if item.predicate in static and item not in init]
    common = Facts(
        tuple(sorted(objects, key=lambda item: natural_key(item[0]))),
        tuple(sorted(init, key=lambda item: natural_key(item.text()))),
        None,
    )
    complete = {
        name: Facts(common.objects, common.init + tuple(a for a in facts.init if a.predicate not in static), facts.goal)
        for name, facts in instances.items()
    }
    return common, complete


def puzzle_files(puzzle_name: str, instance_paths: list[Path]) -> dict[str, str]:
    """The ops file, common.facts and a facts file per instance of a registered puzzle (name -> text)."""
    from translator.registry import get_puzzle

    puzzle = get_puzzle(puzzle_name)
    ops_text = None
    instances = {}
    for path in instance_paths:
        instance = puzzle.parse(Path(path).read_text(), str(path))
        ops, facts = pddl_to_model(puzzle.encode(instance))
        ops_text = ops_text or write_ops(ops)
        if write_ops(ops) != ops_text:
            raise InputError("the instances do not share one domain", str(path))
        instances[Path(path).stem] = facts
    common, complete = with_common_part(load_ops(ops_text), instances)
    files = {f"{puzzle_name}.ops": ops_text, "common.facts": _commented(common, puzzle_name)}
    files.update({f"{name}.facts": write_facts(facts) for name, facts in complete.items()})
    return files


def _commented(common: Facts, puzzle_name: str) -> str:
    """The common part with a first line saying what it is."""
    return f"The statements every {puzzle_name} facts file contains: objects and static facts.\n\n" + write_facts(
        common
    )
