"""The original Graphplan operators/facts format: loading (lark grammar, errors with file and line) and
writing. The conversion to and from PDDL is puzzleplan.translator.graphplan.pddl.

Names are read as the original program reads them: any run of characters but white space, parentheses,
`<`, `>` and `;`, case kept, and `_` read as `.` (the original prints a ground action as its name and
arguments joined by `_`, so `move_disk_a` could not be told apart otherwise: an operator written
`move_disk` prints as `move.disk_disk1_A`). A facts file may hold prose (with parentheses too) among
its declarations; a declaration that is not `(object Type)` declares nothing, as in the original.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from lark import Token, Tree
from lark.exceptions import LarkError

from puzzleplan.common import grammar
from puzzleplan.common.errors import InputError

log = logging.getLogger(__name__)


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

    def atoms(self) -> tuple[Atom, ...]:
        """The atoms of every operator's preconditions, adds and deletes."""
        return tuple(a for op in self.operators for a in op.preconds + op.adds + op.deletes)


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
    return grammar.parser(
        "puzzleplan.translator.graphplan", "graphplan.lark", start, lexer="contextual", propagate_positions=True
    )


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
    message = _syntax_message(problem, what)
    if _unclosed(text) and not problem.found.startswith("character"):
        raise _unbalanced(text, source, f" (reading stopped at line {problem.line}: {message})") from None
    raise InputError(message, source, problem.line, problem.column) from None


def _syntax_message(problem: grammar.SyntaxProblem, what: str) -> str:
    """What is wrong where reading stopped: what was found, what was expected."""
    if problem.found == "')'":
        message = "unbalanced parentheses: ')' closes nothing it may close here"
    else:
        message = f"unexpected {problem.found} in the {what} file"
    return message + f"; expected {problem.expected}"


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


def name_of(token: Token | str) -> str:
    """A name as the original program reads it: `_` becomes `.` (see the module docstring)."""
    return str(token).replace("_", ".")


def _tokens(tree: Tree) -> list[Token]:
    """The tokens among a tree's children (all of them, in the trees the grammar makes of names)."""
    return [child for child in tree.children if isinstance(child, Token)]


def _atom(tree: Tree) -> Atom:
    """An Atom from an `atom` or `delete` tree."""
    tokens = [name_of(token) for token in _tokens(tree)]
    return Atom(tokens[0], tuple(tokens[1:]), tree.meta.line)


def load_ops(text: str, source: str = "<ops>") -> Ops:
    """Load an operators file; errors name the file and line."""
    tree = _parse(text, "ops_file", source, "operators")
    operators = []
    seen: dict[str, int] = {}
    for node in tree.children:
        if isinstance(node, Tree):
            operators.append(_new_operator(_operator(node, source), seen, source))
    if not operators:
        raise InputError("no (operator ...) found in the operators file", source, 1)
    ops = Ops(tuple(operators))
    _check_arities(list(ops.atoms()), source)
    return ops


def _new_operator(operator: Operator, seen: dict[str, int], source: str) -> Operator:
    """The operator, whose name is recorded in `seen` (name -> line); InputError when it is there already."""
    if operator.name in seen:
        raise InputError(
            f"operator {operator.name!r} is defined twice (first on line {seen[operator.name]})",
            source,
            operator.line,
        )
    seen[operator.name] = operator.line or 0
    return operator


def _operator(node: Tree, source: str) -> Operator:
    """An Operator from its tree, checking that every variable is a parameter."""
    _, params_tree, preconds_tree, effects_tree = node.children
    (name_token,) = _tokens(node)
    params = _params(params_tree, str(name_token), source)
    declared = {f"<{name}>" for name, _ in params}
    for part in (preconds_tree, effects_tree):
        _check_variables(part, declared, str(name_token), source)
    adds, deletes = _atoms(effects_tree, "atom"), _atoms(effects_tree, "delete")
    return Operator(name_of(name_token), tuple(params), _atoms(preconds_tree), adds, deletes, node.meta.line)


def _atoms(tree: Tree, data: str | None = None) -> tuple[Atom, ...]:
    """The atoms of a list's children (only those of kind `data`, `atom` or `delete`, when given)."""
    return tuple(_atom(child) for child in tree.children if data is None or child.data == data)


def _params(params_tree: Tree, operator: str, source: str) -> list[tuple[str, str]]:
    """An operator's (variable, type) parameters, each variable once."""
    params: list[tuple[str, str]] = []
    for param in params_tree.children:
        variable, type_name = _tokens(param)
        if any(name_of(variable)[1:-1] == known for known, _ in params):
            raise InputError(
                f"parameter {variable} appears twice in operator {operator}", source, variable.line, variable.column
            )
        params.append((name_of(variable)[1:-1], name_of(type_name)))
    return params


def _check_variables(tree: Tree, declared: set[str], operator: str, source: str) -> None:
    """Raise for the first variable in `tree` that is not among the operator's parameters (`declared`)."""
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "VAR"):
        if name_of(token) not in declared:
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


def _declare(node: Tree, source: str, objects: list[tuple[str, str]], lines: dict[str, int]) -> None:
    """Add an (object Type) declaration to `objects` (once) and the object's first line to `lines`; a
    declaration of another length declares nothing, with a warning."""
    names = [name_of(token) for token in _tokens(node)]
    if len(names) != 2:
        log.warning(
            "%s:%s: (%s) declares nothing: a declaration is (object Type)", source, node.meta.line, " ".join(names)
        )
        return
    if tuple(names) not in objects:
        objects.append((names[0], names[1]))
    lines.setdefault(names[0], node.meta.line)


def _warn_undeclared(atoms: tuple[Atom, ...], declared: set[str], source: str) -> None:
    """Warn once for each object the facts use without declaring it: no parameter can take it."""
    warned = set(declared)
    for item in atoms:
        for arg in item.args:
            if arg not in warned:
                warned.add(arg)
                log.warning(
                    "%s:%s: object %r in %s has no declaration such as (%s Object): no parameter can take it",
                    source,
                    item.line,
                    arg,
                    item.text(),
                    arg,
                )


def load_facts(text: str, source: str = "<facts>", need_goal: bool = True) -> Facts:
    """Load a facts file (declarations, preconds = initial state, effects = goal). An object that no
    declaration types may still appear in facts (it can match an operator's constant, never a
    parameter), as in the original; a warning names it, for it is more often a typing mistake."""
    facts = _facts(_parse(text, "facts_file", source, "facts"), source)
    if facts.goal is None and need_goal:
        raise InputError(
            "the facts file has no (effects ...) list: the goal is missing", source, len(text.splitlines())
        )
    atoms = facts.init + (facts.goal or ())
    _warn_undeclared(atoms, set(facts.lines), source)
    _check_arities(list(atoms), source)
    return facts


def _facts(tree: Tree, source: str) -> Facts:
    """The declarations, initial facts and goal (None when absent) of a facts file's tree."""
    objects: list[tuple[str, str]] = []
    lines: dict[str, int] = {}
    init: tuple[Atom, ...] = ()
    goal: tuple[Atom, ...] | None = None
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        if node.data == "declaration":
            _declare(node, source, objects, lines)
        elif node.data == "preconds":
            init = _atoms(node)
        else:
            goal = _atoms(node)
    return Facts(tuple(objects), init, goal, lines)


# ---------------------------------------------------------------------------------------------- writing


def write_ops(ops: Ops) -> str:
    """An operators file in the layout of the original's examples."""
    return "\n".join(_operator_text(op) for op in ops.operators)


def _operator_text(op: Operator) -> str:
    """One (operator ...) block."""
    params = " ".join(f"(<{name}> {type_name})" for name, type_name in op.params)
    effects = [a.text() for a in op.adds] + ["(del " + a.text()[1:] for a in op.deletes]
    return (
        "(operator\n"
        f" {op.name}\n"
        f" (params{' ' + params if params else ''})\n"
        f" (preconds{_list(a.text() for a in op.preconds)})\n"
        f" (effects{_list(effects)}))\n"
    )


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
