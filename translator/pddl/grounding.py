"""A whole PDDL task grounded for stepping through it one action at a time (a learning environment's view):
every ground action that the static facts allow, the atoms any state can hold, and the successor of a
state by one ground action under the semantics of pddl_semantics (conditional effects, quantifiers, derived
predicates, action costs)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from puzzleplan.common.errors import InputError
from puzzleplan.translator.pddl.formulas import ground_atom
from puzzleplan.translator.pddl.model import Action, Atom, Task
from puzzleplan.translator.pddl.plans import initial_state
from puzzleplan.translator.pddl.semantics import Evaluator, State, Undefined
from puzzleplan.translator.pddl.syntax import Expr, read_expressions
from puzzleplan.translator.pddl.task import GroundAction

MAX_GROUND = 200_000
"""The most ground actions (and, apart, atoms) a task may have here: more is refused before the work."""


@dataclass(frozen=True)
class GroundTask:
    """A task with its ground actions (those whose static preconditions hold) and the atoms that can hold,
    both in a fixed order: by action or predicate as declared, then by objects as declared."""

    task: Task
    actions: tuple[GroundAction, ...]
    atoms: tuple[Atom, ...]
    evaluator: Evaluator = field(repr=False, compare=False)
    """The task's formula evaluator, made once with the grounding."""

    def initial(self) -> State:
        """The initial state, derived atoms computed."""
        return initial_state(self.task, self.evaluator)

    def applicable(self, state: State) -> list[bool]:
        """For every ground action, whether its precondition holds in `state`."""
        return [self.holds(number, state) for number in range(len(self.actions))]

    def successor(self, state: State, number: int) -> State:
        """The state after ground action `number` (applicable in `state`)."""
        action, binding = self._schema(number)
        return self.evaluator.apply(action.effects, binding, state)

    def is_goal(self, state: State) -> bool:
        """True when the goal holds in `state`."""
        return self.evaluator.holds(self.task.goal, {}, state)

    def cost(self, before: State, after: State) -> float:
        """What the step from `before` to `after` cost: total-cost's increase, or 1 without action costs."""
        if not self.task.action_costs:
            return 1.0
        key = ("total-cost",)
        return after.values.get(key, 0.0) - before.values.get(key, 0.0)

    def holds(self, number: int, state: State) -> bool:
        """Whether ground action `number`'s precondition holds (False when it reads an undefined fluent)."""
        action, binding = self._schema(number)
        try:
            return self.evaluator.holds(action.precondition, binding, state)
        except Undefined:
            return False

    def _schema(self, number: int) -> tuple[Action, dict[str, str]]:
        """The action schema of ground action `number` and its binding."""
        name, args = self.actions[number]
        action = self.task.actions[name]
        return action, dict(zip((parameter for parameter, _ in action.parameters), args))


def ground_task(task: Task, source: str) -> GroundTask:
    """The task grounded; InputError naming `source` when it has more than MAX_GROUND ground actions or atoms."""
    static = _static_predicates(task)
    evaluator = Evaluator(task)
    actions = tuple(_ground_actions(task, evaluator, static, source))
    atoms = _possible_atoms(task, evaluator, actions, source)
    return GroundTask(task, actions, atoms, evaluator)


def _static_predicates(task: Task) -> frozenset[str]:
    """The predicates no effect changes (and no rule derives)."""
    changed = {effect[1] for action in task.actions.values() for effect in _flat_effects(action.effects)}
    return frozenset(_predicates(task) - changed - set(task.derived))


def _predicates(task: Task) -> set[str]:
    """Every predicate that appears in the initial state or in an effect."""
    return {atom[0] for atom in task.init} | {
        effect[1] for action in task.actions.values() for effect in _flat_effects(action.effects)
    }


def _flat_effects(effects: tuple) -> Iterator[tuple]:
    """The add and delete effects, also inside conditional and universal effects."""
    for effect in effects:
        if effect[0] in ("add", "del"):
            yield effect
        elif effect[0] in ("when", "forall"):
            yield from _flat_effects(effect[2])


def _ground_actions(task: Task, evaluator: Evaluator, static: frozenset[str], source: str) -> Iterator[GroundAction]:
    """Every binding of every action whose static precondition atoms hold initially."""
    count = 0
    for name, action in task.actions.items():
        tests = _static_tests(action.precondition, static)
        for binding in evaluator.bindings(action.parameters, {}):
            if all(ground_atom(test[1], test[2], binding) in task.init for test in tests):
                count += 1
                _check_size(count, "ground actions", source)
                yield name, tuple(binding[parameter] for parameter, _ in action.parameters)


def _static_tests(precondition: tuple | None, static: frozenset[str]) -> list[tuple]:
    """The precondition's atoms of static predicates that must hold (those it requires as a conjunct)."""
    if precondition is None:
        return []
    parts = precondition[1] if precondition[0] == "and" else (precondition,)
    return [part for part in parts if part[0] == "atom" and part[1] in static]


def _possible_atoms(
    task: Task, evaluator: Evaluator, actions: tuple[GroundAction, ...], source: str
) -> tuple[Atom, ...]:
    """The initial atoms and every atom some ground action can add, sorted."""
    found = set(task.init)
    for name, args in actions:
        action = task.actions[name]
        binding = dict(zip((parameter for parameter, _ in action.parameters), args))
        found |= set(_adds(evaluator, action.effects, binding))
        _check_size(len(found), "atoms", source)
    return tuple(sorted(found))


def _adds(evaluator: Evaluator, effects: tuple, binding: dict[str, str]) -> Iterator[Atom]:
    """Every atom the effects could add under the binding, whatever the conditions of conditional effects."""
    for effect in effects:
        if effect[0] == "add":
            yield ground_atom(effect[1], effect[2], binding)
        elif effect[0] == "when":
            yield from _adds(evaluator, effect[2], binding)
        elif effect[0] == "forall":
            for inner in evaluator.bindings(effect[1], binding):
                yield from _adds(evaluator, effect[2], inner)


def _check_size(count: int, what: str, source: str) -> None:
    """InputError once a task grounds to more than MAX_GROUND actions or atoms."""
    if count > MAX_GROUND:
        raise InputError(f"the task grounds to more than {MAX_GROUND:,} {what}: too large to step through", source)


def restarted_problem(problem: str, task: Task, state: State, source: str) -> str:
    """The problem's text with its :init section replaced by `state` (derived atoms left out, numeric
    fluents as `(= (f ...) v)`): the same task from that state, for any planner."""
    start = _init_offset(problem, source)
    end = _closing(problem, start)
    atoms = [_atom_text(atom) for atom in sorted(state.atoms) if atom[0] not in task.derived]
    values = [f"(= {_atom_text(key)} {_number(value)})" for key, value in sorted(state.values.items())]
    body = "\n    ".join(["(:init", *atoms, *values])
    return problem[:start] + body + ")" + problem[end + 1 :]


def _init_offset(problem: str, source: str) -> int:
    """Where the problem's `(:init` list opens."""
    expression, _ = read_expressions(problem, source)
    for item in expression.items:
        if isinstance(item, Expr) and item.head() == ":init":
            return _offset(problem, item.start.line, item.start.column)
    raise InputError("the problem has no (:init ...) section", source)


def _offset(text: str, line: int, column: int) -> int:
    """The index in `text` of a 1-based line and column."""
    lines = text.split("\n")
    return sum(len(earlier) + 1 for earlier in lines[: line - 1]) + column - 1


def _closing(text: str, start: int) -> int:
    """The index of the parenthesis that closes the one at `start` (comments skipped)."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char == ";":
            index = text.find("\n", index)
            index = len(text) if index < 0 else index
            continue
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return index
        index += 1
    return len(text) - 1


def _atom_text(atom: Atom) -> str:
    """A ground atom as PDDL writes it."""
    return "(" + " ".join(atom) + ")"


def _number(value: float) -> str:
    """A number as PDDL writes it (whole numbers without a point)."""
    return str(int(value)) if float(value).is_integer() else repr(value)
