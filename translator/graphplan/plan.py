"""Plans as the original Graphplan prints them, checked with Graphplan's semantics.

The program prints its plan as numbered time steps, one `STEP OPERATOR_arg1_arg2` line per action, among
its progress lines (`facts loaded.`, `time: 3, 20 facts and 13 exclusive pairs.`, `goals at time 4:`, the
counts at the end). A plan file may be that whole output or just its plan lines: every line of the form
`NUMBER TOKEN` is a plan line, every other line is skipped.

An action is read by matching its token against the operators and objects of the task (names compared
without regard to case), not by splitting on `_`, so that names that contain `_` still read when they
are unambiguous. A step is valid when every action's preconditions hold before it and no action deletes
a precondition or an add effect of another action of the same step (they could then not run in
parallel); the state after it is the state before, less every delete, plus every add. Graphplan binds
two parameters with different names to different objects, and objects to parameters of their types.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path

from puzzleplan.common.errors import InputError, quote
from puzzleplan.translator.graphplan.format import Atom, Facts, Operator, Ops
from puzzleplan.translator.pddl.task import GroundAction

Fact = tuple[str, ...]
"""A fact as (predicate, argument, ...), lower case."""
PLAN_LINE = re.compile(r"^\s*([0-9]+)\s+(\S+)\s*$")


@dataclass(frozen=True)
class PlanLine:
    """One action of a printed plan: its time step, its token as printed and its line in the file."""

    step: int
    token: str
    line: int


@dataclass(frozen=True)
class Action:
    """A ground action: the operator and its objects (in the files' spelling), preconditions, adds, deletes."""

    operator: str
    args: tuple[str, ...]
    pre: frozenset[Fact]
    add: frozenset[Fact]
    delete: frozenset[Fact]

    @property
    def name(self) -> str:
        """The action as Graphplan prints it: move_A_B_C."""
        return "_".join((self.operator, *self.args))

    def ground(self) -> GroundAction:
        """The action as a PDDL plan step (lower case)."""
        return self.operator.lower(), tuple(arg.lower() for arg in self.args)


def read_plan_lines(text: str, source: str) -> list[PlanLine]:
    """The plan lines of a Graphplan output (or of a file of plan lines only), time steps in order."""
    found: list[PlanLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        match = PLAN_LINE.match(raw)
        if match:
            found.append(_plan_line(int(match.group(1)), match.group(2), number, found, source))
    if not found:
        said = " (the output says there is no plan)" if re.search(r"no plan", text, re.IGNORECASE) else ""
        raise InputError(f"no plan line such as '1 move_A_Table_B' in the file{said}", source)
    return found


def _plan_line(step: int, token: str, number: int, before: list[PlanLine], source: str) -> PlanLine:
    """A plan line, whose time step is at least 1 and not before the last one `before`."""
    if before and step < before[-1].step:
        raise InputError(f"time step {step} comes after time step {before[-1].step}", source, number)
    if step < 1:
        raise InputError("time steps are numbered from 1", source, number)
    return PlanLine(step, token, number)


class Grounder:
    """Reads printed action tokens as ground actions of an operators file and a facts file."""

    def __init__(self, ops: Ops, facts: Facts) -> None:
        self.ops = ops
        self.types = {name.lower(): {t.lower() for t in types} for name, types in facts.types_of().items()}
        self.spelling = {name.lower(): name for name, _ in facts.objects}
        atoms = facts.init + (facts.goal or ()) + ops.atoms()
        self.names = {part.lower(): part for atom in atoms for part in (atom.predicate, *atom.args)}
        self.names.update(self.spelling)

    def text(self, fact: Fact) -> str:
        """A fact in the spelling of the files: (on A B)."""
        return "(" + " ".join(self.names.get(part, part) for part in fact) + ")"

    def read(self, token: str) -> list[tuple[Operator, tuple[str, ...]]]:
        """Every (operator, objects) that prints as `token` (names compared without regard to case)."""
        lower = token.lower()
        found: list[tuple[Operator, tuple[str, ...]]] = []
        for operator in self.ops.operators:
            found += [(operator, args) for args in self._arguments(operator, lower)]
        return found

    def _arguments(self, operator: Operator, lower: str) -> list[tuple[str, ...]]:
        """Every tuple of objects (in the files' spelling) with which `operator` prints as `lower`."""
        name = operator.name.lower()
        if lower == name and not operator.params:
            return [()]
        if not lower.startswith(name + "_") or not operator.params:
            return []
        return [
            tuple(self.spelling[arg] for arg in args)
            for args in self._split(lower[len(name) + 1 :], len(operator.params))
        ]

    def _split(self, text: str, count: int) -> list[tuple[str, ...]]:
        """The ways `text` is `count` object names joined by `_`."""
        if count == 1:
            return [(text,)] if text in self.spelling else []
        ways = []
        for index in (i for i, char in enumerate(text) if char == "_"):
            if text[:index] in self.spelling:
                ways += [(text[:index], *rest) for rest in self._split(text[index + 1 :], count - 1)]
        return ways

    def action(self, token: str) -> Action:
        """The ground action a token names; ValueError saying why when it names none, or several."""
        readings = self.read(token)
        if not readings:
            operators = ", ".join(op.name for op in self.ops.operators)
            raise ValueError(f"{quote(token)} is not OPERATOR_object_..._object for the operators ({operators})")
        if len(readings) > 1:
            shown = " or ".join(f"{op.name}({', '.join(args)})" for op, args in readings)
            raise ValueError(f"{quote(token)} reads more than one way: {shown}")
        operator, args = readings[0]
        self._check_binding(operator, args)
        binding = {f"<{name}>": arg for (name, _), arg in zip(operator.params, args)}
        return Action(operator.name, args, *(_facts(atoms, binding) for atoms in _parts(operator)))

    def _check_binding(self, operator: Operator, args: tuple[str, ...]) -> None:
        """Objects of the parameters' types, different objects for different parameters."""
        for (name, type_name), arg in zip(operator.params, args):
            if type_name.lower() not in self.types.get(arg.lower(), set()):
                raise ValueError(f"{arg} is not of type {type_name}, which parameter <{name}> of {operator.name} needs")
        bound = [(name, arg) for (name, _), arg in zip(operator.params, args)]
        for (first, x), (second, y) in combinations(bound, 2):
            if x.lower() == y.lower():
                raise ValueError(
                    f"<{first}> and <{second}> of {operator.name} are both {x}: "
                    "Graphplan binds different parameters to different objects"
                )


def _parts(operator: Operator) -> tuple[tuple[Atom, ...], ...]:
    """An operator's preconditions, adds and deletes."""
    return operator.preconds, operator.adds, operator.deletes


def _facts(atoms: tuple[Atom, ...], binding: dict[str, str]) -> frozenset[Fact]:
    """Atoms with their variables bound, as lower-case facts."""
    return frozenset(
        tuple(part.lower() for part in (atom.predicate, *(binding.get(arg, arg) for arg in atom.args)))
        for atom in atoms
    )


# -- checking ------------------------------------------------------------------------------------------------
@dataclass
class Check:
    """The outcome of replaying a Graphplan plan: valid, the steps and actions, where and why it failed."""

    valid: bool
    steps: list[list[Action]]
    failed_step: int | None = None
    """The time step (as numbered in the file) of the first bad step."""
    line: int | None = None
    reason: str = ""
    state: frozenset[Fact] = frozenset()
    """The state before the first bad step, or the final state."""

    @property
    def actions(self) -> list[Action]:
        """Every action, step by step (a sequential order of the plan)."""
        return [action for step in self.steps for action in step]


def check_graphplan_plan(ops: Ops, facts: Facts, lines: list[PlanLine], grounder: Grounder | None = None) -> Check:
    """Replay a printed plan step by step with Graphplan's semantics; the first bad step and why."""
    grounder = grounder or Grounder(ops, facts)
    text = grounder.text
    state = _facts(facts.init, {})
    goal = _facts(facts.goal or (), {})
    done: list[list[Action]] = []
    for number, group in _groups(lines):
        actions, unreadable = _ground_step(grounder, group)
        if unreadable:
            return Check(False, done, number, *unreadable, state)
        reason = _step_problem(actions, state, text)
        if reason:
            return Check(False, done, number, group[0].line, reason, state)
        state = _after(state, actions)
        done.append(actions)
    missing = sorted(goal - state)
    if missing:
        return Check(False, done, None, None, _unreached(missing, text), state)
    return Check(True, done, state=state)


def _after(state: frozenset[Fact], actions: list[Action]) -> frozenset[Fact]:
    """The state after one time step: the state before, less every delete, plus every add."""
    return (state - frozenset().union(*(a.delete for a in actions))) | frozenset().union(*(a.add for a in actions))


def _unreached(missing: list[Fact], text: Callable[[Fact], str]) -> str:
    """Why a plan that ends with goal facts `missing` fails (the first five shown)."""
    shown = " ".join(text(fact) for fact in missing[:5]) + (" ..." if len(missing) > 5 else "")
    return f"the plan ends without reaching the goal: {shown} do not hold"


def _ground_step(grounder: Grounder, group: list[PlanLine]) -> tuple[list[Action], tuple[int, str] | None]:
    """The actions of one time step's lines, and the line and reason of the first that names no action."""
    actions = []
    for entry in group:
        try:
            actions.append(grounder.action(entry.token))
        except ValueError as error:
            return actions, (entry.line, str(error))
    return actions, None


def ground_all(ops: Ops, facts: Facts, lines: list[PlanLine], grounder: Grounder | None = None) -> list[Action] | None:
    """Every action of a printed plan in the printed order, or None when a token names no action."""
    grounder = grounder or Grounder(ops, facts)
    try:
        return [grounder.action(entry.token) for entry in lines]
    except ValueError:
        return None


def _groups(lines: list[PlanLine]) -> list[tuple[int, list[PlanLine]]]:
    """The plan lines grouped by time step."""
    groups: list[tuple[int, list[PlanLine]]] = []
    for entry in lines:
        if groups and groups[-1][0] == entry.step:
            groups[-1][1].append(entry)
        else:
            groups.append((entry.step, [entry]))
    return groups


def _step_problem(actions: list[Action], state: frozenset[Fact], text: Callable[[Fact], str]) -> str:
    """Why the actions cannot be one time step from `state`, or ""."""
    for action in actions:
        missing = sorted(action.pre - state)
        if missing:
            return f"{action.name} needs {text(missing[0])}, which does not hold before the step"
    for first, second in product(actions, repeat=2):
        reason = "" if first is second else _interference(first, second, text)
        if reason:
            return reason
    return ""


def _interference(first: Action, second: Action, text: Callable[[Fact], str]) -> str:
    """Why two actions (distinct entries of one step) cannot run in parallel, or ""."""
    if first == second:
        return f"{first.name} appears twice in the step"
    clash = sorted(first.delete & (second.pre | second.add))
    if not clash:
        return ""
    role = "needs" if clash[0] in second.pre else "adds"
    return (
        f"{first.name} and {second.name} interfere: {first.name} deletes {text(clash[0])}, "
        f"which {second.name} {role} (the actions of a time step must not interfere)"
    )


# -- the native instance beside the files ---------------------------------------------------------------------
def native_instance(facts_path: str, facts: Facts, ops: Ops):
    """(puzzle, instance, path) of the native instance whose encoding is this task (same changing facts
    and goal), found beside the facts file with the same stem (seed1.facts -> seed1.hanoi); None when
    there is none. The seed's Hanoi and 7-puzzle files are such pairs."""
    from puzzleplan.translator.graphplan.pddl import pddl_to_model, static_predicates
    from puzzleplan.translator.registry import PUZZLES, get_puzzle, load

    static = {name.lower() for name in static_predicates(ops)}
    wanted = _changing(facts, static)
    beside = [(name, path) for name in PUZZLES for path in _beside(facts_path, get_puzzle(name).suffixes)]
    for name, path in beside:
        try:
            puzzle, instance = load(name, str(path))
            _, own = pddl_to_model(puzzle.encode(instance))
        except InputError:
            continue
        if _changing(own, static) == wanted:
            return puzzle, instance, str(path)
    return None


def _beside(facts_path: str, suffixes: tuple[str, ...]) -> list[Path]:
    """The files beside a facts file with its stem and one of `suffixes` (the facts file itself left out)."""
    paths = [Path(facts_path).with_suffix(suffix) for suffix in suffixes]
    return [path for path in paths if path.is_file() and path != Path(facts_path)]


def _changing(facts: Facts, static: set[str]) -> tuple[frozenset[Fact], frozenset[Fact]]:
    """The initial facts that are not static, and the goal: what identifies an instance of a domain."""
    init = frozenset(fact for fact in _facts(facts.init, {}) if fact[0] not in static)
    return init, _facts(facts.goal or (), {})
