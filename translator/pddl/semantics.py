"""Plain PDDL semantics over a task (pddl_model): formulas evaluated in a state, effects applied; pddl_plans
replays plans with it, pddl_explanations says why a false formula is false.

Only the steps of a plan are grounded (no grounding of the whole task). A step's precondition is
evaluated in the state before it (STRIPS, typing, negation, disjunction, implication, quantifiers,
equality, numeric comparisons, derived predicates, computed by pddl_derived); its effects (adds, deletes,
conditional and universal effects, numeric updates) are all computed in that state, deletes applied before
adds.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from puzzleplan.translator.pddl.derived import Derivation, Holds
from puzzleplan.translator.pddl.formulas import ground, ground_atom, show_expression, shown_atom
from puzzleplan.translator.pddl.model import Atom, Task

Effects = tuple[set[Atom], set[Atom], list[tuple[str, Atom, float]]]
"""What effects do: (adds, deletes, numeric updates as (operation, fluent, amount))."""


class Undefined(Exception):
    """A numeric fluent read before it has a value."""


@dataclass(frozen=True)
class State:
    """The atoms that hold and the values of the numeric fluents."""

    atoms: frozenset[Atom]
    values: dict[Atom, float] = field(default_factory=dict, hash=False, compare=False)


class Evaluator:
    """Evaluates formulas and applies effects, over one task's objects and types."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self._derivation = Derivation(task)

    def bindings(self, parameters: tuple[tuple[str, str], ...], binding: dict[str, str]) -> Iterator[dict[str, str]]:
        """Every binding of the typed parameters to objects, extending `binding`, in declaration order."""
        choices = [self.task.of_type(kind) for _, kind in parameters]
        for values in itertools.product(*choices):
            yield {**binding, **dict(zip((name for name, _ in parameters), values))}

    def value(self, expression: tuple, binding: dict[str, str], state: State) -> float:
        """A numeric expression's value; Undefined when it reads a fluent without a value."""
        kind = expression[0]
        if kind == "number":
            return expression[1]
        if kind == "fluent":
            return _known(state.values, ground_atom(expression[1], expression[2], binding))
        values = [self.value(part, binding, state) for part in expression[2]]
        if expression[1] == "-" and len(values) == 1:
            return -values[0]
        result = values[0]
        for value in values[1:]:
            result = _operation(expression, binding, result, value)
        return result

    def holds(self, formula: tuple | None, binding: dict[str, str], state: State) -> bool:
        """True when the formula holds in the state under the binding."""
        if formula is None:
            return True
        return _HOLDS.get(formula[0], Evaluator._holds_comparison)(self, formula, binding, state)

    def _holds_atom(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(pred terms...) is one of the state's atoms."""
        return ground_atom(formula[1], formula[2], binding) in state.atoms

    def _holds_equal(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(= a b): both sides name the same object."""
        return ground(formula[1], binding) == ground(formula[2], binding)

    def _holds_not(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(not f)."""
        return not self.holds(formula[1], binding, state)

    def _holds_and(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(and f...)."""
        return all(self.holds(part, binding, state) for part in formula[1])

    def _holds_or(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(or f...)."""
        return any(self.holds(part, binding, state) for part in formula[1])

    def _holds_imply(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(imply a b)."""
        return not self.holds(formula[1], binding, state) or self.holds(formula[2], binding, state)

    def _holds_quantified(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """(exists params f) or (forall params f) over the objects of the parameters' types."""
        test = any if formula[0] == "exists" else all
        return test(self.holds(formula[2], inner, state) for inner in self.bindings(formula[1], binding))

    def _holds_comparison(self, formula: tuple, binding: dict[str, str], state: State) -> bool:
        """("compare", op, e1, e2): the numeric comparison."""
        left, right = (self.value(side, binding, state) for side in formula[2:])
        return COMPARE[formula[1]](left, right)

    def derive(self, atoms: frozenset[Atom], values: dict[Atom, float]) -> State:
        """The state with the derived predicates' atoms computed (pddl_derived)."""

        def holds_in(current: frozenset[Atom]) -> Holds:
            state = State(current, values)
            return lambda literal, binding: self.holds(literal, binding, state)

        return State(self._derivation.closure(atoms, holds_in), values)

    def effects(self, effects: tuple, binding: dict[str, str], state: State) -> Effects:
        """(adds, deletes, numeric updates) of effects in the state before the step."""
        adds: set[Atom] = set()
        deletes: set[Atom] = set()
        updates: list[tuple[str, Atom, float]] = []
        for effect in effects:
            kind = effect[0]
            if kind == "add":
                adds.add(ground_atom(effect[1], effect[2], binding))
            elif kind == "del":
                deletes.add(ground_atom(effect[1], effect[2], binding))
            elif kind in ("when", "forall"):
                for inner in self._inner_bindings(effect, binding, state):
                    more = self.effects(effect[2], inner, state)
                    adds |= more[0]
                    deletes |= more[1]
                    updates += more[2]
            else:
                updates.append(self._update(effect, binding, state))
        return adds, deletes, updates

    def _update(self, effect: tuple, binding: dict[str, str], state: State) -> tuple[str, Atom, float]:
        """A numeric effect as (operation, the ground fluent, the amount read in the state)."""
        _, operation, fluent, expression = effect
        return operation, ground_atom(fluent[1], fluent[2], binding), self.value(expression, binding, state)

    def _inner_bindings(self, effect: tuple, binding: dict[str, str], state: State) -> Iterable[dict[str, str]]:
        """The bindings under which the effects of a (when C E) (C holds) or a (forall params E) apply."""
        if effect[0] == "when":
            return [binding] if self.holds(effect[1], binding, state) else []
        return self.bindings(effect[1], binding)

    def apply(self, action_effects: tuple, binding: dict[str, str], state: State) -> State:
        """The state after the effects: deletes, then adds, then numeric updates (all read the old state)."""
        adds, deletes, updates = self.effects(action_effects, binding, state)
        values = dict(state.values)
        for operation, key, amount in updates:
            old = 0.0 if operation == "assign" else _known(values, key)
            values[key] = UPDATES[operation](old, amount)
        return self.derive((state.atoms - deletes) | adds, values)


_HOLDS: dict[str, Callable[[Evaluator, tuple, dict[str, str], State], bool]] = {
    "atom": Evaluator._holds_atom,
    "=": Evaluator._holds_equal,
    "not": Evaluator._holds_not,
    "and": Evaluator._holds_and,
    "or": Evaluator._holds_or,
    "imply": Evaluator._holds_imply,
    "exists": Evaluator._holds_quantified,
    "forall": Evaluator._holds_quantified,
}
"""How each kind of formula is evaluated (the rest are numeric comparisons)."""
COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
    "=": operator.eq,
}
UPDATES: dict[str, Callable[[float, float], float]] = {
    "assign": lambda old, amount: amount,
    "increase": operator.add,
    "decrease": operator.sub,
    "scale-up": operator.mul,
    "scale-down": lambda old, amount: old / amount if amount else old,
}
"""A numeric effect's new value from the old one and the amount (a scale-down by zero keeps the old)."""


def _known(values: dict[Atom, float], key: Atom) -> float:
    """A numeric fluent's value; Undefined when it has none."""
    if key not in values:
        raise Undefined(f"{shown_atom(key)} has no value")
    return values[key]


def _operation(expression: tuple, binding: dict[str, str], left: float, right: float) -> float:
    """One step of an ("op", op, expressions) expression: left op right; Undefined for a division by zero."""
    operation = expression[1]
    if operation == "/":
        if right == 0:
            raise Undefined(f"{show_expression(expression, binding)} divides by zero")
        return left / right
    return {"+": left + right, "-": left - right, "*": left * right}.get(operation, 0.0)
